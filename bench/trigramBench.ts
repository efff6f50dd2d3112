// Closest-names benchmark (the "not found" suggestions of an unknown entity): npm run bench:trigram -- [sizes…]
// [--syllables] [--metaqa COPIES,…]. For each size (default 1M and 5M keys) builds the trigram index
// (graph/trigramIndex.ts) over synthetic names generated in memory (each name regenerated from its number, so no
// name list is kept), then times per query the full ranking through every posting against the bounded top five
// (qa/stages/closestTrigrams.ts), checking that both give the same five. Names mix everyday words (long postings:
// the cost that grew with the graph) with made-up words. --metaqa: instead, the linking keys of MetaQA's names in
// that many copies as bench:scale names them ("Top Hat v7"), from ../shared/data/metaqa/kb.txt.
// A component benchmark: it builds the index and calls the search directly rather than importing a graph.
import { readFileSync } from 'node:fs';
import { buildTrigramIndex, trigramIndexBytes, type TrigramIndex } from '../src-main/engine/graph/trigramIndex.js';
import { buildNameIndexData } from '../src-main/engine/graph/nameIndexData.js';
import { closestByTrigrams } from '../src-main/engine/qa/stages/closestTrigrams.js';
import { createPrng } from '../src-main/engine/random/prng.js';
import { copyName } from './lib/scaleCopies.js';

const METAQA_AT = process.argv.indexOf('--metaqa');
const METAQA = METAQA_AT > 0 ? process.argv[METAQA_AT + 1].split(',').map(Number) : [];
const SIZES = process.argv.slice(2).filter((_, i) => i + 2 !== METAQA_AT + 1).map(Number).filter((n) => n > 0);
// --syllables: made-up words from 20 syllables only, so every trigram is common (the worst case for the bound).
const SYLLABLE_WORDS = process.argv.includes('--syllables');
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
const COMMON = ['the', 'of', 'and', 'new', 'john', 'city', 'john', 'san', 'film', 'song', 'series', 'station', 'river', 'man'];
const SYLLABLES = ['ka', 'lo', 'mi', 'ren', 'tas', 'vor', 'qui', 'el', 'ba', 'dun', 'sha', 'ter', 'o', 'is', 'ant', 'ley', 'gri', 'pon', 'zu', 'ath'];
const QUERIES = 60;

function makeWord(rng: ReturnType<typeof createPrng>): string {
  if (rng.next() < 0.35) return COMMON[rng.int(COMMON.length)];
  if (SYLLABLE_WORDS) return Array.from({ length: 1 + rng.int(3) }, () => SYLLABLES[rng.int(SYLLABLES.length)]).join('');
  return Array.from({ length: 3 + rng.int(6) }, () => LETTERS[rng.int(LETTERS.length)]).join('');
}

/** Name of key k: one to four words, the same every time it is asked for. */
function nameOf(k: number): string {
  const rng = createPrng(1_000_003 + k);
  return Array.from({ length: 1 + rng.int(4) }, () => makeWord(rng)).join(' ');
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[s.length >> 1];
}

function run(n: number): void {
  const t = performance.now();
  const index = buildTrigramIndex(n, nameOf);
  const buildS = (performance.now() - t) / 1000;
  const rng = createPrng(7);
  // Half a known name misspelt plus an everyday word, half unknown words only (the "not found" case).
  const query = (q: number): string => {
    const words = q % 2 ? nameOf(rng.int(n)).split(' ').map((w) => (rng.next() < 0.4 ? w.slice(0, Math.max(2, w.length - 2)) + 'x' : w)) : [makeWord(rng) + 'q', makeWord(rng)];
    return [...words, COMMON[rng.int(COMMON.length)]].join(' ');
  };
  report(`${(n / 1e6).toFixed(2)}M keys`, index, n, `built in ${buildS.toFixed(1)} s`, query);
}

/** MetaQA's names in `copies` copies: linking keys as the graph makes them, their trigram index, then the queries. */
function runMetaqa(copies: number): void {
  const names = new Set<string>();
  for (const line of readFileSync('../shared/data/metaqa/kb.txt', 'utf8').split('\n')) {
    const [h, , tail] = line.split('|');
    if (tail !== undefined) names.add(h).add(tail);
  }
  const all: string[] = [];
  for (let c = 0; c < copies; c++) for (const name of names) all.push(copyName(name, c));
  const t = performance.now();
  const data = buildNameIndexData(all);
  const buildS = (performance.now() - t) / 1000;
  const K = data.linkKeys.size;
  const rng = createPrng(7);
  // Half a key with two letters swapped or replaced, half an unknown word (a key's first word, altered) between
  // two common ones, as an unknown entity's question leaves them.
  const query = (q: number): string => {
    const chars = [...data.linkKeys.key(rng.int(K))];
    for (let e = 0; e < 2; e++) {
      const at = rng.int(chars.length);
      if (rng.next() < 0.5 && at + 1 < chars.length) [chars[at], chars[at + 1]] = [chars[at + 1], chars[at]];
      else chars[at] = 'x';
    }
    return q % 2 ? chars.join('') : `directed ${chars.join('').split(' ')[0]}q films`;
  };
  report(`MetaQA × ${copies}: ${(K / 1e6).toFixed(2)}M keys`, data.closest, K, `all name tables built in ${buildS.toFixed(1)} s`, query);
}

function report(label: string, index: TrigramIndex, n: number, built: string, query: (q: number) => string): void {
  const hits = new Int32Array(n);
  const full: number[] = [];
  const bounded: number[] = [];
  for (let q = 0; q < QUERIES; q++) {
    const text = query(q);
    let t = performance.now();
    const all = closestByTrigrams(index, hits, text).slice(0, 5);
    full.push(performance.now() - t);
    t = performance.now();
    const top = closestByTrigrams(index, hits, text, 5);
    bounded.push(performance.now() - t);
    if (JSON.stringify(top) !== JSON.stringify(all)) throw new Error(`bounded top five differs from the full ranking on "${text}"`);
  }
  // Odd queries hold a known name (a high k-th score: the bound cuts early), even ones unknown words only.
  const ms = (xs: number[]): string => {
    const known = xs.filter((_, q) => q % 2);
    const unknown = xs.filter((_, q) => q % 2 === 0);
    const p90 = [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.9)];
    return `median ${median(xs).toFixed(2)} ms (misspelt name ${median(known).toFixed(2)}, unknown words ${median(unknown).toFixed(2)}), p90 ${p90.toFixed(2)}, max ${Math.max(...xs).toFixed(2)} ms`;
  };
  const mib = (trigramIndexBytes(index) / 2 ** 20).toFixed(0);
  console.log(`${label} (${index.postings.items.length} postings, index ${mib} MiB, ${built}), ${QUERIES} queries`);
  console.log(`  full ranking  ${ms(full)}`);
  console.log(`  bounded top 5 ${ms(bounded)}`);
}

if (METAQA.length) for (const copies of METAQA) runMetaqa(copies);
else for (const n of SIZES.length ? SIZES : [1_000_000, 5_000_000]) run(n);
