// What the exposure report shows, as data: `ctrlg exposure report` writes it as JSON beside the HTML, and the Brain tab
// draws the same figures for the user's own ledger. Counts and fractions only: no names, no tokens, no entity ids.

/** Node exposure as the paper defines it: per raw entity, exposed sessions / eligible sessions. */
export interface NodeExposureFigures {
  /** Entities eligible at least once (in some question's raw subgraph); the cohort the percentiles run over. */
  eligible: number;
  /** Entities visible at least once. */
  exposed: number;
  /** Sessions (questions) counted. */
  sessions: number;
  p50: number;
  p99: number;
  max: number;
  /** Share of transmitted node instances taken by the most exposed 1% of entities. */
  top1PercentShare: number;
  /** Per-entity exposure values, ascending (for the CDF); may be a sample of at most a few thousand. */
  values: number[];
}

/** The attacker's figures on one set of payloads (see egress/exposure/attack). */
export interface AttackFigures {
  /** Expected ASR@1 / ASR@5 over visible anchors and bridges (ties broken at random). */
  asr1: number;
  asr5: number;
  anchors: { tokens: number; asr1: number };
  bridges: { tokens: number; asr1: number };
  /** Share of targeted tokens whose anonymity set in the reference graph is one entity. */
  unique: number;
  /** Cross-session linkage ASR@1, when measured. */
  linkage?: number;
}

/** One run's figures (a view mode on one question set). */
export interface ExposureRunFigures {
  /** 'sanitized', 'masked', or 'ledger'. */
  view: string;
  questions: number;
  /** Hits@1, when the run was an evaluation with gold answers. */
  hitsAt1?: number;
  attack?: AttackFigures;
  /** Every built payload counted as sent (a) and what was actually sent (b), when known. */
  nodeExposure?: { built?: NodeExposureFigures; sent?: NodeExposureFigures };
  /** Visible relation label → edges sent with it. */
  perRelation?: Record<string, number>;
  /** Along the question stream: Brain calls and new entities exposed per question (same length). */
  stream?: { brainCalls: number[]; newEntities: number[] };
}

export interface ExposureReportData {
  title: string;
  /** ISO time the report was made. */
  generatedAt: string;
  /** Where the figures come from, in words (e.g. an eval folder's name, "this machine's ledger"). */
  source: string;
  runs: ExposureRunFigures[];
}
