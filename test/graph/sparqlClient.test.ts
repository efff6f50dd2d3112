// The SPARQL graph source without a store: a loopback HTTP server plays the endpoint. What goes out (a POST form
// holding the query and nothing else), the errors (each naming the endpoint), the runtime egress guard (the
// configured endpoint is let through for the length of a query only), and the query text and term handling.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SparqlClient, SparqlEndpointError } from '../../src-main/engine/graph/sparqlClient.js';
import { labelNeedle, SparqlGraphStore, SparqlGraphTooLargeError } from '../../src-main/engine/graph/sparqlGraphStore.js';
import { groupCountsQuery, groupMembersQuery, labelSearchQuery } from '../../src-main/engine/graph/sparqlQueries.js';
import { parseSparqlSource, sparqlOptionsFromEnv } from '../../src-main/engine/graph/sparqlSource.js';
import { entityOfTerm, iriTerm, stringTerm } from '../../src-main/engine/graph/sparqlTerms.js';
import { EGRESS_REFUSED, egressAllowed, installEgressGuard, uninstallEgressGuard } from '../../src-main/engine/node/egressGuard.js';

type Handler = (req: IncomingMessage, body: string, res: ServerResponse) => void;

let server: Server;
let endpoint = '';
let handler: Handler = () => undefined;
const seen: { headers: IncomingMessage['headers']; body: string; url: string | undefined }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      seen.push({ headers: req.headers, body, url: req.url });
      handler(req, body, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sparql`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

async function listen(fn: (req: IncomingMessage, res: ServerResponse) => void): Promise<Server> {
  const s = createServer(fn);
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  return s;
}

const json = (res: ServerResponse, bindings: unknown[], headers: Record<string, string> = {}) => {
  res.writeHead(200, { 'content-type': 'application/sparql-results+json', ...headers });
  res.end(JSON.stringify({ head: { vars: [] }, results: { bindings } }));
};

describe('SparqlClient', () => {
  it('POSTs the query as a form, asks for SPARQL JSON, and returns the bindings', async () => {
    handler = (_req, _body, res) => json(res, [{ x: { type: 'uri', value: 'http://e/1' } }]);
    seen.length = 0;
    const rows = await new SparqlClient(endpoint).select('SELECT ?x WHERE { ?x ?p ?o }');
    expect(rows).toEqual([{ x: { type: 'uri', value: 'http://e/1' } }]);
    expect(seen).toHaveLength(1);
    expect(seen[0].headers.accept).toBe('application/sparql-results+json');
    expect(seen[0].headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(seen[0].headers.authorization).toBeUndefined();
    expect(Object.fromEntries(new URLSearchParams(seen[0].body))).toEqual({ query: 'SELECT ?x WHERE { ?x ?p ?o }' });
  });

  it('reads a CONSTRUCT as N-Triples terms', async () => {
    handler = (_req, _body, res) => {
      res.writeHead(200, { 'content-type': 'application/n-triples' });
      res.end('<http://e/1>\t<http://p/r>\t"7.5"^^<http://www.w3.org/2001/XMLSchema#decimal> .\n<http://e/1> <http://p/r> "x \\"q\\""@en .\n');
    };
    const rows = await new SparqlClient(endpoint).construct('CONSTRUCT { ?s ?p ?o } WHERE { ?s ?p ?o }');
    expect(rows.map((r) => entityOfTerm(r.o))).toEqual([
      { id: '7.5', name: '7.5', literal: 'number' },
      { id: 'x "q"', name: 'x "q"', literal: 'string' },
    ]);
  });

  it('names the endpoint in every failure: HTTP error, not JSON, timeout, refused connection, a cut result', async () => {
    const client = new SparqlClient(endpoint, { timeoutMs: 300 });
    handler = (_req, _body, res) => {
      res.writeHead(400, { 'content-type': 'text/plain' });
      res.end('Virtuoso 37000 Error SP030: SPARQL compiler, line 1: syntax error');
    };
    await expect(client.select('SELECT')).rejects.toThrow(`SPARQL endpoint ${endpoint}: HTTP 400 Bad Request: Virtuoso 37000 Error SP030`);
    handler = (_req, _body, res) => res.end('<html>login</html>');
    await expect(client.select('SELECT')).rejects.toThrow(`SPARQL endpoint ${endpoint}: the reply is not SPARQL JSON results: <html>login</html>`);
    handler = () => undefined; // never answers
    await expect(client.select('SELECT')).rejects.toThrow(`SPARQL endpoint ${endpoint}: no answer within 0 s`);
    handler = (_req, _body, res) => json(res, [{}, {}], { 'x-sparql-maxrows': '2' });
    await expect(client.select('SELECT ?x { ?x ?p ?o }')).rejects.toThrow(/cut at the endpoint's limit of 2 rows/);
    // The query's own LIMIT at or below the endpoint's: a full page, not a cut result.
    await expect(client.select('SELECT ?x { ?x ?p ?o } LIMIT 2', { limit: 2 })).resolves.toHaveLength(2);
    const other = await listen(() => undefined);
    const closedPort = (other.address() as AddressInfo).port;
    await new Promise<void>((resolve) => other.close(() => resolve()));
    const err = await new SparqlClient(`http://127.0.0.1:${closedPort}/sparql`).select('SELECT').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SparqlEndpointError);
    expect((err as Error).message).toBe(`SPARQL endpoint http://127.0.0.1:${closedPort}/sparql: cannot connect (ECONNREFUSED)`);
  });

  it('sends a read once more when the store closes the connection under it, and only once', async () => {
    let n = 0;
    handler = (req, _body, res) => {
      n += 1;
      if (n === 1) return req.socket.destroy(); // the store dropped the connection mid-request
      json(res, [{ x: { type: 'uri', value: 'http://e/2' } }]);
    };
    expect(await new SparqlClient(endpoint).select('SELECT ?x WHERE { ?x ?p ?o } LIMIT 1')).toEqual([{ x: { type: 'uri', value: 'http://e/2' } }]);
    expect(n).toBe(2);
    n = 0;
    handler = (req) => {
      n += 1;
      req.socket.destroy();
    };
    const err = await new SparqlClient(endpoint).select('SELECT ?y WHERE { ?y ?p ?o } LIMIT 1').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SparqlEndpointError);
    expect((err as Error).message).toMatch(/cannot connect/);
    expect(n).toBe(2);
  });

  it('refuses endpoints that are not http(s), or hold credentials, before any request', () => {
    expect(() => new SparqlClient('ftp://x/sparql')).toThrow(/must be http or https/);
    expect(() => new SparqlClient('not a url')).toThrow(/not a URL/);
    expect(() => parseSparqlSource({ endpoint: 'http://dba:secret@host/sparql' })).toThrow(/credentials in the URL are not accepted/);
    expect(() => parseSparqlSource({ endpoint: 'http://dba:secret@host/sparql' })).not.toThrow(/secret/);
    expect(() => parseSparqlSource({ endpoint: endpoint, graphIri: 'not an iri' })).toThrow(/graph IRI "not an iri" is not an absolute IRI/);
    expect(() => parseSparqlSource({ endpoint: endpoint, labelPredicate: 'http://x/a>b' })).toThrow(/label predicate .* characters an IRI may not contain/);
    expect(parseSparqlSource({ endpoint })).toEqual({ endpoint, labelPredicate: 'http://www.w3.org/2000/01/rdf-schema#label' });
    expect(() => sparqlOptionsFromEnv({ CTRLG_SPARQL_MAX_TRIPLES: 'lots' })).toThrow(/CTRLG_SPARQL_MAX_TRIPLES must be a positive integer, not "lots"/);
    expect(sparqlOptionsFromEnv({ CTRLG_SPARQL_MAX_TRIPLES: '1000', CTRLG_SPARQL_TIMEOUT_MS: '5000' })).toEqual({ maxTriples: 1000, timeoutMs: 5000 });
  });

  it('under the runtime egress guard, lets the configured endpoint through for the length of a query only', async () => {
    installEgressGuard();
    try {
      handler = (_req, _body, res) => json(res, []);
      const port = Number(new URL(endpoint).port);
      expect(egressAllowed('127.0.0.1', port)).toBe(false);
      const pending = new SparqlClient(endpoint).select('SELECT ?x {}');
      expect(egressAllowed('127.0.0.1', port)).toBe(true);
      expect(egressAllowed('127.0.0.1', port + 1)).toBe(false);
      await expect(pending).resolves.toEqual([]);
      expect(egressAllowed('127.0.0.1', port)).toBe(false);
      // Any other destination is still refused, while a query runs too.
      const other = await listen((_req, res) => res.end('ok'));
      const otherUrl = `http://127.0.0.1:${(other.address() as AddressInfo).port}/`;
      const running = new SparqlClient(endpoint).select('SELECT ?x {}');
      const planted = await fetch(otherUrl).catch((e: unknown) => e as { cause?: { code?: string } });
      await running;
      other.close();
      expect((planted as { cause?: { code?: string } }).cause?.code).toBe(EGRESS_REFUSED);
    } finally {
      uninstallEgressGuard();
    }
  });
});

