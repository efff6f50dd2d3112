// Closest-names benchmark (the "not found" suggestions of an unknown entity): npm run bench:trigram -- [sizes…]
// [--syllables]. For each size (default 1M and 5M keys) builds the trigram postings over synthetic names generated in memory (each
// name regenerated from its number, so no name list is kept), then times per query the full ranking through every
// posting against the bounded top five (qa/stages/closestTrigrams.ts), checking that both give the same five.
// Names mix everyday words (long postings: the cost that grew with the graph) with made-up words.
// A component benchmark: it builds the postings and calls the search directly rather than importing a graph.
import { buildTrigramIndex, trigramIndexBytes } from '../src-main/engine/graph/trigramIndex.js';
import { closestByTrigrams } from '../src-main/engine/qa/stages/closestTrigrams.js';
import { createPrng } from '../src-main/engine/random/prng.js';

const SIZES = process.argv.slice(2).map(Number).filter((n) => n > 0);
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
  let t = performance.now();
  const index = buildTrigramIndex(n, nameOf);
  const buildS = (performance.now() - t) / 1000;
  const hits = new Int32Array(n);
  const rng = createPrng(7);
  const full: number[] = [];
  const bounded: number[] = [];
  for (let q = 0; q < QUERIES; q++) {
    // Half a known name misspelt plus an everyday word, half unknown words only (the "not found" case).
    const words = q % 2 ? nameOf(rng.int(n)).split(' ').map((w) => (rng.next() < 0.4 ? w.slice(0, Math.max(2, w.length - 2)) + 'x' : w)) : [makeWord(rng) + 'q', makeWord(rng)];
    const text = [...words, COMMON[rng.int(COMMON.length)]].join(' ');
    t = performance.now();
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
    return `median ${median(xs).toFixed(2)} ms (misspelt name ${median(known).toFixed(2)}, unknown words ${median(unknown).toFixed(2)}), max ${Math.max(...xs).toFixed(2)} ms`;
  };
  const mib = (trigramIndexBytes(index) / 2 ** 20).toFixed(0);
  console.log(`${(n / 1e6).toFixed(2)}M keys (${index.postings.items.length} postings, ${mib} MiB, built in ${buildS.toFixed(1)} s), ${QUERIES} queries`);
  console.log(`  full ranking  ${ms(full)}`);
  console.log(`  bounded top 5 ${ms(bounded)}`);
}

for (const n of SIZES.length ? SIZES : [1_000_000, 5_000_000]) run(n);
