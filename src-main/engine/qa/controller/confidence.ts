// How sure a local answer is. A handful of signals the analysis and verification already produce — how far the
// chosen reading leads the best reading with other answers, how well each hop is named, which content words the
// chain leaves unexplained, whether anything verified at the first try, how certain the topic link is — go into
// a logistic model whose weights were fitted on the development graphs (bench/calibrate.ts prints them and the
// reliability table). Nothing here knows a graph's relations: the signals are about the question's reading.
import { UNSURE_BELOW, type AnswerConfidence, type ConfidenceSignals } from '../../../common/answerTypes.js';
import type { Analysis } from '../../core/handSkills.js';
import type { GroundedAnswer, ScoredChain } from '../../core/types.js';

/**
 * Logistic weights per signal, fitted by bench/calibrate.ts on the seed-1 samples of every development set (equal
 * weight per set), checked on the seed-2 samples. hops and answers are left at 0: on these sets they mostly say
 * which data set a question came from. The answer's own margin (answerMargin, nearRivals: readings that reach the
 * top answer too do not count against it) joined the chain's: on the seed-2 check the mean per-set AUC of right
 * against wrong went from 0.770 to 0.808 (better on 8 of 10 sets; MetaQA 1-hop 0.717 → 0.705, GrailQA 0.881 → 0.860),
 * and right answers marked unsure on the football graph's 3-hop questions from 69% to 48%. `inferred` never occurs
 * there; its weight is a prior (an inferred edge is right about half the time, by the encoder's hidden-edge Hits@1).
 */
export const CONFIDENCE_WEIGHTS: Readonly<Record<keyof ConfidenceSignals | 'bias', number>> = {
  bias: 0.769,
  chainMargin: 0.376,
  minSupport: 0.113,
  unused: -0.534,
  unmatched: -0.273,
  hops: 0,
  answers: 0,
  firstRound: -0.009,
  readingsAgree: 0.391,
  linkScore: 0.382,
  inferred: -1.5,
  homonyms: 0.021,
  nearReadings: -0.167,
  exactLink: 0.475,
  topScore: 0.35,
  meanSupport: 0.172,
  answerMargin: 0.542,
  nearRivals: -0.391,
}

/** Below this estimated probability of being right, the answer is unsure (best mean separation of wrong from right). */
export { UNSURE_BELOW };

/**
 * Below this fitted estimate, with a content word the chain leaves unexplained, the engine abstains instead of
 * answering: on the development sets 10 of the 12 top answers it withholds this way (seed-1 samples) were wrong.
 */
export const ABSTAIN_BELOW = 0.4;

/** Whether to withhold the answer: very unsure, and some phrase of the question is accounted for by nothing. */
export function shouldAbstain(c: AnswerConfidence, below = ABSTAIN_BELOW): boolean {
  // The fitted estimate decides, not the cap for unnamed readings: the cap asks for help, it does not withhold.
  return c.signals.answers > 0 && probabilityRight(c.signals) < below && c.signals.unused + c.signals.unmatched > 0;
}

const MARGIN_CAP = 2;
/** Hop support below which no word names the hop (the analysis' own support threshold), and the estimate's ceiling when none of the chain's hops is named. */
const UNNAMED_BELOW = 0.25;
// Just below the unsure line: enough to ask for help; such readings are still right about two times in three.
const UNNAMED_CAP = UNSURE_BELOW - 0.01;

export interface ConfidenceInput {
  analysis: Analysis;
  answers: readonly Pick<GroundedAnswer, 'entity' | 'inferred'>[];
  /** The first answer node verified. */
  firstRound: boolean;
  /** Link scores of the anchors, in [0, 1]. */
  linkScores: readonly number[];
  /** Whether a topic's name is shared by another entity of the graph. */
  homonyms?: boolean;
  /** Whether every topic was linked by its whole name. */
  exactLink?: boolean;
}

const sameSet = (a: ReadonlySet<number>, b: ReadonlySet<number>): boolean => a.size === b.size && [...a].every((x) => b.has(x));

/** Whether c is a rival of the top reading: other answers, and not the other direction of the same one-hop reading. */
function rival(c: ScoredChain, top: ScoredChain): boolean {
  if (c === top || sameSet(c.ends, top.ends)) return false;
  const twin = c.twin && c.anchors.length === 1 && top.anchors[0] === c.anchors[0] && c.steps.length === 1 && top.steps.length === 1 && c.steps[0].relation === top.steps[0].relation;
  return !twin;
}

