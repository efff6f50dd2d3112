import { describe, expect, it } from 'vitest';
import { MemoryGraph } from '../../src-main/engine/graph/memoryGraph.js';
import { chainSupport } from '../../src-main/engine/qa/stages/chainSupport.js';
import { groundPath } from '../../src-main/engine/qa/stages/groundPaths.js';
import { chainKey } from '../../src-main/engine/qa/stages/schemaPaths.js';
import type { CandidatePath, ViewMapping } from '../../src-main/engine/core/types.js';
import { verifyAnswers } from '../../src-main/engine/qa/stages/verifyAnswers.js';

// Three films by Dora: two in Latin, one in Aramaic. "Aramaic" sorts first by name, and the paths that reach
// verification (pruning kept one per answer) tie, so only support counted on the graph can put Latin first.
const graph = MemoryGraph.fromTriples(
  'toy',
  [],
  [
    { head: 'F1', relation: 'directed_by', tail: 'Dora' },
    { head: 'F2', relation: 'directed_by', tail: 'Dora' },
    { head: 'F3', relation: 'directed_by', tail: 'Dora' },
    { head: 'F1', relation: 'in_language', tail: 'Latin' },
    { head: 'F2', relation: 'in_language', tail: 'Latin' },
    { head: 'F3', relation: 'in_language', tail: 'Aramaic' },
    { head: 'F4', relation: 'in_language', tail: 'Aramaic' },
  ],
);
const id = (name: string): number => graph.indexOf(name)!;
const rel = (label: string): number => graph.relationIndexOf(label)!;
const chain = [
  { relation: rel('directed_by'), direction: 'in' as const },
  { relation: rel('in_language'), direction: 'out' as const },
];

describe('chainSupport', () => {
  it('counts the walks of a chain from the anchor to each end entity', () => {
    const counts = chainSupport(graph, id('Dora'), chain)!;
    expect(Object.fromEntries([...counts].map(([e, n]) => [graph.names[e], n]))).toEqual({ Latin: 2, Aramaic: 1 });
    // Aramaic is also F4's language, but F4 is not Dora's film: only walks from the anchor count.
    expect(chainSupport(graph, id('Dora'), chain.slice(0, 1))!.size).toBe(3);
  });

  it('gives up instead of walking past its edge budget', () => {
    expect(chainSupport(graph, id('Dora'), chain, 3)).toBeUndefined();
  });

  it('ranks the answer more walks of the accepted chain reach first', () => {
    const tokens: Record<string, string[]> = { E_dora: ['Dora'], E_f1: ['F1'], E_f3: ['F3'], E_latin: ['Latin'], E_aramaic: ['Aramaic'] };
    const mapping: ViewMapping = {
      tokenOf: (e) => Object.keys(tokens).find((t) => tokens[t].includes(graph.names[e])),
      members: (t) => (tokens[t] ?? []).map(id),
      relationsOf: (v) => (graph.relationIndexOf(v) === undefined ? [] : [rel(v)]),
      visibleRelation: (r) => graph.relationLabels[r],
      tokens: () => Object.keys(tokens),
      discard: () => undefined,
    };
    const viewPath = (film: string, language: string): CandidatePath => ({
      nodes: ['E_dora', film, language],
      edges: [
        { relation: 'directed_by', direction: 'in' },
        { relation: 'in_language', direction: 'out' },
      ],
      answerAt: 2,
      score: 1,
    });
    const grounded = [viewPath('E_f1', 'E_latin'), viewPath('E_f3', 'E_aramaic')].flatMap((p) => {
      const g = groundPath(p, mapping, graph, { anchors: [id('Dora')] });
      if (!g.ok) throw new Error(g.reason);
      return g.paths;
    });
    expect(grounded).toHaveLength(2);
    const v = verifyAnswers(grounded, graph, { anchors: [id('Dora')], chains: new Map([[chainKey(chain), 1]]) });
    expect(v.answers.map((a) => graph.names[a.entity])).toEqual(['Latin', 'Aramaic']);
    expect(v.answers[0].score).toBeGreaterThan(v.answers[1].score);
  });
});