describe('SparqlGraphStore over a stub endpoint', () => {
  it('refuses to page a graph above its ceiling into memory, saying how to raise it', async () => {
    handler = (_req, _body, res) => json(res, [{ n: { type: 'literal', value: '5000' } }]);
    const store = new SparqlGraphStore('big', { endpoint, labelPredicate: 'http://l' }, { maxTriples: 1000 });
    const err = await store.wholeGraph().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SparqlGraphTooLargeError);
    expect((err as Error).message).toMatch(/"big" holds 5,000 triples .* limited to 1,000 \(set CTRLG_SPARQL_MAX_TRIPLES/);
  });

  it('pages the whole graph in (labels name, types type, the rest are edges), and refuses a short read', async () => {
    const NT = [
      '<http://e/1> <http://l> "Aspirin" .',
      '<http://e/1> <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <http://t/Drug> .',
      '<http://e/1> <http://r/treats> <http://e/2> .',
      '<http://e/2> <http://r/year> "1899" .',
      '<http://e/2> <http://r/note> "pain"@en .',
    ];
    let served = NT.length;
    handler = (_req, body, res) => {
      const query = new URLSearchParams(body).get('query')!;
      if (query.startsWith('SELECT (COUNT(*)')) return json(res, [{ n: { type: 'literal', value: String(NT.length) } }]);
      const [, limit, offset] = /LIMIT (\d+) OFFSET (\d+)/.exec(query)!.map(Number);
      res.writeHead(200, { 'content-type': 'application/n-triples' });
      res.end(NT.slice(0, served).slice(offset, offset + limit).join('\n'));
    };
    const store = new SparqlGraphStore('g', { endpoint, labelPredicate: 'http://l' }, { pageSize: 2 });
    const { entities, triples } = await store.wholeGraph();
    expect(triples).toEqual([
      { head: 'http://e/1', relation: 'treats', tail: 'http://e/2' },
      { head: 'http://e/2', relation: 'year', tail: '1899' },
      { head: 'http://e/2', relation: 'note', tail: 'pain' },
    ]);
    expect(entities).toEqual([
      { id: 'http://e/1', name: 'Aspirin', type: 'Drug' },
      { id: 'http://e/2', name: '2' },
      { id: '1899', name: '1899', literal: 'date' },
      { id: 'pain', name: 'pain', literal: 'string' },
    ]);
    served = 3;
    const short = new SparqlGraphStore('g', { endpoint, labelPredicate: 'http://l' }, { pageSize: 2 });
    await expect(short.wholeGraph()).rejects.toThrow(`SPARQL endpoint ${endpoint}: paging returned 3 of 5 triples`);
  });

  it('reuses an answer for the same query text for a while, and never a failure', async () => {
    let calls = 0;
    handler = (_req, _body, res) => {
      calls++;
      if (calls === 1) {
        res.writeHead(503);
        res.end('busy');
      } else json(res, [{ n: { type: 'literal', value: '3' } }]);
    };
    const store = new SparqlGraphStore('g', { endpoint, labelPredicate: 'http://l' });
    await expect(store.countAll()).rejects.toThrow(/HTTP 503/);
    expect(await store.countAll()).toBe(3);
    expect(await store.countAll()).toBe(3);
    expect(calls).toBe(2);
    // An answer older than the store's reuse window is asked again (the user's store may have changed).
    const fresh = new SparqlGraphStore('g', { endpoint, labelPredicate: 'http://l' }, { cacheTtlMs: -1 });
    await fresh.countAll();
    await fresh.countAll();
    expect(calls).toBe(4);
  });
});

