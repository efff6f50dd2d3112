// Literal coarsening: what a literal may look like in a sanitized view. Dates shrink to a year or a decade,
// numbers to a band (unit bands below ten, where ratings live; decades of magnitude above, where counts
// live), free text to the word `text`. The raw value never reaches the view; only the band does.
import type { LiteralKind } from '../../common/graphTypes.js';
import { DIR_OUT } from './edgeDirection.js';
import { PERCENT } from './literalKind.js';

/** What literal kinds read of a graph (a MemoryGraph; structural, so memoryGraph.ts can compute them without a cycle). */
export interface LiteralGraph {
  readonly size: number;
  readonly names: readonly string[];
  readonly offsets: Int32Array;
  readonly edgeDirection: Uint8Array;
  literalOf(i: number): LiteralKind | undefined;
  literalKinds(): Uint8Array;
}

const ISO_DATE = /^([+-]?\d{4})-(0[1-9]|1[0-2])(-(0[1-9]|[12]\d|3[01]))?([T ].*)?$/;
const YEAR = /^\d{4}$/;
const NUMBER = /^[+-]?(\d{1,3}(,\d{3})+|\d+)(\.\d+)?([eE][+-]?\d+)?$|^[+-]?\.\d+$/;

/**
 * Literal kind of an entity: the importer's mark when it set one, else read from the name. A name-only literal
 * (a bare year, rating or count) must also never be the head of a stored triple, so a film called "1984" with
 * its own outgoing facts stays an entity.
 */
export function literalKindOf(graph: LiteralGraph, i: number): LiteralKind | undefined {
  const marked = graph.literalOf(i);
  if (marked) return marked;
  const kind = literalKindOfText(graph.names[i]);
  if (!kind) return undefined;
  for (let k = graph.offsets[i]; k < graph.offsets[i + 1]; k++) if (graph.edgeDirection[k] === DIR_OUT) return undefined;
  return kind;
}

const KIND_CODES: (LiteralKind | undefined)[] = [undefined, 'date', 'number', 'string'];
/** literalKindOf for every entity, as codes (0 none, 1 date, 2 number, 3 string): kept by the graph, in its snapshot. */
export function literalKinds(graph: Pick<LiteralGraph, 'literalKinds'>): Uint8Array {
  return graph.literalKinds();
}

/** literalKinds computed: one pass over the names (MemoryGraph memoises it; the snapshot stores it). */
export function computeLiteralKinds(graph: LiteralGraph): Uint8Array {
  const codes = new Uint8Array(graph.size);
  for (let i = 0; i < graph.size; i++) codes[i] = KIND_CODES.indexOf(literalKindOf(graph, i));
  return codes;
}

/** The LiteralKind of a code from literalKinds. */
export function literalKindOfCode(code: number): LiteralKind | undefined {
  return KIND_CODES[code];
}

/** Kind a bare text denotes when read as a literal: ISO date or plausible year → date, numeral → number. */
export function literalKindOfText(text: string): LiteralKind | undefined {
  const t = text.trim();
  if (ISO_DATE.test(t)) return 'date';
  if (YEAR.test(t)) {
    const y = Number(t);
    return y >= 1000 && y <= 2999 ? 'date' : 'number';
  }
  if (NUMBER.test(t.replace(PERCENT, ''))) return 'number';
  return undefined;
}

/** Coarse, shareable value of a literal: `1994` or `1990s`; `7–8`, `1k–10k`; `text`. */
export function coarsenLiteral(kind: LiteralKind, text: string, dates: 'year' | 'decade'): string {
  if (kind === 'date') {
    const y = yearOf(text);
    if (y === undefined) return 'date';
    return dates === 'decade' ? `${Math.floor(y / 10) * 10}s` : String(y);
  }
  if (kind === 'number') {
    const t = text.trim();
    // A share keeps its sign of what it is: "59.4%" → `10–100%`.
    const share = PERCENT.test(t) ? '%' : '';
    const x = Number(t.replace(PERCENT, '').replace(/,/g, ''));
    return Number.isFinite(x) ? `${numberBand(x)}${share}` : 'number';
  }
  return 'text';
}

function yearOf(text: string): number | undefined {
  const t = text.trim();
  const iso = ISO_DATE.exec(t);
  if (iso) return Number(iso[1]);
  const m = /(^|\D)(\d{4})(\D|$)/.exec(t);
  return m ? Number(m[2]) : undefined;
}

const MAGNITUDE = ['1', '10', '100', '1k', '10k', '100k', '1M', '10M', '100M', '1G', '10G', '100G', '1T'];

/** Band of a number: unit bands under 10 (`7–8`), powers of ten above (`100–1k`); negatives mirrored. */
export function numberBand(x: number): string {
  if (x < 0) {
    const b = numberBand(-x);
    return `-(${b})`;
  }
  if (x < 10) {
    const lo = Math.floor(x);
    return `${lo}–${lo + 1}`;
  }
  let e = Math.floor(Math.log10(x));
  if (10 ** (e + 1) <= x) e++; // log10 may land a hair under an exact power
  if (e >= MAGNITUDE.length - 1) return `≥${MAGNITUDE[MAGNITUDE.length - 1]}`;
  return `${MAGNITUDE[e]}–${MAGNITUDE[e + 1]}`;
}
