// CLI / host wiring in one call: `--brain none|local|openai|drm --brain-url URL --brain-model NAME
// --approve all|none|ask` → a Brain and an Approver. Remote mode stays off unless an endpoint and model are given.
import type { Drm } from '../../core/types.js';
import { AutoApprover, type Approver } from './approval.js';
import type { Brain } from './brain.js';
import { BrainConfigError } from './brainErrors.js';
import { BrainGateway } from './brainGateway.js';
import { DrmStandInBrain } from './drmStandInBrain.js';
import { EnvKeyProvider, type KeyProvider } from './keyProvider.js';
import { LocalModelBrain, type JsonGenerator } from './localModelBrain.js';
import { PromptApprover } from './promptApprover.js';
import { RemoteBrain } from './remoteBrain.js';
import { retryPolicyFromEnv, type RetryPolicy } from './retryPolicy.js';

export const BRAIN_KINDS = ['none', 'local', 'openai', 'drm'] as const;
export const APPROVE_MODES = ['all', 'none', 'ask'] as const;
export type BrainKind = (typeof BRAIN_KINDS)[number];
export type ApproveMode = (typeof APPROVE_MODES)[number];

export interface BrainOptions {
  brain?: string;
  brainUrl?: string;
  brainModel?: string;
  approve?: string;
  /** Defaults to env CTRLG_BRAIN_API_KEY. */
  keyProvider?: KeyProvider;
  /** --brain local: the loaded Hand runtime (or any JsonGenerator). */
  generator?: JsonGenerator;
  localModelName?: string;
  /** --brain drm: the DRM the stand-in ranks with. */
  drm?: Drm;
  /** --brain drm: go through approval, ledger and audit as a remote Brain would (benchmarks). */
  drmActsRemote?: boolean;
  /** Overrides the retry policy; the total deadline per call otherwise comes from CTRLG_BRAIN_DEADLINE_S (default 30 s). */
  retry?: Partial<RetryPolicy>;
  /** Terminal streams for --approve ask. */
  input?: NodeJS.ReadableStream;
  output?: NodeJS.WritableStream;
}

export interface BrainSetup {
  /** Undefined for --brain none: the pipeline stays all-local without a Brain step. */
  brain: Brain | undefined;
  approver: Approver;
  describe: string;
  /** Releases the terminal when --approve ask was used. */
  close(): void;
}

function oneOf<T extends string>(flag: string, value: string | undefined, allowed: readonly T[], fallback: T): T {
  if (value === undefined || value === '') return fallback;
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw new BrainConfigError(`${flag} must be one of ${allowed.join(', ')} (got "${value}")`);
}

export function createBrainFromOptions(options: BrainOptions): BrainSetup {
  const kind = oneOf('--brain', options.brain, BRAIN_KINDS, 'none');
  const approve = oneOf('--approve', options.approve, APPROVE_MODES, 'ask');
  let approver: Approver;
  let close = (): void => undefined;
  if (approve === 'ask') {
    const prompt = new PromptApprover(options.input, options.output);
    approver = prompt;
    close = () => prompt.close();
  } else approver = new AutoApprover(approve);

  let brain: Brain | undefined;
  switch (kind) {
    case 'none':
      brain = undefined;
      break;
    case 'openai': {
      if (!options.brainUrl) throw new BrainConfigError('--brain openai needs --brain-url URL (an OpenAI-compatible endpoint); remote mode stays off until one is set');
      if (!options.brainModel) throw new BrainConfigError('--brain openai needs --brain-model NAME');
      const gateway = new BrainGateway({
        baseURL: options.brainUrl,
        model: options.brainModel,
        keyProvider: options.keyProvider ?? new EnvKeyProvider(),
        retry: { ...retryPolicyFromEnv(), ...options.retry },
      });
      brain = new RemoteBrain(gateway);
      break;
    }
    case 'local':
      if (!options.generator) throw new BrainConfigError('--brain local needs a loaded local model (the Hand runtime)');
      brain = new LocalModelBrain(options.generator, options.localModelName);
      break;
    case 'drm':
      if (!options.drm) throw new BrainConfigError('--brain drm needs the DRM (word vectors) to be loaded');
      brain = new DrmStandInBrain(options.drm, { actAsRemote: options.drmActsRemote ?? false });
      break;
  }
  return { brain, approver, describe: describeBrainSetup(brain, approve), close };
}

/** One line for the user: which Brain, where, and how its calls are approved ("no Brain (all local)" without one). */
export function describeBrainSetup(brain: Brain | undefined, approve: string): string {
  return brain ? `${brain.kind} Brain ${brain.model}${brain.remote ? ` at ${brain.endpoint}, approval: ${approve}` : ' (no network)'}` : 'no Brain (all local)';
}
