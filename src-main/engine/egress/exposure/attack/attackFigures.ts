// Scoring the attack against the truth eval revealed. A hit is naming the entity: the guess counts when its name
// equals the true member's name (so a homonym is as good a guess as the entity itself, as it is for an observer
// who names what it found). Figures per target group: anchors (tokens on the ANCHORS line), bridges (entity tokens
// inside a path), the two together, and all visible entity tokens, plus the anonymity-set distribution.
import { quantile } from '../../../import/questionsFile.js';
import type { SessionTruth } from './attackInputs.js';
import type { SessionAttack } from './attackSession.js';
import { expectedHitAtK } from './rankCandidates.js';
import type { ReferenceIndex } from './referenceIndex.js';

/** The outcome for one visible entity token. */
export interface TokenOutcome {
  i: number;
  token: string;
  anchor: boolean;
  bridge: boolean;
  /** Anonymity set size: raw entities that fit what the observer sees. */
  set_size: number;
  /** Expected hit at rank 1 and within rank 5 (absent when the truth is unknown: no mapping, or a name not in the graph). */
  hit1?: number;
  hit5?: number;
}

export interface AnonymityFigures {
  p50: number;
  /** Share of tokens that only one raw entity fits. */
  unique_share: number;
  /** Share of tokens that at most five raw entities fit. */
  at_most_5_share: number;
  /** Share of tokens no raw entity fits (the observer's model of the view was too strict; should stay 0). */
  empty_share: number;
}

export interface TargetFigures {
  tokens: number;
  /** Tokens whose truth is known (the ASR denominators). */
  scored: number;
  asr_at_1: number;
  asr_at_5: number;
  anonymity: AnonymityFigures;
}

/** anchors_bridges: the union the target is stated on (a token both anchor and bridge counts once). */
export type TargetGroup = 'anchors' | 'bridges' | 'anchors_bridges' | 'all';

/** The outcome of every entity token of session i; `names` is the set of raw names of the graph. Pure. */
export function scoreSession(index: ReferenceIndex, i: number, attack: SessionAttack, truth: SessionTruth | undefined, names: ReadonlySet<string>): TokenOutcome[] {
  const anchors = new Set(attack.session.anchors);
  return attack.verdicts.map((v) => {
    const out: TokenOutcome = { i, token: v.token, anchor: anchors.has(v.token), bridge: attack.session.bridges.has(v.token), set_size: v.candidates.length };
    const name = truth?.mapping.get(v.token)?.[0];
    if (name !== undefined && names.has(name)) {
      const isTrue = (x: number): boolean => index.graph.names[x] === name;
      out.hit1 = round(expectedHitAtK(v.candidates, v.scores, isTrue, 1));
      out.hit5 = round(expectedHitAtK(v.candidates, v.scores, isTrue, 5));
    }
    return out;
  });
}

/** Figures over the outcomes of one target group. Pure. */
export function targetFigures(outcomes: readonly TokenOutcome[], group: TargetGroup): TargetFigures {
  const inGroup: Record<TargetGroup, (o: TokenOutcome) => boolean> = { anchors: (o) => o.anchor, bridges: (o) => o.bridge, anchors_bridges: (o) => o.anchor || o.bridge, all: () => true };
  const xs = outcomes.filter(inGroup[group]);
  const scored = xs.filter((o) => o.hit1 !== undefined);
  const mean = (f: (o: TokenOutcome) => number): number => (scored.length ? round(scored.reduce((s, o) => s + f(o), 0) / scored.length) : 0);
  const sizes = xs.map((o) => o.set_size);
  const share = (ok: (n: number) => boolean): number => (sizes.length ? round(sizes.filter(ok).length / sizes.length) : 0);
  return {
    tokens: xs.length,
    scored: scored.length,
    asr_at_1: mean((o) => o.hit1 ?? 0),
    asr_at_5: mean((o) => o.hit5 ?? 0),
    anonymity: { p50: quantile(sizes, 0.5), unique_share: share((n) => n === 1), at_most_5_share: share((n) => n <= 5), empty_share: share((n) => n === 0) },
  };
}

function round(x: number): number {
  return Math.round(x * 10000) / 10000;
}
