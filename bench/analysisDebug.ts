// Debug aid for question analysis: for each question, the linked topics and the top readings (chain, score) the
// algorithmic Hand ranked, then the answers. Reads a pipe-triples kb and questions from the command line or a file.
//   node bin/run-ts.mjs bench/analysisDebug.ts --kb FILE [--top 6] "question" ["question" …] | --questions FILE
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { Analysis, Hand } from '../src-main/engine/core/handSkills.js';
import { loadGloveDrm } from '../src-main/engine/drm/gloveDrm.js';
import { pipeTriplesGraph } from '../src-main/engine/import/pipeTriplesGraph.js';
import { parseQuestions } from '../src-main/engine/import/questionsFile.js';
import { createQaEngine } from '../src-main/engine/qa/qaEngine.js';
import { countText } from '../src-main/common/answerNames.js';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { kb: { type: 'string' }, top: { type: 'string', default: '6' }, questions: { type: 'string' } } });
if (!values.kb) throw new Error('--kb FILE is required');
const graph = pipeTriplesGraph(values.kb);
const drm = await loadGloveDrm();
// Every analysis of the question (the engine may analyse it again with other links), in call order.
let calls: { topics: number[]; analysis: Analysis | undefined }[] = [];
const capture = (h: Hand): Hand =>
  new Proxy(h, {
    get(target, prop, receiver) {
      const v = Reflect.get(target, prop, receiver);
      if (prop === 'analyzeQuestion')
        return async (req: Parameters<Hand['analyzeQuestion']>[0]) => {
          const analysis = await (v as Hand['analyzeQuestion']).call(target, req);
          calls.push({ topics: req.topics.map((t) => t.entity), analysis });
          return analysis;
        };
      return typeof v === 'function' ? v.bind(target) : v;
    },
  });
const engine = createQaEngine({ graph, drm, hand: (a) => capture(a) });
const items = values.questions ? parseQuestions(readFileSync(values.questions, 'utf8')) : positionals.map((q) => ({ question: q, gold: [] as string[] }));
const top = Number(values.top);
// The graph's own labels, not `visible` (the sanitized view's clustered names).
const chainText = (steps: readonly { relation: number; direction: string }[]): string => steps.map((s) => `${graph.relationLabels[s.relation]}${s.direction === 'out' ? '>' : '<'}`).join(' ');
for (const q of items) {
  calls = [];
  const r = await engine.ask(q.question);
  console.log(`\nQ: ${q.question}${q.gold.length ? `   gold: ${q.gold.slice(0, 3).join(' | ')}` : ''}`);
  console.log(`  topics: ${r.topics.map((t) => `${t.name} [${t.mention}] ${t.score.toFixed(2)}`).join('; ') || '(none)'}`);
  for (const { topics, analysis } of calls) {
    if (calls.length > 1) console.log(`  analysis anchored at ${topics.map((e) => graph.names[e]).join(', ')}:`);
    const a = analysis as (Analysis & { ranked?: { steps: { relation: number; direction: string; confidence?: number }[]; score: number; anchors: number[]; ends: Set<number> }[] }) | undefined;
    for (const c of (a?.ranked ?? []).slice(0, top)) console.log(`  ${c.score.toFixed(3).padStart(7)}  ${chainText(c.steps)}  [${c.steps.map((s) => (s.confidence ?? 0).toFixed(2)).join(' ')}]  (${c.anchors.length} anchor(s), ${c.ends.size} ends)`);
  }
  console.log(`  → ${r.count ? `count ${countText(r.count)} (${r.count.basis}) of ` : ''}${r.answers.slice(0, 3).map((a) => a.name).join(' | ') || '(none)'}${r.notFound ? `  [${r.notFound.message}]` : ''}${r.abstained ? `  [abstained: ${r.abstained.message}]` : ''}`);
}
