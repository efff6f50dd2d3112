// The Brain behind one engine: its settings, the one QueuedApprover every question's calls wait in, the exposure
// ledger and the audit log. askService asks it for a per-question Brain step (its own counter, so "approve all"
// and the tally stay with that question); the brain.* / exposure.* / audit.* channels read and answer it.
// Edit previews: for each pending request we keep the payload it was computed from (mirrored through the same
// editPayload the approval loop uses), so a preview is the exact report the edited payload would get.
// A run (the CLI's ask and eval, benchmarks) fixes the Brain for its whole length instead: settings from its flags,
// one Brain for all its questions, and its own approver (the terminal prompt, or --approve all / none).
// The one rule for a ledger or audit log that cannot be opened, for the app and the CLI alike: a call that could
// not be recorded is never made; the question is still answered locally, and its Brain says why (notAsked, the
// note "Brain not asked: <reason>", and a fallback for each step that would have called).
import type { ExposureReportData } from '../../common/exposureReportTypes.js';
import { randomUUID } from 'node:crypto';
import type { AskBrainTally } from '../../common/answerTypes.js';
import type { BrainConfigView, EditPreview } from '../../common/brainContract.js';
import type { ApprovalDecision, ApprovalRequest, AuditVerifyResult, BrainPayload, ExposureReport, LedgerSummary, PayloadField } from '../../common/brainTypes.js';
import { AuditLog } from '../egress/audit/auditLog.js';
import { AuditLogMissingError } from '../egress/audit/auditErrors.js';
import { auditKeyStore, defaultAuditPath } from '../egress/audit/auditPaths.js';
import { auditHtml, auditJson, exportAudit } from '../egress/audit/exportAudit.js';
import { verifyAuditLog } from '../egress/audit/verifyAuditLog.js';
import type { Approver } from '../egress/brain/approval.js';
import type { Brain } from '../egress/brain/brain.js';
import { BrainCallCounter } from '../egress/brain/brainCallCounter.js';
import { BrainConfigError } from '../egress/brain/brainErrors.js';
import { controllerBrainStep } from '../egress/brain/controllerBrainStep.js';
import { selectionBrainStep } from '../egress/brain/selectionBrainStep.js';
import { analysisBrainStep } from '../egress/brain/analysisBrainStep.js';
import type { AnalysisStep } from '../core/analysisStep.js';
import { createBrainFromOptions, describeBrainSetup } from '../egress/brain/createBrainFromOptions.js';
import { editPayload, EmptyEditError, InvalidEditError } from '../payload/editPayload.js';
import { NO_HISTORY } from '../core/exposureHistory.js';
import type { JsonGenerator } from '../egress/brain/localModelBrain.js';
import { QueuedApprover, UnknownApprovalError } from '../egress/brain/queuedApprover.js';
import { anchorLedger, callReport, type BrainStepResult } from '../egress/brain/brainStep.js';
import type { BrainPolicy, BrainStep } from '../core/brainStep.js';
import type { SelectionStep } from '../core/selectionStep.js';
import type { Drm, ViewMapping } from '../core/types.js';
import type { MemoryGraph } from '../graph/memoryGraph.js';
import { exposedRecordOf, exposureTable } from '../egress/exposure/exposureTable.js';
import type { ExposureTable } from '../../common/exposureTableTypes.js';
import { reidentificationRisk } from '../egress/exposure/attack/reidentificationRisk.js';
import { ExposureLedger } from '../egress/exposure/exposureLedger.js';
import type { KeyStore } from '../core/keyStore.js';
import { ledgerKeyStore, ledgerPaths } from '../egress/exposure/ledgerPaths.js';
import { assertLedgerNotDeleted } from '../egress/exposure/ledgerAnchorCheck.js';
import { tokenResolver } from '../egress/exposure/tokenResolver.js';
import { ApiError } from './apiError.js';
import type { DownloadRecord } from '../llm/modelManager.js';
import { EnvBrainKeyStore, ReadOnlyKeyStoreError, type BrainKeyStore } from './brainKeyStore.js';
import { brainSettingsPath, loadBrainSettings, saveBrainSettings, type BrainSettings } from './brainSettings.js';
import type { BrainPolicySetting } from '../../common/brainContract.js';

/** An undecided request is denied after this long, so a closed window cannot hold a question forever. */
export const DEFAULT_APPROVAL_TIMEOUT_MS = 15 * 60_000;

