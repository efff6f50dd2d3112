// `--brain none|local|openai --brain-url URL --brain-model NAME --approve all|none|ask --brain-policy
// always|when-unsure` for ask and eval: one Brain (and, when it leaves the machine, the exposure ledger and the
// audit log) per run; per question a fresh BrainCallCounter and controller Brain step, so approval ("approve all")
// and the calls/denied/tokens tally never leak from one question into the next.
import { randomUUID } from 'node:crypto';
import type { LedgerSummary } from '../../common/brainTypes.js';
import { AuditLog } from '../../engine/egress/audit/auditLog.js';
import { defaultAuditPath } from '../../engine/egress/audit/auditPaths.js';
import type { JsonGenerator } from '../../engine/egress/brain/localModelBrain.js';
import { BrainCallCounter } from '../../engine/egress/brain/brainCallCounter.js';
import { BrainConfigError } from '../../engine/egress/brain/brainErrors.js';
import type { BrainStepResult } from '../../engine/egress/brain/brainStep.js';
import { controllerBrainStep } from '../../engine/egress/brain/controllerBrainStep.js';
import { APPROVE_MODES, BRAIN_KINDS, createBrainFromOptions, type BrainSetup } from '../../engine/egress/brain/createBrainFromOptions.js';
import { BRAIN_KEY_ENV, EnvKeyProvider } from '../../engine/egress/brain/keyProvider.js';
import type { BrainPolicy, BrainStep } from '../../engine/core/brainStep.js';
import type { SelectionStep } from '../../engine/core/selectionStep.js';
import { selectionBrainStep } from '../../engine/egress/brain/selectionBrainStep.js';
import { analysisBrainStep } from '../../engine/egress/brain/analysisBrainStep.js';
import type { AnalysisStep } from '../../engine/core/analysisStep.js';
import { ExposureLedger } from '../../engine/egress/exposure/exposureLedger.js';
import { FileKeyStore } from '../../engine/node/fileKeyStore.js';
import { ledgerPaths } from '../../engine/egress/exposure/ledgerPaths.js';
import type { Drm } from '../../engine/core/types.js';
import { CliError, type CliContext } from '../command.js';
import { loadHandRuntime } from './handFlags.js';

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

export function parseBrainPolicy(value: string | undefined): BrainPolicy {
  if (value === undefined || value === 'when-unsure') return 'whenUnsure';
  if (value === 'always') return 'always';
  throw new CliError(`--brain-policy must be "always" or "when-unsure", not "${value}"`);
}

/** One question's Brain state: its counter, the step the controller calls, and what each call ended as. */
export interface BrainQuestion {
  counter: BrainCallCounter;
  brainStep?: BrainStep;
  /** Two-stage answering through the same Brain (used when the GraSP selector runs). */
  selectionStep?: SelectionStep;
  /** Planning through the same Brain, asked when the local reading is unsure. */
  analysisStep?: AnalysisStep;
  results: BrainStepResult[];
}

export interface CliBrain {
  /** One line for the user: which Brain, where, and how calls are approved. */
  describe: string;
  /** True when calls leave the machine (ledger and audit are open). */
  remote: boolean;
  policy: BrainPolicy;
  /** The Brain's model name (payload token counts use its encoding); undefined without a Brain. */
  model?: string;
  question(): BrainQuestion;
  /** The ledger's statistics (all sessions of this data dir); undefined unless the Brain leaves the machine. */
  exposure(): LedgerSummary | undefined;
  close(): Promise<void>;
}

export interface OpenBrainInput {
  command: 'ask' | 'eval';
  ctx: CliContext;
  drm: Drm;
  /** --hand: its path and loaded runtime, which --brain local shares when it names the same model. */
  hand?: { path: string; runtime: JsonGenerator };
  handThreads: number;
}

const isGguf = (p: string | undefined): p is string => !!p && p.toLowerCase().endsWith('.gguf');

function checkCombinations(values: BrainFlagValues, kind: string, command: 'ask' | 'eval', handPath: string | undefined): void {
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
  if (kind === 'local' && !isGguf(values['brain-model']) && !handPath)
    throw new CliError('--brain local runs a local model: give --hand PATH.gguf or --brain-model PATH.gguf');
}

export async function openBrain(values: BrainFlagValues, input: OpenBrainInput): Promise<CliBrain> {
  const kind = values.brain ?? 'none';
  checkCombinations(values, kind, input.command, input.hand?.path);
  const policy = parseBrainPolicy(values['brain-policy']);

  // --brain local: the Hand's runtime when it is the same model, else a runtime of its own.
  let generator: JsonGenerator | undefined;
  let localModelName: string | undefined;
  const owned: { dispose(): Promise<void> }[] = [];
  if (kind === 'local') {
    const path = isGguf(values['brain-model']) ? values['brain-model'] : input.hand!.path;
    localModelName = path;
    if (input.hand && input.hand.path === path) generator = input.hand.runtime;
    else {
      const { runtime } = await loadHandRuntime('--brain-model', path, input.handThreads);
      owned.push(runtime);
      generator = runtime;
    }
  }

  let setup: BrainSetup;
  try {
    setup = createBrainFromOptions({
      brain: kind,
      ...(values['brain-url'] ? { brainUrl: values['brain-url'] } : {}),
      brainModel: kind === 'openai' ? values['brain-model'] ?? DEFAULT_REMOTE_MODEL : values['brain-model'],
      approve: values.approve ?? 'ask',
      keyProvider: new EnvKeyProvider(),
      ...(generator ? { generator } : {}),
      ...(localModelName ? { localModelName } : {}),
      drm: input.drm,
      input: process.stdin,
      output: input.ctx.stderr,
    });
  } catch (e) {
    for (const o of owned) await o.dispose();
    if (e instanceof BrainConfigError) throw new CliError(e.message);
    throw e;
  }

  const brain = setup.brain;
  let ledger: ExposureLedger | undefined;
  let audit: AuditLog | undefined;
  const release = async (): Promise<void> => {
    setup.close();
    for (const o of owned) await o.dispose();
  };
  if (brain?.remote) {
    // Nothing may leave without being ledgered and audited: an unreadable ledger or broken log stops the run.
    try {
      const paths = ledgerPaths(input.ctx.dataDir);
      ledger = await ExposureLedger.open({ path: paths.ledger, keyStore: new FileKeyStore(paths.key) });
      audit = await AuditLog.open(defaultAuditPath(input.ctx.dataDir));
    } catch (e) {
      await release();
      throw new CliError((e as Error).message, 1);
    }
  }

  return {
    describe: setup.describe,
    remote: brain?.remote ?? false,
    policy,
    ...(brain ? { model: brain.model } : {}),
    question() {
      const questionId = randomUUID();
      const counter = new BrainCallCounter(questionId);
      const results: BrainStepResult[] = [];
      if (!brain) return { counter, results };
      const common = { brain, approver: setup.approver, counter, questionId, ...(ledger ? { ledger } : {}), ...(audit ? { audit } : {}) };
      const brainStep = controllerBrainStep({ ...common, onResult: (r) => results.push(r) });
      const selectionStep = selectionBrainStep({ ...common, onResult: (r) => results.push(r) });
      const analysisStep = analysisBrainStep({ ...common, onResult: (r) => results.push(r) });
      return { counter, brainStep, selectionStep, analysisStep, results };
    },
    exposure: () => ledger?.summary(),
    close: release,
  };
}
