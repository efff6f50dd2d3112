// Ranking the survivors of a token. Payload paths often list all of an anchor's edges, so the best guess is the
// candidate whose raw neighbourhood the visible one covers most completely: first fewest (relation, direction)
// kinds the observer did not see, then fewest raw edges beyond the visible ones (lower degree). Ties are real: an
// observer picks among them at random, so hits are scored as expected values over the tie.
import { edgeKey, hasKey, type ReferenceIndex } from './referenceIndex.js';
import type { AttackModel, AttackToken } from './sessionModel.js';

/** What a token shows that its candidates are scored against. */
export interface ScoredShape {
  /** Its distinct raw (relation, direction) keys. */
  keys: number[];
  /** Distinct (label, direction) pairs of labels that are no raw relation (cluster labels). */
  unnamed: number;
  /** Its visible arcs. */
  arcs: number;
}

export function scoredShape(model: AttackModel, t: AttackToken): ScoredShape {
  const keys = new Set<number>();
  const unnamed = new Set<string>();
  for (const a of t.arcs) {
    const l = model.labels[a.label];
    if (l.raw && l.relations) keys.add(edgeKey(l.relations[0], a.direction));
    else unnamed.add(`${a.label}/${a.direction}`);
  }
  return { keys: [...keys], unnamed: unnamed.size, arcs: t.arcs.length };
}

/** One candidate's score; lower ranks first. Pure. */
export function candidateScore(index: ReferenceIndex, shape: ScoredShape, x: number): number {
  const g = index.graph;
  let seen = 0;
  for (const key of shape.keys) if (hasKey(g, x, key)) seen++;
  // Keys an unnamed (cluster) label may stand for are not counted as unseen.
  const unseen = Math.max(0, index.keyKinds[x] - seen - shape.unnamed);
  const excess = Math.max(0, g.degreeOf(x) - shape.arcs);
  return unseen * 1e9 + excess;
}

/** A lower bound of candidateScore from counts alone (x cannot show more of the keys than there are). Pure. */
export function candidateScoreFloor(index: ReferenceIndex, shape: ScoredShape, x: number): number {
  const unseen = Math.max(0, index.keyKinds[x] - shape.keys.length - shape.unnamed);
  return unseen * 1e9 + Math.max(0, index.graph.degreeOf(x) - shape.arcs);
}

/** Score of each candidate (index-aligned with `set`); lower ranks first. Pure. */
export function candidateScores(index: ReferenceIndex, model: AttackModel, t: AttackToken, set: Int32Array): Float64Array {
  const shape = scoredShape(model, t);
  return Float64Array.from(set, (x) => candidateScore(index, shape, x));
}

/**
 * Probability that a true candidate is among the first k under random tie-breaking (k = 1: the share of the
 * best-scored tier that is true). `isTrue` says whether a candidate counts as the truth. Pure.
 */
export function expectedHitAtK(set: Int32Array, scores: Float64Array, isTrue: (x: number) => boolean, k: number): number {
  let covered = 0;
  let floor = -Infinity;
  while (covered < k) {
    let best = Infinity;
    for (const s of scores) if (s > floor && s < best) best = s;
    if (best === Infinity) return 0;
    let n = 0;
    let h = 0;
    scores.forEach((s, i) => {
      if (s !== best) return;
      n++;
      if (isTrue(set[i])) h++;
    });
    if (h > 0) return tierHit(n, h, k - covered);
    covered += n;
    floor = best;
  }
  return 0;
}

/** The chance that `slots` draws at random from a tier of n candidates, h of them true, hit a true one. */
export function tierHit(n: number, h: number, slots: number): number {
  return n <= slots ? 1 : 1 - chooseRatio(n - h, n, slots);
}

/** C(a, s) / C(b, s) for a ≤ b: the chance that s draws without replacement from b all land among a. */
function chooseRatio(a: number, b: number, s: number): number {
  let p = 1;
  for (let i = 0; i < s; i++) p *= Math.max(0, a - i) / (b - i);
  return p;
}

/** The best-scored tier: its size and up to `cap` of its members (ascending entity index). Pure. */
export function topTier(set: Int32Array, scores: Float64Array, cap: number): { size: number; members: Int32Array } {
  let best = Infinity;
  for (const s of scores) if (s < best) best = s;
  const members: number[] = [];
  let size = 0;
  scores.forEach((s, i) => {
    if (s !== best) return;
    size++;
    if (members.length < cap) members.push(set[i]);
  });
  return { size, members: Int32Array.from(members) };
}
