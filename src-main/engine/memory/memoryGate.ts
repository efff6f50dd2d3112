// Memory-gated Brain: when a retrieved experience matches confidently (close enough, verified, its template seen
// in at least k sessions), its analysis is bound to this session's anchors and the pipeline can skip the Brain's
// analysis call. templatesForRemote keeps rare templates (seen < k) out of anything sent to a remote Brain:
// a template seen once could single out the one question it came from. Pure.
import type { Direction } from '../../common/graphTypes.js';
import { ANSWER_ROLE, renderTemplate } from './abstractTrace.js';
import type { ReasoningMode } from '../../common/answerTypes.js';
import type { ExperienceRecord, PathTemplate } from './experienceRecord.js';
import type { RetrievedExperience } from './retrieveExperience.js';

export interface GateOptions {
  /** τ: least dual-key score of a confident match (default 0.9). */
  tau: number;
  /** k: least sessions that verified the template (default 2). */
  minSeen: number;
}

export const DEFAULT_GATE_OPTIONS: GateOptions = { tau: 0.9, minSeen: 2 };

export interface GateContext {
  /** This session's anchor tokens, in the order of the current (first) indicator. */
  anchors: string[];
  /** Their coarse schema types, when π exposes them; a record whose anchor types differ does not match. */
  anchorTypes?: (string | undefined)[];
  /** Relation labels visible in this session's view; a template using any other label cannot apply. */
  visibleRelations?: ReadonlySet<string>;
}

/** A template with this session's anchor tokens in place of the ANCHOR roles (other roles stay open). */
export interface BoundTemplate {
  template: PathTemplate;
  /** Per position: the anchor token, or undefined for a BRIDGE/LITERAL/ANSWER still to be found. */
  nodes: (string | undefined)[];
  text: string;
}

/** What the pipeline uses instead of a Brain analysis: indicator fields bound to this session. */
export interface ReusableAnalysis {
  recordId: string;
  score: number;
  anchors: string[];
  chain: { relation: string; direction: Direction; confidence: number }[];
  answerPosition: number;
  dPredict: number;
  /** Mode and depth of the round that verified last time. */
  mode: ReasoningMode;
  depth: number;
  templates: BoundTemplate[];
}

export type GateDecision =
  | { confident: true; analysis: ReusableAnalysis; hit: RetrievedExperience }
  | { confident: false; reason: string };

function anchorIndex(role: string): number | undefined {
  const m = /^ANCHOR_(\d+)$/.exec(role);
  return m ? Number(m[1]) - 1 : undefined;
}

/** Binds a template's anchor roles to tokens. */
export function bindTemplate(template: PathTemplate, anchors: readonly string[]): BoundTemplate {
  const nodes = template.roles.map((role) => {
    const a = anchorIndex(role);
    return a === undefined ? undefined : anchors[a];
  });
  return { template, nodes, text: renderTemplate(template.roles.map((r, i) => nodes[i] ?? r), template.steps) };
}

/** Why a hit cannot stand in for the Brain here (undefined: it can). */
function rejection(hit: RetrievedExperience, context: GateContext, options: GateOptions): string | undefined {
  const r = hit.record;
  if (hit.score < options.tau) return `best match scores ${hit.score.toFixed(3)} < τ ${options.tau}`;
  if (r.outcome !== 'verified') return `best match was ${r.outcome}`;
  if (!r.templates.some((t) => t.seen >= options.minSeen)) return `templates seen fewer than ${options.minSeen} times`;
  if (r.indicator.anchors.length !== context.anchors.length)
    return `anchor count differs (${r.indicator.anchors.length} vs ${context.anchors.length})`;
  const types = r.indicator.anchorTypes;
  if (types && context.anchorTypes && types.some((t, i) => t !== undefined && context.anchorTypes![i] !== undefined && t !== context.anchorTypes![i]))
    return 'anchor schema types differ';
  const visible = context.visibleRelations;
  if (visible && !r.templates.some((t) => t.seen >= options.minSeen && t.steps.every((s) => visible.has(s.relation))))
    return 'template relations are not in this view';
  return undefined;
}

/** The reusable analysis of a record, bound to this session's anchors. */
export function bindAnalysis(hit: RetrievedExperience, context: GateContext, options: GateOptions): ReusableAnalysis {
  const r: ExperienceRecord = hit.record;
  const visible = context.visibleRelations;
  const usable = r.templates
    .filter((t) => t.seen >= options.minSeen && (!visible || t.steps.every((s) => visible.has(s.relation))))
    .sort((a, b) => b.seen - a.seen);
  const best = usable[0];
  const verifiedRound = [...r.trajectory].reverse().find((t) => t.verified);
  const answerPosition = best ? best.roles.indexOf(ANSWER_ROLE) : r.indicator.answerPosition;
  return {
    recordId: r.id,
    score: hit.score,
    anchors: [...context.anchors],
    // The relation chain comes from the most-seen verified template, not the old session's first guess.
    chain: best ? best.steps.map((s) => ({ ...s, confidence: 1 })) : r.indicator.chain.map((s) => ({ ...s })),
    answerPosition: answerPosition >= 0 ? answerPosition : r.indicator.answerPosition,
    dPredict: best ? best.steps.length : r.indicator.dPredict,
    mode: verifiedRound?.mode ?? 'Topic',
    depth: verifiedRound?.depth ?? (best ? best.steps.length : r.indicator.dPredict),
    templates: usable.map((t) => bindTemplate(t, context.anchors)),
  };
}

/** Gate over hits (best first): the first confident match, or why the best one is not. */
export function gateDecision(hits: readonly RetrievedExperience[], context: GateContext, options: Partial<GateOptions> = {}): GateDecision {
  const o = { ...DEFAULT_GATE_OPTIONS, ...options };
  if (hits.length === 0) return { confident: false, reason: 'no experience under this exposure mode' };
  let first: string | undefined;
  for (const hit of [...hits].sort((a, b) => b.score - a.score)) {
    const why = rejection(hit, context, o);
    if (!why) return { confident: true, analysis: bindAnalysis(hit, context, o), hit };
    first ??= why;
  }
  return { confident: false, reason: first! };
}

/** Templates that may enter a remote payload: seen (summed over records) at least k times. */
export function templatesForRemote(records: readonly Pick<ExperienceRecord, 'templates'>[], k: number): PathTemplate[] {
  const byText = new Map<string, PathTemplate>();
  for (const r of records)
    for (const t of r.templates) {
      const same = byText.get(t.text);
      if (same) same.seen += t.seen;
      else byText.set(t.text, { ...t, roles: [...t.roles], steps: t.steps.map((s) => ({ ...s })) });
    }
  return [...byText.values()].filter((t) => t.seen >= k);
}
