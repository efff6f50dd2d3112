// The engine as one object: dispatch(channel, request) for every contract channel, typed events,
// the first-launch demo import, and close(). engineOf serves an assembly (assemble.ts builds the object graph) over
// the contract, for the Electron shell and the headless host; createEngine assembles and serves in one call.
import type { Envelope, EventName } from '../../common/contract.js';
import { appHandlers } from './appHandlers.js';
import { assemble, type AssembleOptions, type Assembly } from './assemble.js';
import { brainHandlers } from './brainHandlers.js';
import { memoryHandlers } from './memoryHandlers.js';
import { MemoryService } from './memoryService.js';
import { QuestionHistory } from './questionHistory.js';
import { historyHandlers } from './historyHandlers.js';
import { importDemoIfEmpty } from './demoGraph.js';
import { createDispatch, type HandlerTable } from './dispatch.js';
import type { EngineContext, FaceOptions } from './engineContext.js';
import { EventHub, type EventListener } from './eventHub.js';
import { graspHandlers } from './graspHandlers.js';
import { graphHandlers } from './graphHandlers.js';
import { uiHandlers } from './uiHandlers.js';
import { importHandlers } from './importHandlers.js';
import { sparqlHandlers } from './sparqlHandlers.js';
import { ImportJobs } from './importJobs.js';
import { ImportPathPolicy } from './importPaths.js';
import { modelHandlers } from './modelHandlers.js';
import { qaHandlers } from './qaHandlers.js';

export type { AskFunction, FaceOptions } from './engineContext.js';

/**
 * createEngine's options: the parts (as assemble takes them) and the face's. Without `ask`, qa.ask answers
 * not_available (tests of the other channels); the shell and the host use engineOf(assemble(…)) for the full pipeline.
 */
export type EngineOptions = AssembleOptions & FaceOptions;

export interface Engine {
  dispatch(channel: string, rawRequest: unknown): Promise<Envelope<unknown>>;
  on<E extends EventName>(event: E, listener: EventListener<E>): () => void;
  /** Imports the bundled demo graph when the data dir holds no graphs; safe to call repeatedly. */
  ensureDemoGraph(): Promise<void>;
  close(): Promise<void>;
}

const handlers: HandlerTable = { ...appHandlers, ...graphHandlers, ...importHandlers, ...sparqlHandlers, ...qaHandlers, ...modelHandlers, ...brainHandlers, ...memoryHandlers, ...graspHandlers, ...uiHandlers, ...historyHandlers };

/** An engine over the parts given (assembled here); qa.ask is `options.ask` or not_available. */
export function createEngine(options: EngineOptions): Engine {
  return engineOf(assemble({ ...options, ask: options.ask ?? false }), options);
}

/** The assembly served over the contract: handlers, events, the demo import; close() closes every part. */
export function engineOf(parts: Assembly, face: FaceOptions): Engine {
  const ctx: EngineContext = {
    options: { ...face, dataDir: parts.dataDir, ...(parts.ask ? { ask: parts.ask } : {}) },
    library: parts.library,
    events: new EventHub(),
    jobs: new ImportJobs(),
    importPaths: new ImportPathPolicy([parts.dataDir, face.resourcesDir, ...(face.importRoots ?? [])]),
    hand: parts.hand,
    brain: parts.brain,
    // Without a memory for questions the memory browser still reads <data>/memory.
    memory: parts.memory ?? new MemoryService({ dataDir: parts.dataDir }),
    grasp: parts.grasp,
    history: QuestionHistory.inDataDir(parts.dataDir),
    inFlight: new Map(),
  };
  // A question's engine is rebuilt after its graph was imported into or deleted.
  const offInvalidate = parts.asks ? ctx.events.on('graph.changed', ({ graph }) => parts.asks!.invalidate(graph)) : () => undefined;
  // Remote calls wait for the analyst, who hears of them through events.
  const offApprovals = ctx.brain.onApproval((n) =>
    n.type === 'requested'
      ? ctx.events.emit('brain.approvalRequested', n.request)
      : ctx.events.emit('brain.approvalResolved', { id: n.id, questionId: n.questionId, decision: n.decision }),
  );
  const offGrasp = ctx.grasp.onProgress((progress) => ctx.events.emit('grasp.progress', progress));
  const dispatch = createDispatch(handlers, ctx);
  // Concurrent callers (shell start-up and a renderer reload) share one demo import.
  let demo: Promise<void> | undefined;
  let closed = false;

  return {
    dispatch: (channel, rawRequest) =>
      closed
        ? Promise.resolve({ ok: false, error: { code: 'not_available', message: 'The engine is closed.' } })
        : dispatch(channel, rawRequest),
    on: (event, listener) => ctx.events.on(event, listener),
    ensureDemoGraph: () => {
      demo ??= importDemoIfEmpty(ctx)
        .then(() => undefined)
        .finally(() => {
          demo = undefined;
        });
      return demo;
    },
    close: async () => {
      if (closed) return;
      closed = true;
      ctx.jobs.cancelAll();
      // Training jobs stop between steps; nothing they had not stored yet is kept.
      await ctx.grasp.close();
      offGrasp();
      // Pending Brain calls are denied, so their questions finish locally instead of hanging.
      offApprovals();
      ctx.brain.close();
      await ctx.memory.close();
      await demo?.catch(() => undefined);
      offInvalidate();
      ctx.events.clear();
      // The Hand, the local Brain's model and the library (closing the parts above again is harmless).
      await parts.close();
    },
  };
}
