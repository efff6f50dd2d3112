// Hand runtime benchmark: npm run bench:hand -- [--model PATH] [--threads N] [--gpu auto|off] [--context N]
//   [--tokens N] [--runs N]
// Without --model it generates the tiny random-weight GGUF (measures the runtime's overhead, not a real model).
// Reports runtime start, model load, prompt tokens/s and generated tokens/s through generateJson (grammar on), then
// per Hand skill: the bundled demo questions answered with the model as the Hand (--questions N), every skill call
// through its real prompt, schema and checks, summed per skill from the Hand's accounting. The questions go through
// the app's assembly (assemble(): its Hand service over the runtime measured above, its ask service).
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { parseArgs } from 'node:util';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { assemble } from '../src-main/engine/app/assemble.js';
import { inMemoryGraphs } from '../src-main/engine/app/askService.js';
import { pipeTriplesGraph } from '../src-main/engine/import/pipeTriplesGraph.js';
import { parseQuestions } from '../src-main/engine/import/questionsFile.js';
import { HAND_SKILLS } from '../src-main/engine/qa/hand/accounting.js';
import { HandRuntime } from '../src-main/engine/llm/handRuntime.js';
import type { JsonSchema } from '../src-main/engine/llm/jsonSchema.js';
import { writeTinyGguf } from '../src-main/engine/llm/tinyGguf.js';

const { values } = parseArgs({
  options: {
    model: { type: 'string' },
    threads: { type: 'string' },
    gpu: { type: 'string', default: 'auto' },
    context: { type: 'string', default: '2048' },
    tokens: { type: 'string', default: '96' },
    runs: { type: 'string', default: '3' },
    questions: { type: 'string', default: '5' },
  },
});
const threads = values.threads ? Number(values.threads) : availableParallelism();
const contextSize = Number(values.context);
const maxTokens = Number(values.tokens);
const runs = Number(values.runs);

let tempDir: string | undefined;
let modelPath = values.model;
if (!modelPath) {
  tempDir = await mkdtemp(join(tmpdir(), 'hand-bench-'));
  modelPath = join(tempDir, 'tiny.gguf');
  await writeTinyGguf(modelPath);
}

const schema = {
  type: 'object',
  properties: {
    entities: { type: 'array', items: { type: 'string', maxLength: 40 }, maxItems: 8 },
    relation: { enum: ['directed_by', 'starred_in', 'born_in', 'located_in', 'other'] },
    hops: { type: 'integer' },
    rationale: { type: 'string', maxLength: 200 },
  },
  required: ['entities', 'relation', 'hops', 'rationale'],
} as const satisfies JsonSchema;
const context = Array.from({ length: 30 }, (_, i) => `(film_${i}) -[directed_by]-> (person_${i % 7}); (person_${i % 7}) -[born_in]-> (city_${i % 5})`).join('\n');
const prompt = {
  system: 'You plan multi-hop questions over a knowledge graph. Reply with JSON only.',
  user: `Graph excerpt:\n${context}\n\nQuestion: In which city was the director of film_12 born?`,
};

const t0 = performance.now();
const runtime = await HandRuntime.create({ gpu: values.gpu === 'off' ? false : 'auto', threads });
const startMs = performance.now() - t0;
const fit = await runtime.estimateFit(modelPath, { contextSize });
const info = await runtime.load(modelPath, { contextSize });
console.log(`model      ${info.file.fileName} (${info.file.architecture}, ${(info.file.parameters / 1e6).toFixed(2)}M params, ${info.file.quantisation})`);
console.log(`backend    ${runtime.backend}, threads ${threads}, gpuLayers ${info.gpuLayers}, context ${info.contextSize}, wrapper ${info.chatWrapper}`);
console.log(`fit        ${fit.fits ? 'fits' : `does not fit: ${fit.reason}`} (est. RAM ${(fit.ramBytes / 2 ** 20).toFixed(0)} MiB, VRAM ${(fit.vramBytes / 2 ** 20).toFixed(0)} MiB)`);
console.log(`start      ${startMs.toFixed(0)} ms (getLlama)`);
console.log(`load       ${info.loadMs.toFixed(0)} ms`);

for (let i = 0; i < runs; i++) {
  const r = await runtime.generateJson(prompt, schema, { maxTokens, temperature: 0.7, seed: i });
  const promptTps = r.promptMs > 0 ? (r.tokensIn * 1000) / r.promptMs : 0;
  console.log(
    `run ${i + 1}      in ${r.tokensIn} tok @ ${promptTps.toFixed(0)} tok/s, out ${r.tokensOut} tok @ ${r.tokensPerSecond.toFixed(1)} tok/s, ` +
      `${r.ms.toFixed(0)} ms, ${r.value !== undefined ? 'valid' : `invalid (${r.error?.slice(0, 60)})`}`,
  );
}
// ---- per skill, on the demo graph ----
const graph = pipeTriplesGraph(resolve(import.meta.dirname, '../resources/demo/hospital-network.txt'), 'demo');
const demo = parseQuestions(readFileSync(resolve(import.meta.dirname, '../resources/demo/questions.txt'), 'utf8')).slice(0, Number(values.questions));
const dataDir = await mkdtemp(join(tmpdir(), 'hand-bench-data-'));
// The Hand service runs on the runtime started above (the same llama.cpp, the same model loaded once more into it).
const parts = assemble({ dataDir, graphs: inMemoryGraphs(dataDir, graph), memory: null, hand: { threads, createRuntime: async () => runtime } });
await parts.hand.load({ path: modelPath, gpu: values.gpu === 'off' ? 'cpu' : 'auto', gpuLayers: 'auto', contextSize }, () => undefined);
for (const q of demo) await parts.asks!.run({ graph: 'demo', question: q.question });
const accounting = parts.hand.accounting;
console.log(`\nper skill over ${demo.length} demo questions (prompt tok/s = tokens in / prompt time; gen tok/s = tokens out / generation time)`);
console.log('skill                     calls  fallbacks  tokens in  prompt tok/s  tokens out  gen tok/s   ms/call');
for (const skill of HAND_SKILLS) {
  const calls = accounting.recent().filter((c) => c.skill === skill);
  if (!calls.length) continue;
  const sum = (f: (c: (typeof calls)[number]) => number): number => calls.reduce((a, c) => a + f(c), 0);
  const promptMs = sum((c) => c.promptMs ?? 0);
  const genMs = sum((c) => c.ms - (c.promptMs ?? 0));
  console.log(
    `${skill.padEnd(25)} ${String(calls.length).padStart(5)}  ${String(calls.filter((c) => c.fallbackReason).length).padStart(9)}  ` +
      `${String(sum((c) => c.tokensIn)).padStart(9)}  ${(promptMs > 0 ? (sum((c) => c.tokensIn) * 1000) / promptMs : 0).toFixed(0).padStart(12)}  ` +
      `${String(sum((c) => c.tokensOut)).padStart(10)}  ${(genMs > 0 ? (sum((c) => c.tokensOut) * 1000) / genMs : 0).toFixed(1).padStart(9)}  ${(sum((c) => c.ms) / calls.length).toFixed(0).padStart(8)}`,
  );
}

const s = await runtime.status();
console.log(`memory     llama RAM ${(s.memory.llamaRamBytes / 2 ** 20).toFixed(1)} MiB, VRAM ${(s.memory.llamaVramBytes / 2 ** 20).toFixed(1)} MiB`);
// Disposes the runtime with the Hand service.
await parts.close();
await rm(dataDir, { recursive: true, force: true });
if (tempDir) await rm(tempDir, { recursive: true, force: true });
