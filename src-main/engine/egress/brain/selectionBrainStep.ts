// The two-stage selection served by the gateway: the encoder's candidates (tokens, visible relation words,
// probabilities) become a "selection" payload and go through brainStep like every other call (report → approval
// → audit → send → ledger). The Brain's decision comes back in tokens; graspMode maps it to entities and grounds
// it locally. A denied, failed or unanswerable call returns nothing, and the local ranking stands.
import type { BrainPayload } from '../../../common/brainTypes.js';
import type { SelectionStep, SelectionStepRequest } from '../../core/selectionStep.js';
import type { ControllerBrainStepOptions } from './controllerBrainStep.js';
import { selectionPayload } from '../../payload/brainPayload.js';
import { questionBrainStep, type BrainStepResult } from './brainStep.js';

export interface SelectionBrainStepOptions extends Omit<ControllerBrainStepOptions, 'onPayload' | 'onResult'> {
  onPayload?: (payload: BrainPayload, request: SelectionStepRequest) => void;
  onResult?: (result: BrainStepResult, request: SelectionStepRequest) => void;
}

export function selectionPayloadOf(request: SelectionStepRequest): BrainPayload {
  return selectionPayload({
    question: request.question,
    anchors: request.anchors,
    candidates: request.candidates,
    iteration: request.iteration,
    maxIterations: request.maxIterations,
    ...(request.literals ? { literals: request.literals } : {}),
    view: request.view ?? { k: 0, achievedK: 0 },
  });
}

export function selectionBrainStep(options: SelectionBrainStepOptions): SelectionStep {
  return async (request) => {
    // φ_Q keys the ledger by raw entity; without it a call could not be accounted for, so none is made.
    if (!request.mapping || !request.graph || request.candidates.length === 0) return undefined;
    const payload = selectionPayloadOf(request);
    options.onPayload?.(payload, request);
    const result = await questionBrainStep(options, payload, { mapping: request.mapping, graph: request.graph });
    options.onResult?.(result, request);
    return result.selection;
  };
}
