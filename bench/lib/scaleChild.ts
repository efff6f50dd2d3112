// One step of the scale benchmark in its own process, so each gets its own clock, heap limit and peak RSS:
//   import DATA NAME FILE           → {"ms", "triples", "entities"}
//   eval DATA NAME QUESTIONS.json   → {"openMs", "hops": {hop: {n, hits, ms[]}}, "unknownMs": []}
// Prints one JSON line on stdout.
import { readFileSync } from 'node:fs';
import { assemble } from '../../src-main/engine/app/assemble.js';
import { inMemoryGraphs } from '../../src-main/engine/app/askService.js';
import { loadGloveDrm } from '../../src-main/engine/drm/gloveDrm.js';
import { GraphLibrary } from '../../src-main/engine/import/graphLibrary.js';
import { hitAt1, type EvalQuestion } from '../../src-main/engine/import/questionsFile.js';
import { answerNames } from '../../src-main/common/answerNames.js';

export interface ScaleQuestions {
  hops: Record<string, EvalQuestion[]>;
  unknown: string[];
  warmup: number;
}

const [mode, dataDir, name, arg] = process.argv.slice(2);
const library = new GraphLibrary(dataDir);
try {
  if (mode === 'import') {
    const t = performance.now();
    const r = await library.importFile(name, arg);
    console.log(JSON.stringify({ ms: performance.now() - t, triples: r.triplesTotal, entities: r.entitiesTotal }));
  } else if (mode === 'eval') {
    const input = JSON.parse(readFileSync(arg, 'utf8')) as ScaleQuestions;
    const t = performance.now();
    const graph = await library.memoryGraph(name);
    const openMs = performance.now() - t;
    const drm = await loadGloveDrm();
    const parts = assemble({ dataDir, graphs: inMemoryGraphs(dataDir, graph), loadDrm: async () => drm, memory: null });
    try {
      const ask = async (question: string) => (await parts.asks!.run({ graph: name, question })).result;
      const all = Object.values(input.hops).flat();
      for (let i = 0; i < Math.min(input.warmup, all.length); i++) await ask(all[i].question);
      const hops: Record<string, { n: number; hits: number; ms: number[] }> = {};
      for (const [hop, qs] of Object.entries(input.hops)) {
        const row = (hops[hop] = { n: 0, hits: 0, ms: [] as number[] });
        for (const q of qs) {
          const s = performance.now();
          const r = await ask(q.question);
          row.ms.push(performance.now() - s);
          row.n++;
          if (hitAt1(answerNames(r), q.gold)) row.hits++;
        }
      }
      const unknownMs: number[] = [];
      for (const q of input.unknown) {
        const s = performance.now();
        const r = await ask(q);
        unknownMs.push(performance.now() - s);
        if (!r.notFound) throw new Error(`"${q}" was expected to name no entity of the graph`);
      }
      console.log(JSON.stringify({ openMs, hops, unknownMs }));
    } finally {
      await parts.close();
    }
  } else throw new Error(`unknown mode ${mode}`);
} finally {
  await library.close();
}
