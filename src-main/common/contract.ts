// The one IPC contract: channels with their request schemas and response types, and the events main pushes.
// Imported by the engine's dispatcher, the Electron shell, the preload, the headless host and the renderer.
// Requests are validated in the engine with these schemas; responses are typed only (they come from us).
import { z } from 'zod';
import type { AskResult, ReasoningTreeSummary } from './answerTypes.js';
import type {
  Entity,
  GraphInfo,
  GraphStats,
  ImportProgress,
  ImportResult,
  InversePair,
  Neighborhood,
} from './graphTypes.js';
import type { CypherResult } from './cypherTypes.js';
import type { ExposureTable } from './exposureTableTypes.js';
import { uiSettingsPatchSchema, type UiSettings } from './uiSettings.js';
// --- The Hand (models and runtime): channels, events and error codes live in handContract.ts. ---
import { HAND_EVENT_NAMES, handRequestSchemas, type HandErrorCode, type HandEvents, type HandResponses } from './handContract.js';
// --- The Brain (settings, approvals, exposure ledger, audit): channels and events live in brainContract.ts. ---
import { BRAIN_EVENT_NAMES, brainRequestSchemas, type BrainEvents, type BrainResponses } from './brainContract.js';
// --- The experience memory (browser: list, delete, audit): channels live in memoryContract.ts. ---
import { memoryRequestSchemas, type MemoryResponses } from './memoryContract.js';
// --- The topology-aware selector (GraSP: status, training jobs, progress): channels and events live in graspContract.ts. ---
import {
  GRASP_EVENT_NAMES,
  graspRequestSchemas,
  SELECTOR_KINDS,
  type GraspErrorCode,
  type GraspEvents,
  type GraspResponses,
  type SelectorUse,
} from './graspContract.js';
import { graphName } from './graphName.js';
// --- The question history (list, search, delete): channels live in historyContract.ts. ---
import { historyRequestSchemas, type HistoryResponses } from './historyContract.js';

/** Graph names as the library accepts them (folder names on disk); defined in graphName.ts so every block shares it. */
export { graphName };

export const requestSchemas = {
  'app.info': z.object({}).strict(),
  /** `kind` picks the dialog's file filters (triples by default; 'model' for GGUF files). */
  'dialog.openFile': z.object({ kind: z.enum(['triples', 'model']).optional() }).strict(),
  'graph.list': z.object({}).strict(),
  'graph.stats': z.object({ graph: graphName }).strict(),
  'graph.search': z
    .object({ graph: graphName, query: z.string().min(1).max(500), limit: z.number().int().min(1).max(200).default(20) })
    .strict(),
  'graph.neighbors': z
    .object({
      graph: graphName,
      entity: z.string().min(1).max(4000),
      capPerRelation: z.number().int().min(1).max(1000).default(12),
    })
    .strict(),
  'graph.import': z
    .object({
      /** Chosen by the client, so it can match progress events and cancel. */
      jobId: z.string().min(1).max(100),
      graph: graphName,
      /** A path on the machine that runs the engine. */
      file: z.string().min(1).max(4000),
      format: z.enum(['tsv', 'csv', 'nt', 'ttl']).optional(),
      lenient: z.boolean().default(false),
      replace: z.boolean().default(false),
      csv: z
        .object({
          head: z.string().min(1),
          relation: z.string().min(1),
          tail: z.string().min(1),
          headType: z.string().optional(),
          tailType: z.string().optional(),
          delimiter: z.string().max(1).optional(),
        })
        .strict()
        .optional(),
    })
    .strict(),
  /** One read-only Cypher query on the graph's Kuzu database (the explorer's console). */
  'graph.cypher': z
    .object({
      graph: graphName,
      query: z.string().min(1).max(20_000),
      maxRows: z.number().int().min(1).max(5000).default(200),
      timeoutMs: z.number().int().min(100).max(120_000).default(10_000),
    })
    .strict(),
  /** Relations whose facts mirror each other (detected from the data), so the explorer shows each fact once. */
  'graph.inversePairs': z.object({ graph: graphName }).strict(),
  /** The entities of highest degree (literals left out unless asked). */
  'graph.mostConnected': z
    .object({ graph: graphName, limit: z.number().int().min(1).max(500).default(25), literals: z.boolean().default(false) })
    .strict(),
  /** The exposure table of one graph: its entities and the relation labels a Brain has seen (names joined locally). */
  'exposure.entities': z.object({ graph: graphName }).strict(),
  /** Display preferences (theme), kept in the data folder. */
  'ui.settings': z.object({}).strict(),
  'ui.saveSettings': uiSettingsPatchSchema,
  'graph.cancelImport': z.object({ jobId: z.string().min(1).max(100) }).strict(),
  'graph.delete': z.object({ graph: graphName }).strict(),
  /** A graph read from the user's own SPARQL 1.1 endpoint (nothing imported); the engine checks the URL and IRIs. */
  'graph.addSparql': z
    .object({
      graph: graphName,
      endpoint: z.string().min(1).max(2000),
      graphIri: z.string().min(1).max(2000).optional(),
      labelPredicate: z.string().min(1).max(2000).optional(),
      replace: z.boolean().default(false),
    })
    .strict(),
  'qa.ask': z
    .object({
      graph: graphName,
      question: z.string().min(1).max(2000),
      dMax: z.number().int().min(1).max(5).optional(),
      relations: z.enum(['labels', 'clustered']).optional(),
      /** Chosen by the client, so it can match qa.treeUpdate events to this question. */
      questionId: z.string().min(1).max(100).optional(),
      /** 'path' (default): relation-path search alone; 'grasp': plus the graph's newest trained selector. */
      selector: z.enum(SELECTOR_KINDS).optional(),
      /** 'always': ask the configured Brain for this question even when the local answer is sure (still through approval). */
      brainPolicy: z.enum(['always']).optional(),
    })
    .strict(),
  /** Cancels a question in flight (the questionId its qa.ask carried); it answers with the error code 'cancelled'. */
  'qa.cancel': z.object({ questionId: z.string().min(1).max(100) }).strict(),
  // --- The Hand (models and runtime) ---
  ...handRequestSchemas,
  // --- The Brain (settings, approvals, exposure, audit) ---
  ...brainRequestSchemas,
  // --- The experience memory (list, delete, audit) ---
  ...memoryRequestSchemas,
  // --- The topology-aware selector (status, train, cancel) ---
  ...graspRequestSchemas,
  // --- The question history ---
  ...historyRequestSchemas,
} as const;

