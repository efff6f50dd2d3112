// The Brain plug-in of the controller: a ranking of the pruned candidate paths, asked for only when the local
// choice is not confident. The gateway engineer's Brain (src-main/engine/egress/brain/) implements the callback; the
// default is none. The request carries view material only (tokens, visible labels, path numbers): the callback
// carries the ranking payload the round built (engine/payload), so what the Ask panel lists is what is sent.
import type { PayloadStatus, ViewPath } from '../../common/answerTypes.js';
import type { BrainPayload, PayloadIndicator } from '../../common/brainTypes.js';
import type { GroundedPath } from './types.js';
import type { GroundedAnswer, SanitizedView, ViewMapping } from './types.js';
import type { ReasoningMode } from '../../common/answerTypes.js';


export interface BrainStepRequest {
  /** The round's ranking payload, built once by the payload builder: exactly what a call sends. */
  payload: BrainPayload;
  view: SanitizedView;
  /** The indicator the node explored with, in view terms. */
  indicator: PayloadIndicator;
  /** Candidate paths after pruning (≤ W1); a ranking refers to them by index. */
  paths: (ViewPath & { answerAt: number })[];
  width: number;
  node: { id: number; subquestion: string; mode: ReasoningMode; depth: number };
  /** Why the Brain is asked: the local top-2 margin and the rule's threshold. */
  confidence: LocalConfidence;
  /**
   * φ_Q and the graph's name/raw ids, local only (never sent): the gateway keys the exposure ledger by the raw
   * entities behind each token, and that needs the mapping while the question is open.
   */
  mapping?: ViewMapping;
  graph?: { name: string; ids: readonly string[] };
}

/** When the controller asks the Brain: only when the local choice is unsure (default), or at every answer node. */
export type BrainPolicy = 'always' | 'whenUnsure';

/** Candidate indices (into request.paths), best first. Unknown indices are ignored. */
export interface BrainStepRanking {
  ranked: number[];
  /** What became of the payload ('sent' when absent; 'local' when a local Brain ranked it): denied and failed calls come with an empty ranking. */
  status?: PayloadStatus;
  /** The payload as sent, when the analyst edited it before approving (the result lists what actually left). */
  payload?: BrainPayload;
}

/** Returns a ranking, or nothing when the Brain cannot help (declined, failed, not approved): local order stays. */
export type BrainStep = (request: BrainStepRequest) => Promise<BrainStepRanking | undefined>;

export interface LocalConfidence {
  confident: boolean;
  /** Score of the best verified answer minus the second's (Infinity with fewer than two answers). */
  margin: number;
  threshold: number;
}
