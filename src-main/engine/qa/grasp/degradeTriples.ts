// Making a graph incomplete on purpose, for measuring how answering copes with missing edges: remove an exact,
// seeded share of the triples — uniformly, or only among the edges touching given topic entities (the GraSP
// setting, where exactly the edges a question starts from are missing).
import { createPrng, sampleIndices } from '../../random/prng.js';

export interface TripleLine {
  head: string;
  relation: string;
  tail: string;
}

/** A `head|relation|tail` (or tab-separated) line, as parsePipeTriples reads it; undefined when malformed. */
export function parseTripleLine(line: string): TripleLine | undefined {
  if (!line.trim() || line.startsWith('#')) return undefined;
  const parts = line.includes('|') ? line.split('|') : line.split('\t');
  if (parts.length !== 3) return undefined;
  const [head, relation, tail] = parts.map((p) => p.trim());
  return head && relation && tail ? { head, relation, tail } : undefined;
}

/** Exactly round(fraction · eligible) of the eligible indices, chosen by the seed. Returns a removal mask. */
export function chooseRemovals(count: number, fraction: number, seed: number, eligible?: (i: number) => boolean): Uint8Array {
  if (!(fraction >= 0 && fraction <= 1)) throw new Error(`removal fraction must be in [0, 1], got ${fraction}`);
  const pool: number[] = [];
  for (let i = 0; i < count; i++) if (!eligible || eligible(i)) pool.push(i);
  const k = Math.round(fraction * pool.length);
  const mask = new Uint8Array(count);
  for (const j of sampleIndices(pool.length, k, createPrng(seed))) mask[pool[j]] = 1;
  return mask;
}

/** Topic names of a MetaQA-style questions file: the bracketed spans of each `question<TAB>answers` line. */
export function bracketedTopics(questionsText: string): { topics: Set<string>; unbracketed: string[] } {
  const topics = new Set<string>();
  const unbracketed: string[] = [];
  for (const line of questionsText.split(/\r?\n/)) {
    const q = line.split('\t')[0].trim();
    if (!q) continue;
    const found = [...q.matchAll(/\[([^\]]+)\]/g)].map((m) => m[1].trim());
    if (found.length === 0) unbracketed.push(q);
    for (const t of found) topics.add(t);
  }
  return { topics, unbracketed };
}
