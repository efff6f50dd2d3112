// What every handler may use: the graph library, the event hub, running jobs and the engine's options.
import type { ReasoningTreeSummary } from '../../common/answerTypes.js';
import type { Channel, ParsedRequestOf, Responses } from '../../common/contract.js';
import type { GraphLibrary } from '../import/graphLibrary.js';
import type { BrainService } from './brainService.js';
import type { MemoryService } from './memoryService.js';
import type { EventHub } from './eventHub.js';
import type { GraspService } from './graspService.js';
import type { HandService } from './handService.js';
import type { ImportJobs } from './importJobs.js';

/** Live progress of one question (the reasoning tree as it grows). */
export interface AskProgress {
  onTreeUpdate?: (tree: ReasoningTreeSummary) => void;
}

export type AskFunction = (request: ParsedRequestOf<'qa.ask'>, progress?: AskProgress) => Promise<Responses['qa.ask']>;

export interface EngineOptions {
  dataDir: string;
  /** Folder holding demo/hospital-network.txt and the other bundled resources. */
  resourcesDir: string;
  version: string;
  transport: 'electron' | 'host';
  /** The question pipeline; qa.ask answers not_available until one is injected. */
  ask?: AskFunction;
  /** A native file picker (the Electron shell); without one dialog.openFile answers { path: null }. */
  openFile?: (kind: 'triples' | 'model') => Promise<string | null>;
  /** A library the caller already holds (to share it with the ask service); default one over dataDir. engine.close() closes it. */
  library?: GraphLibrary;
  /** The Hand (model files + llama.cpp runtime) the caller already holds, to share it with the question pipeline; default one over dataDir. engine.close() closes it. */
  hand?: HandService;
  /** The Brain (settings, approvals, ledger, audit) the caller shares with its ask service; default one over dataDir. */
  brain?: BrainService;
  /** The experience memory (store under <data>/memory) the caller shares with its ask service; default one over dataDir. */
  memory?: MemoryService;
  /** The topology-aware selector's models and training jobs; default one over dataDir and the library. engine.close() cancels its jobs. */
  grasp?: GraspService;
}

export interface EngineContext {
  options: EngineOptions;
  library: GraphLibrary;
  events: EventHub;
  jobs: ImportJobs;
  hand: HandService;
  brain: BrainService;
  memory: MemoryService;
  grasp: GraspService;
}

export type Handler<C extends Channel> = (request: ParsedRequestOf<C>, ctx: EngineContext) => Promise<Responses[C]>;
export type HandlerGroup<C extends Channel> = { [K in C]: Handler<K> };
