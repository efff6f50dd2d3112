// Public surface of the sanitizer: what the pipeline, the CLI and the Brain gateway import.
export { sanitizeView, type SanitizeInput, type SanitizeResult } from './sanitizeView.js';
export {
  newSessionSecret,
  entityToken,
  kindToken,
  DiscardedSecretError,
  TOKEN_PATTERN,
  TOKEN_PREFIX,
  type TokenKind,
} from './sessionSecret.js';
export {
  clusterRelations,
  relationSignatures,
  defaultRelationClusters,
  type RelationSignature,
  type ClusterOptions,
} from './relationClusters.js';
export { schemaTypes, type SchemaTypeOptions } from './schemaTypes.js';
export { coarsenLiteral, numberBand, literalKindOf, literalKindOfText } from './literalBuckets.js';
export { anonymizeQuestion } from './anonymizeQuestion.js';
