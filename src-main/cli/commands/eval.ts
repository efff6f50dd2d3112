// `ctrlg eval`: Hits@1, latency and exposure of a question file over a graph (or a triples file, imported once
// into a cached graph). Writes predictions.jsonl and summary.json (and views.jsonl with --reveal-mapping).
// --brain/--approve add a Brain for unsure rankings (brain_* fields per line, the exposure ledger's statistics in
// the summary), --hand runs the Hand's skills on a local GGUF ("hand" per line), --selector picks path or GraSP.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadGloveDrm } from '../../engine/drm/gloveDrm.js';
import { emptyQuestionUsage } from '../../engine/qa/hand/accounting.js';
import { readQuestionsFile } from '../../engine/import/questionsFile.js';
import { runEval, type QuestionHooks } from '../../engine/app/runEval.js';
import { GraphLibrary } from '../../engine/import/graphLibrary.js';
import { ExperienceStore } from '../../engine/memory/experienceStore.js';
import { createQaEngine } from '../../engine/qa/qaEngine.js';
import { CliError, type CliCommand } from '../command.js';
import { BRAIN_FLAG_OPTIONS, BRAIN_USAGE, openBrain, type CliBrain } from '../flags/brainFlags.js';
import { checkHandThreadsUse, HAND_FLAG_OPTIONS, openHand, parseHandThreads, type CliHand } from '../flags/handFlags.js';
import { openSelector, parseSelector, SELECTOR_FLAG_OPTIONS } from '../flags/selectorFlags.js';
import { parseDMax, parseRelationsMode } from './ask.js';
import { experienceMemory } from '../../engine/memory/memoryExperienceProvider.js';

/** Distinct Brain fallback reasons printed before the rest are only counted (a dead endpoint fails every call). */
const MAX_FALLBACK_WARNINGS = 3;

