import { describe, expect, it } from 'vitest';
import { MemoryGraph, degreeStats } from '../../src-main/engine/graph/memoryGraph.js';
import { UnknownEntityError } from '../../src-main/engine/graph/graphStore.js';

const triples = [
  { head: 'Ada', relation: 'works_at', tail: 'North Clinic' },
  { head: 'Ben', relation: 'works_at', tail: 'North Clinic' },
  { head: 'Cleo', relation: 'works_at', tail: 'North Clinic' },
  { head: 'North Clinic', relation: 'located_in', tail: 'Río Verde' },
  { head: 'Ada', relation: 'treats', tail: 'Dan' },
  { head: 'Dan', relation: 'born_in', tail: '1987' },
  { head: 'Ada', relation: 'works_at', tail: 'North Clinic' }, // duplicate: stored once
];
const graph = MemoryGraph.fromTriples('t', [{ id: '1987', name: '1987', literal: 'number' }], triples);

describe('MemoryGraph', () => {
  it('deduplicates triples and indexes both directions', async () => {
    expect(graph.tripleCount).toBe(6);
    const i = graph.indexOf('North Clinic')!;
    expect(graph.degreeOf(i)).toBe(4);
    const stats = await graph.stats();
    expect(stats.entities).toBe(7);
    expect(stats.relations[0]).toEqual({ label: 'works_at', count: 3 });
    expect(stats.literals.number).toBe(1);
  });

  it('caps neighbour groups and reports their totals', async () => {
    const n = await graph.neighbors('North Clinic', { capPerRelation: 2 });
    const staff = n.groups.find((g) => g.relation === 'works_at' && g.direction === 'in')!;
    expect(staff.total).toBe(3);
    expect(staff.shown).toHaveLength(2);
    expect(n.groups.find((g) => g.relation === 'located_in')!.direction).toBe('out');
    await expect(graph.neighbors('nobody')).rejects.toBeInstanceOf(UnknownEntityError);
  });

  it('finds entities by normalised name (case, diacritics, underscores)', async () => {
    expect((await graph.findEntities('rio_verde')).map((e) => e.id)).toEqual(['Río Verde']);
    expect((await graph.findEntities('NORTH clinic')).map((e) => e.id)).toEqual(['North Clinic']);
    expect((await graph.findEntities('clin', { mode: 'contains' })).map((e) => e.id)).toEqual(['North Clinic']);
  });

  it('expands k hops with caps and records the cut', async () => {
    const sub = await graph.expand(['Río Verde'], 2, { capPerRelation: 2 });
    expect(sub.distance['North Clinic']).toBe(1);
    expect(Object.values(sub.distance).filter((d) => d === 2)).toHaveLength(2);
    expect(sub.cut).toEqual([{ entity: 'North Clinic', relation: 'works_at', direction: 'in', total: 3, kept: 2 }]);
  });

  it('finds paths up to a length between entity sets', async () => {
    const paths = await graph.paths(['Dan'], ['Río Verde'], 3);
    expect(paths).toEqual([
      {
        entities: ['Dan', 'Ada', 'North Clinic', 'Río Verde'],
        edges: [
          { relation: 'treats', direction: 'in' },
          { relation: 'works_at', direction: 'out' },
          { relation: 'located_in', direction: 'out' },
        ],
      },
    ]);
    expect(await graph.paths(['Dan'], ['Río Verde'], 2)).toEqual([]);
  });

  it('streams every triple back', async () => {
    const all = [];
    for await (const b of graph.triples(2)) all.push(...b);
    expect(all).toHaveLength(6);
  });

  it('summarises degrees with log-2 buckets', () => {
    const d = degreeStats([1, 2, 3, 4, 9]);
    expect(d.max).toBe(9);
    expect(d.histogram).toEqual([
      { from: 1, to: 1, count: 1 },
      { from: 2, to: 3, count: 2 },
      { from: 4, to: 7, count: 1 },
      { from: 8, to: 15, count: 1 },
    ]);
  });
});