export interface BrainServiceOptions {
  dataDir: string;
  /** The API key's store: safeStorage in the shell, CTRLG_BRAIN_API_KEY in the host (default). */
  keyStore?: BrainKeyStore;
  /** The ledger's encryption key; default $CTRLG_LEDGER_KEY or a 0600 file in the key folder, away from the data. */
  ledgerKeyStore?: KeyStore;
  /** The audit chain's HMAC key; default $CTRLG_AUDIT_KEY or a 0600 file in the key folder, away from the log. */
  auditKeyStore?: KeyStore;
  /** Settings to start from instead of the saved ones (tests, the host's command line); not saved until set. */
  initial?: BrainSettings;
  approvalTimeoutMs?: number;
  /** A run with its Brain fixed (the CLI's flags, a benchmark): no settings file, one Brain, its own approver. */
  run?: BrainRun;
}

/** The Brain of a run: which one, and who decides each of its remote calls. */
export interface BrainRun {
  /** The command line's settings, or the DRM stand-in (benchmarks; `actsRemote` takes it through approval, ledger and audit as a remote Brain). */
  settings: BrainSettings | { mode: 'drm'; actsRemote?: boolean; policy: BrainPolicySetting };
  /** Decides every remote call: the terminal prompt (--approve ask) or an AutoApprover (--approve all / none). */
  approver: Approver & { close?(): void };
  /** How `approver` decides, for the describe line: 'all', 'none' or 'ask'. */
  approval: string;
}

/** What one Brain step of a question ended as (sent, denied, fallback), and why. */
export type BrainStepOutcome = Pick<BrainStepResult, 'sent' | 'denied' | 'fallback' | 'reason' | 'tokens'>;

/** The Brain's fields on an eval prediction line (names read by outside checks: keep them exactly). */
export interface BrainPredictionFields {
  brain_calls: number;
  brain_denied: number;
  brain_tokens: number;
  brain_fallbacks: number;
}

/** The fields of a question no Brain was set for. */
export const noBrainFields = (): BrainPredictionFields => ({ brain_calls: 0, brain_denied: 0, brain_tokens: 0, brain_fallbacks: 0 });

/** One question's Brain: the controller's step, the policy it is asked under, and the question's tally. */
export interface QuestionBrain {
  questionId: string;
  /** The Brain's model name: the question's payload previews count tokens with its encoding. */
  model: string;
  step: BrainStep;
  /** Two-stage selection through the same Brain and approvals (used when the GraSP selector runs). */
  selection?: SelectionStep;
  /** Planning through the same Brain and approvals, asked when the local reading is unsure. */
  analysis?: AnalysisStep;
  policy: BrainPolicy;
  tally(): AskBrainTally;
  /** Set when no call of this question may be made because it could not be recorded: the note saying why. */
  notAsked?: string;
  /** What each Brain step of the question ended as, in order. */
  steps(): BrainStepOutcome[];
  /** The question's eval prediction-line fields. */
  fields(): BrainPredictionFields;
  /**
   * Set when the Brain leaves the machine and its ledger is open: records the question's eligible cohort (the
   * qualified raw ids of its G_Q^raw entities, stored as subject keys) once it is answered.
   */
  eligible?(ids: readonly string[]): Promise<void>;
  /**
   * Set when the Brain leaves the machine and its ledger is open: whether a sent payload already showed an entity
   * of `graph` (the ledger read live, so earlier runs count and denied calls, never recorded, do not).
   */
  exposedIn?(graph: MemoryGraph): (entity: number) => boolean;
}

export type BrainDecisionRequest =
  | { kind: 'approve' }
  | { kind: 'approveAllForQuestion' }
  | { kind: 'deny'; reason?: string }
  | { kind: 'edit'; dropPaths: number[]; dropFields: PayloadField[] };

export type ApprovalNotice =
  | { type: 'requested'; request: ApprovalRequest }
  | { type: 'resolved'; id: string; questionId: string; decision: 'approve' | 'deny' | 'edit' };

/** The ledger's keyed subjects matched to a graph's entities by the exposure table's own matcher. */
function exposedLookup(ledger: ExposureLedger, graph: MemoryGraph): (entity: number) => boolean {
  const record = exposedRecordOf(graph, (id) => ledger.entityRecord(id));
  return (entity) => record(entity) !== undefined;
}

/** What a pending request's report was computed from, to recompute it for an edit. */
interface PreviewBasis {
  payload: BrainPayload;
  reportOf(payload: BrainPayload): ExposureReport;
}

