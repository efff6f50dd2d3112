// The Brain's planning port: when the local reading of a question is unsure (no chain explains it, or two readings
// disagree), the anonymised question with the view's relation labels — the analysis payload the run already
// built — may go to a Brain, which answers with an anchor order and a relation chain in visible labels. The QA
// engine validates that chain against the schema paths reachable from the anchors, explores with it and verifies
// locally as always; the Brain never sees a path or an answer.
import type { PayloadStatus } from '../../common/answerTypes.js';
import type { BrainPayload } from '../../common/brainTypes.js';
import type { Direction } from '../../common/graphTypes.js';
import type { ViewMapping } from './types.js';

export interface AnalysisStepRequest {
  /** The question's analysis payload (role 'analysis'), built once by the payload builder. */
  payload: BrainPayload;
  /** φ_Q and the graph's name/raw ids, local only: the gateway keys the ledger by the entities behind tokens. */
  mapping: ViewMapping;
  graph: { name: string; ids: readonly string[] };
}

/** A Brain's plan, in view terms: anchor tokens in walking order and the chain in visible relation labels. */
export interface BrainPlan {
  anchors: string[];
  chain: { relation: string; direction: Direction }[];
  answerPosition: number;
  dPredict: number;
}

export interface AnalysisStepOutcome {
  /** Absent when the call was denied, failed, or the reply held no usable chain. */
  plan?: BrainPlan;
  status: PayloadStatus;
  /** The payload as sent, when the analyst edited it before approving. */
  payload?: BrainPayload;
  reason: string;
}

/** Undefined: no call was made (nothing to account the exposure against). */
export type AnalysisStep = (request: AnalysisStepRequest) => Promise<AnalysisStepOutcome | undefined>;
