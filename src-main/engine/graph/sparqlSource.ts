// A SPARQL graph source as the user gives it (CLI flags, the app's picker), checked before anything is stored or
// sent: the endpoint an http(s) URL without credentials, the graph IRI and label predicate absolute IRIs.
import type { SparqlSource } from '../../common/graphTypes.js';
import { endpointPermit } from './sparqlClient.js';
import { iriTerm, RDFS_LABEL } from './sparqlTerms.js';
import type { SparqlStoreOptions } from './sparqlGraphStore.js';

export class SparqlSourceError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SparqlSourceError';
  }
}

function absoluteIri(value: string, what: string): string {
  const v = value.trim();
  if (!/^[a-z][a-z0-9+.-]*:\S+$/i.test(v)) throw new SparqlSourceError(`${what} "${value}" is not an absolute IRI (expected e.g. http://example.org/graph)`);
  try {
    iriTerm(v);
  } catch {
    throw new SparqlSourceError(`${what} "${value}" holds characters an IRI may not contain`);
  }
  return v;
}

/** The source, normalised; throws SparqlSourceError saying what is wrong. */
export function parseSparqlSource(input: { endpoint: string; graphIri?: string; labelPredicate?: string }): SparqlSource {
  let url: URL;
  try {
    ({ url } = endpointPermit(input.endpoint.trim()));
  } catch (err) {
    // The user's input is wrong, not the store: the same message, as a configuration error.
    throw new SparqlSourceError((err as Error).message);
  }
  const source: SparqlSource = { endpoint: url.toString(), labelPredicate: input.labelPredicate ? absoluteIri(input.labelPredicate, 'label predicate') : RDFS_LABEL };
  if (input.graphIri) source.graphIri = absoluteIri(input.graphIri, 'graph IRI');
  return source;
}

/** Store settings from the environment: CTRLG_SPARQL_MAX_TRIPLES (memory ceiling), CTRLG_SPARQL_TIMEOUT_MS. */
export function sparqlOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): SparqlStoreOptions {
  const options: SparqlStoreOptions = {};
  const positive = (name: string): number | undefined => {
    const raw = env[name];
    if (raw === undefined || raw === '') return undefined;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < 1) throw new SparqlSourceError(`${name} must be a positive integer, not "${raw}"`);
    return n;
  };
  const max = positive('CTRLG_SPARQL_MAX_TRIPLES');
  if (max !== undefined) options.maxTriples = max;
  const timeout = positive('CTRLG_SPARQL_TIMEOUT_MS');
  if (timeout !== undefined) options.timeoutMs = timeout;
  return options;
}
