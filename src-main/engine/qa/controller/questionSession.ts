// One question's session as the controller sees it: the view, its mapping φ_Q, the analysis and the stages of
// the answering chain as functions — explore → prune → (payload) → ground → verify — so each tree node runs the
// same steps the single-pass pipeline ran, with its own anchors, guides, depth and indicator.
import type { PayloadStatus, RankedAnswer } from '../../../common/answerTypes.js';
import type { BrainPayload } from '../../../common/brainTypes.js';
import type { MemoryGraph } from '../../graph/memoryGraph.js';
import type { Analysis, Hand } from '../../core/handSkills.js';
import { rankingPayload } from '../../payload/brainPayload.js';
import { exploreTopicPaths, type ChainGuide } from '../stages/exploreTopicPaths.js';
import { groundPath } from '../stages/groundPaths.js';
import { type GroundedPath } from '../../core/types.js';
import type { CandidatePath, GroundedAnswer, SanitizedView, ViewMapping } from '../../core/types.js';
import type { ViewAdjacency } from '../stages/viewAdjacency.js';

export interface QuestionSession {
  graph: MemoryGraph;
  hand: Hand;
  view: SanitizedView;
  mapping: ViewMapping;
  vAdj: ViewAdjacency;
  /** Tokens standing for several raw entities (exploration may pass them twice). */
  multi: ReadonlySet<string>;
  analysis: Analysis;
  /** Anchor tokens in indicator order. */
  anchorTokens: string[];
  dMax: number;
  beam: number;
  pruneWidth: number;
  /** Candidate paths a ranking payload shows (the best of the kept ones). */
  payloadWidth: number;
  /** Which of `count` kept paths a ranking payload shows (a per-session draw); none: the best `payloadWidth`. */
  showPaths?: (count: number, width: number) => number[];
  /** Trims a built ranking payload against re-identification (the payload guard); none: the payload as built. */
  guard?: (payload: BrainPayload) => BrainPayload;
  /** The run's Brain payloads (the analysis, then one ranking payload per explored round) and their fate. */
  payloads: PayloadRecord[];
  /** Stage timer of the run (adds the time since the last lap to `stage`). */
  lap(stage: string): void;
}

/** A payload the run built, and whether a call sent it. */
export interface PayloadRecord {
  payload: BrainPayload;
  status: PayloadStatus;
}

export interface RoundInput {
  /** Anchor tokens the paths start from (the question's, or predicted bridges in Predict mode). */
  anchors: string[];
  guides: ChainGuide[];
  depth: number;
  /** Indicator used for pruning and verification (the analysis, or a follow-up indicator). */
  analysis: Analysis;
  beam?: number;
}

export interface RoundResult {
  explored: number;
  kept: CandidatePath[];
  grounded: GroundedPath[];
  answers: GroundedAnswer[];
  /** The ranking payload built for `kept`: a Brain call of this round sends exactly it. */
  payload: PayloadRecord;
}

/** explore → prune → payload → ground → verify at one depth. */
export async function runRound(s: QuestionSession, input: RoundInput): Promise<RoundResult> {
  const candidates = exploreTopicPaths(s.vAdj, { anchors: input.anchors, guides: input.guides, depth: input.depth, beam: input.beam ?? s.beam, multi: s.multi });
  s.lap('explore');
  const kept = await s.hand.refineEvidence({ paths: candidates, indicator: input.analysis, width: s.pruneWidth });
  s.lap('prune');
  const payload = recordRankingPayload(s, input.analysis, input.anchors, kept);
  const { grounded, answers } = await groundAndVerify(s, kept, input.analysis);
  return { explored: candidates.length, kept, grounded, answers, payload };
}

/** Builds the ranking payload a Brain would get for these candidates, once: listed in the result, sent if asked. */
export function recordRankingPayload(s: QuestionSession, analysis: Analysis, anchors: string[], kept: readonly CandidatePath[]): PayloadRecord {
  const indicator = { anchors: [...anchors], chain: analysis.chain.map((x) => ({ relation: x.visible, direction: x.direction })), answerPosition: analysis.answerPosition, dPredict: analysis.dPredict };
  const built = rankingPayload({ view: s.view, indicator, paths: kept, width: s.payloadWidth, ...(s.showPaths ? { show: s.showPaths(kept.length, s.payloadWidth) } : {}) });
  const record: PayloadRecord = { payload: s.guard ? s.guard(built) : built, status: 'local' };
  s.payloads.push(record);
  s.lap('payload');
  return record;
}

/** Grounds candidate paths in the raw graph (from the question's anchors) and verifies them against `analysis`. */
export async function groundAndVerify(s: QuestionSession, kept: readonly CandidatePath[], analysis: Analysis): Promise<{ grounded: GroundedPath[]; answers: GroundedAnswer[] }> {
  const grounded: GroundedPath[] = [];
  for (const p of kept) {
    const g = groundPath(p, s.mapping, s.graph, { anchors: analysis.anchorOrder });
    if (g.ok) grounded.push(...g.paths);
  }
  s.lap('ground');
  const verified = await s.hand.verifySufficiency({ grounded, analysis });
  s.lap('verify');
  return { grounded, answers: verified.answers };
}

/** Verified answers with names, raw and view evidence: what AskResult carries. */
export function toRankedAnswers(graph: MemoryGraph, answers: readonly GroundedAnswer[], max: number): RankedAnswer[] {
  // Equal scores mean equal evidence (same chain, same support): verification orders those by name, and says so.
  const top = answers[0]?.score;
  const tied = answers.filter((a) => a.score === top).length > 1;
  return answers.slice(0, max).map((a) => ({
    ...(tied && a.score === top ? { tied: true } : {}),
    id: graph.ids[a.entity],
    name: graph.names[a.entity],
    score: a.score,
    rawPaths: a.rawPaths.map((rp) => ({
      entities: rp.entities.map((e) => graph.names[e]),
      edges: rp.edges.map((e) => ({ relation: graph.relationLabels[e.relation], direction: e.direction, ...(e.inferred ? { inferred: true } : {}) })),
    })),
    viewPaths: a.viewPaths,
    ...(a.inferred ? { inferred: a.inferred } : {}),
  }));
}
