// The attack on one session: its constraint graph, round-0 signature candidates, k rounds of refinement, and for
// every visible entity token its surviving candidates ranked. Reads only what the payloads show.
import { refineCandidates } from './arcRefinement.js';
import type { ObservedSession } from './observedSession.js';
import { candidateScores } from './rankCandidates.js';
import type { ReferenceIndex } from './referenceIndex.js';
import { sessionModel } from './sessionModel.js';
import { signatureCandidates } from './signatureCandidates.js';

/** Default refinement rounds: what the observer sees two hops around each token. */
export const DEFAULT_ROUNDS = 2;

/** What the attacker concludes about one entity token. */
export interface TokenVerdict {
  token: string;
  /** Raw entities that fit what the observer sees: the anonymity set. */
  candidates: Int32Array;
  /** Score of each candidate (lower ranks first), index-aligned with `candidates`. */
  scores: Float64Array;
  /** The (relation, direction) labels the token shows, sorted: what linkage across sessions compares. */
  signature: string[];
}

export interface SessionAttack {
  session: ObservedSession;
  /** One verdict per visible entity token (E_), in first-seen order. */
  verdicts: TokenVerdict[];
  rounds: number;
}

/** Runs the attack on one observed session. Pure given the index. */
export function attackSession(index: ReferenceIndex, session: ObservedSession, rounds = DEFAULT_ROUNDS): SessionAttack {
  const model = sessionModel(index, session);
  const refined = refineCandidates(index, model, signatureCandidates(index, model), rounds);
  const verdicts: TokenVerdict[] = [];
  // Tokens with the same candidates and the same visible labels (a film's actor leaves) score alike.
  const scored = new Map<Int32Array, Map<string, Float64Array>>();
  model.tokens.forEach((t, i) => {
    if (t.kind !== 'entity') return;
    const candidates = refined.sets[i] ?? index.entities;
    const signature = t.arcs.map((a) => `${a.direction}${model.labels[a.label].text}`).sort();
    const byLabels = scored.get(candidates) ?? scored.set(candidates, new Map()).get(candidates)!;
    const key = signature.join('\u0000');
    let scores = byLabels.get(key);
    if (!scores) byLabels.set(key, (scores = candidateScores(index, model, t, candidates)));
    verdicts.push({ token: t.token, candidates, scores, signature });
  });
  return { session, verdicts, rounds: refined.rounds };
}
