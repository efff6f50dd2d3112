// The Brain's part of the IPC contract: its settings (the API key is write-only), pending approvals and the
// analyst's decisions, edit previews, the exposure ledger's summary and the audit log. contract.ts spreads these
// into its tables, next to the Hand's block.
import type { ExposureReportData } from './exposureReportTypes.js';
import { z } from 'zod';
import type { ApprovalRequest, AuditVerifyResult, ExposureReport, LedgerSummary } from './brainTypes.js';

export const BRAIN_MODES = ['none', 'local', 'openai'] as const;
export type BrainMode = (typeof BRAIN_MODES)[number];
export const BRAIN_POLICIES = ['whenUnsure', 'always'] as const;
export type BrainPolicySetting = (typeof BRAIN_POLICIES)[number];

const payloadField = z.enum(['indicator', 'literals', 'relations']);
const approvalId = z.string().min(1).max(100);
const dropPaths = z.array(z.number().int().min(1).max(10_000)).max(10_000);
const dropFields = z.array(payloadField).max(3);

export const brainRequestSchemas = {
  'brain.getConfig': z.object({}).strict(),
  'brain.setConfig': z
    .object({
      mode: z.enum(BRAIN_MODES),
      /** OpenAI-compatible base URL; required for 'openai' (remote mode stays off until one is set). */
      url: z.url({ protocol: /^https?$/ }).max(2000).optional(),
      model: z.string().min(1).max(200).optional(),
      /** Write-only: stored by the key store, never returned (getConfig reports hasKey). Empty string clears it. */
      apiKey: z.string().max(1000).optional(),
      /** When the controller asks the Brain: only when the local choice is unsure (default), or always. */
      policy: z.enum(BRAIN_POLICIES).optional(),
    })
    .strict(),
  'brain.pending': z.object({}).strict(),
  'brain.decide': z
    .object({
      id: approvalId,
      decision: z.discriminatedUnion('kind', [
        z.object({ kind: z.literal('approve') }).strict(),
        /** Approve this call and every later call of the same question without asking. */
        z.object({ kind: z.literal('approveAllForQuestion') }).strict(),
        z.object({ kind: z.literal('deny'), reason: z.string().max(500).optional() }).strict(),
        z.object({ kind: z.literal('edit'), dropPaths, dropFields }).strict(),
      ]),
    })
    .strict(),
  /** The report a pending request would have after this edit (nothing is decided). */
  'brain.previewEdit': z.object({ id: approvalId, dropPaths, dropFields }).strict(),
  'exposure.summary': z.object({}).strict(),
  'exposure.report': z.object({}).strict(),
  'audit.verify': z.object({}).strict(),
  'audit.export': z.object({ format: z.enum(['json', 'html']) }).strict(),
} as const;

/** The Brain settings as the renderer sees them: never the key itself. */
export interface BrainConfigView {
  mode: BrainMode;
  url?: string;
  model?: string;
  policy: BrainPolicySetting;
  hasKey: boolean;
  /** Where the key lives: the OS keychain via Electron safeStorage, or the host's CTRLG_BRAIN_API_KEY. */
  keyStorage: 'safeStorage' | 'env' | 'memory';
  /** False where the key comes from the environment and cannot be set from the UI. */
  keyWritable: boolean;
  /** One line: what a question will use ("remote Brain gpt-4o-mini at …, approval: ask"). */
  describe: string;
}

/** An edit preview: the recomputed report, or why the edit cannot be sent (it dropped every path). */
export type EditPreview = { ok: true; report: ExposureReport } | { ok: false; reason: string };

export interface BrainResponses {
  'brain.getConfig': BrainConfigView;
  'brain.setConfig': BrainConfigView;
  'brain.pending': ApprovalRequest[];
  'brain.decide': { decided: true };
  'brain.previewEdit': EditPreview;
  'exposure.summary': LedgerSummary;
  /** The exposure report's figures for this machine's ledger (what `ctrlg exposure report --ledger` writes). */
  'exposure.report': ExposureReportData;
  'audit.verify': AuditVerifyResult;
  'audit.export': { format: 'json' | 'html'; text: string };
}

export interface BrainEvents {
  /** A Brain call waits for the analyst: show the report, answer with brain.decide. */
  'brain.approvalRequested': ApprovalRequest;
  /** A pending request was decided (here or elsewhere) or withdrawn because its question ended. */
  'brain.approvalResolved': { id: string; questionId: string; decision: 'approve' | 'deny' | 'edit' };
}

export const BRAIN_EVENT_NAMES: (keyof BrainEvents)[] = ['brain.approvalRequested', 'brain.approvalResolved'];
