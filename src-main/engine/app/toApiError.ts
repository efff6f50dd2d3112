// Maps anything a handler throws to the contract's typed error body, so no exception crosses the wire.
import type { ApiErrorBody } from '../../common/contract.js';
import { CypherFailedError, CypherRefusedError } from '../graph/cypherErrors.js';
import { InvalidGraphNameError, UnknownGraphError } from '../graph/graphErrors.js';
import { UnknownEntityError } from '../graph/graphStore.js';
import { ImportCancelledError, ImportError } from '../import/importErrors.js';
import { SparqlEndpointError } from '../graph/sparqlClient.js';
import { SparqlGraphTooLargeError } from '../graph/sparqlGraphStore.js';
import { SparqlSourceError } from '../graph/sparqlSource.js';
import { ApiError } from './apiError.js';
import { redactIssues } from './redactIssues.js';

/** DOMException('…', 'AbortError'), hand-made AbortErrors and the importer's own cancellation. */
export function isAbortError(err: unknown): boolean {
  return err instanceof ImportCancelledError || (err instanceof Error && err.name === 'AbortError');
}

export function toApiError(err: unknown): ApiErrorBody {
  if (err instanceof ApiError) return err.toBody();
  if (isAbortError(err)) return { code: 'cancelled', message: (err as Error).message || 'The operation was cancelled.' };
  if (err instanceof UnknownGraphError) return { code: 'unknown_graph', message: err.message, details: { graph: err.graph } };
  if (err instanceof InvalidGraphNameError) return { code: 'invalid_request', message: err.message, details: { graph: err.graph } };
  if (err instanceof UnknownEntityError)
    return { code: 'unknown_entity', message: err.message, details: { entity: err.entity, graph: err.graph } };
  if (err instanceof CypherRefusedError) return { code: 'query_refused', message: err.message };
  if (err instanceof CypherFailedError) return { code: 'query_failed', message: err.message, details: { timedOut: err.timedOut } };
  if (err instanceof ImportError)
    return {
      code: 'import_failed',
      message: err.message,
      details: { file: err.file, line: err.line ?? null, column: err.column ?? null, reason: err.reason, issues: redactIssues(err.issues) },
    };
  // A SPARQL graph source: what the user configured is wrong, or their store cannot answer now.
  if (err instanceof SparqlSourceError) return { code: 'invalid_request', message: err.message };
  if (err instanceof SparqlEndpointError || err instanceof SparqlGraphTooLargeError) return { code: 'not_available', message: err.message };
  // Only the message leaves the engine: stacks stay local.
  const message = err instanceof Error ? err.message : String(err);
  return { code: 'internal', message: message || 'Internal error.' };
}
