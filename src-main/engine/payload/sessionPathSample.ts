// Which candidate paths a ranking payload shows. The best-ranked ones always (the Brain needs them to rank); the
// other places go to paths drawn at random from the rest of the kept ones, afresh in every session. Shown the same
// way every time, an entity's lower-ranked context (which of its edges the filler paths list) is a fingerprint an
// observer can match across sessions although every token is fresh; drawn per session it varies. The draw is
// seeded by the caller from the question's secret, never by anything an observer can predict.
import type { Prng } from '../random/prng.js';
import { sampleIndices } from '../random/prng.js';

/** Of the payload's width, the share of places that always go to the best-ranked paths. */
export const DEFAULT_FIXED_SHARE = 0.5;

/**
 * Indexes (ascending) into `count` ranked candidates: the first ⌈width·fixedShare⌉, then width − that many drawn
 * uniformly from the rest. All of them when count ≤ width. Pure given the generator.
 */
export function sessionPathSample(count: number, width: number, rng: Prng, fixedShare = DEFAULT_FIXED_SHARE): number[] {
  const w = Math.max(0, Math.min(count, width));
  if (count <= width) return Array.from({ length: w }, (_, i) => i);
  const fixed = Math.min(w, Math.ceil(w * Math.max(0, Math.min(1, fixedShare))));
  const drawn = [...sampleIndices(count - fixed, w - fixed, rng)].map((i) => fixed + i);
  return [...Array.from({ length: fixed }, (_, i) => i), ...drawn.sort((a, b) => a - b)];
}
