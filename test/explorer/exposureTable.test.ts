import { describe, expect, it } from 'vitest';
import { exposedRecordOf, exposureTable } from '../../src-main/engine/egress/exposure/exposureTable.js';

const graph = { name: 'g', ids: ['e1', 'e2', 'e3', 'e4'], names: ['Ada', 'Bo', 'Cy', 'Di'], types: ['person', undefined, 'city', 'person'] };

describe('exposureTable', () => {
  it('keeps exposed entities only, joins local names and types, most sessions first', () => {
    const records: Record<string, { sessions: number; calls: number; eligibleSessions?: number }> = {
      'g\u0000e2': { sessions: 1, calls: 3 },
      'g\u0000e3': { sessions: 4, calls: 4, eligibleSessions: 6 },
      'g\u0000e4': { sessions: 0, calls: 0 },
      'other\u0000e1': { sessions: 9, calls: 9 }, // same id in another graph: not this graph's entity
    };
    const t = exposureTable(graph, (id) => records[id], [{ label: 'born_in', sessions: 2, calls: 2, edges: 5 }, { label: 'works_at', sessions: 3, calls: 3, edges: 1 }], 7);
    expect(t.entities).toEqual([
      { id: 'e3', name: 'Cy', type: 'city', sessions: 4, calls: 4, eligibleSessions: 6 },
      { id: 'e2', name: 'Bo', sessions: 1, calls: 3 },
    ]);
    expect(t.relations.map((r) => r.label)).toEqual(['works_at', 'born_in']);
    expect(t.sessions).toBe(7);
    expect(t.graph).toBe('g');
  });

  it('is empty for a graph the Brain never saw', () => {
    expect(exposureTable(graph, () => undefined, [], 0).entities).toEqual([]);
  });

  it('answers per entity index what the table lists: seen in a session of this graph, by qualified id', () => {
    const records: Record<string, { sessions: number; calls: number }> = { 'g\u0000e2': { sessions: 2, calls: 2 }, 'g\u0000e4': { sessions: 0, calls: 0 }, 'other\u0000e1': { sessions: 1, calls: 1 } };
    const exposed = exposedRecordOf(graph, (id) => records[id]);
    expect([0, 1, 2, 3].map((i) => exposed(i)?.sessions)).toEqual([undefined, 2, undefined, undefined]);
  });
});