export class BrainService {
  readonly approver = new QueuedApprover();
  /** Read on first use, so building the service (assemble()) touches no file. */
  private settingsRead: Promise<BrainSettings> | undefined;
  private readonly keyStore: BrainKeyStore;
  private readonly settingsPath: string;
  private readonly auditPath: string;
  private readonly auditKeys: KeyStore;
  private readonly ledgerKeys: KeyStore;
  private ledgerOpen: Promise<ExposureLedger> | undefined;
  private auditOpen: Promise<AuditLog> | undefined;
  private localGenerator: () => JsonGenerator | null | undefined = () => undefined;
  private loadDrm: () => Promise<Drm> = () => Promise.reject(new BrainConfigError('--brain drm needs the DRM (word vectors) to be loaded'));
  /** A run's one Brain, and the local generator it was made with (a local Brain follows a reloaded model). */
  private runBrain: { generator: unknown; brain: Promise<Brain | undefined> } | undefined;
  /** Pending approval id → what its report came from; question id → the payload its next review will show. */
  private readonly previews = new Map<string, PreviewBasis>();
  private readonly current = new Map<string, PreviewBasis>();
  private readonly timers = new Map<string, NodeJS.Timeout>();

  constructor(private readonly options: BrainServiceOptions) {
    this.keyStore = options.keyStore ?? new EnvBrainKeyStore();
    this.settingsPath = brainSettingsPath(options.dataDir);
    this.auditPath = defaultAuditPath(options.dataDir);
    this.auditKeys = options.auditKeyStore ?? auditKeyStore(options.dataDir);
    this.ledgerKeys = options.ledgerKeyStore ?? ledgerKeyStore(options.dataDir);
    const run = options.run?.settings;
    // A run's settings are its own (never read from or saved to the file); the stand-in shows as no saved mode.
    if (run) this.settingsRead = Promise.resolve(run.mode === 'drm' ? { mode: 'none', policy: run.policy } : { ...run });
    else if (options.initial) this.settingsRead = Promise.resolve({ ...options.initial });
    this.approver.onEvent((e) => {
      if (e.type === 'pending') {
        const timeout = setTimeout(() => this.withdraw(e.request.id, 'no decision within the approval timeout'), options.approvalTimeoutMs ?? DEFAULT_APPROVAL_TIMEOUT_MS);
        timeout.unref?.();
        this.timers.set(e.request.id, timeout);
      } else {
        clearTimeout(this.timers.get(e.id));
        this.timers.delete(e.id);
        this.previews.delete(e.id);
      }
    });
  }

  private get settings(): Promise<BrainSettings> {
    return (this.settingsRead ??= loadBrainSettings(this.settingsPath));
  }

  private set settings(next: Promise<BrainSettings>) {
    this.settingsRead = next;
  }

  /** The loaded Hand serves --brain local; the engine attaches its HandService here. */
  attachLocalGenerator(get: () => JsonGenerator | null | undefined): void {
    this.localGenerator = get;
  }

  /** The DRM stand-in Brain (a run's mode 'drm') ranks with the engine's word vectors; the engine attaches them here. */
  attachDrm(load: () => Promise<Drm>): void {
    this.loadDrm = load;
  }

  /** New and settled approval requests, for the engine's events (never carries the key or raw names). */
  onApproval(listener: (notice: ApprovalNotice) => void): () => void {
    const questionOf = new Map<string, string>();
    return this.approver.onEvent((e) => {
      if (e.type === 'pending') {
        questionOf.set(e.request.id, e.request.questionId);
        listener({ type: 'requested', request: e.request });
      } else {
        const questionId = questionOf.get(e.id) ?? '';
        questionOf.delete(e.id);
        listener({ type: 'resolved', id: e.id, questionId, decision: e.decision.kind });
      }
    });
  }

  // ---------------------------------------------------------------- settings

  async config(): Promise<BrainConfigView> {
    const s = await this.settings;
    return {
      mode: s.mode,
      ...(s.url ? { url: s.url } : {}),
      ...(s.model ? { model: s.model } : {}),
      policy: s.policy,
      hasKey: (await this.keyStore.apiKey()) !== undefined,
      keyStorage: this.keyStore.storage,
      keyWritable: this.keyStore.writable,
      describe: describe(s),
    };
  }

