// The planning call served by the gateway: the question's analysis payload goes through brainStep like every other
// call (report → approval → audit → send → ledger) and the Brain's chain comes back in visible labels and tokens;
// the QA engine checks it against the graph's schema before exploring with it. One adapter per question.
import type { BrainPayload } from '../../../common/brainTypes.js';
import type { AnalysisStep, AnalysisStepRequest } from '../../core/analysisStep.js';
import { payloadFate, questionBrainStep, type BrainStepResult, type QuestionBrainContext } from './brainStep.js';

export interface AnalysisBrainStepOptions extends QuestionBrainContext {
  /** The payload about to go through approval (edit previews recompute reports from it). */
  onPayload?: (payload: BrainPayload, request: Pick<AnalysisStepRequest, 'mapping' | 'graph'>) => void;
  onResult?: (result: BrainStepResult) => void;
}

export function analysisBrainStep(options: AnalysisBrainStepOptions): AnalysisStep {
  return async (request) => {
    if (request.payload.role !== 'analysis') return undefined;
    options.onPayload?.(request.payload, request);
    const result = await questionBrainStep(options, request.payload, { mapping: request.mapping, graph: request.graph });
    options.onResult?.(result);
    const a = result.analysis;
    const plan = a && a.chain.length > 0 && a.anchors.length > 0 ? { anchors: a.anchors, chain: a.chain, answerPosition: a.answerPosition, dPredict: a.dPredict } : undefined;
    return { ...(plan ? { plan } : {}), ...payloadFate(result, request.payload), reason: result.reason };
  };
}