export function confidenceSignals(input: ConfidenceInput): ConfidenceSignals {
  const { analysis, answers } = input;
  const top = analysis.ranked[0];
  const other = top ? analysis.ranked.find((c) => rival(c, top)) : undefined;
  const chainMargin = top ? Math.min(MARGIN_CAP, other ? top.score - other.score : MARGIN_CAP) : 0;
  const best = answers[0]?.entity;
  // The best reading that does not reach the top answer: what the answer, not the chain, has to beat. When the top
  // reading itself does not reach it (a later reading verified it), the answer leads nothing.
  const lacks = (c: ScoredChain): boolean => best !== undefined && !c.ends.has(best);
  const topLacks = !!top && lacks(top);
  const against = top && best !== undefined ? analysis.ranked.find((c) => rival(c, top) && lacks(c)) : other;
  const near = top ? analysis.ranked.filter((c) => rival(c, top) && top.score - c.score < 0.15) : [];
  return {
    chainMargin,
    minSupport: analysis.chain.length ? Math.min(...analysis.chain.map((s) => s.confidence)) : 0,
    unused: analysis.unexplained?.unused.length ?? 0,
    unmatched: analysis.unexplained?.unmatched.length ?? 0,
    hops: analysis.chain.length,
    answers: Math.log1p(answers.length),
    firstRound: input.firstRound ? 1 : 0,
    readingsAgree: best !== undefined && other?.ends.has(best) ? 1 : 0,
    linkScore: input.linkScores.length ? Math.min(1, ...input.linkScores) : 0,
    inferred: answers[0]?.inferred ? 1 : 0,
    homonyms: input.homonyms ? 1 : 0,
    exactLink: input.exactLink ? 1 : 0,
    nearReadings: Math.min(5, near.length),
    topScore: top?.score ?? 0,
    meanSupport: analysis.chain.length ? analysis.chain.reduce((n, s) => n + s.confidence, 0) / analysis.chain.length : 0,
    answerMargin: top && !topLacks ? Math.min(MARGIN_CAP, against ? top.score - against.score : MARGIN_CAP) : 0,
    nearRivals: top ? Math.min(5, (topLacks ? 1 : 0) + near.filter((c) => best === undefined || lacks(c)).length) : 0,
  };
}

export function probabilityRight(s: ConfidenceSignals, weights = CONFIDENCE_WEIGHTS): number {
  let z = weights.bias;
  for (const k of Object.keys(s) as (keyof ConfidenceSignals)[]) z += weights[k] * s[k];
  return 1 / (1 + Math.exp(-z));
}

/** The confidence of an answer set, with the reasons an analyst reads when it is unsure. */
export function answerConfidence(input: ConfidenceInput, threshold = UNSURE_BELOW): AnswerConfidence {
  const signals = confidenceSignals(input);
  // A reading no word of the question names at all is a structural guess, whatever the model makes of the rest
  // (graphs unlike the development ones can give it a large margin simply by having few relations).
  const unnamed = input.analysis.chain.length > 0 && input.analysis.chain.every((s) => s.confidence < UNNAMED_BELOW);
  const fitted = input.answers.length === 0 ? 0 : probabilityRight(signals);
  const u = input.analysis.unexplained;
  // Answers that lack the fact the question asks of them (a film with no release year) are a bridge, not the answer.
  const p = unnamed || u?.missing ? Math.min(fitted, UNNAMED_CAP) : fitted;
  const reasons: string[] = [];
  if (unnamed && input.answers.length) reasons.push('no word of the question names any relation of the chain');
  if (u?.missing && input.answers.length) reasons.push(`the answers hold no fact of what "${u.missing.word}" asks for`);
  if (input.answers.length === 0) reasons.push('nothing verified along any reading of the question');
  for (const w of u?.unmatched.slice(0, 2) ?? []) reasons.push(`no relation of the graph for "${w}"`);
  for (const w of u?.unused.slice(0, 2) ?? []) reasons.push(`"${w}" names a relation the chosen chain does not walk`);
  if (signals.chainMargin < 0.1) reasons.push(signals.readingsAgree ? 'another reading scores about as well' : 'another reading scores about as well and gives other answers');
  if (input.analysis.chain.length && signals.minSupport < 0.25) reasons.push('a hop of the chain is named by no word of the question');
  if (signals.linkScore < 0.8) reasons.push('the topic entity is not certain');
  if (!signals.exactLink) reasons.push('a topic was linked by part of its name or a derived form');
  if (signals.homonyms) reasons.push('another entity of the graph has the same name as a topic');
  if (signals.inferred) reasons.push('the top answer rests on an inferred edge');
  if (!input.firstRound && input.answers.length) reasons.push('the first reading verified nothing; a later one did');
  return { p, unsure: p < threshold, reasons, signals };
}
