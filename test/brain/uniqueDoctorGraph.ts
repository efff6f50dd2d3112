// A tiny clinic graph in which a ranking payload must show uniquely identifiable tokens: Anselm Roke is the only
// entity with a works_at edge, so a path "patient -[treated_by]-> doctor -[works_at]-> clinic" names both him and
// Harrowgate Clinic to an observer holding the graph; the affiliated_with paths fit several doctors and hospitals,
// and the patient fits every patient Anselm treats alongside two others. Shared by the unit tests and the e2e spec.
import type { Triple } from '../../src-main/common/graphTypes.js';

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

/** The question whose answer path runs through the uniquely identifiable doctor and clinic. */
export const UNIQUE_DOCTOR_QUESTION = "where do Lorna Vesk's doctors work";

export function uniqueDoctorTriples(): Triple[] {
  return UNIQUE_DOCTOR_LINES.map((line) => {
    const [head, relation, tail] = line.split('|') as [string, string, string];
    return { head, relation, tail };
  });
}
