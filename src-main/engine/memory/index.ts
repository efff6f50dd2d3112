// Public surface of the experience memory: what the pipeline, the CLI, the shell and the benchmark import.
export * from './experienceRecord.js';
export { abstractTrace, roleQuestion, indicatorText, indicatorKey, renderTemplate, chainRoles, anchorRole, ANSWER_ROLE, ROLE_PATTERN, type SessionTrace, type SessionStep } from './abstractTrace.js';
export { memoryBucket, coarsenFreeText } from './memoryBuckets.js';
export { findLeaks, assertAbstract, leaksInText, nameScanner, traceStrings, type Leak, type LeakKind, type NameScanner } from './traceLeaks.js';
export { LeakyTraceError, MemoryKeyError, CorruptMemoryError, UnknownExperienceError } from './memoryErrors.js';
export { FileKeyStore, staticKeyStore, KEY_BYTES, KEY_FILE, type KeyStore } from './keyStore.js';
export { ExperienceStore, DEFAULT_DIM, type ExperienceRow, type ExperienceChange, type OpenStoreOptions } from './experienceStore.js';
export { HotBuffer, type HotBufferOptions, type HotBufferStats } from './hotBuffer.js';
export {
  ExperienceRetriever,
  DEFAULT_RETRIEVE_OPTIONS,
  dualKeyWeights,
  dualKeyQuery,
  scoreRow,
  warningsOf,
  type ExperienceQuery,
  type RetrieveOptions,
  type RetrievedExperience,
  type ExperienceWarning,
  type Retrieval,
} from './retrieveExperience.js';
export { redundancyKey, mergeRecords } from './redundancy.js';
export { maintainMemory, planMerges, planPrune, experienceWeight, DEFAULT_PRUNE_POLICY, type PrunePolicy, type MaintenanceReport } from './maintainMemory.js';
export { writeExperience, recordReuse, newExperienceRecord, newExperienceId, type WriteBackOptions } from './writeExperience.js';
export {
  gateDecision,
  bindAnalysis,
  bindTemplate,
  templatesForRemote,
  DEFAULT_GATE_OPTIONS,
  type GateOptions,
  type GateContext,
  type GateDecision,
  type ReusableAnalysis,
  type BoundTemplate,
} from './memoryGate.js';
export { auditMemory, type AuditReport, type AuditFinding, type AuditKind, type AuditOptions } from './auditMemory.js';
export { MemoryExperienceProvider, reuseOf, warningsFor, type MemoryProviderOptions } from './memoryExperienceProvider.js';