describe('SPARQL query text', () => {
  const scope = { graphIri: 'http://g', labelPredicate: 'http://www.w3.org/2000/01/rdf-schema#label' };

  it('escapes literals and refuses IRIs that would break out of <…>', () => {
    expect(stringTerm('a "b" \\ c\n\u0001')).toBe('"a \\"b\\" \\\\ c\\n\\u0001"');
    expect(() => iriTerm('http://x/> } DROP GRAPH <http://g')).toThrow(/cannot be written as an IRI/);
    expect(labelSearchQuery(scope, 'o"brien', 10)).toContain('"o\\"brien"');
  });

  it('pushes a cap into the query as a sub-select LIMIT, and fetches whole groups in one VALUES block', () => {
    const q = groupMembersQuery(scope, [
      { centre: 'http://e/1', relation: 'http://p/a', direction: 'out' },
      { centre: 'http://e/2', relation: 'http://p/a', direction: 'out' },
      { centre: 'http://e/1', relation: 'http://p/b', direction: 'in', limit: 5 },
    ]);
    expect(q).toContain('VALUES (?c ?p) { (<http://e/1> <http://p/a>) (<http://e/2> <http://p/a>) }');
    expect(q.match(/LIMIT 5/g)).toHaveLength(1);
    expect(q).toContain('GRAPH <http://g>');
    // A literal centre is bound by its lexical form, and has only incoming edges.
    const lit = groupCountsQuery(scope, ['1999']);
    expect(lit).toContain('FILTER(isLiteral(?c) && str(?c) = "1999")');
    expect(lit).not.toContain('UNION');
  });

  it('narrows label lookups by the longest ASCII run of the query', () => {
    expect(labelNeedle('LORCAN PETROVIĆ')).toBe('petrovi');
    expect(labelNeedle("O'Brien & Sons")).toBe('brien');
    expect(labelNeedle('北京 大学院')).toBe('大学院');
  });
});
