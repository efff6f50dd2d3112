// Brain state in the renderer: the approval queue (fed by brain.approvalRequested / approvalResolved), the edit
// being drafted for the request on screen with its live preview, the per-question "approve all" switch (off by
// default), and the Brain settings / exposure / audit views.
import { create } from 'zustand';
import type { BrainConfigView, BrainMode, BrainPolicySetting } from '../../../src-main/common/brainContract.js';
import type { ApprovalRequest, AuditVerifyResult, ExposureReport, LedgerSummary, PayloadField } from '../../../src-main/common/brainTypes.js';
import type { ApiErrorBody } from '../../../src-main/common/contract.js';
import { callChannel } from '../api/callChannel.js';

export interface EditDraft {
  dropPaths: number[];
  dropFields: PayloadField[];
}

const NO_EDIT: EditDraft = { dropPaths: [], dropFields: [] };

interface BrainState {
  /** Requests waiting for a decision, oldest first; the dialog shows the first. */
  queue: ApprovalRequest[];
  editing: boolean;
  draft: EditDraft;
  /** Report of the drafted edit (null: no edit drafted, or a preview in flight). */
  preview: ExposureReport | null;
  /** Why the drafted edit cannot be sent (it drops every path). */
  previewProblem: string | null;
  /** Question ids whose "approve all" switch is on. */
  approveAll: Record<string, boolean>;
  deciding: boolean;
  error: ApiErrorBody | null;

  config: BrainConfigView | null;
  configError: ApiErrorBody | null;
  summary: LedgerSummary | null;
  verify: AuditVerifyResult | null;

  onRequested(request: ApprovalRequest): void;
  onResolved(id: string): void;
  /** Catches up with requests made before this window subscribed (a reload while a question waits). */
  loadPending(): Promise<void>;
  startEdit(): void;
  cancelEdit(): void;
  toggleDrop(change: { path?: number; field?: PayloadField }): Promise<void>;
  /** Ticks exactly these paths for dropping (keep top N, all, none), previewed like any edit. */
  setDropPaths(ids: number[]): Promise<void>;
  /** Edit mode with exactly the paths that show a uniquely identifiable token ticked, previewed like any edit. */
  dropUnique(): Promise<void>;
  setApproveAll(questionId: string, on: boolean): void;
  decide(kind: 'approve' | 'deny' | 'edit'): Promise<void>;

  loadConfig(): Promise<void>;
  saveConfig(config: { mode: BrainMode; url?: string; model?: string; apiKey?: string; policy: BrainPolicySetting }): Promise<boolean>;
  loadSummary(): Promise<void>;
  verifyAudit(): Promise<void>;
}

const toggled = <T,>(list: readonly T[], item: T): T[] => (list.includes(item) ? list.filter((x) => x !== item) : [...list, item]);

/** The path ids to drop so that only the first `n` candidate paths (the local ranking's order) are kept. */
export const pathsBeyondTop = (report: ExposureReport, n: number): number[] => report.paths.slice(Math.max(0, Math.floor(n))).map((p) => p.id);

/** Ids of the report's paths that show a uniquely identifiable entity token. */
export const pathsExposingUnique = (report: ExposureReport): number[] => report.paths.filter((p) => (p.unique?.length ?? 0) > 0).map((p) => p.id);