  async setConfig(request: { mode: BrainSettings['mode']; url?: string; model?: string; apiKey?: string; policy?: BrainPolicy }): Promise<BrainConfigView> {
    const before = await this.settings;
    const next: BrainSettings = {
      mode: request.mode,
      policy: request.policy ?? before.policy,
      ...(request.url ? { url: request.url } : {}),
      ...(request.model ? { model: request.model } : {}),
    };
    // Remote mode stays off until an endpoint and a model are configured: refuse rather than half-enable it.
    if (next.mode === 'openai') {
      try {
        createBrainFromOptions({ brain: 'openai', approve: 'all', ...(next.url ? { brainUrl: next.url } : {}), ...(next.model ? { brainModel: next.model } : {}), keyProvider: this.keyStore });
      } catch (e) {
        if (e instanceof BrainConfigError) throw new ApiError('invalid_request', e.message.replace('--brain openai needs --brain-url URL', 'The remote Brain needs an endpoint URL').replace('--brain openai needs --brain-model NAME', 'The remote Brain needs a model name'));
        throw e;
      }
    }
    if (request.apiKey !== undefined) {
      if (!this.keyStore.writable) throw new ApiError('not_available', new ReadOnlyKeyStoreError().message);
      await this.keyStore.setKey(request.apiKey === '' ? undefined : request.apiKey);
    }
    await saveBrainSettings(this.settingsPath, next);
    this.settings = Promise.resolve(next);
    return this.config();
  }

  // ---------------------------------------------------------------- per question

  /**
   * This question's Brain step, or undefined when no Brain is configured (or the local model is not loaded).
   * `graph`: the question's graph; its reports then carry each token's anonymity set (the re-identification attack
   * on that graph, the same one the payload guard runs), for the approval dialog and the terminal prompt.
   */
  async forQuestion(questionId: string = randomUUID(), local: { graph?: MemoryGraph; policy?: BrainPolicy; signal?: AbortSignal } = {}): Promise<QuestionBrain | undefined> {
    const s = await this.settings;
    const brain = await this.brainOf(s);
    if (!brain) return undefined;
    const run = this.options.run;
    // The analyst may ask the Brain for one question even when the local answer is sure (each call still approved).
    const policy = local.policy ?? (run ? run.settings.policy : s.policy);
    const describeLine = run ? describeBrainSetup(brain, run.approval) : describe(s);
    const counter = new BrainCallCounter(questionId);
    const results: BrainStepResult[] = [];
    const notes: string[] = [];
    const accounts = { steps: () => results.map(outcomeOf), fields: () => ({ ...counter.predictionFields(), brain_fallbacks: counter.fallbacks }) };
    let ledger: ExposureLedger | undefined;
    let audit: AuditLog | undefined;
    try {
      ledger = brain.remote ? await this.ledger() : undefined;
      audit = brain.remote ? await this.audit() : undefined;
    } catch (e) {
      // A call that could not be recorded must not be made; the question itself is still answered locally, and
      // every step that would have called counts as a fallback, with the reason.
      const note = `Brain not asked: ${(e as Error).message}`;
      const step: BrainStep = async () => {
        counter.fallbacks += 1;
        results.push({ sent: false, denied: false, fallback: true, tokens: { sent: 0, received: 0 }, reason: note, rejected: [] });
        return undefined;
      };
      return { questionId, model: brain.model, step, policy, notAsked: note, ...accounts, tally: () => ({ calls: 0, denied: 0, tokens: 0, describe: describeLine, notes: [note] }) };
    }
    const approver = run ? run.approver : this.questionApprover(questionId);
    const risk = local.graph ? reidentificationRisk(local.graph) : undefined;
    // Each payload about to be approved is remembered, so the dialog's edit previews recompute its report.
    const onPayload = (payload: BrainPayload, request: { mapping?: ViewMapping; graph?: { name: string; ids: readonly string[] } }): void => {
      const resolve = request.mapping && request.graph ? tokenResolver(request.mapping, request.graph) : undefined;
      this.current.set(questionId, {
        payload,
        reportOf: (p) => callReport(brain, p, ledger && resolve ? ledger.history(resolve, questionId) : NO_HISTORY, risk?.anonymity(p.text)),
      });
    };
    const onResult = (r: BrainStepResult): void => {
      results.push(r);
      notes.push(r.reason);
    };
    const common = { brain, approver, counter, questionId, ...(local.signal ? { signal: local.signal } : {}), ...(ledger ? { ledger } : {}), ...(audit ? { audit } : {}), ...(risk ? { risk } : {}), ...(run ? {} : { onPayload }), onResult };
    const step = controllerBrainStep(common);
    const selection = selectionBrainStep(common);
    const analysis = analysisBrainStep(common);
    const forget = <A, R>(f: (a: A) => Promise<R>) => async (a: A): Promise<R> => {
      try {
        return await f(a);
      } finally {
        this.current.delete(questionId);
      }
    };
    const wrapped: BrainStep = forget(step);
    return {
      questionId,
      model: brain.model,
      step: wrapped,
      selection: forget(selection),
      analysis: forget(analysis),
      policy,
      ...(ledger ? { exposedIn: (graph: MemoryGraph) => exposedLookup(ledger, graph) } : {}),
      ...(ledger
        ? {
            // The cohort write changes the ledger file too: anchored like a call.
            eligible: async (ids: readonly string[]) => {
              await ledger.recordEligible(questionId, ids);
              await anchorLedger(ledger, audit, questionId);
            },
          }
        : {}),
      ...accounts,
      tally: () => ({ calls: counter.sent, denied: counter.denied, tokens: counter.tokensSent + counter.tokensReceived, describe: describeLine, notes: [...notes] }),
    };
  }

