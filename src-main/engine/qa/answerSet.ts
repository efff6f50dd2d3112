// The answer set: which candidates are "the answer(s)" and how well they are supported. Candidates the Hand's answer
// type rules out (clearly another class: a patient for "which hospital", a year for "which city") are never in it;
// the rest are cut at the largest drop in score among the leading candidates, so answers resting on the same evidence
// stay together and a weaker tail becomes "other candidates". The label says what kind of support the set has:
// a verified chain that explains the whole question, a partial reading, an inferred edge, or unsure. Pure.
import type { AnswerConfidence, AnswerSet, ConfidenceLabel } from '../../common/answerTypes.js';

/** At most this many candidates are considered for the set (a longer list of equals is a listing, not an answer). */
export const MAX_SET = 10;
/** A drop below this fraction of the leading candidates' score range is noise, not a cut. */
const MIN_RELATIVE_GAP = 0.1;
/**
 * Scores closer than this are equal support: the difference comes from tie-breaking priors, not from the evidence
 * (three reactions of one trial at 1.752 / 1.748 / 1.748 were cut after the first, "score gap 0").
 */
const NOISE_GAP = 0.01;

export interface SetCandidate {
  score: number;
  /** 1: of the expected type, -1: clearly not, 0 / absent: unknown. */
  fit?: number;
}

/** Indexes (into `candidates`, which are best first) of the answer set, and where it was cut in words. */
export function cutAnswerSet(candidates: readonly SetCandidate[]): { members: number[]; wrongType: number; cut: string } {
  const typed = candidates.map((c, i) => ({ ...c, i })).filter((c) => (c.fit ?? 0) >= 0);
  const wrongType = candidates.length - typed.length;
  // Nothing of the expected type: the best candidate stands alone, and the label will say unsure.
  const pool = (typed.length ? typed : candidates.slice(0, 1).map((c, i) => ({ ...c, i }))).slice(0, MAX_SET);
  if (pool.length <= 1) return { members: pool.map((c) => c.i), wrongType, cut: pool.length ? 'one candidate of the expected type' : 'no candidates' };
  const range = pool[0].score - pool[pool.length - 1].score;
  let at = pool.length;
  let gap = 0;
  for (let k = 0; k + 1 < pool.length; k++) {
    const g = pool[k].score - pool[k + 1].score;
    if (g > gap) {
      gap = g;
      at = k + 1;
    }
  }
  if (range <= 0 || gap < MIN_RELATIVE_GAP * range || gap < NOISE_GAP) {
    // Equal support: the set is the leading run tied with the top one (a Brain's or memory's order may put a
    // higher-scored candidate after the first; it does not join a tie it is not part of).
    let n = 1;
    while (n < pool.length && Math.abs(pool[0].score - pool[n].score) < NOISE_GAP) n++;
    const tied = pool.slice(0, n);
    return { members: tied.map((c) => c.i), wrongType, cut: tied.length > 1 ? `${tied.length} candidates with equal support` : 'no clear score gap' };
  }
  return { members: pool.slice(0, at).map((c) => c.i), wrongType, cut: `score gap ${round(gap)} after ${at} candidate${at === 1 ? '' : 's'}` };
}

const round = (x: number): string => (Math.round(x * 100) / 100).toString();

export interface LabelInput {
  confidence?: AnswerConfidence;
  /** The set's best answer rests on an inferred (missing) edge. */
  inferred: boolean;
  /** Some content word of the question is explained by no hop of the chain (the reading is partial). */
  partial: boolean;
  /** Every candidate was of another class than the one asked for. */
  noneOfType: boolean;
  /** The best-scored candidate is of another class than the one asked for (the reading found the wrong kind of thing). */
  topWrongType?: boolean;
  /** A node of the chain verified its answer. */
  verified: boolean;
}

/** The label and its reason: unsure wins over everything, then an inferred edge, then a partial reading. */
export function confidenceLabel(input: LabelInput): { label: ConfidenceLabel; reason: string } {
  const c = input.confidence;
  const p = c ? ` (estimated ${Math.round(c.p * 100)}% right)` : '';
  if (input.noneOfType) return { label: 'unsure', reason: 'no candidate is of the type the question asks for' };
  if (input.topWrongType) return { label: 'unsure', reason: 'the best-scored candidate is not of the type the question asks for' };
  if (!c || c.unsure || !input.verified) return { label: 'unsure', reason: `${c?.reasons[0] ?? 'nothing verified the answer'}${p}` };
  if (input.inferred) return { label: 'inferred', reason: `the answer rests on an edge the graph does not have, inferred by the selector${p}` };
  if (input.partial) return { label: 'partial', reason: `${c.reasons[0] ?? 'part of the question is explained by no relation'}${p}` };
  return { label: 'verified', reason: `one verified chain explains the whole question${p}` };
}

/** The answer set of a ranked candidate list (best first), with its label. */
export function answerSetOf(candidates: readonly (SetCandidate & { inferred?: boolean })[], input: Omit<LabelInput, 'inferred' | 'noneOfType'> & { expected?: string }): { set: AnswerSet; members: number[] } {
  const { members, wrongType, cut } = cutAnswerSet(candidates);
  const noneOfType = candidates.length > 0 && wrongType === candidates.length;
  const topWrongType = (candidates[0]?.fit ?? 0) < 0;
  const { label, reason } = confidenceLabel({ ...input, inferred: !!candidates[members[0] ?? -1]?.inferred, noneOfType, topWrongType });
  return { set: { size: members.length, label, reason, ...(input.expected ? { expected: input.expected } : {}), wrongType, cut }, members };
}
