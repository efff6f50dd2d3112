// qa.ask behind the engine: one QA engine per graph, built on first use and dropped when the graph changes.
// The DRM (word vectors) is shared by every graph and loaded once, lazily, so start-up and the channels that never
// ask a question do not pay for it.
import type { AskResult } from '../../common/answerTypes.js';
import type { ParsedRequestOf } from '../../common/contract.js';
import { loadGloveDrm } from '../drm/gloveDrm.js';
import type { GraphLibrary } from '../graph/graphLibrary.js';
import type { MemoryGraph } from '../graph/memoryGraph.js';
import { createQaEngine, EmptyGraphError, EmptyQuestionError, type QaEngine } from '../pipeline/qaEngine.js';
import type { Drm } from '../pipeline/types.js';
import { ApiError } from './apiError.js';
import type { BrainService } from './brainService.js';
import type { MemoryService } from './memoryService.js';
import type { AskProgress } from './engineContext.js';

export interface AskServiceOptions {
  library: GraphLibrary;
  /** The dense retrieval model; default the bundled GloVe vectors. */
  loadDrm?: () => Promise<Drm>;
  /** The engine's Brain: each question gets its own Brain step from it (none configured: all local). */
  brain?: BrainService;
  /** The experience memory: every graph's engine retrieves from and writes back to it (none: no memory). */
  memory?: MemoryService;
}

export interface AskService {
  ask(request: ParsedRequestOf<'qa.ask'>, progress?: AskProgress): Promise<AskResult>;
  /** Forget the graph's QA engine (after an import or delete); the next question rebuilds it. */
  invalidate(graph: string): void;
}

interface CachedEngine {
  /** The in-memory graph the engine was built over, to notice a graph the library has since reloaded. */
  graph: MemoryGraph;
  engine: Promise<QaEngine>;
}

export function createAskService({ library, loadDrm = () => loadGloveDrm(), brain, memory }: AskServiceOptions): AskService {
  let drm: Promise<Drm> | undefined;
  const engines = new Map<string, CachedEngine>();

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

  async function engineFor(name: string): Promise<QaEngine> {
    // Throws UnknownGraphError for a graph that does not exist, which dispatch maps to unknown_graph.
    const graph = await library.memoryGraph(name);
    const cached = engines.get(name);
    // The library hands out a new MemoryGraph after a re-import even if no graph.changed reached us.
    if (cached?.graph === graph) return cached.engine;
    const entry: CachedEngine = {
      graph,
      // A memory that cannot be opened (key missing, files damaged) leaves questions answerable without it.
      engine: Promise.all([sharedDrm(), memory?.store().catch(() => undefined)]).then(([d, store]) => createQaEngine({ graph, drm: d, ...(store ? { memory: { store } } : {}) })),
    };
    engines.set(name, entry);
    entry.engine.catch(() => {
      if (engines.get(name) === entry) engines.delete(name);
    });
    return entry.engine;
  }

  return {
    async ask({ graph, question, dMax, relations, questionId }, progress) {
      const engine = await engineFor(graph);
      const questionBrain = await brain?.forQuestion(questionId);
      try {
        const result = await engine.ask(question, {
          dMax,
          relations,
          ...(progress?.onTreeUpdate ? { onTreeUpdate: progress.onTreeUpdate } : {}),
          ...(questionBrain ? { brainStep: questionBrain.step, brainPolicy: questionBrain.policy } : {}),
        });
        return questionBrain ? { ...result, brain: questionBrain.tally() } : result;
      } catch (err) {
        // The pipeline's own refusals are the user's to fix, not internal failures.
        if (err instanceof EmptyQuestionError) throw new ApiError('invalid_request', err.message);
        if (err instanceof EmptyGraphError) throw new ApiError('not_available', err.message, { graph });
        throw err;
      }
    },
    invalidate(graph) {
      engines.delete(graph);
    },
  };
}
