// Structure-preserving copies of a pipe-triples graph for the scale benchmark: copy j renames every entity whose
// name is not a number or date ("Top Hat" → "Top Hat v7"; copy 0 keeps the original names), keeps the relations,
// and re-points a seeded share of its triples' tails at the same entity of another copy (cross-links), so the
// copies form one connected graph rather than disjoint islands. Questions are rewritten to one copy's names.
import { createWriteStream, readFileSync } from 'node:fs';
import { once } from 'node:events';
import { createPrng } from '../../src-main/engine/random/prng.js';
import type { EvalQuestion } from '../../src-main/engine/import/questionsFile.js';

/** Values (years, ratings, vote counts) are shared by every copy, as a value is one entity in a graph. */
const VALUE_NAME = /^[\d.,:\-/ ]+$/;

export function copyName(name: string, copy: number): string {
  return copy === 0 || VALUE_NAME.test(name) ? name : `${name} v${copy}`;
}

/** Writes `copies` copies of the triples file; returns the number of triples written. */
export async function writeCopies(kb: string, copies: number, out: string, seed: number, crossShare = 0.01): Promise<number> {
  const lines = readFileSync(kb, 'utf8').split(/\r?\n/).filter((l) => l.split('|').length === 3);
  const rng = createPrng(seed);
  const stream = createWriteStream(out);
  let written = 0;
  let buf: string[] = [];
  const flush = async (): Promise<void> => {
    if (!stream.write(buf.join('\n') + '\n')) await once(stream, 'drain');
    buf = [];
  };
  for (let c = 0; c < copies; c++) {
    for (const line of lines) {
      const [h, r, t] = line.split('|');
      const tailCopy = copies > 1 && rng.next() < crossShare ? rng.int(copies) : c;
      buf.push(`${copyName(h, c)}|${r}|${copyName(t, tailCopy)}`);
      written++;
      if (buf.length >= 50_000) await flush();
    }
  }
  if (buf.length) await flush();
  stream.end();
  await once(stream, 'finish');
  return written;
}

/** The question asked of copy `copy`: the bracketed topic and every gold answer renamed as that copy names them. */
export function questionForCopy(q: EvalQuestion, copy: number): EvalQuestion {
  return {
    question: q.question.replace(/\[([^\]]+)\]/g, (_, name: string) => `[${copyName(name, copy)}]`),
    gold: q.gold.map((g) => copyName(g, copy)),
  };
}
