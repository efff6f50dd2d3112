// qa.ask behind the engine: one QA engine per graph, built on first use and dropped when the graph changes.
// The DRM (word vectors) is shared by every graph and loaded once, lazily, so start-up and the channels that never
// ask a question do not pay for it.
// With a generative model loaded in the engine's HandService, the engine's Hand is the model-backed one (the
// algorithmic Hand as its fallback); every result says which Hand answered and what each of its model calls cost.
// With selector 'grasp' the engine also gets the graph's newest trained GraSP selector (as `ctrlg ask --selector grasp`);
// engines are cached per graph and selector, and a GraSP engine is rebuilt when a newer model version is stored.
// The app's qa.ask (ask) and the CLI's ask and eval (run) answer through the same path: run returns the QA
// engine's result as it is, with the selector, the Hand's calls and the question's Brain beside it.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { AskHandCall, AskHandSummary, AskResult } from '../../common/answerTypes.js';
import type { ParsedRequestOf, Responses } from '../../common/contract.js';
import type { SelectorKind, SelectorUse } from '../../common/graspContract.js';
import { loadGloveDrm } from '../drm/gloveDrm.js';
import { UnknownGraphError } from '../graph/graphErrors.js';
import type { MemoryGraph } from '../graph/memoryGraph.js';
import type { AlgorithmicHand } from '../qa/hand/algorithmicHand.js';
import { createLlmHand } from '../qa/hand/llm/llmHand.js';
import type { EntityNameIndex } from '../qa/stages/entityNameIndex.js';
import type { GraspSelectorLike } from '../qa/grasp/graspSelectorLike.js';
import { GUARD_ATTACK_ROUNDS, reidentificationRisk } from '../egress/exposure/attack/reidentificationRisk.js';
import { createQaEngine, EmptyGraphError, EmptyQuestionError, QuestionCancelledError, type AskOptions, type QaEngine } from '../qa/qaEngine.js';
import type { BrainPolicy } from '../core/brainStep.js';
import type { Drm, QuestionExposure } from '../core/types.js';
import { subjectId } from '../egress/exposure/tokenResolver.js';
import { ApiError } from './apiError.js';
import type { BrainService, QuestionBrain } from './brainService.js';
import type { ActiveHand, HandService } from './handService.js';
import type { MemoryService } from './memoryService.js';
import type { AskProgress } from './engineContext.js';
import { BrainAbortedError } from '../egress/brain/brainErrors.js';
import { newestGraspVersion, openGraspSelector } from './graspService.js';
import { experienceMemory } from '../memory/memoryExperienceProvider.js';

/** Where the questions' graphs come from: the GraphLibrary, or graphs parsed straight into memory (benchmarks). */
export interface GraphSource {
  readonly dataDir: string;
  memoryGraph(name: string): Promise<MemoryGraph>;
}

/** Graphs parsed straight into memory (benchmarks), served by their names; `dataDir` is where GraSP versions would be. */
export function inMemoryGraphs(dataDir: string, ...graphs: MemoryGraph[]): GraphSource {
  const byName = new Map(graphs.map((g) => [g.name, g]));
  return {
    dataDir,
    memoryGraph: async (name) => {
      const graph = byName.get(name);
      if (!graph) throw new UnknownGraphError(name, [...byName.keys()]);
      return graph;
    },
  };
}

/** What every QA engine of the service is built with beyond graph, DRM, Hand, memory and selector (benchmarks tune these). */
export type QaTuning = Pick<Parameters<typeof createQaEngine>[0], 'config' | 'graspOptions' | 'selectionStep'>;

/** GraSP selectors the caller holds (a benchmark trains one in memory), used instead of the stored versions: asked once per engine built. */
export type HeldSelectors = (graph: string, memoryGraph: MemoryGraph) => GraspSelectorLike | undefined;