export const evalCommand: CliCommand = {
  name: 'eval',
  summary: 'evaluate question answering on a question file (Hits@1, latency, exposure)',
  usage:
    'ctrlg eval (--graph NAME | --kb FILE) --questions FILE --out DIR [--limit N] [--d-max D] [--relations labels|clustered] [--reveal-mapping] ' +
    `${BRAIN_USAGE} [--hand PATH.gguf] [--hand-threads N] [--selector path|grasp] [--memory DIR]`,
  async run(args, ctx) {
    const { values } = parseArgs({
      args,
      options: {
        graph: { type: 'string' },
        kb: { type: 'string' },
        questions: { type: 'string' },
        out: { type: 'string' },
        limit: { type: 'string' },
        'd-max': { type: 'string' },
        relations: { type: 'string' },
        'reveal-mapping': { type: 'boolean', default: false },
        /** Experience memory kept in DIR across the run and across runs (key: DIR/memory.key, 0600). */
        memory: { type: 'string' },
        ...BRAIN_FLAG_OPTIONS,
        ...HAND_FLAG_OPTIONS,
        ...SELECTOR_FLAG_OPTIONS,
      },
    });
    if (!values.graph === !values.kb) throw new CliError('give exactly one of --graph NAME or --kb FILE');
    if (!values.questions) throw new CliError('--questions FILE is required');
    if (!values.out) throw new CliError('--out DIR is required');
    let limit: number | undefined;
    if (values.limit !== undefined) {
      limit = Number(values.limit);
      if (!Number.isInteger(limit) || limit < 1) throw new CliError(`--limit must be a positive integer, not "${values.limit}"`);
    }
    const dMax = parseDMax(values['d-max']);
    const relations = parseRelationsMode(values.relations);
    const selectorKind = parseSelector(values.selector);
    const handThreads = parseHandThreads(values['hand-threads']);
    checkHandThreadsUse(values);
    const questions = readQuestionsFile(resolve(values.questions));
    if (questions.length === 0) throw new CliError(`no questions in ${values.questions} (expected "question<TAB>ans1|ans2" lines)`);
    if (values['reveal-mapping'])
      ctx.stderr.write('warning: --reveal-mapping writes views.jsonl with the token → entity mapping in clear; for evaluation only, never share it.\n');
    const library = new GraphLibrary(ctx.dataDir);
    let hand: CliHand | undefined;
    let brain: CliBrain | undefined;
    let memory: ExperienceStore | undefined;
    try {
      const name = values.graph ?? (await library.graphForFile(resolve(values.kb!)));
      const graph = await library.memoryGraph(name);
      const drm = await loadGloveDrm();
      const grasp = await openSelector(selectorKind, ctx, name, graph, drm);
      hand = await openHand(values);
      brain = await openBrain(values, { command: 'eval', ctx, drm, handThreads, ...(hand ? { hand: { path: hand.path, runtime: hand.runtime } } : {}) });
      if (values.brain !== undefined && values.brain !== 'none') ctx.stderr.write(`brain: ${brain.describe}\n`);
      if (hand) ctx.stderr.write(`hand: ${hand.info.file.fileName} on ${hand.runtime.backend}, ${hand.info.threads} thread(s)\n`);
      memory = values.memory !== undefined ? await ExperienceStore.open(resolve(values.memory)) : undefined;
      if (memory) ctx.stderr.write(`memory: ${resolve(values.memory!)} (${await memory.count()} record(s))\n`);
      const engine = createQaEngine({ graph, drm, ...(hand ? { hand: hand.handFor(graph) } : {}), ...(grasp ? { grasp } : {}), ...(memory ? { memory: experienceMemory(memory) } : {}) });

      const fallbackReasons = new Set<string>();
      let fallbackCount = 0;
      const cliBrain = brain;
      const accounting = hand?.accounting;
      const perQuestion = (i: number): QuestionHooks => {
        const q = cliBrain.question();
        accounting?.beginQuestion();
        return {
          ask: { ...(q.brainStep ? { brainStep: q.brainStep } : {}), ...(q.selectionStep ? { selectionStep: q.selectionStep } : {}), ...(q.analysisStep ? { analysisStep: q.analysisStep } : {}), brainPolicy: cliBrain.policy, ...(cliBrain.model ? { brainModel: cliBrain.model } : {}) },
          fields: () => {
            for (const r of q.results.filter((x) => x.fallback)) {
              fallbackCount++;
              if (fallbackReasons.size < MAX_FALLBACK_WARNINGS && !fallbackReasons.has(r.reason)) {
                fallbackReasons.add(r.reason);
                ctx.stderr.write(`warning: question ${i}: Brain fallback, local answer kept: ${r.reason}\n`);
              }
            }
            return { ...q.counter.predictionFields(), brain_fallbacks: q.counter.fallbacks, hand: accounting?.endQuestion() ?? emptyQuestionUsage() };
          },
        };
      };
      const summary = await runEval({
        engine,
        questions,
        outDir: resolve(values.out),
        limit,
        dMax,
        relations,
        revealMapping: values['reveal-mapping'],
        selector: selectorKind,
        perQuestion,
        exposure: () => (cliBrain.remote ? cliBrain.exposure() : undefined),
      });
      const b = summary.brain;
      const brainLine = values.brain !== undefined && values.brain !== 'none' && b ? `; Brain ${b.calls} call(s) sent, ${b.denied} denied, ${b.fallbacks} fallback(s), ${b.tokens} tokens` : '';
      const handLine = hand && summary.hand ? `; Hand ${summary.hand.calls} model call(s), ${summary.hand.fallbacks} fallback(s)` : '';
      if (fallbackCount > 0) ctx.stderr.write(`Brain fell back to the local answer ${fallbackCount} time(s)\n`);
      ctx.stdout.write(
        `graph ${name}: ${summary.questions} questions, Hits@1 ${(100 * summary.hits_at_1).toFixed(1)}% (${summary.hits}), latency p50 ${summary.latency_ms.p50.toFixed(1)} ms p95 ${summary.latency_ms.p95.toFixed(1)} ms, selector ${selectorKind}${brainLine}${handLine}; wrote ${resolve(values.out)}\n`,
      );
      return 0;
    } finally {
      memory?.close();
      await brain?.close();
      await hand?.dispose();
      await library.close();
    }
  },
};
