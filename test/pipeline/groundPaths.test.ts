import { describe, expect, it } from 'vitest';
import { MemoryGraph } from '../../src-main/engine/graph/memoryGraph.js';
import { groundPath, isSimple } from '../../src-main/engine/qa/stages/groundPaths.js';
import type { CandidatePath, ViewMapping } from '../../src-main/engine/core/types.js';
import { verifyAnswers } from '../../src-main/engine/qa/stages/verifyAnswers.js';
import { chainKey } from '../../src-main/engine/qa/stages/schemaPaths.js';

// Two films by one director; the director is from a city. Films F1 and F2 are merged into a supernode in the view.
const graph = MemoryGraph.fromTriples(
  'toy',
  [],
  [
    { head: 'F1', relation: 'directed_by', tail: 'Dora' },
    { head: 'F2', relation: 'directed_by', tail: 'Dora' },
    { head: 'F1', relation: 'in_language', tail: 'Latin' },
    { head: 'F2', relation: 'in_language', tail: 'Welsh' },
    { head: 'Dora', relation: 'born_in', tail: 'Ur' },
  ],
);
const id = (name: string): number => graph.indexOf(name)!;
const rel = (label: string): number => graph.relationIndexOf(label)!;

function mapping(members: Record<string, string[]>): ViewMapping {
  return {
    tokenOf: (e) => Object.keys(members).find((t) => members[t].includes(graph.names[e])),
    members: (t) => (members[t] ?? []).map(id),
    relationsOf: (v) => (graph.relationIndexOf(v) === undefined ? [] : [rel(v)]),
    visibleRelation: (r) => graph.relationLabels[r],
    tokens: () => Object.keys(members),
    discard: () => undefined,
  };
}

const m = mapping({ E_dora: ['Dora'], S_films: ['F1', 'F2'], L_langs: ['Latin', 'Welsh'], E_ur: ['Ur'] });

describe('groundPath', () => {
  it('expands a supernode to its members and recovers each raw path', () => {
    const p: CandidatePath = {
      nodes: ['E_dora', 'S_films', 'L_langs'],
      edges: [
        { relation: 'directed_by', direction: 'in' },
        { relation: 'in_language', direction: 'out' },
      ],
      answerAt: 2,
      score: 1,
    };
    const g = groundPath(p, m, graph, { anchors: [id('Dora')] });
    expect(g.ok).toBe(true);
    if (!g.ok) return;
    const byAnswer = Object.fromEntries(g.paths.map((x) => [graph.names[x.answer], x.entities.map((e) => graph.names[e])]));
    expect(byAnswer).toEqual({ Latin: ['Dora', 'F1', 'Latin'], Welsh: ['Dora', 'F2', 'Welsh'] });
    expect(g.paths[0].edges).toEqual([
      { relation: rel('directed_by'), direction: 'in' },
      { relation: rel('in_language'), direction: 'out' },
    ]);
  });

  it('rejects a view path whose raw edge does not exist', () => {
    // Ur is not the language of any film: the view claims an edge the raw graph lacks.
    const p: CandidatePath = {
      nodes: ['E_dora', 'S_films', 'E_ur'],
      edges: [
        { relation: 'directed_by', direction: 'in' },
        { relation: 'in_language', direction: 'out' },
      ],
      answerAt: 2,
      score: 1,
    };
    const g = groundPath(p, m, graph, { anchors: [id('Dora')] });
    expect(g.ok).toBe(false);
    if (!g.ok) expect(g.reason).toMatch(/no raw edge for step 2/);
  });

  it('verification keeps answers on accepted chains only and never returns an anchor', () => {
    const p: CandidatePath = {
      nodes: ['E_dora', 'S_films', 'L_langs'],
      edges: [
        { relation: 'directed_by', direction: 'in' },
        { relation: 'in_language', direction: 'out' },
      ],
      answerAt: 2,
      score: 1,
    };
    const g = groundPath(p, m, graph, { anchors: [id('Dora')] });
    if (!g.ok) throw new Error(g.reason);
    const accepted = new Map([[chainKey([{ relation: rel('directed_by'), direction: 'in' }, { relation: rel('in_language'), direction: 'out' }]), 2]]);
    const v = verifyAnswers(g.paths, graph, { anchors: [id('Dora')], chains: accepted });
    expect(v.answers.map((a) => graph.names[a.entity]).sort()).toEqual(['Latin', 'Welsh']);
    expect(v.answers[0].viewPaths[0].nodes).toEqual(['E_dora', 'S_films', 'L_langs']);
    const none = verifyAnswers(g.paths, graph, { anchors: [id('Dora')], chains: new Map([['0> 1>', 1]]) });
    expect(none.answers).toEqual([]);
    expect(none.rejected[0].reason).toMatch(/not consistent with the indicator/);
  });

  it('grounds an answer that repeats an earlier bridge on a 3-step path, never the start', () => {
    const g2 = MemoryGraph.fromTriples(
      'toy2',
      [],
      [
        { head: 'X', relation: 'written_by', tail: 'W' },
        { head: 'F2', relation: 'written_by', tail: 'W' },
        { head: 'F2', relation: 'directed_by', tail: 'W' },
        { head: 'F2', relation: 'remake_of', tail: 'X' },
      ],
    );
    const gid = (name: string): number => g2.indexOf(name)!;
    const mp: ViewMapping = {
      tokenOf: () => undefined,
      members: (t) => [gid(t.slice(2))],
      relationsOf: (v) => (g2.relationIndexOf(v) === undefined ? [] : [g2.relationIndexOf(v)!]),
      visibleRelation: (r) => g2.relationLabels[r],
      tokens: () => [],
      discard: () => undefined,
    };
    const p: CandidatePath = {
      nodes: ['E_X', 'E_W', 'E_F2', 'E_W'],
      edges: [
        { relation: 'written_by', direction: 'out' },
        { relation: 'written_by', direction: 'in' },
        { relation: 'directed_by', direction: 'out' },
      ],
      answerAt: 3,
      score: 1,
    };
    const ok = groundPath(p, mp, g2, { anchors: [gid('X')] });
    expect(ok.ok).toBe(true);
    if (ok.ok) expect(ok.paths.map((x) => x.entities.map((e) => g2.names[e]))).toEqual([['X', 'W', 'F2', 'W']]);
    // Back to the start is never an answer.
    const toStart: CandidatePath = { ...p, nodes: ['E_X', 'E_W', 'E_F2', 'E_X'], edges: [...p.edges.slice(0, 2), { relation: 'remake_of', direction: 'out' }] };
    expect(groundPath(toStart, mp, g2, { anchors: [gid('X')] }).ok).toBe(false);
    // Straight back along the edge just walked is no path either.
    expect(isSimple({ entities: [1, 2, 3, 2], edges: [{ relation: 0, direction: 'out' }, { relation: 1, direction: 'in' }, { relation: 1, direction: 'out' }] }, true)).toBe(false);
    expect(isSimple({ entities: [1, 2, 3, 2], edges: [{ relation: 0, direction: 'out' }, { relation: 0, direction: 'in' }, { relation: 1, direction: 'out' }] }, true)).toBe(true);
    // Two steps: still simple paths only.
    expect(isSimple({ entities: [1, 2, 2], edges: [{ relation: 0, direction: 'out' }, { relation: 1, direction: 'out' }] }, true)).toBe(false);
  });
});
