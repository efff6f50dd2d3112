// The controller's Brain plug-in, served by the gateway: the ranking payload the controller's round built (view
// material only, by the one payload builder) goes through brainStep (report → approval → audit → send → ledger), and the Brain's ranking
// comes back as candidate indices into the request's paths. One adapter per question: it carries that question's
// id and counter, so "approve all" and the calls/denied/tokens tally never leak into another question.
import type { BrainPayload } from '../../../common/brainTypes.js';
import type { BrainStep, BrainStepRanking, BrainStepRequest } from '../../core/brainStep.js';
import { payloadFate, questionBrainStep, type BrainStepResult, type QuestionBrainContext } from './brainStep.js';

export interface ControllerBrainStepOptions extends QuestionBrainContext {
  /** The payload about to go through approval (edit previews recompute reports from it). */
  onPayload?: (payload: BrainPayload, request: BrainStepRequest) => void;
  /** Every step's outcome (sent, denied, fallback, reason), for the UI and logs. */
  onResult?: (result: BrainStepResult, request: BrainStepRequest) => void;
}

export function controllerBrainStep(options: ControllerBrainStepOptions): BrainStep {
  return async (request): Promise<BrainStepRanking | undefined> => {
    // φ_Q keys the ledger by raw entity; without it a call could not be accounted for, so none is made.
    if (!request.mapping || !request.graph || request.paths.length === 0) return undefined;
    const payload = request.payload;
    options.onPayload?.(payload, request);
    const result = await questionBrainStep(options, payload, { mapping: request.mapping, graph: request.graph });
    options.onResult?.(result, request);
    // The payload's candidate indices are positions in request.paths (rankingPayload keeps their order).
    const ranked = (result.ranking ?? []).filter((i) => Number.isInteger(i) && i >= 0 && i < request.paths.length);
    return { ranked, ...payloadFate(result, payload) };
  };
}
