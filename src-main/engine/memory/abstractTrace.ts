// Abstraction before write-back: a question session's trace (tokens of this session, visible labels, view
// literals) becomes a trace of roles. Anchor tokens become ANCHOR_i, the answer ANSWER, nodes between them
// BRIDGE_j (or LITERAL_j with a coarse bucket); relation labels become schema labels under clustered π; the
// question keeps only its anonymised, role-substituted form. Pure: validation is a separate step (traceLeaks).
import type { ReasoningMode } from '../../common/answerTypes.js';
import type { Direction } from '../../common/graphTypes.js';
import type { RecordOutcome } from '../../common/memoryContract.js';
import type {
  AbstractIndicator,
  AbstractStep,
  AbstractTrace,
  ExposureMode,
  FailureNote,
  LiteralBucket,
  PathTemplate,
  TrajectoryStep,
} from './experienceRecord.js';
import { coarsenFreeText, memoryBucket } from './memoryBuckets.js';

/** Any token the sanitizer mints (E_/S_/L_/A_ + hex). */
const SESSION_TOKEN = /\b[ESLA]_[0-9a-f]{4,64}\b/g;

export interface SessionStep {
  relation: string;
  direction: Direction;
  confidence?: number;
}

/** What one question session knows at write-back time, in its own session tokens. */
export interface SessionTrace {
  /** The question as the Brain saw it: mentions replaced by session tokens. */
  anonymizedQuestion: string;
  /** Anchor tokens in the indicator's anchor order. */
  anchors: string[];
  anchorTypes?: (string | undefined)[];
  indicator: { chain: SessionStep[]; answerPosition: number; dPredict: number };
  trajectory: TrajectoryStep[];
  /** Verified view paths (tokens + visible labels); the answer sits at answerAt, else at the last node. */
  verifiedPaths: { nodes: string[]; edges: { relation: string; direction: Direction }[]; answerAt?: number }[];
  failures?: { mode: ReasoningMode; depth: number; chain: SessionStep[]; answerPosition?: number; reason: string }[];
  outcome: RecordOutcome;
  exposure: ExposureMode;
  /** Coarse value of a literal token as the view shows it (e.g. `1994`, `7–8`). */
  literalValue?: (token: string) => string | undefined;
  /** Schema (cluster) label of a relation label; applied when π is clustered and labels may still be raw. */
  schemaLabelOf?: (label: string) => string;
}

export const ANSWER_ROLE = 'ANSWER';
export const anchorRole = (i: number): string => `ANCHOR_${i + 1}`;

/** Role tokens this module writes; the leak scanner skips them. */
export const ROLE_PATTERN = /\b(?:ANCHOR|BRIDGE|LITERAL)_\d+\b|\bANSWER\b|\bENTITY\b/g;

function arrow(step: AbstractStep): string {
  return step.direction === 'out' ? `-${step.relation}->` : `<-${step.relation}-`;
}

/** `ROLE -rel-> ROLE <-rel- ROLE`. */
export function renderTemplate(roles: readonly string[], steps: readonly AbstractStep[]): string {
  let out = roles[0] ?? '';
  steps.forEach((s, i) => (out += ` ${arrow(s)} ${roles[i + 1] ?? '?'}`));
  return out;
}

/** Roles of a chain from ANCHOR_1: ANSWER at answerPosition, BRIDGE_j elsewhere. */
export function chainRoles(length: number, answerPosition: number): string[] {
  const roles = [anchorRole(0)];
  let bridge = 0;
  for (let i = 1; i <= length; i++) roles.push(i === answerPosition ? ANSWER_ROLE : `BRIDGE_${++bridge}`);
  return roles;
}

/** Question text with anchor tokens as roles, other tokens as ENTITY, and literals bucketed. */
export function roleQuestion(anonymizedQuestion: string, anchors: readonly string[]): string {
  const roleOf = new Map(anchors.map((t, i) => [t, anchorRole(i)]));
  const replaced = anonymizedQuestion.replace(SESSION_TOKEN, (t) => roleOf.get(t) ?? 'ENTITY');
  return coarsenFreeText(replaced).replace(/\s+/g, ' ').trim();
}

export function abstractTrace(trace: SessionTrace): AbstractTrace {
  const label = trace.exposure.relations === 'clustered' && trace.schemaLabelOf ? trace.schemaLabelOf : (l: string) => l;
  const step = (s: SessionStep): AbstractStep => ({ relation: label(s.relation), direction: s.direction });
  const anchorIndex = new Map(trace.anchors.map((t, i) => [t, i]));

  const indicator: AbstractIndicator = {
    anchors: trace.anchors.map((_t, i) => anchorRole(i)),
    ...(trace.anchorTypes ? { anchorTypes: [...trace.anchorTypes] } : {}),
    chain: trace.indicator.chain.map((s) => ({ ...step(s), confidence: s.confidence ?? 1 })),
    answerPosition: trace.indicator.answerPosition,
    dPredict: trace.indicator.dPredict,
  };

  const templates: PathTemplate[] = [];
  const literals = new Map<string, string>();
  for (const path of trace.verifiedPaths) {
    const answerAt = path.answerAt ?? path.nodes.length - 1;
    // Bridges are numbered per path, so the same shape yields the same template text in every session.
    let bridge = 0;
    let literal = 0;
    const roles = path.nodes.map((token, i) => {
      const a = anchorIndex.get(token);
      if (a !== undefined) return anchorRole(a);
      if (i === answerAt) return ANSWER_ROLE;
      if (token.startsWith('L_')) {
        const role = `LITERAL_${++literal}`;
        const value = trace.literalValue?.(token);
        if (value !== undefined && !literals.has(role)) literals.set(role, memoryBucket(value));
        return role;
      }
      return `BRIDGE_${++bridge}`;
    });
    const steps = path.edges.map(step);
    const text = renderTemplate(roles, steps);
    if (!templates.some((t) => t.text === text)) templates.push({ roles, steps, text, seen: 1 });
  }

  const failures: FailureNote[] = (trace.failures ?? []).map((f) => {
    const steps = f.chain.map(step);
    return {
      mode: f.mode,
      depth: f.depth,
      chain: renderTemplate(chainRoles(steps.length, f.answerPosition ?? steps.length), steps),
      reason: roleQuestion(f.reason, trace.anchors),
    };
  });

  const literalBuckets: LiteralBucket[] = [...literals].map(([role, bucket]) => ({ role, bucket }));
  return {
    question: roleQuestion(trace.anonymizedQuestion, trace.anchors),
    indicator,
    trajectory: trace.trajectory.map((t) => ({ ...t })),
    templates,
    literals: literalBuckets,
    outcome: trace.outcome,
    failures,
    exposure: { ...trace.exposure },
  };
}

/** Text embedded as the indicator key: the chain's relation labels as words, with directions. */
export function indicatorText(indicator: { chain: readonly AbstractStep[] }): string {
  return indicator.chain.map((s) => `${s.relation.replace(/[_./:#-]+/g, ' ')}${s.direction === 'in' ? ' of' : ''}`).join(' ; ');
}

/** Structure key of an indicator (roles, labels, directions, answer position): equal for redundant traces. */
export function indicatorKey(indicator: AbstractIndicator): string {
  return `${indicator.anchors.length}|${indicator.answerPosition}|${indicator.chain.map(arrow).join(' ')}`;
}
