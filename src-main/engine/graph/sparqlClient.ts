// The one place a SPARQL graph source talks to its endpoint: a SELECT sent as an HTTP POST form (the query and
// nothing else: no credentials, no question text), JSON results (or N-Triples for a CONSTRUCT) back. The runtime egress guard lets the connection
// through to the configured endpoint's host and port for the length of the request only; every failure (refused,
// timed out, an HTTP error, a reply that is not SPARQL JSON, a result the endpoint cut short) names the endpoint.
import type { Literal, Quad, Term } from 'n3';
import { permitEgress, type EgressPermit } from '../node/egressGuard.js';

/** One solution: variable → RDF term, as in SPARQL 1.1 Query Results JSON. */
export type SparqlBinding = Record<string, SparqlTerm>;

export interface SparqlTerm {
  type: 'uri' | 'literal' | 'bnode' | 'typed-literal';
  value: string;
  datatype?: string;
  'xml:lang'?: string;
}

export class SparqlEndpointError extends Error {
  constructor(
    readonly endpoint: string,
    reason: string,
  ) {
    super(`SPARQL endpoint ${endpoint}: ${reason}`);
    this.name = 'SparqlEndpointError';
  }
}

export interface SparqlClientOptions {
  /** Per request (default 30 s). */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 30_000;

/** The endpoint's URL checked (http/https, no credentials in it) and the permit its requests need. */
export function endpointPermit(endpoint: string): { url: URL; permit: EgressPermit } {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw new SparqlEndpointError(endpoint, 'not a URL (expected e.g. http://localhost:8890/sparql)');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new SparqlEndpointError(endpoint, `must be http or https, not ${url.protocol}`);
  // Plain files (meta.json, the CLI's arguments echoed in logs) never hold a secret.
  if (url.username || url.password) throw new SparqlEndpointError(endpoint.replace(/\/\/[^@/]*@/, '//'), 'credentials in the URL are not accepted');
  return { url, permit: { host: url.hostname, port: Number(url.port || (url.protocol === 'https:' ? 443 : 80)), purpose: 'graph' } };
}

export class SparqlClient {
  readonly endpoint: string;
  private readonly permit: EgressPermit;
  private readonly timeoutMs: number;

  constructor(endpoint: string, options: SparqlClientOptions = {}) {
    const { url, permit } = endpointPermit(endpoint);
    this.endpoint = url.toString();
    this.permit = permit;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  }

  /**
   * Runs a SELECT and returns its solutions. `limit` is the query's own LIMIT, if any: a result cut at the
   * endpoint's row limit below it is refused rather than read as complete.
   */
  async select(query: string, options: { limit?: number; signal?: AbortSignal } = {}): Promise<SparqlBinding[]> {
    const { text, maxRows } = await this.post(query, 'application/sparql-results+json', options.signal);
    let parsed: { results?: { bindings?: SparqlBinding[] } };
    try {
      parsed = JSON.parse(text) as typeof parsed;
    } catch {
      throw new SparqlEndpointError(this.endpoint, `the reply is not SPARQL JSON results${excerpt(text)}`);
    }
    const bindings = parsed.results?.bindings;
    if (!Array.isArray(bindings)) throw new SparqlEndpointError(this.endpoint, 'the reply has no results.bindings (is this a SPARQL 1.1 query endpoint?)');
    this.checkCut(bindings.length, maxRows, options.limit);
    return bindings;
  }

  /**
   * Runs a CONSTRUCT and returns its triples as terms. Whole-graph paging uses it: N-Triples is a third of the
   * JSON results' size and far cheaper for a store to write.
   */
  async construct(query: string, options: { limit?: number; signal?: AbortSignal } = {}): Promise<{ s: SparqlTerm; p: SparqlTerm; o: SparqlTerm }[]> {
    const { text, maxRows } = await this.post(query, 'application/n-triples', options.signal);
    // n3 (and the stream polyfills it pulls in) loads here, not with the module: every command that opens a graph
    // imports this file, and only a SPARQL-backed graph ever parses N-Triples from it.
    const { Parser } = await import('n3');
    let quads: Quad[];
    try {
      quads = new Parser({ format: 'N-Triples', blankNodePrefix: '' }).parse(text);
    } catch (err) {
      throw new SparqlEndpointError(this.endpoint, `the reply is not N-Triples (${(err as Error).message})${excerpt(text)}`);
    }
    this.checkCut(quads.length, maxRows, options.limit);
    return quads.map((q) => ({ s: termOf(q.subject), p: termOf(q.predicate), o: termOf(q.object) }));
  }

  /** Virtuoso cuts a result at its ResultSetMaxRows and says so only in a header: a cut result is refused. */
  private checkCut(rows: number, maxRows: string | null, limit: number | undefined): void {
    if (maxRows === null || rows < Number(maxRows) || (limit !== undefined && limit <= Number(maxRows))) return;
    throw new SparqlEndpointError(this.endpoint, `the result was cut at the endpoint's limit of ${maxRows} rows (raise its ResultSetMaxRows)`);
  }

  private async post(query: string, accept: string, signal: AbortSignal | undefined): Promise<{ text: string; maxRows: string | null }> {
    const release = permitEgress(this.permit);
    const timeout = AbortSignal.timeout(this.timeoutMs);
    let response: Response | undefined;
    let text = '';
    try {
      // A store may close an idle kept-alive connection just as it is reused: the query is a read, so it is sent
      // once more on a fresh connection before the failure counts.
      for (let attempt = 1; ; attempt++) {
        try {
          response = await fetch(this.endpoint, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded', accept },
            body: new URLSearchParams({ query }).toString(),
            signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
            redirect: 'error', // a redirect would lead the query to a host nobody configured
          });
          text = await response.text();
          break;
        } catch (err) {
          if (timeout.aborted) throw new SparqlEndpointError(this.endpoint, `no answer within ${Math.round(this.timeoutMs / 1000)} s`);
          if (signal?.aborted) throw err;
          const cause = (err as { cause?: { code?: string; message?: string } }).cause;
          if (attempt === 1 && cause?.code !== undefined && CLOSED_SOCKET.has(cause.code)) continue;
          throw new SparqlEndpointError(this.endpoint, `cannot connect (${cause?.code ?? cause?.message ?? (err as Error).message})`);
        }
      }
    } finally {
      release();
    }
    if (!response.ok) throw new SparqlEndpointError(this.endpoint, `HTTP ${response.status} ${response.statusText}${excerpt(text)}`);
    return { text, maxRows: response.headers.get('x-sparql-maxrows') };
  }
}

/** Failures of a connection the other side closed: worth one more try of an idempotent read. */
const CLOSED_SOCKET = new Set(['UND_ERR_SOCKET', 'ECONNRESET', 'EPIPE']);

const XSD_STRING = 'http://www.w3.org/2001/XMLSchema#string';
const RDF_LANG_STRING = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#langString';

/** An n3 term in the shape of a SPARQL JSON result term. */
function termOf(t: Term): SparqlTerm {
  if (t.termType === 'NamedNode') return { type: 'uri', value: t.value };
  if (t.termType === 'BlankNode') return { type: 'bnode', value: t.value };
  const dt = (t as Literal).datatype?.value;
  return dt && dt !== XSD_STRING && dt !== RDF_LANG_STRING ? { type: 'literal', value: t.value, datatype: dt } : { type: 'literal', value: t.value };
}

/** The start of an error body, on one line: enough to see the endpoint's own message. */
function excerpt(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim().slice(0, 300);
  return line ? `: ${line}` : '';
}
