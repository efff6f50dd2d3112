// The one place the engine's object graph is built, from one options object, for every face: the Electron shell and
// the headless host (engineOf(assemble(…)) serves it over the contract), the CLI's ask and eval (which answer
// through its ask service), and the benchmarks that run the whole pipeline. What differs between them comes in as
// options: the shell's safeStorage key stores, the host's injected ask, the CLI's Brain run (settings from flags,
// the terminal prompt or --approve all / none, the key from the environment), --memory DIR, a benchmark's
// in-memory graphs, word vectors, engine tuning and held selectors.
//
//   library (GraphLibrary over <data>/graphs)      graphs for questions: the library, or a GraphSource
//   drm()   (GloVe by default, loaded once)         shared by the ask service, GraSP training, the DRM stand-in Brain
//   hand    (HandService: model files, runtime)     its loaded model is the Hand, and the local Brain's generator
//   brainModel (a second HandService, optional)     the local Brain's own model when it is not the Hand's
//   brain   (BrainService: settings or run, approver, exposure ledger, audit log)
//   memory  (MemoryService, or none)                experience memory of every question
//   grasp   (GraspService)                          selector status and training jobs
//   asks    (AskService)                            qa.ask for the app, run() for the CLI and benchmarks
import { loadGloveDrm } from '../drm/gloveDrm.js';
import { GraphLibrary } from '../import/graphLibrary.js';
import type { ConsoleChildLauncher } from '../graph/consoleChild.js';
import type { Drm } from '../core/types.js';
import { createAskService, type AskService, type GraphSource, type HeldSelectors, type QaTuning } from './askService.js';
import { BrainService, type BrainServiceOptions } from './brainService.js';
import type { AskFunction } from './engineContext.js';
import { GraspService, isSyncDrm, type GraspDrm, type GraspServiceOptions } from './graspService.js';
import { HandService, type HandServiceOptions } from './handService.js';
import { MemoryService, type MemoryServiceOptions } from './memoryService.js';
import type { DownloadRecord } from '../llm/modelManager.js';

export type { ConsoleChild, ConsoleChildLauncher } from '../graph/consoleChild.js';

export interface AssembleOptions {
  dataDir: string;
  /** A library the caller already holds; default one over dataDir. Closed by close(). */
  library?: GraphLibrary;
  /** How the Cypher console starts its child, for the default library (the Electron shell: a utility process). */
  consoleLauncher?: ConsoleChildLauncher;
  /** Where questions' graphs come from; default the library (benchmarks hand in graphs parsed straight into memory). */
  graphs?: GraphSource;
  /** The word vectors every part shares; default the bundled GloVe vectors. Loaded on first use, once. */
  loadDrm?: () => Promise<Drm>;
  /** The Hand: one the caller holds, or options for a new one over dataDir (threads, runtime factory). */
  hand?: HandService | Omit<HandServiceOptions, 'dataDir'>;
  /** A second model for the local Brain (CLI --brain-model other than --hand); default the Hand's runtime. */
  brainModel?: Omit<HandServiceOptions, 'dataDir'>;
  /** The Brain: one the caller holds, or options for a new one over dataDir (key store, a run, approval timeout). */
  brain?: BrainService | Omit<BrainServiceOptions, 'dataDir'>;
  /** The experience memory: one the caller holds, options for one (its folder, key store), or null for none. */
  memory?: MemoryService | Omit<MemoryServiceOptions, 'dataDir'> | null;
  /** The selector's training service: one the caller holds, or options for one over dataDir and the library. */
  grasp?: GraspService | Omit<GraspServiceOptions, 'dataDir' | 'library'>;
  /** What every QA engine is built with beyond its parts (benchmarks: configuration, GraSP options, selection step). */
  qa?: QaTuning;
  /** GraSP selectors the caller holds (a benchmark trains one in memory), instead of the stored versions. */
  selectors?: HeldSelectors;
  /** qa.ask: the ask service over these parts (default), a stand-in (tests), or false for none (not_available). */
  ask?: AskFunction | false;
}

export interface Assembly {
  readonly dataDir: string;
  readonly library: GraphLibrary;
  /** The shared word vectors (a failed load is retried on the next call). */
  drm(): Promise<Drm>;
  readonly hand: HandService;
  /** The local Brain's own model, when one was asked for; the caller loads it (brainModel.load). */
  readonly brainModel?: HandService;
  readonly brain: BrainService;
  /** Undefined when the options said memory: null. */
  readonly memory?: MemoryService;
  readonly grasp: GraspService;
  /** Undefined when ask was injected or turned off. */
  readonly asks?: AskService;
  /** What qa.ask runs: the ask service's ask, the injected one, or none. */
  readonly ask?: AskFunction;
  /** Closes every part (those the caller handed in too): jobs, Brain approvals, memory, models, the library. */
  close(): Promise<void>;
}

export function assemble(options: AssembleOptions): Assembly {
  const { dataDir } = options;
  const library = options.library ?? new GraphLibrary(dataDir, options.consoleLauncher ? { consoleLauncher: options.consoleLauncher } : {});
  let drmLoad: Promise<Drm> | undefined;
  const load = options.loadDrm ?? (() => loadGloveDrm());
  const drm = (): Promise<Drm> =>
    (drmLoad ??= load().catch((e: unknown) => {
      drmLoad = undefined;
      throw e;
    }));
  const graspDrm = async (): Promise<GraspDrm> => {
    const d = await drm();
    if (!isSyncDrm(d)) throw new Error('the GraSP selector needs word vectors that embed synchronously');
    return d;
  };

  const brain = options.brain instanceof BrainService ? options.brain : new BrainService({ dataDir, ...options.brain });
  // Model downloads are recorded in the same audit log as Brain calls: everything that comes in over the network.
  const recordDownload = (event: DownloadRecord): Promise<void> => brain.recordDownload(event);
  const hand = options.hand instanceof HandService ? options.hand : new HandService({ dataDir, recordDownload, ...options.hand });
  const brainModel = options.brainModel ? new HandService({ dataDir, developmentModelsDir: null, recordDownload, ...options.brainModel }) : undefined;
  const memory =
    options.memory === null ? undefined : options.memory instanceof MemoryService ? options.memory : new MemoryService({ dataDir, ...options.memory });
  const grasp = options.grasp instanceof GraspService ? options.grasp : new GraspService({ dataDir, library, loadDrm: graspDrm, ...options.grasp });
  // A local Brain is the loaded Hand (or its own model); the DRM stand-in ranks with the shared word vectors.
  brain.attachLocalGenerator(() => (brainModel ?? hand).currentRuntime);
  brain.attachDrm(drm);

  const asks =
    options.ask === undefined
      ? createAskService({ library: options.graphs ?? library, loadDrm: drm, brain, ...(memory ? { memory } : {}), hand, ...(options.qa ? { qa: options.qa } : {}), ...(options.selectors ? { selectors: options.selectors } : {}) })
      : undefined;
  const ask = asks ? asks.ask : options.ask || undefined;

  let closing: Promise<void> | undefined;
  return {
    dataDir,
    library,
    drm,
    hand,
    ...(brainModel ? { brainModel } : {}),
    brain,
    ...(memory ? { memory } : {}),
    grasp,
    ...(asks ? { asks } : {}),
    ...(ask ? { ask } : {}),
    close: () =>
      (closing ??= (async () => {
        // Training jobs stop between steps; pending Brain calls are denied, so their questions finish locally.
        await grasp.close();
        brain.close();
        await memory?.close();
        await hand.close();
        await brainModel?.close();
        await library.close();
      })()),
  };
}
