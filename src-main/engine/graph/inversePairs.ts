// Explicit inverse relations (`x` and `x_inverse`, `parent_of` and `child_of`) found from the facts, not the names:
// two relations are a pair when (nearly) every fact of each has its reversed fact in the other. The explorer then
// shows each such fact once, under the pair's canonical relation.
import type { InversePair } from '../../common/graphTypes.js';
import type { Triple } from '../../common/graphTypes.js';

export interface InverseOptions {
  /** Share of each relation's facts whose reverse must be in the other (default 0.9). */
  minCoverage?: number;
  /** Fewest reversed facts a pair needs, so two one-fact relations do not pair by chance (default 2). */
  minShared?: number;
}

/** Pairs found in the triples, canonical relation first (the larger one, ties by name), largest pairs first. */
export function detectInversePairs(triples: Iterable<Triple>, options: InverseOptions = {}): InversePair[] {
  const minCoverage = options.minCoverage ?? 0.9;
  const minShared = options.minShared ?? 2;
  const pairKey = (a: string, b: string): string => `${a}\u0000${b}`;
  const byPair = new Map<string, Set<string>>();
  const size = new Map<string, number>();
  const list: Triple[] = [];
  for (const t of triples) {
    list.push(t);
    size.set(t.relation, (size.get(t.relation) ?? 0) + 1);
    const k = pairKey(t.head, t.tail);
    const rels = byPair.get(k);
    if (rels) rels.add(t.relation);
    else byPair.set(k, new Set([t.relation]));
  }
  // shared[r1][r2]: facts (h r1 t) whose reverse (t r2 h) is stored too.
  const shared = new Map<string, Map<string, number>>();
  for (const t of list) {
    const reversed = byPair.get(pairKey(t.tail, t.head));
    if (!reversed) continue;
    for (const r2 of reversed) {
      if (r2 === t.relation) continue; // a symmetric relation is its own inverse: nothing to merge
      const row = shared.get(t.relation) ?? new Map<string, number>();
      row.set(r2, (row.get(r2) ?? 0) + 1);
      shared.set(t.relation, row);
    }
  }
  const pairs: InversePair[] = [];
  for (const [r1, row] of shared) {
    for (const [r2, n12] of row) {
      if (r1 >= r2) continue; // each unordered pair once
      const n21 = shared.get(r2)?.get(r1) ?? 0;
      const s1 = size.get(r1)!;
      const s2 = size.get(r2)!;
      if (Math.min(n12, n21) < minShared || n12 / s1 < minCoverage || n21 / s2 < minCoverage) continue;
      const r1First = s1 > s2 || (s1 === s2 && r1 < r2);
      const [relation, inverse] = r1First ? [r1, r2] : [r2, r1];
      pairs.push({ relation, inverse, facts: Math.max(s1, s2), coverage: Math.min(n12 / s1, n21 / s2) });
    }
  }
  return pairs.sort((a, b) => b.facts - a.facts || a.relation.localeCompare(b.relation));
}