export interface AskServiceOptions {
  library: GraphSource;
  /** The dense retrieval model; default the bundled GloVe vectors. */
  loadDrm?: () => Promise<Drm>;
  /** The engine's Brain: each question gets its own Brain step from it (none configured: all local). */
  brain?: BrainService;
  /** The experience memory: every graph's engine retrieves from and writes back to it (none: no memory). */
  memory?: MemoryService;
  /** The engine's Hand: its loaded model (if any) answers the skills, its accounting records them (none: algorithmic). */
  hand?: HandService;
  qa?: QaTuning;
  selectors?: HeldSelectors;
}

/** What a caller of run may add to one question. */
export interface AskRunOptions {
  progress?: AskProgress;
  /** Evaluation only (eval --reveal-mapping): the view and its token → names expansion, before the mapping is discarded. */
  revealView?: AskOptions['revealView'];
  /** Evaluation only (eval --view masked): the view the payloads are built from; the sanitized one otherwise. */
  view?: AskOptions['view'];
  /** Evaluation only (eval's node exposure): each reading's exposure record, in raw entity indexes. */
  onExposure?: AskOptions['onExposure'];
  /** The question's Brain, when the caller made it (brain.forQuestion), to read its accounting even if the question fails. */
  brain?: QuestionBrain;
  /** Where the Hand's model calls of this question go as they happen (the caller's, to read them even if it fails). */
  handCalls?: AskHandCall[];
  /** The Brain policy to answer under when no Brain step is set (the CLI's --brain-policy holds without a Brain too). */
  brainPolicy?: BrainPolicy;
}

/** One answered question: the QA engine's result as it returned it, and what answered it. */
export interface AskRun {
  result: AskResult;
  selector: SelectorUse;
  /** The Hand that answered (the loaded model's file name, or 'algorithmic') and each of its model calls. */
  hand: AskHandSummary;
  /** The question's Brain (undefined when none is configured): its tally, steps, prediction fields and notAsked. */
  brain?: QuestionBrain;
}

export interface AskService {
  ask(request: ParsedRequestOf<'qa.ask'>, progress?: AskProgress): Promise<Responses['qa.ask']>;
  /** One question, unadorned: the result as the QA engine returned it, and beside it selector, Hand and Brain. */
  run(request: ParsedRequestOf<'qa.ask'>, options?: AskRunOptions): Promise<AskRun>;
  /**
   * Builds (or finds) the engine a question of this graph and selector would use now, and says which selector it
   * has: unknown_graph, grasp_not_trained and grasp_unreadable surface here, before any question is asked.
   */
  prepare(graph: string, selector?: SelectorKind): Promise<SelectorUse>;
  /** Forget the graph's QA engine (after an import or delete); the next question rebuilds it. */
  invalidate(graph: string): void;
}

interface CachedEngine {
  /** The in-memory graph the engine was built over, to notice a graph the library has since reloaded. */
  graph: MemoryGraph;
  /** The Hand it was built with ('algorithmic' or one model load), to notice a load or unload since. */
  handKey: string;
  /** 'path', or the GraSP model version the engine was built with (a newer one replaces it). */
  selectorKey: string;
  /** The engine, and which selector its answers come from. */
  engine: Promise<{ engine: QaEngine; selector: SelectorUse }>;
}

interface CachedSelector {
  graph: MemoryGraph;
  version: number;
  selector: Promise<GraspSelectorLike>;
}

const ALGORITHMIC = 'algorithmic';
const HELD = 'held';

