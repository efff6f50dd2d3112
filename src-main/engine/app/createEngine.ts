// The engine as one object: dispatch(channel, request) for every contract channel, typed events,
// the first-launch demo import, and close(). Shared by the Electron shell and the headless host.
import type { Envelope, EventName } from '../../common/contract.js';
import { GraphLibrary } from '../import/graphLibrary.js';
import { appHandlers } from './appHandlers.js';
import { brainHandlers } from './brainHandlers.js';
import { memoryHandlers } from './memoryHandlers.js';
import { MemoryService } from './memoryService.js';
import { BrainService } from './brainService.js';
import { importDemoIfEmpty } from './demoGraph.js';
import { createDispatch, type HandlerTable } from './dispatch.js';
import type { EngineContext, EngineOptions } from './engineContext.js';
import { EventHub, type EventListener } from './eventHub.js';
import { graspHandlers } from './graspHandlers.js';
import { GraspService } from './graspService.js';
import { HandService } from './handService.js';
import { graphHandlers } from './graphHandlers.js';
import { importHandlers } from './importHandlers.js';
import { ImportJobs } from './importJobs.js';
import { modelHandlers } from './modelHandlers.js';
import { qaHandlers } from './qaHandlers.js';

export type { AskFunction, EngineOptions } from './engineContext.js';

export interface Engine {
  dispatch(channel: string, rawRequest: unknown): Promise<Envelope<unknown>>;
  on<E extends EventName>(event: E, listener: EventListener<E>): () => void;
  /** Imports the bundled demo graph when the data dir holds no graphs; safe to call repeatedly. */
  ensureDemoGraph(): Promise<void>;
  close(): Promise<void>;
}

const handlers: HandlerTable = { ...appHandlers, ...graphHandlers, ...importHandlers, ...qaHandlers, ...modelHandlers, ...brainHandlers, ...memoryHandlers, ...graspHandlers };

export function createEngine(options: EngineOptions): Engine {
  const library = options.library ?? new GraphLibrary(options.dataDir);
  const ctx: EngineContext = {
    options,
    library,
    events: new EventHub(),
    jobs: new ImportJobs(),
    hand: options.hand ?? new HandService({ dataDir: options.dataDir }),
    brain: options.brain ?? new BrainService({ dataDir: options.dataDir }),
    memory: options.memory ?? new MemoryService({ dataDir: options.dataDir }),
    grasp: options.grasp ?? new GraspService({ dataDir: options.dataDir, library }),
  };
  // A local Brain is the loaded Hand; remote calls wait for the analyst, who hears of them through events.
  ctx.brain.attachLocalGenerator(() => ctx.hand.currentRuntime);
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
      ctx.events.clear();
      await ctx.hand.close();
      await ctx.library.close();
    },
  };
}
