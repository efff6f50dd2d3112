// Literal buckets for the experience memory. Coarser than a view: a view may show a year (`1994`), memory keeps
// only decades and number bands, because a record outlives its session and a year plus a relation chain can
// single out an entity. Free text (questions, failure reasons) gets the same treatment.
import { numberBand } from '../graph/literalBuckets.js';

const ISO_DATE = /\b([12]\d{3})-(0[1-9]|1[0-2])(-(0[1-9]|[12]\d|3[01]))?\b/g;
const YEAR = /\b([12]\d{3})\b/g;
const DECIMAL = /\b\d+\.\d+\b/g;
const BIG_INTEGER = /\b\d{1,3}(,\d{3})+\b|\b\d{3,}\b/g;
const ALREADY_BUCKET = /^(-\()?(\d{3}0s|\d+–\d+|\d+[kMGT]?–\d+[kMGT]?|≥\d+[kMGT]?|date|number|text)\)?$/;

function decade(year: number): string {
  return `${Math.floor(year / 10) * 10}s`;
}

/** Memory bucket of a literal value as a view shows it (`1994` → `1990s`, `7–8` stays, `42.5` → `10–100`). */
export function memoryBucket(value: string): string {
  const t = value.trim();
  if (ALREADY_BUCKET.test(t)) return t;
  const iso = /^([12]\d{3})-\d{2}/.exec(t);
  if (iso) return decade(Number(iso[1]));
  if (/^[12]\d{3}$/.test(t)) return decade(Number(t));
  const x = Number(t.replace(/,/g, ''));
  if (t !== '' && Number.isFinite(x)) return numberBand(x);
  return 'text';
}

/** Free text with dates, years and numbers of three or more digits replaced by their buckets. */
export function coarsenFreeText(text: string): string {
  return text
    .replace(ISO_DATE, (_m, y: string) => decade(Number(y)))
    .replace(YEAR, (_m, y: string) => decade(Number(y)))
    .replace(DECIMAL, (m) => numberBand(Number(m)))
    .replace(BIG_INTEGER, (m) => numberBand(Number(m.replace(/,/g, ''))));
}
