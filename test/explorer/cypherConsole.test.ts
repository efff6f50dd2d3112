// The Cypher console through the engine's dispatch, on a real Kuzu graph: rows as a table and as a graph, the row
// limit, refusals with a reason, and the graph unchanged after every refused write.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope } from '../../src-main/common/contract.js';
import type { CypherResult } from '../../src-main/common/cypherTypes.js';
import type { Entity } from '../../src-main/common/graphTypes.js';
import { makeEngineFixture, SMALL_TRIPLES, type EngineFixture } from '../service/engineFixture.js';

let fx: EngineFixture;

beforeAll(async () => {
  fx = makeEngineFixture();
  const res = await fx.engine.dispatch('graph.import', { jobId: 'j1', graph: 'small', file: fx.write('small.txt', SMALL_TRIPLES) });
  expect(res.ok).toBe(true);
});
afterAll(async () => {
  await fx.dispose();
});

async function cypher(query: string, extra: Record<string, unknown> = {}): Promise<Envelope<CypherResult>> {
  return (await fx.engine.dispatch('graph.cypher', { graph: 'small', query, ...extra })) as Envelope<CypherResult>;
}

async function counts(): Promise<[unknown, unknown]> {
  const res = await cypher('MATCH (e:Entity) WITH count(e) AS n MATCH ()-[r:Rel]->() RETURN n, count(r) AS m');
  if (!res.ok) throw new Error(res.error.message);
  const row = res.value.rows[0];
  return [row[0], row[1]];
}

describe('graph.cypher', () => {
  it('returns columns, rows and the nodes and relationships of the result', async () => {
    const res = await cypher("MATCH (a:Entity)-[r:Rel]->(b:Entity) WHERE r.label = 'works_at' RETURN a, r, b.name AS place ORDER BY a.id");
    expect(res.ok).toBe(true);
    if (!res.ok) return;
    const v = res.value;
    expect(v.columns).toEqual(['a', 'r', 'place']);
    expect(v.rows.map((r) => r[2])).toEqual(['Mercy General', 'Mercy General']);
    expect(v.truncated).toBe(false);
    expect((v.rows[0][0] as { name: string }).name).toBe('Dr. Alice Chen');
    expect(v.graph.nodes.map((n) => n.label).sort()).toEqual(['Dr. Alice Chen', 'Dr. Bob Rivera']);
    // b is not returned as a node, so the relationships have one end outside the result and are not drawn.
    expect(v.graph.edges).toEqual([]);
    const full = await cypher("MATCH p = (a:Entity)-[r:Rel]->(b:Entity) WHERE r.label = 'works_at' RETURN p");
    if (!full.ok) throw new Error(full.error.message);
    expect(full.value.graph.nodes).toHaveLength(3);
    expect(full.value.graph.edges.map((e) => e.label)).toEqual(['works_at', 'works_at']);
  });

  it('answers queries sent together (children run a few at a time)', async () => {
    const results = await Promise.all([1, 2, 3].map((n) => cypher(`RETURN ${n} AS n`)));
    expect(results.map((r) => (r.ok ? r.value.rows[0][0] : r.error.message))).toEqual([1, 2, 3]);
  });

  it('cuts at the row limit and says so', async () => {
    const res = await cypher('MATCH (e:Entity) RETURN e.id', { maxRows: 2 });
    if (!res.ok) throw new Error(res.error.message);
    expect(res.value.rows).toHaveLength(2);
    expect(res.value.truncated).toBe(true);
  });

  it('refuses writes with a reason, and the graph stays as it was', async () => {
    const before = await counts();
    expect(before).toEqual([8, 6]);
    for (const q of [
      "CREATE (:Entity {id: 'intruder', name: 'x', norm: 'x', degree: 0})",
      "MATCH (e:Entity) SET e.name = 'changed'",
      'MATCH (e:Entity) DETACH DELETE e',
      "COPY (MATCH (e:Entity) RETURN e.id) TO '/tmp/ctrlg-console-leak.csv'",
    ]) {
      const res = await cypher(q);
      expect(res.ok, q).toBe(false);
      if (res.ok) continue;
      expect(res.error.code).toBe('query_refused');
      expect(res.error.message).toMatch(/read-only/);
    }
    expect(await counts()).toEqual(before);
    const names = await cypher("MATCH (e:Entity) WHERE e.name = 'changed' RETURN count(*) AS n");
    expect(names.ok && names.value.rows[0][0]).toBe(0);
  });

  it('reports Kuzu errors and timeouts as query_failed, not a crash', async () => {
    const bad = await cypher('MATCH (e:Nope) RETURN e');
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error).toMatchObject({ code: 'query_failed', details: { timedOut: false } });
    const slow = await cypher('UNWIND range(1, 100000000) AS x UNWIND range(1, 100000000) AS y RETURN count(*)', { timeoutMs: 200 });
    expect(slow.ok).toBe(false);
    if (!slow.ok) {
      expect(slow.error).toMatchObject({ code: 'query_failed', details: { timedOut: true } });
      expect(slow.error.message).toMatch(/timeout \(200 ms\)/);
    }
  });
});

describe('graph.mostConnected and graph.inversePairs', () => {
  it('lists entities by degree and finds no inverse pairs in a graph without them', async () => {
    const top = (await fx.engine.dispatch('graph.mostConnected', { graph: 'small', limit: 2 })) as Envelope<Entity[]>;
    if (!top.ok) throw new Error(top.error.message);
    expect(top.value.map((e) => e.name)).toEqual(['Mercy General', 'Dr. Alice Chen']);
    expect(await fx.engine.dispatch('graph.inversePairs', { graph: 'small' })).toEqual({ ok: true, value: [] });
  });
});
