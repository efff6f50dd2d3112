// Decides whether an entity's text denotes a literal (date, number), so the sanitizer can coarsen it.
import type { LiteralKind } from '../../common/graphTypes.js';

const YEAR = /^\d{4}$/;
const ISO_DATE = /^(\d{4})-(\d{2})(?:-(\d{2}))?(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;
const INTEGER = /^[+-]?\d+$/;
const DECIMAL = /^[+-]?(?:\d+\.\d*|\.\d+)(?:[eE][+-]?\d+)?$|^[+-]?\d+[eE][+-]?\d+$/;
const GROUPED = /^[+-]?\d{1,3}(?:,\d{3})+(?:\.\d+)?$/;
/** A percent sign after a number ("59.4%", "12 %"): a share is a number too. */
export const PERCENT = /(?<=\d)\s?%$/;

/** Literal kind of plain text (a pipe/tab/CSV value), or undefined when it reads as a name. */
export function detectLiteralKind(text: string): LiteralKind | undefined {
  const s = text.trim();
  if (s.length === 0 || s.length > 40) return undefined;
  // Every form below starts with a digit, a sign or a point: a name is turned away without a pattern.
  const c = s.charCodeAt(0);
  if (!(c >= 48 && c <= 57) && c !== 43 && c !== 45 && c !== 46) return undefined;
  if (YEAR.test(s)) {
    const y = Number(s);
    return y >= 1000 && y <= 2100 ? 'date' : 'number';
  }
  const iso = ISO_DATE.exec(s);
  if (iso) {
    const month = Number(iso[2]);
    const day = iso[3] === undefined ? 1 : Number(iso[3]);
    // "2020-13" or "2020-02-40" are not dates; they are probably identifiers.
    return month >= 1 && month <= 12 && day >= 1 && day <= 31 ? 'date' : undefined;
  }
  // A share ("59.4%", "12 %") is a number too.
  const n = s.replace(PERCENT, '');
  if (INTEGER.test(n) || DECIMAL.test(n) || GROUPED.test(n)) return 'number';
  return undefined;
}

const XSD = 'http://www.w3.org/2001/XMLSchema#';
const XSD_DATES = new Set(['date', 'dateTime', 'dateTimeStamp', 'gYear', 'gYearMonth']);
const XSD_NUMBERS = new Set([
  'integer', 'int', 'long', 'short', 'byte', 'decimal', 'double', 'float',
  'nonNegativeInteger', 'nonPositiveInteger', 'positiveInteger', 'negativeInteger',
  'unsignedLong', 'unsignedInt', 'unsignedShort', 'unsignedByte',
]);

/** Literal kind of an RDF literal from its datatype IRI: every RDF literal is at least a 'string'. */
export function rdfLiteralKind(datatypeIri: string): LiteralKind {
  if (datatypeIri.startsWith(XSD)) {
    const local = datatypeIri.slice(XSD.length);
    if (XSD_DATES.has(local)) return 'date';
    if (XSD_NUMBERS.has(local)) return 'number';
  }
  return 'string';
}