export const useBrainStore = create<BrainState>()((set, get) => ({
  queue: [],
  editing: false,
  draft: NO_EDIT,
  preview: null,
  previewProblem: null,
  approveAll: {},
  deciding: false,
  error: null,
  config: null,
  configError: null,
  summary: null,
  verify: null,

  onRequested(request) {
    set((s) => (s.queue.some((r) => r.id === request.id) ? s : { queue: [...s.queue, request] }));
  },

  onResolved(id) {
    set((s) => {
      const wasShown = s.queue[0]?.id === id;
      return {
        queue: s.queue.filter((r) => r.id !== id),
        ...(wasShown ? { editing: false, draft: NO_EDIT, preview: null, previewProblem: null, deciding: false, error: null } : {}),
      };
    });
  },

  async loadPending() {
    const res = await callChannel('brain.pending', {});
    if (res.ok) for (const r of res.value) get().onRequested(r);
  },

  startEdit() {
    set({ editing: true, draft: NO_EDIT, preview: null, previewProblem: null });
  },

  cancelEdit() {
    set({ editing: false, draft: NO_EDIT, preview: null, previewProblem: null });
  },

  async toggleDrop({ path, field }) {
    const before = get().draft;
    await previewDraft({
      dropPaths: path === undefined ? before.dropPaths : toggled(before.dropPaths, path).sort((a, b) => a - b),
      dropFields: field === undefined ? before.dropFields : toggled(before.dropFields, field),
    });
  },

  async setDropPaths(ids) {
    await previewDraft({ dropPaths: [...new Set(ids)].sort((a, b) => a - b), dropFields: get().draft.dropFields });
  },

  async dropUnique() {
    const request = get().queue[0];
    if (!request) return;
    // Path ids are stable under edits, so the shown request's report says which to tick.
    const dropPaths = pathsExposingUnique(request.report);
    if (dropPaths.length === 0) return;
    // One update: the editor never shows with nothing ticked.
    const draft: EditDraft = { dropPaths, dropFields: [] };
    set({ editing: true, draft });
    await previewDraft(draft);
  },

  setApproveAll(questionId, on) {
    set((s) => ({ approveAll: { ...s.approveAll, [questionId]: on } }));
  },

  async decide(kind) {
    const { queue, draft, approveAll } = get();
    const request = queue[0];
    if (!request || get().deciding) return;
    const decision =
      kind === 'edit'
        ? { kind: 'edit' as const, ...draft }
        : kind === 'deny'
          ? { kind: 'deny' as const }
          : approveAll[request.questionId]
            ? { kind: 'approveAllForQuestion' as const }
            : { kind: 'approve' as const };
    set({ deciding: true, error: null });
    const res = await callChannel('brain.decide', { id: request.id, decision });
    if (!res.ok) {
      set({ deciding: false, error: res.error });
      // Decided elsewhere or withdrawn: it is no longer ours to show.
      if (res.error.code === 'invalid_request') get().onResolved(request.id);
      return;
    }
    get().onResolved(request.id);
  },

  async loadConfig() {
    const res = await callChannel('brain.getConfig', {});
    set(res.ok ? { config: res.value, configError: null } : { configError: res.error });
  },

  async saveConfig(config) {
    const res = await callChannel('brain.setConfig', {
      mode: config.mode,
      policy: config.policy,
      ...(config.url ? { url: config.url } : {}),
      ...(config.model ? { model: config.model } : {}),
      ...(config.apiKey !== undefined ? { apiKey: config.apiKey } : {}),
    });
    set(res.ok ? { config: res.value, configError: null } : { configError: res.error });
    return res.ok;
  },

  async loadSummary() {
    const res = await callChannel('exposure.summary', {});
    if (res.ok) set({ summary: res.value });
    else set({ configError: res.error });
  },

  async verifyAudit() {
    set({ verify: null });
    const res = await callChannel('audit.verify', {});
    if (res.ok) set({ verify: res.value });
    else set({ configError: res.error });
  },
}));

/** Makes `draft` the edit on screen and asks the engine for its report (brain.previewEdit). */
async function previewDraft(draft: EditDraft): Promise<void> {
  const { getState: get, setState: set } = useBrainStore;
  const request = get().queue[0];
  if (!request) return;
  set({ draft, preview: null, previewProblem: null });
  if (draft.dropPaths.length === 0 && draft.dropFields.length === 0) return;
  const res = await callChannel('brain.previewEdit', { id: request.id, ...draft });
  // Only the latest draft's answer may land: a slow preview for an older draft is dropped.
  if (get().draft !== draft) return;
  if (!res.ok) set({ error: res.error });
  else if (res.value.ok) set({ preview: res.value.report });
  else set({ previewProblem: res.value.reason });
}
