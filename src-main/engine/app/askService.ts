// qa.ask behind the engine: one QA engine per graph, built on first use and dropped when the graph changes.
// The DRM (word vectors) is shared by every graph and loaded once, lazily, so start-up and the channels that never
// ask a question do not pay for it.
// With a generative model loaded in the engine's HandService, the engine's Hand is the model-backed one (the
// algorithmic Hand as its fallback); every result says which Hand answered and what each of its model calls cost.
// With selector 'grasp' the engine also gets the graph's newest trained GraSP selector (as `ctrlg ask --selector grasp`);
// engines are cached per graph and selector, and a GraSP engine is rebuilt when a newer model version is stored.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { AskHandCall, AskHandSummary, AskResult } from '../../common/answerTypes.js';
import type { ParsedRequestOf, Responses } from '../../common/contract.js';
import type { SelectorKind, SelectorUse } from '../../common/graspContract.js';
import { loadGloveDrm } from '../drm/gloveDrm.js';
import type { GraphLibrary } from '../import/graphLibrary.js';
import type { MemoryGraph } from '../graph/memoryGraph.js';
import type { AlgorithmicHand } from '../qa/hand/algorithmicHand.js';
import { createLlmHand } from '../qa/hand/llm/llmHand.js';
import type { EntityNameIndex } from '../qa/stages/entityNameIndex.js';
import { createQaEngine, EmptyGraphError, EmptyQuestionError, type QaEngine } from '../qa/qaEngine.js';
import type { Drm } from '../core/types.js';
import { ApiError } from './apiError.js';
import type { BrainService } from './brainService.js';
import type { ActiveHand, HandService } from './handService.js';
import type { MemoryService } from './memoryService.js';
import type { AskProgress } from './engineContext.js';
import { newestGraspVersion, openGraspSelector } from './graspService.js';
import { experienceMemory } from '../memory/memoryExperienceProvider.js';

export interface AskServiceOptions {
  library: GraphLibrary;
  /** The dense retrieval model; default the bundled GloVe vectors. */
  loadDrm?: () => Promise<Drm>;
  /** The engine's Brain: each question gets its own Brain step from it (none configured: all local). */
  brain?: BrainService;
  /** The experience memory: every graph's engine retrieves from and writes back to it (none: no memory). */
  memory?: MemoryService;
  /** The engine's Hand: its loaded model (if any) answers the skills, its accounting records them (none: algorithmic). */
  hand?: HandService;
}

export interface AskService {
  ask(request: ParsedRequestOf<'qa.ask'>, progress?: AskProgress): Promise<Responses['qa.ask']>;
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

const ALGORITHMIC = 'algorithmic';

export function createAskService({ library, loadDrm = () => loadGloveDrm(), brain, memory, hand }: AskServiceOptions): AskService {
  let drm: Promise<Drm> | undefined;
  const engines = new Map<string, CachedEngine>();
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

  async function engineFor(name: string, active: ActiveHand | null, kind: SelectorKind): Promise<CachedEngine> {
    // Throws UnknownGraphError for a graph that does not exist, which dispatch maps to unknown_graph.
    const graph = await library.memoryGraph(name);
    const handKey = active ? `model#${active.id}` : ALGORITHMIC;
    // The newest stored version decides; a cheap directory listing per question notices a model trained since.
    const version = kind === 'grasp' ? await newestGraspVersion(library.dataDir, name) : undefined;
    const selectorKey = version === undefined ? 'path' : `grasp@v${version}`;
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
      const grasp = version === undefined ? undefined : await openGraspSelector(library.dataDir, name, graph, d, version);
      const selector: SelectorUse = grasp ? { kind: 'grasp', version, matchesGraph: grasp.matches(graph) } : { kind: 'path' };
      return { engine: createQaEngine({ graph, drm: d, ...handFor, ...(store ? { memory: experienceMemory(store) } : {}), ...(grasp ? { grasp } : {}) }), selector };
    })();
    const entry: CachedEngine = { graph, handKey, selectorKey, engine };
    engines.set(cacheKey, entry);
    entry.engine.catch(() => {
      if (engines.get(cacheKey) === entry) engines.delete(cacheKey);
    });
    return entry;
  }

  return {
    async ask({ graph, question, dMax, relations, questionId, selector: kind = 'path' }, progress) {
      // Read once: the whole question runs on the Hand that was loaded when it started.
      const active = hand?.activeHand() ?? null;
      const { engine, selector } = await (await engineFor(graph, active, kind)).engine;
      const questionBrain = await brain?.forQuestion(questionId);
      const calls: AskHandCall[] = [];
      try {
        const run = () =>
          engine.ask(question, {
            dMax,
            relations,
            ...(progress?.onTreeUpdate ? { onTreeUpdate: progress.onTreeUpdate } : {}),
            ...(questionBrain ? { brainStep: questionBrain.step, brainPolicy: questionBrain.policy, brainModel: questionBrain.model } : {}),
            ...(questionBrain?.selection ? { selectionStep: questionBrain.selection } : {}),
            ...(questionBrain?.analysis ? { analysisStep: questionBrain.analysis } : {}),
          });
        let result: AskResult;
        if (active && hand) {
          // Counts the question in the running totals; its own calls come from `calls`, not the shared aggregate.
          hand.accounting.beginQuestion();
          result = await questionCalls.run(calls, run);
        } else {
          result = await run();
        }
        const withHand = { ...result, hand: handSummary(active?.fileName ?? ALGORITHMIC, calls), selector };
        return questionBrain ? { ...withHand, brain: questionBrain.tally() } : withHand;
      } catch (err) {
        // The pipeline's own refusals are the user's to fix, not internal failures.
        if (err instanceof EmptyQuestionError) throw new ApiError('invalid_request', err.message);
        if (err instanceof EmptyGraphError) throw new ApiError('not_available', err.message, { graph });
        throw err;
      }
    },
    invalidate(graph) {
      for (const key of [...engines.keys()]) if (key.slice(0, key.indexOf('\u0000')) === graph) engines.delete(key);
    },
  };
}

/** The question's Hand: its name, each model call, and the aggregate eval writes (`hand: {calls, tokens_in, …}`). */
function handSummary(name: string, calls: AskHandCall[]): AskHandSummary {
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