  /** One line for the user: which Brain, where, and how its calls are approved (a run's describe line). */
  async describeRun(): Promise<string> {
    return describeBrainSetup(await this.brainOf(await this.settings), this.options.run?.approval ?? 'ask');
  }

  /** The ledger's statistics when the Brain leaves the machine and its ledger opens; undefined otherwise. */
  async exposureIfRemote(): Promise<LedgerSummary | undefined> {
    const brain = await this.brainOf(await this.settings);
    if (!brain?.remote) return undefined;
    return this.exposureSummary().catch(() => undefined);
  }

  /** The shared queue, seen through one question: remembers each request's payload for edit previews. */
  private questionApprover(questionId: string): Approver {
    return {
      review: async (request, signal) => {
        const basis = this.current.get(questionId);
        // Only a basis that reproduces the shown report exactly may answer previews for it.
        if (basis && basis.reportOf(basis.payload).text === request.report.text) this.previews.set(request.id, basis);
        const decision = await this.approver.review(request, signal);
        if (basis && decision.kind === 'edit') {
          try {
            this.current.set(questionId, { ...basis, payload: editPayload(basis.payload, decision) });
          } catch (e) {
            if (!(e instanceof EmptyEditError || e instanceof InvalidEditError)) throw e;
          }
        }
        return decision;
      },
    };
  }

  // ---------------------------------------------------------------- approvals

  pending(): ApprovalRequest[] {
    return this.approver.pending();
  }

  decide(id: string, decision: BrainDecisionRequest): void {
    const d: ApprovalDecision = decision.kind === 'approveAllForQuestion' ? { kind: 'approve', all: true } : decision;
    try {
      this.approver.decide(id, d);
    } catch (e) {
      if (e instanceof UnknownApprovalError) throw new ApiError('invalid_request', e.message, { id });
      throw e;
    }
  }

  previewEdit(id: string, edit: { dropPaths: number[]; dropFields: PayloadField[] }): EditPreview {
    if (!this.approver.pending().some((r) => r.id === id)) throw new ApiError('invalid_request', new UnknownApprovalError(id).message, { id });
    const basis = this.previews.get(id);
    if (!basis) throw new ApiError('not_available', 'No preview is available for this request; decide on the report as shown.');
    try {
      return { ok: true, report: basis.reportOf(editPayload(basis.payload, edit)) };
    } catch (e) {
      if (e instanceof EmptyEditError) return { ok: false, reason: e.message };
      if (e instanceof InvalidEditError) throw new ApiError('invalid_request', e.message);
      throw e;
    }
  }

  // ---------------------------------------------------------------- ledger and audit

  /** Which entities of `graph` and which relation labels the Brain has seen (names joined locally). */
  async exposureTable(graph: MemoryGraph): Promise<ExposureTable> {
    const ledger = await this.ledger();
    return exposureTable(graph, (id) => ledger.entityRecord(id), ledger.relationRows(), ledger.sessionCount);
  }

  async exposureSummary(): Promise<LedgerSummary> {
    return (await this.ledger()).summary();
  }

  /** This machine's ledger as the exposure report's data (counts only). */
  async exposureReport(now: Date = new Date()): Promise<ExposureReportData> {
    return { title: 'Ctrl-G exposure report', generatedAt: now.toISOString(), source: "this machine's exposure ledger", runs: [(await this.ledger()).figures()] };
  }

