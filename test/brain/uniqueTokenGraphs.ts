// Tiny graphs in which a payload must show a uniquely identifiable entity token, for the approval dialog's risk view.
// Shared by the unit tests and the e2e spec.
import type { Triple } from '../../src-main/common/graphTypes.js';

/**
 * For hand-built payloads (no payload guard): Anselm Roke is the only entity with a works_at edge, so a path
 * "patient -[treated_by]-> doctor -[works_at]-> clinic" names him and Harrowgate Clinic; the affiliated_with paths
 * fit several doctors and hospitals, and the patient fits every patient Anselm treats alongside two others.
 */
export const UNIQUE_DOCTOR_LINES = [
  'Lorna Vesk|treated_by|Anselm Roke',
  'Lorna Vesk|treated_by|Bea Tamsin',
  'Lorna Vesk|treated_by|Cyril Oduya',
  'Mira Solberg|treated_by|Anselm Roke',
  'Mira Solberg|treated_by|Dana Fairlie',
  'Mira Solberg|treated_by|Emil Hartung',
  'Oskar Lind|treated_by|Anselm Roke',
  'Oskar Lind|treated_by|Bea Tamsin',
  'Oskar Lind|treated_by|Emil Hartung',
  'Anselm Roke|works_at|Harrowgate Clinic',
  'Bea Tamsin|affiliated_with|Elmstead Hospital',
  'Cyril Oduya|affiliated_with|Kelso Infirmary',
  'Dana Fairlie|affiliated_with|Elmstead Hospital',
  'Emil Hartung|affiliated_with|Kelso Infirmary',
  'Elmstead Hospital|located_in|Brackwater',
  'Kelso Infirmary|located_in|Brackwater',
  'Harrowgate Clinic|located_in|Tollmere',
];

/**
 * For the real pipeline: the payload guard keeps the best two paths and generalises relation labels that single a
 * token out, but a literal band pins it whatever the label. Harrowgate Clinic is the only entity with a value in
 * 10–100, so the path to its bed count names it; the other hospital's band fits several, and Lorna Vesk fits each
 * patient admitted to Harrowgate and one other hospital. Brackwater holds the most places, so it — not Harrowgate —
 * is the graph's hub.
 */
export const UNIQUE_BEDS_LINES = [
  'Lorna Vesk|admitted_to|Harrowgate Clinic',
  'Lorna Vesk|admitted_to|Elmstead Hospital',
  'Mira Solberg|admitted_to|Harrowgate Clinic',
  'Mira Solberg|admitted_to|Kelso Infirmary',
  'Oskar Lind|admitted_to|Harrowgate Clinic',
  'Oskar Lind|admitted_to|Elmstead Hospital',
  'Pia Norrby|admitted_to|Elmstead Hospital',
  'Pia Norrby|admitted_to|Kelso Infirmary',
  'Harrowgate Clinic|bed_count|12',
  'Elmstead Hospital|bed_count|420',
  'Kelso Infirmary|bed_count|380',
  'Brackwater General|bed_count|510',
  'Elmstead Hospital|located_in|Brackwater',
  'Kelso Infirmary|located_in|Brackwater',
  'Harrowgate Clinic|located_in|Tollmere',
  'Brackwater General|located_in|Brackwater',
  // Brackwater is the graph's hub (the sanitizer shows hubs as aggregates), so Harrowgate Clinic is not one.
  ...['Ashby Surgery', 'Fenwick Practice', 'Glenholm Hospice', 'Marlow Health Centre', 'Quarry Lane Clinic', 'Rowan Day Hospital'].map((place) => `${place}|located_in|Brackwater`),
];

/** Its question: two candidate paths, one through Harrowgate Clinic's bed count. */
export const UNIQUE_BEDS_QUESTION = "how many beds do Lorna Vesk's hospitals have";

export function triplesOf(lines: readonly string[]): Triple[] {
  return lines.map((line) => {
    const [head, relation, tail] = line.split('|') as [string, string, string];
    return { head, relation, tail };
  });
}
