// `--hand PATH.gguf [--hand-threads N]` for ask and eval: the model-backed Hand on a local GGUF. The runtime is
// created once per run, and every skill call is accounted per question (HandAccounting), so eval can write what
// the model cost next to each answer.
import { availableParallelism } from 'node:os';
import type { MemoryGraph } from '../../engine/graph/memoryGraph.js';
import { HandAccounting } from '../../engine/qa/hand/accounting.js';
import type { AlgorithmicHand } from '../../engine/qa/hand/algorithmicHand.js';
import type { Hand } from '../../engine/core/handSkills.js';
import { createLlmHand } from '../../engine/qa/hand/llm/llmHand.js';
import { HandRuntime } from '../../engine/llm/handRuntime.js';
import { HandRuntimeError } from '../../engine/llm/handRuntimeError.js';
import type { LoadedModelInfo } from '../../engine/llm/handTypes.js';
import { isModelFileError } from '../../engine/llm/modelFileError.js';
import type { EntityNameIndex } from '../../engine/qa/stages/entityNameIndex.js';
import { CliError } from '../command.js';

export const HAND_FLAG_OPTIONS = {
  hand: { type: 'string' },
  'hand-threads': { type: 'string' },
} as const;

export interface HandFlagValues {
  hand?: string;
  'hand-threads'?: string;
}

export function parseHandThreads(value: string | undefined): number {
  // llama.cpp's own default (at least 4 threads) oversubscribes small machines; one per available core does not.
  if (value === undefined) return availableParallelism();
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new CliError(`--hand-threads must be a positive integer, not "${value}"`);
  return n;
}

/** A runtime with `path` loaded; a missing, truncated or foreign file is a one-line CliError, not a stack trace. */
export async function loadHandRuntime(flag: string, path: string, threads: number): Promise<{ runtime: HandRuntime; info: LoadedModelInfo }> {
  let runtime: HandRuntime | undefined;
  try {
    runtime = await HandRuntime.create({ threads });
    const info = await runtime.load(path);
    return { runtime, info };
  } catch (e) {
    await runtime?.dispose().catch(() => undefined);
    if (isModelFileError(e) || e instanceof HandRuntimeError) throw new CliError(`${flag} ${path}: ${e.message}`);
    throw e;
  }
}

export interface CliHand {
  path: string;
  runtime: HandRuntime;
  info: LoadedModelInfo;
  accounting: HandAccounting;
  /** createQaEngine's `hand` option for `graph`: the model Hand over the engine's algorithmic Hand and name index. */
  handFor(graph: MemoryGraph): (algorithmic: AlgorithmicHand, index: EntityNameIndex) => Hand;
  dispose(): Promise<void>;
}

/** --hand-threads sets the threads of every local model of the run: the Hand's and --brain local's. */
export function checkHandThreadsUse(values: HandFlagValues & { brain?: string }): void {
  if (values['hand-threads'] !== undefined && values.hand === undefined && values.brain !== 'local')
    throw new CliError('--hand-threads needs --hand PATH.gguf (or --brain local)');
}

export async function openHand(values: HandFlagValues): Promise<CliHand | undefined> {
  const threads = parseHandThreads(values['hand-threads']);
  if (values.hand === undefined) return undefined;
  const path = values.hand;
  const { runtime, info } = await loadHandRuntime('--hand', path, threads);
  const accounting = new HandAccounting();
  return {
    path,
    runtime,
    info,
    accounting,
    handFor: (graph) => (algorithmic, index) => createLlmHand({ runtime, fallback: algorithmic, graph, accounting, options: { index } }),
    dispose: () => runtime.dispose(),
  };
}