  async verifyAudit(): Promise<AuditVerifyResult> {
    try {
      return await verifyAuditLog(this.auditPath, this.auditChecks());
    } catch (e) {
      if (e instanceof AuditLogMissingError) return { ok: true, records: 0 };
      throw e;
    }
  }

  async exportAudit(format: 'json' | 'html'): Promise<string> {
    try {
      return await exportAudit(this.auditPath, format, this.auditChecks());
    } catch (e) {
      if (!(e instanceof AuditLogMissingError)) throw e;
      const empty = { ok: true, records: 0 } as const;
      return format === 'json' ? auditJson(empty, []) : auditHtml(empty, []);
    }
  }

  /** Records a model download in the audit log (a "download" event: where from, under which hosts, how it ended). */
  async recordDownload(event: DownloadRecord): Promise<void> {
    await (await this.audit()).append('download', 'models', { ...event });
  }

  /** Denies everything still pending (the engine is closing): their questions go on locally. */
  close(): void {
    for (const r of this.approver.pending()) this.withdraw(r.id, 'the engine is closing');
    this.options.run?.approver.close?.();
  }

  private withdraw(id: string, reason: string): void {
    try {
      this.approver.decide(id, { kind: 'deny', reason });
    } catch (e) {
      if (!(e instanceof UnknownApprovalError)) throw e;
    }
  }

  /** What `audit verify` checks besides the chain: the records' keyed hashes and the ledger against its anchor. */
  private auditChecks(): { keyStore: KeyStore; ledgerPath: string } {
    return { keyStore: this.auditKeys, ledgerPath: ledgerPaths(this.options.dataDir).ledger };
  }

  private ledger(): Promise<ExposureLedger> {
    const paths = ledgerPaths(this.options.dataDir);
    this.ledgerOpen ??= assertLedgerNotDeleted(paths.ledger, this.auditPath, this.auditKeys).then(() => ExposureLedger.open({ path: paths.ledger, keyStore: this.ledgerKeys }));
    // A failed open (unreadable key, corrupt file) is reported now and retried on the next call.
    this.ledgerOpen.catch(() => (this.ledgerOpen = undefined));
    return this.ledgerOpen;
  }

  private audit(): Promise<AuditLog> {
    this.auditOpen ??= AuditLog.open(this.auditPath, { keyStore: this.auditKeys });
    this.auditOpen.catch(() => (this.auditOpen = undefined));
    return this.auditOpen;
  }

  /** The Brain to ask now: a run's one Brain (kept for the run, so its circuit breaker spans questions), else one per call from the settings. */
  private brainOf(s: BrainSettings): Promise<Brain | undefined> {
    const run = this.options.run?.settings;
    if (!run) return Promise.resolve(this.brainFor(s));
    const generator = run.mode === 'local' ? this.localGenerator() : undefined;
    if (this.runBrain?.generator !== generator || !this.runBrain) {
      const brain =
        run.mode === 'drm'
          ? this.loadDrm().then((drm) => createBrainFromOptions({ brain: 'drm', approve: 'all', drm, drmActsRemote: run.actsRemote ?? false }).brain)
          : Promise.resolve(this.brainFor(run));
      this.runBrain = { generator, brain };
    }
    return this.runBrain.brain;
  }

  private brainFor(s: BrainSettings): Brain | undefined {
    if (s.mode === 'none') return undefined;
    if (s.mode === 'local') {
      const generator = this.localGenerator();
      if (!generator) return undefined;
      return createBrainFromOptions({ brain: 'local', approve: 'all', generator, ...(s.model ? { localModelName: s.model } : {}) }).brain;
    }
    return createBrainFromOptions({ brain: 'openai', approve: 'all', keyProvider: this.keyStore, ...(s.url ? { brainUrl: s.url } : {}), ...(s.model ? { brainModel: s.model } : {}) }).brain;
  }
}

function outcomeOf({ sent, denied, fallback, reason, tokens }: BrainStepResult): BrainStepOutcome {
  return { sent, denied, fallback, reason, tokens };
}

function describe(s: BrainSettings): string {
  if (s.mode === 'none') return 'No Brain: every question is answered locally.';
  if (s.mode === 'local') return `Local Brain (the loaded Hand model): nothing leaves this machine.`;
  return `Remote Brain ${s.model ?? '?'} at ${s.url ?? '?'}; every call waits for your approval.`;
}

export function createBrainService(options: BrainServiceOptions): BrainService {
  return new BrainService(options);
}