export type Channel = keyof typeof requestSchemas;

export interface AppInfo {
  version: string;
  dataDir: string;
  transport: 'electron' | 'host';
  /** Name of the bundled demo graph, imported on first launch. */
  demoGraph: string;
  /** Path of the bundled demo triples file (for the import dialog's shortcut). */
  demoFile: string;
}

export interface Responses extends HandResponses, BrainResponses, MemoryResponses, GraspResponses, HistoryResponses {
  'app.info': AppInfo;
  'dialog.openFile': { path: string | null };
  'graph.list': GraphInfo[];
  'graph.stats': GraphStats;
  'graph.search': Entity[];
  'graph.neighbors': Neighborhood;
  'graph.import': ImportResult;
  'graph.cancelImport': { cancelled: boolean };
  'graph.cypher': CypherResult;
  'graph.inversePairs': InversePair[];
  'graph.mostConnected': Entity[];
  'exposure.entities': ExposureTable;
  'ui.settings': UiSettings;
  'ui.saveSettings': UiSettings;
  'graph.delete': { deleted: boolean };
  'graph.addSparql': GraphInfo;
  /** `selector` says which selector answered (and, for GraSP, which model version). */
  'qa.ask': AskResult & { selector?: SelectorUse };
  'qa.cancel': { cancelled: boolean };
}

export type RequestOf<C extends Channel> = z.input<(typeof requestSchemas)[C]>;
export type ParsedRequestOf<C extends Channel> = z.output<(typeof requestSchemas)[C]>;

export interface Events extends HandEvents, BrainEvents, GraspEvents {
  'import.progress': { jobId: string; graph: string; progress: ImportProgress };
  'graph.changed': { graph: string };
  /** Live reasoning tree of a question in flight (anonymised: tokens, visible labels, counts). */
  'qa.treeUpdate': { questionId: string; graph: string; tree: ReasoningTreeSummary };
}
export type EventName = keyof Events;

export type ErrorCode =
  | 'invalid_request'
  | 'unknown_channel'
  | 'unknown_graph'
  | 'unknown_entity'
  | 'import_failed'
  | 'cancelled'
  | 'not_available'
  | 'query_refused'
  | 'query_failed'
  | 'internal'
  | HandErrorCode
  | GraspErrorCode;

export interface ApiErrorBody {
  code: ErrorCode;
  message: string;
  /** Validation issues or import line errors. */
  details?: unknown;
}

/** What crosses the wire for every call: a result or a typed error, never a thrown exception. */
export type Envelope<T> = { ok: true; value: T } | { ok: false; error: ApiErrorBody };

/** The object the preload exposes as window.ctrlg, and the headless transport implements the same way. */
export interface CtrlgBridge {
  invoke<C extends Channel>(channel: C, request: RequestOf<C>): Promise<Envelope<Responses[C]>>;
  on<E extends EventName>(event: E, listener: (payload: Events[E]) => void): () => void;
  /**
   * Electron only: the local path of a file dropped on the page (the browser host uploads instead). The path is then
   * imported like a typed one, confined to the allowed folders: a drop is not the trusted native dialog.
   */
  pathForFile?(file: File): string;
}

export const EVENT_NAMES: EventName[] = ['import.progress', 'graph.changed', 'qa.treeUpdate', ...HAND_EVENT_NAMES, ...BRAIN_EVENT_NAMES, ...GRASP_EVENT_NAMES];
export const CHANNELS = Object.keys(requestSchemas) as Channel[];
/** Electron ipc channel names carry a prefix so nothing else on ipcMain can collide with them. */
export const IPC_PREFIX = 'ctrlg:';
