// A uniform random sample of a questions file for the benchmarks: the same seed gives the same sample on every
// machine (the project's mulberry32 PRNG, partial Fisher–Yates), and nothing favours the head of the file, whose
// order is often the order in which the data set was built (one type, one topic after another).
import { createPrng, sampleIndices } from '../../src-main/engine/random/prng.js';

/** min(n, items.length) distinct items chosen uniformly at random with `seed`, in the order they were drawn. */
export function sampleQuestions<T>(items: readonly T[], n: number, seed: number): T[] {
  const k = Math.max(0, Math.min(items.length, Math.floor(n)));
  return Array.from(sampleIndices(items.length, k, createPrng(seed)), (i) => items[i]);
}
