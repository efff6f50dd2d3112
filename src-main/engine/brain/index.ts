// Public surface of the Brain path: payloads, reports, approval, the Brains, and the pipeline's brainStep.
export type { Brain, BrainAnalysis, BrainOutcome, BrainRanking, BrainRankedPath, BrainUsage, Rejection } from './brain.js';
export { fallback } from './brain.js';
export {
  BrainUnavailableError,
  BrainRequestError,
  BrainConfigError,
  BrainAbortedError,
  NotApprovedError,
  ExposureMismatchError,
  type AttemptFailure,
  type AttemptFailureKind,
} from './brainErrors.js';
export { BrainGateway, parseReplyJson, type BrainGatewayOptions, type BrainRequest, type BrainReply } from './brainGateway.js';
export { EnvKeyProvider, StaticKeyProvider, BRAIN_KEY_ENV, type KeyProvider } from './keyProvider.js';
export { DEFAULT_RETRY_POLICY, backoffDelay, retryAfterMs, type RetryPolicy } from './retryPolicy.js';
export { analysisPayload, rankingPayload, finalizePayload, DEFAULT_MAX_RETURN, type RankingPayloadInput } from './brainPayload.js';
export { renderPayloadText, pathText, indicatorText } from './payloadText.js';
export { editPayload, droppableFields, EmptyEditError, InvalidEditError } from './editPayload.js';
export { exposureReport, tokensIn, type ExposureReportInput } from './exposureReport.js';
export { NO_HISTORY, type ExposureHistory } from './exposureHistory.js';
export { formatExposureReport } from './formatExposureReport.js';
export { countChatTokens, countTextTokens, encodingForModel } from './tokenCount.js';
export { requestApproval, assertApproved, AutoApprover, type Approver, type ApprovalOutcome, type ApprovalInput } from './approval.js';
export { PromptApprover } from './promptApprover.js';
export { QueuedApprover, UnknownApprovalError, type ApprovalEvent } from './queuedApprover.js';
export { BrainCallCounter } from './brainCallCounter.js';
export { RemoteBrain } from './remoteBrain.js';
export { LocalModelBrain, type JsonGenerator } from './localModelBrain.js';
export { DrmStandInBrain } from './drmStandInBrain.js';
export { analysisRole, rankingRole, systemPromptFor, type BrainRoleSpec } from './roles/index.js';
export { brainStep, needsBrain, type BrainStepContext, type BrainStepResult } from './brainStep.js';
export {
  createBrainFromOptions,
  BRAIN_KINDS,
  APPROVE_MODES,
  type BrainOptions,
  type BrainSetup,
  type BrainKind,
  type ApproveMode,
} from './createBrainFromOptions.js';
