// Eval's node exposure (summary.json `node_exposure`), counted honestly two ways over the run's questions: `built`,
// as if every payload the pipeline built were sent, and `sent`, what a Brain actually received (payload fate
// `sent`). Each question is one session; its eligible entities are those of its G_Q^raw (every reading tried),
// and an entity counts as visible alone (`single_token`: an E_ token standing for it only) or behind any token
// (`any_token`: supernode and aggregate members too). Raw entity indexes stay in this process; only counts leave.
import type { QuestionExposure } from '../core/types.js';
import { nodeExposureStats, type ExposureCount, type NodeExposureStats } from '../egress/exposure/exposureStats.js';

/** One figure of summary.json's node_exposure (names read by outside checks: keep them exactly). */
export interface NodeExposureFigure {
  eligible_entities: number;
  sessions: number;
  exposed_entities: number;
  p50: number;
  p99: number;
  max: number;
  top1_percent_share: number;
  /** The least top1_percent_share the same instances could give, spread as evenly as the cohort allows. */
  top1_percent_even: number;
  /** Exposure at each whole percentile 0..100 of the cohort (for the report's CDF). */
  cdf: number[];
}

export interface NodeExposureCounting {
  single_token: NodeExposureFigure;
  any_token: NodeExposureFigure;
}

/** summary.json's `node_exposure`: `sent` only when a Brain was configured for the run. */
export interface EvalNodeExposure {
  definition: string;
  built: NodeExposureCounting;
  sent?: NodeExposureCounting;
}

export const NODE_EXPOSURE_DEFINITION =
  'per raw entity: exposed sessions / eligible sessions (questions whose raw subgraph G_Q^raw holds it), over all eligible entities; ' +
  'single_token: visible behind a token standing for it alone (E_); any_token: behind any token (supernode and aggregate members too); ' +
  'top1_percent_share: share of the exposed (entity, question) instances taken by the most exposed 1% of the eligible entities; ' +
  'top1_percent_even: what that 1% would hold were the same instances spread as evenly as the cohort allows (the floor of the share)';

type Flavour = 'builtAlone' | 'builtAny' | 'sentAlone' | 'sentAny';

/** One question's counts, on its prediction line (`exposed_entities`): its eligible entities and how many became visible. */
export interface QuestionExposureCounts {
  eligible: number;
  built_single_token: number;
  built_any_token: number;
  sent_single_token: number;
  sent_any_token: number;
}

/** Per-entity tallies over a question stream; `add` one question's readings at a time. */
export class NodeExposureTally {
  private readonly counts = new Map<number, Record<'eligible' | Flavour, number>>();
  private sessions = 0;

  /** One question: the exposure records of every reading it tried (none: the question had no subgraph). */
  add(records: readonly QuestionExposure[]): QuestionExposureCounts {
    const eligible = new Set(records.flatMap((r) => r.eligible));
    if (eligible.size === 0) return { eligible: 0, built_single_token: 0, built_any_token: 0, sent_single_token: 0, sent_any_token: 0 };
    this.sessions += 1;
    const seen: Record<Flavour, Set<number>> = { builtAlone: new Set(), builtAny: new Set(), sentAlone: new Set(), sentAny: new Set() };
    for (const r of records)
      for (const p of r.payloads) {
        for (const e of p.alone) seen.builtAlone.add(e);
        for (const e of p.any) seen.builtAny.add(e);
        if (p.status !== 'sent') continue;
        for (const e of p.alone) seen.sentAlone.add(e);
        for (const e of p.any) seen.sentAny.add(e);
      }
    const question = { builtAlone: 0, builtAny: 0, sentAlone: 0, sentAny: 0 };
    for (const e of eligible) {
      let c = this.counts.get(e);
      if (!c) this.counts.set(e, (c = { eligible: 0, builtAlone: 0, builtAny: 0, sentAlone: 0, sentAny: 0 }));
      c.eligible += 1;
      // Only exposure within the question's own cohort counts (a hub aggregate's peers from outside G_Q^raw are
      // no eligible entity of this question).
      for (const f of Object.keys(seen) as Flavour[])
        if (seen[f].has(e)) {
          c[f] += 1;
          question[f] += 1;
        }
    }
    return { eligible: eligible.size, built_single_token: question.builtAlone, built_any_token: question.builtAny, sent_single_token: question.sentAlone, sent_any_token: question.sentAny };
  }

  /** The summary's node_exposure; `sent` when a Brain was configured. */
  summary(withSent: boolean): EvalNodeExposure {
    const of = (f: Flavour): NodeExposureFigure => figure(nodeExposureStats(this.countsOf(f)), this.sessions);
    return {
      definition: NODE_EXPOSURE_DEFINITION,
      built: { single_token: of('builtAlone'), any_token: of('builtAny') },
      ...(withSent ? { sent: { single_token: of('sentAlone'), any_token: of('sentAny') } } : {}),
    };
  }

  private countsOf(f: Flavour): ExposureCount[] {
    return [...this.counts.values()].map((c) => ({ eligible: c.eligible, exposed: c[f] }));
  }
}

function figure(s: NodeExposureStats, sessions: number): NodeExposureFigure {
  const r = (x: number): number => Math.round(x * 10000) / 10000;
  return { eligible_entities: s.entities, sessions, exposed_entities: s.exposedEntities, p50: r(s.p50), p99: r(s.p99), max: r(s.max), top1_percent_share: r(s.top1PercentShare), top1_percent_even: r(s.top1PercentEven), cdf: s.cdf.map(r) };
}
