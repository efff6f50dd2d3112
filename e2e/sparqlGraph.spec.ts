// The graph picker's SPARQL form in the browser host: a graph read from a SPARQL endpoint (a loopback stub that
// answers the queries the engine sends for a graph's size and contents) is added, listed as SPARQL, and its overview
// is computed from the endpoint's answers; a URL with credentials in it is refused with the reason.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from './fixtures.js';

const LABEL = 'http://www.w3.org/2000/01/rdf-schema#label';
const NT = [
  `<http://ex/e/1> <${LABEL}> "Aspirin" .`,
  `<http://ex/e/2> <${LABEL}> "Headache" .`,
  '<http://ex/e/1> <http://ex/r/treats> <http://ex/e/2> .',
  '<http://ex/e/1> <http://ex/r/approved> "1899" .',
].join('\n');

const uri = (value: string) => ({ type: 'uri', value });
const lit = (value: string) => ({ type: 'literal', value });

/** Answers by the query's shape: what the engine asks when a graph is added and read (4 triples, 3 entities). */
function answer(query: string): { type: string; body: string } {
  const json = (bindings: unknown[]) => ({ type: 'application/sparql-results+json', body: JSON.stringify({ head: { vars: [] }, results: { bindings } }) });
  if (query.startsWith('CONSTRUCT')) return { type: 'application/n-triples', body: NT + '\n' };
  if (/GROUP BY \?d$/.test(query)) return json([{ d: lit('2'), n: lit('1') }, { d: lit('1'), n: lit('2') }]);
  if (/GROUP BY \?p$/.test(query)) return json([{ p: uri('http://ex/r/treats'), n: lit('1') }, { p: uri('http://ex/r/approved'), n: lit('1') }]);
  if (query.includes('isLiteral(?o)')) return json([{ o: lit('1899') }]);
  if (query.startsWith('SELECT (COUNT(*) AS ?n)')) return json([{ n: lit('4') }]);
  return json([]);
}

let stub: Server;
let endpoint = '';
test.beforeAll(async () => {
  stub = createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      const { type, body: out } = answer(new URLSearchParams(body).get('query') ?? '');
      res.writeHead(200, { 'content-type': type });
      res.end(out);
    });
  });
  await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(stub.address() as AddressInfo).port}/sparql`;
});
test.afterAll(async () => {
  stub.closeAllConnections();
  await new Promise<void>((resolve) => stub.close(() => resolve()));
});

test('adds a graph from a SPARQL endpoint in the graph picker and shows its overview', async ({ app, page }) => {
  await page.getByTestId('sparql-open').click();
  await page.getByTestId('sparql-graph').fill('my-store');
  await page.getByTestId('sparql-endpoint').fill('http://dba:secret@127.0.0.1:1/sparql');
  await page.getByTestId('sparql-add').click();
  await expect(page.getByTestId('sparql-error')).toHaveAttribute('data-error-code', 'invalid_request');
  await expect(page.getByTestId('sparql-error-message')).toContainText('credentials in the URL are not accepted');
  await expect(page.getByTestId('sparql-error-message')).not.toContainText('secret');

  await page.getByTestId('sparql-endpoint').fill(endpoint);
  await page.getByTestId('sparql-graphIri').fill('http://ex/graph');
  await page.getByTestId('sparql-add').click();
  await expect(app.graphItem('my-store')).toBeVisible();
  await expect(app.graphItem('my-store')).toContainText('3 entities · 2 triples');
  await expect(page.getByTestId('graph-sparql-my-store')).toHaveText(`SPARQL · ${new URL(endpoint).host}`);
  await expect(page.getByTestId('sparql-form')).toHaveCount(0);

  await app.selectGraph('my-store');
  await app.showTab('overview');
  expect(await app.stats.number('entities')).toBe(3);
  expect(await app.stats.number('triples')).toBe(2);
});
