// `ctrlg eval`: Hits@1, latency and exposure of a question file over a graph (or a triples file, imported once
// into a cached graph). Writes predictions.jsonl and summary.json (and views.jsonl with --reveal-mapping).
// --brain/--approve add a Brain for unsure rankings (brain_* fields per line, the exposure ledger's statistics in
// the summary), --hand runs the Hand's skills on a local GGUF ("hand" per line), --selector picks path or GraSP.
// --view masked builds the payloads from the masked baseline (names replaced by tokens, nothing else hidden) to
// compare accuracy and exposure with the sanitized view; only eval offers it.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { AskHandCall } from '../../common/answerTypes.js';
import { assemble } from '../../engine/app/assemble.js';
import { handSummary } from '../../engine/app/askService.js';
import { noBrainFields, type QuestionBrain } from '../../engine/app/brainService.js';
import { readQuestionsFile, runEval, type EvalOptions, type QuestionHooks } from '../../engine/app/runEval.js';
import { CliError, type CliCommand } from '../command.js';
import { BRAIN_FLAG_OPTIONS, BRAIN_USAGE, brainParts, checkBrainFlags, loadBrainModel, parseBrainPolicy, usesBrain } from '../flags/brainFlags.js';
import { checkHandThreadsUse, HAND_FLAG_OPTIONS, loadHand, parseHandThreads } from '../flags/handFlags.js';
import { checkSelector, parseSelector, SELECTOR_FLAG_OPTIONS } from '../flags/selectorFlags.js';
import { parseDMax, parseRelationsMode } from './ask.js';
import { assertLocalPath } from '../../engine/node/localPath.js';

/** Distinct Brain fallback reasons printed before the rest are only counted (a dead endpoint fails every call). */
const MAX_FALLBACK_WARNINGS = 3;

export const evalCommand: CliCommand = {
  usage:
    'ctrlg eval (--graph NAME | --kb FILE) --questions FILE --out DIR [--limit N] [--d-max D] [--relations labels|clustered] [--view masked|sanitized] [--reveal-mapping] ' +
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
        view: { type: 'string' },
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
    const view = parseViewKind(values.view);
    if (view === 'masked' && relations === 'clustered') throw new CliError('--view masked shows the raw relation labels: it cannot be combined with --relations clustered');
    // The baseline shows exact literals and every kept path: it is for measuring, never for a Brain off the machine.
    if (view === 'masked' && values.brain === 'openai') throw new CliError('--view masked is an evaluation baseline: it is never sent to a remote Brain (use --brain none or local)');
    const selectorKind = parseSelector(values.selector);
    const handThreads = parseHandThreads(values['hand-threads']);
    checkHandThreadsUse(values);
    const questions = readQuestionsFile(resolve(values.questions));
    if (questions.length === 0) throw new CliError(`no questions in ${values.questions} (expected "question<TAB>ans1|ans2" lines)`);
    if (values['reveal-mapping'])
      ctx.stderr.write('warning: --reveal-mapping writes views.jsonl with the token → entity mapping in clear; for evaluation only, never share it.\n');
    // The object graph the app builds, with the run's own parts: --memory DIR (or none), the Brain from the flags.
    const parts = assemble({
      dataDir: ctx.dataDir,
      memory: values.memory !== undefined ? { dir: resolve(assertLocalPath(values.memory, '--memory')) } : null,
      hand: { threads: handThreads },
      ...brainParts(values, ctx, handThreads),
    });
    try {
      const name = values.graph ?? (await parts.library.graphForFile(resolve(values.kb!)));
      await parts.library.memoryGraph(name);
      await parts.drm();
      await checkSelector(parts, selectorKind, ctx, name);
      const hand = await loadHand(parts, values);
      checkBrainFlags(values, 'eval');
      await loadBrainModel(parts, values);
      const brainPolicy = parseBrainPolicy(values['brain-policy']);
      if (usesBrain(values)) ctx.stderr.write(`brain: ${await parts.brain.describeRun()}\n`);
      if (hand) ctx.stderr.write(`hand: ${hand.model.fileName} on ${hand.backend}, ${hand.model.threads} thread(s)\n`);
      if (parts.memory) ctx.stderr.write(`memory: ${parts.memory.dir} (${await (await parts.memory.store()).count()} record(s))\n`);

      const fallbackReasons = new Set<string>();
      const notAsked = new Set<string>();
      let fallbackCount = 0;
      const asks = parts.asks!;
      const perQuestion = (i: number, question: string): QuestionHooks => {
        // Made before the question is answered, so a failed question's line still carries its accounting.
        let q: QuestionBrain | undefined;
        const calls: AskHandCall[] = [];
        return {
          ask: async ({ dMax: d, relations: rel, revealView, view: v, onExposure }) => {
            q = await parts.brain.forQuestion();
            // A Brain whose calls could not be recorded is not asked: said once, each step it skips counts as a fallback.
            if (q?.notAsked && !notAsked.has(q.notAsked)) {
              notAsked.add(q.notAsked);
              ctx.stderr.write(`warning: ${q.notAsked} (answering locally; nothing is sent)\n`);
            }
            const run = await asks.run(
              { graph: name, question, dMax: d, relations: rel, selector: selectorKind },
              { ...(q ? { brain: q } : {}), handCalls: calls, brainPolicy, ...(revealView ? { revealView } : {}), ...(v ? { view: v } : {}), ...(onExposure ? { onExposure } : {}) },
            );
            return run.result;
          },
          fields: () => {
            for (const r of (q?.steps() ?? []).filter((x) => x.fallback)) {
              fallbackCount++;
              if (q?.notAsked) continue;
              if (fallbackReasons.size < MAX_FALLBACK_WARNINGS && !fallbackReasons.has(r.reason)) {
                fallbackReasons.add(r.reason);
                ctx.stderr.write(`warning: question ${i}: Brain fallback, local answer kept: ${r.reason}\n`);
              }
            }
            return { ...(q?.fields() ?? noBrainFields()), hand: handSummary('', calls).totals };
          },
        };
      };
      const summary = await runEval({
        questions,
        outDir: resolve(values.out),
        limit,
        dMax,
        relations,
        view,
        brain: usesBrain(values),
        revealMapping: values['reveal-mapping'],
        selector: selectorKind,
        perQuestion,
        exposure: () => parts.brain.exposureIfRemote(),
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
      await parts.close();
    }
  },
};

/** `--view`: the sanitized view (default) or the masked baseline. */
export function parseViewKind(value: string | undefined): NonNullable<EvalOptions['view']> {
  if (value === undefined) return 'sanitized';
  if (value !== 'masked' && value !== 'sanitized') throw new CliError(`--view must be "masked" or "sanitized", not "${value}"`);
  return value;
}
