// What every handler may use: the graph library, the event hub, running jobs, the services and the face's options.
import type { ReasoningTreeSummary } from '../../common/answerTypes.js';
import type { Channel, ParsedRequestOf, Responses } from '../../common/contract.js';
import type { GraphLibrary } from '../import/graphLibrary.js';
import type { BrainService } from './brainService.js';
import type { MemoryService } from './memoryService.js';
import type { QuestionHistory } from './questionHistory.js';
import type { EventHub } from './eventHub.js';
import type { GraspService } from './graspService.js';
import type { HandService } from './handService.js';
import type { ImportJobs } from './importJobs.js';
import type { ImportPathPolicy } from './importPaths.js';

/** Live progress of one question (the reasoning tree as it grows), and the analyst's cancel. */
export interface AskProgress {
  onTreeUpdate?: (tree: ReasoningTreeSummary) => void;
  /** Aborted by qa.cancel: the question stops at its next stage, a Brain call waiting for approval is withdrawn. */
  signal?: AbortSignal;
}

export type AskFunction = (request: ParsedRequestOf<'qa.ask'>, progress?: AskProgress) => Promise<Responses['qa.ask']>;

/** What the face running the engine tells it: where its resources are, its version and transport, its file picker. */
export interface FaceOptions {
  /** Folder holding demo/hospital-network.txt and the other bundled resources. */
  resourcesDir: string;
  version: string;
  transport: 'electron' | 'host';
  /** A native file picker (the Electron shell); without one dialog.openFile answers { path: null }. */
  openFile?: (kind: 'triples' | 'model') => Promise<string | null>;
  /** Folders graph.import may read beside the data, home and resources folders (tests, e2e scratch folders). */
  importRoots?: string[];
}

export interface EngineContext {
  /** The face's options, the data dir, and the question pipeline (qa.ask answers not_available without one). */
  options: FaceOptions & { dataDir: string; ask?: AskFunction };
  library: GraphLibrary;
  events: EventHub;
  jobs: ImportJobs;
  /** Which files graph.import may read (confined folders, or picked by the analyst). */
  importPaths: ImportPathPolicy;
  hand: HandService;
  brain: BrainService;
  memory: MemoryService;
  grasp: GraspService;
  /** Questions asked per graph (qa.ask appends; history.* lists, searches, deletes). */
  history: QuestionHistory;
  /** Named questions in flight, by questionId: qa.cancel aborts one. */
  inFlight: Map<string, AbortController>;
}

export type Handler<C extends Channel> = (request: ParsedRequestOf<C>, ctx: EngineContext) => Promise<Responses[C]>;
export type HandlerGroup<C extends Channel> = { [K in C]: Handler<K> };
