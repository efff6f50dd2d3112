// The two-stage plug-in of the controller, sibling of brainStep: the encoder's selection goes out as sanitized
// natural-language evidence (session tokens and visible relation words only), and a Brain decides whether it is
// sufficient, which entity to expand next, or which candidate is the final answer. The reply stays in tokens;
// the controller maps them back locally and grounds and verifies the final answer itself.
import type { Direction } from '../../common/graphTypes.js';
import type { ViewMapping } from './types.js';

export interface SelectionCandidate {
  token: string;
  /** Encoder probability. */
  score: number;
  /** The candidate's expansion path from a topic entity, in tokens and visible relation words. */
  path: string;
  /** True when the question's chain reaches it only with one edge inferred (a missing edge). */
  inferred: boolean;
  /** The same path structured (tokens from a topic entity to the candidate, visible relation words between). */
  nodes: string[];
  edges: { relation: string; direction: Direction }[];
}

export interface SelectionStepRequest {
  /** The anonymised question. */
  question: string;
  anchors: string[];
  candidates: SelectionCandidate[];
  /** Exactly the text a Brain receives as the user message. */
  evidence: string;
  /** 1-based round of the loop, and its limit. */
  iteration: number;
  maxIterations: number;
  /**
   * Local only, never sent: φ_Q and the graph's name/raw ids (the gateway keys the exposure ledger by the raw
   * entities behind tokens), the view's k-anonymity, and the coarsened value of each literal token on a path.
   */
  mapping?: ViewMapping;
  graph?: { name: string; ids: readonly string[] };
  view?: { k: number; achievedK: number };
  literals?: Record<string, string>;
}

export type SelectionDecision =
  | { action: 'sufficient' }
  | { action: 'expand'; token: string }
  | { action: 'final'; tokens: string[] };

/** Returns a decision, or nothing when the Brain cannot help (declined, failed): the local ranking stands. */
export type SelectionStep = (request: SelectionStepRequest) => Promise<SelectionDecision | undefined>;

export const DEFAULT_SELECTION_ITERATIONS = 3;