export function createAskService({ library, loadDrm = () => loadGloveDrm(), brain, memory, hand, qa = {}, selectors }: AskServiceOptions): AskService {
  let drm: Promise<Drm> | undefined;
  const engines = new Map<string, CachedEngine>();
  // A loaded selector outlives an engine rebuilt for another Hand: it depends on the graph and the version only.
  const graspSelectors = new Map<string, CachedSelector>();
  // The engine has one accounting, but questions may overlap (one waits on a Brain approval while another runs):
  // each call is attributed to the question whose async context made it.
  const questionCalls = new AsyncLocalStorage<AskHandCall[]>();
  hand?.accounting.onCall((call) => questionCalls.getStore()?.push(call));

  function sharedDrm(): Promise<Drm> {
    if (!drm) {
      drm = loadDrm().catch((err: unknown) => {
        // Not remembered: a retry (after freeing memory, restoring the vectors) may succeed.
        drm = undefined;
        throw new ApiError('not_available', `The word-vector model could not be loaded: ${(err as Error)?.message ?? String(err)}`);
      });
    }
    return drm;
  }

  function storedSelector(name: string, graph: MemoryGraph, d: Drm, version: number): Promise<GraspSelectorLike> {
    const cached = graspSelectors.get(name);
    if (cached?.graph === graph && cached.version === version) return cached.selector;
    const entry: CachedSelector = { graph, version, selector: openGraspSelector(library.dataDir, name, graph, d, version) };
    graspSelectors.set(name, entry);
    entry.selector.catch(() => {
      if (graspSelectors.get(name) === entry) graspSelectors.delete(name);
    });
    return entry.selector;
  }

  async function engineFor(name: string, active: ActiveHand | null, kind: SelectorKind): Promise<CachedEngine> {
    // Throws UnknownGraphError for a graph that does not exist, which dispatch maps to unknown_graph.
    const graph = await library.memoryGraph(name);
    const handKey = active ? `model#${active.id}` : ALGORITHMIC;
    const holds = kind === 'grasp' && selectors !== undefined;
    // The newest stored version decides; a cheap directory listing per question notices a model trained since.
    const version = kind === 'grasp' && !holds ? await newestGraspVersion(library.dataDir, name) : undefined;
    const selectorKey = holds ? HELD : version === undefined ? 'path' : `grasp@v${version}`;
    const cacheKey = `${name}\u0000${kind}`;
    const cached = engines.get(cacheKey);
    // The library hands out a new MemoryGraph after a re-import even if no graph.changed reached us; a model load or
    // unload changes the Hand, which the engine builds once; a newly trained GraSP version replaces the selector.
    if (cached?.graph === graph && cached.handKey === handKey && cached.selectorKey === selectorKey) return cached;
    const handFor =
      active && hand
        ? {
            hand: (algorithmic: AlgorithmicHand, index: EntityNameIndex) =>
              createLlmHand({ runtime: active.generator, fallback: algorithmic, graph, accounting: hand.accounting, options: { index, name: active.fileName } }),
          }
        : {};
    const engine = (async () => {
      // A memory that cannot be opened (key missing, files damaged) leaves questions answerable without it.
      const [d, store] = await Promise.all([sharedDrm(), memory?.store().catch(() => undefined)]);
      // The selector uses the engine's own DRM (the question vectors come from it), as createQaEngine requires.
      const grasp = holds ? selectors(name, graph) : version === undefined ? undefined : await storedSelector(name, graph, d, version);
      const selector: SelectorUse = grasp ? { kind: 'grasp', ...(version !== undefined ? { version } : {}), matchesGraph: grasp.matches?.(graph) ?? true } : { kind: 'path' };
      // Ranking payloads are trimmed against the re-identification attack on this very graph (the payload guard).
      const payloadRisk = reidentificationRisk(graph, GUARD_ATTACK_ROUNDS);
      return { engine: createQaEngine({ graph, drm: d, payloadRisk, ...qa, ...handFor, ...(store ? { memory: experienceMemory(store) } : {}), ...(grasp ? { grasp } : {}) }), selector };
    })();
    const entry: CachedEngine = { graph, handKey, selectorKey, engine };
    engines.set(cacheKey, entry);
    entry.engine.catch(() => {
      if (engines.get(cacheKey) === entry) engines.delete(cacheKey);
    });
    return entry;
  }

  async function run({ graph, question, dMax, relations, questionId, selector: kind = 'path', brainPolicy }: ParsedRequestOf<'qa.ask'>, options: AskRunOptions = {}): Promise<AskRun> {
    // Read once: the whole question runs on the Hand that was loaded when it started.
    const active = hand?.activeHand() ?? null;
    const { engine, selector } = await (await engineFor(graph, active, kind)).engine;
    const signal = options.progress?.signal;
    const questionBrain =
      options.brain ?? (await brain?.forQuestion(questionId, { graph: engine.graph, ...(brainPolicy ? { policy: brainPolicy } : {}), ...(signal ? { signal } : {}) }));
    const calls = options.handCalls ?? [];
    const policy = questionBrain?.policy ?? options.brainPolicy;
    // The ledger's eligible cohort: every reading's G_Q^raw entities, recorded once the question is answered.
    const eligible = questionBrain?.eligible ? new Set<number>() : undefined;
    const onExposure =
      eligible || options.onExposure
        ? (record: QuestionExposure) => {
            if (eligible) for (const e of record.eligible) eligible.add(e);
            options.onExposure?.(record);
          }
        : undefined;
    try {
      const ask = () =>
        engine.ask(question, {
          dMax,
          relations,
          ...(options.progress?.onTreeUpdate ? { onTreeUpdate: options.progress.onTreeUpdate } : {}),
          ...(signal ? { signal } : {}),
          ...(options.revealView ? { revealView: options.revealView } : {}),
          ...(options.view ? { view: options.view } : {}),
          ...(onExposure ? { onExposure } : {}),
          ...(questionBrain ? { brainStep: questionBrain.step, brainModel: questionBrain.model } : {}),
          // What the ledger recorded as sent decides which entities hub aggregates treat as seen before.
          ...(questionBrain?.exposedIn ? { exposedBefore: questionBrain.exposedIn(engine.graph) } : {}),
          ...(policy ? { brainPolicy: policy } : {}),
          ...(questionBrain?.selection ? { selectionStep: questionBrain.selection } : {}),
          ...(questionBrain?.analysis ? { analysisStep: questionBrain.analysis } : {}),
        });
      let result: AskResult;
      if (active && hand) {
        // Counts the question in the running totals; its own calls come from `calls`, not the shared aggregate.
        hand.accounting.beginQuestion();
        result = await questionCalls.run(calls, ask);
      } else {
        result = await ask();
      }
      return { result, selector, hand: handSummary(active?.fileName ?? ALGORITHMIC, calls), ...(questionBrain ? { brain: questionBrain } : {}) };
    } catch (err) {
      // The pipeline's own refusals are the user's to fix, not internal failures.
      if (err instanceof EmptyQuestionError) throw new ApiError('invalid_request', err.message);
      // Cancelled by the analyst: at a stage boundary, or while a Brain call waited for approval.
      if (err instanceof QuestionCancelledError || (signal?.aborted && err instanceof BrainAbortedError)) throw new ApiError('cancelled', 'The question was cancelled.');
      if (err instanceof EmptyGraphError) throw new ApiError('not_available', err.message, { graph });
      throw err;
    } finally {
      // Answered or failed, what the question showed counts against its cohort. Recording never costs the answer: a
      // ledger that cannot be written loses this question's cohort only.
      if (eligible?.size && questionBrain?.eligible) await questionBrain.eligible([...eligible].map((e) => subjectId(engine.graph, e))).catch(() => undefined);
    }
  }

  return {
    async ask(request, progress) {
      const { result, selector, hand: answeredBy, brain: questionBrain } = await run(request, progress ? { progress } : {});
      const withHand = { ...result, hand: answeredBy, selector };
      return questionBrain ? { ...withHand, brain: questionBrain.tally() } : withHand;
    },
    run,
    async prepare(graph, kind = 'path') {
      return (await (await engineFor(graph, hand?.activeHand() ?? null, kind)).engine).selector;
    },
    invalidate(graph) {
      for (const key of [...engines.keys()]) if (key.slice(0, key.indexOf('\u0000')) === graph) engines.delete(key);
      graspSelectors.delete(graph);
    },
  };
}

/** The question's Hand: its name, each model call, and the aggregate eval writes (`hand: {calls, tokens_in, …}`). */
export function handSummary(name: string, calls: readonly AskHandCall[]): AskHandSummary {
  return {
    name,
    calls: calls.map((c) => ({ ...c })),
    totals: {
      calls: calls.length,
      tokens_in: calls.reduce((n, c) => n + c.tokensIn, 0),
      tokens_out: calls.reduce((n, c) => n + c.tokensOut, 0),
      fallbacks: calls.filter((c) => c.fallbackReason !== undefined).length,
    },
  };
}
