// `--brain none|local|openai --brain-url URL --brain-model NAME --approve all|none|ask --brain-policy
// always|when-unsure` for ask and eval: the Brain run handed to assemble() (settings from the flags instead of the
// saved settings file, the terminal prompt or a fixed answer as approver, the API key from the environment). The
// app's Brain service then gives every question a fresh counter and Brain step, so approval ("approve all") and
// the calls/denied/tokens tally never leak from one question into the next, and applies the one rule for an
// exposure ledger or audit log that cannot be opened: no call is made, the question is answered locally.
import type { AssembleOptions, Assembly } from '../../engine/app/assemble.js';
import { EnvBrainKeyStore } from '../../engine/app/brainKeyStore.js';
import type { BrainRun } from '../../engine/app/brainService.js';
import { APPROVE_MODES, AutoApprover, BRAIN_KEY_ENV, BRAIN_KINDS, PromptApprover } from '../../engine/app/runInputs.js';
import type { BrainPolicySetting } from '../../common/brainContract.js';
import { CliError, type CliContext } from '../command.js';
import { loadModelFlag } from './handFlags.js';

export const BRAIN_FLAG_OPTIONS = {
  brain: { type: 'string' },
  'brain-url': { type: 'string' },
  'brain-model': { type: 'string' },
  approve: { type: 'string' },
  'brain-policy': { type: 'string' },
} as const;

export interface BrainFlagValues {
  brain?: string;
  'brain-url'?: string;
  'brain-model'?: string;
  approve?: string;
  'brain-policy'?: string;
}

export const BRAIN_USAGE = '[--brain none|local|openai] [--brain-url URL] [--brain-model NAME] [--approve all|none|ask] [--brain-policy always|when-unsure]';

/** Model name sent to an OpenAI-compatible endpoint when --brain-model is not given (also picks the tokenizer). */
export const DEFAULT_REMOTE_MODEL = 'gpt-4o-mini';

export function parseBrainPolicy(value: string | undefined): BrainPolicySetting {
  if (value === undefined || value === 'when-unsure') return 'whenUnsure';
  if (value === 'always') return 'always';
  throw new CliError(`--brain-policy must be "always" or "when-unsure", not "${value}"`);
}

const isGguf = (p: string | undefined): p is string => !!p && p.toLowerCase().endsWith('.gguf');

/** The model --brain local runs: --brain-model PATH.gguf, else the Hand's. */
function localModelPath(values: BrainFlagValues & { hand?: string }): string | undefined {
  return isGguf(values['brain-model']) ? values['brain-model'] : values.hand;
}

/** True when --brain local runs a model of its own (not the one --hand loads). */
function ownLocalModel(values: BrainFlagValues & { hand?: string }): boolean {
  return values.brain === 'local' && localModelPath(values) !== undefined && localModelPath(values) !== values.hand;
}

/**
 * assemble()'s Brain (and, for a local Brain with a model of its own, the second model's service) for these flags.
 * Not validated here: checkBrainFlags refuses bad combinations before any question is asked.
 */
export function brainParts(values: BrainFlagValues & { hand?: string }, ctx: CliContext, handThreads: number): Pick<AssembleOptions, 'brain' | 'brainModel'> {
  const kind = values.brain ?? 'none';
  const approval = values.approve ?? 'ask';
  const policy: BrainPolicySetting = values['brain-policy'] === 'always' ? 'always' : 'whenUnsure';
  const settings: BrainRun['settings'] =
    kind === 'openai'
      ? { mode: 'openai', ...(values['brain-url'] ? { url: values['brain-url'] } : {}), model: values['brain-model'] ?? DEFAULT_REMOTE_MODEL, policy }
      : kind === 'local'
        ? { mode: 'local', ...(localModelPath(values) ? { model: localModelPath(values) } : {}), policy }
        : kind === 'drm'
          ? { mode: 'drm', policy } // the DRM stand-in, ranking locally from the payload (no network)
          : { mode: 'none', policy };
  // The terminal answers --approve ask (reading stdin, writing the report to stderr); all / none answer themselves.
  const approver = approval === 'all' || approval === 'none' ? new AutoApprover(approval) : new PromptApprover(process.stdin, ctx.stderr);
  return {
    brain: { keyStore: new EnvBrainKeyStore(), run: { settings, approver, approval } },
    ...(ownLocalModel(values) ? { brainModel: { threads: handThreads } } : {}),
  };
}

/** Refuses flag combinations that cannot work, with one clear line (exit code 2). */
export function checkBrainFlags(values: BrainFlagValues & { hand?: string }, command: 'ask' | 'eval'): void {
  const kind = values.brain ?? 'none';
  if (!(BRAIN_KINDS as readonly string[]).includes(kind)) throw new CliError(`--brain must be one of none, local, openai (got "${kind}")`);
  if (values.approve !== undefined && !(APPROVE_MODES as readonly string[]).includes(values.approve))
    throw new CliError(`--approve must be one of ${APPROVE_MODES.join(', ')} (got "${values.approve}")`);
  if (values['brain-url'] !== undefined && kind !== 'openai') throw new CliError('--brain-url is only used with --brain openai');
  if (kind === 'none' && values['brain-model'] !== undefined) throw new CliError('--brain-model needs --brain local or --brain openai');
  if (kind === 'openai') {
    if (!values['brain-url']) throw new CliError('--brain openai needs --brain-url URL (an OpenAI-compatible endpoint, e.g. https://api.openai.com/v1)');
    if (!process.env[BRAIN_KEY_ENV]?.trim()) throw new CliError(`--brain openai reads its API key from ${BRAIN_KEY_ENV}, which is not set`);
    // Without a terminal nobody can answer the prompt, and an eval that silently denies every call measures nothing.
    if (command === 'eval' && (values.approve ?? 'ask') === 'ask' && !process.stdin.isTTY)
      throw new CliError('--approve ask needs a terminal to answer in; for a non-interactive eval use --approve all or --approve none');
  }
  if (kind === 'local' && !isGguf(values['brain-model']) && !values.hand)
    throw new CliError('--brain local runs a local model: give --hand PATH.gguf or --brain-model PATH.gguf');
  parseBrainPolicy(values['brain-policy']);
}

/** Loads the local Brain's own model (--brain local --brain-model PATH.gguf other than --hand); a bad file is one line. */
export async function loadBrainModel(parts: Assembly, values: BrainFlagValues & { hand?: string }): Promise<void> {
  const path = localModelPath(values);
  if (parts.brainModel && path !== undefined) await loadModelFlag(parts.brainModel, '--brain-model', path);
}

/** Whether the flags ask for a Brain at all (the Brain lines and fields are shown only then). */
export function usesBrain(values: BrainFlagValues): boolean {
  return values.brain !== undefined && values.brain !== 'none';
}
