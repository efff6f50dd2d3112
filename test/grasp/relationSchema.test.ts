// Type-level chains for an anchor that lost its edges: the chain the question needs is found from the slots its
// type-mates carry, chains already walkable are not repeated, and ends are the answer slot's carriers.
import { describe, expect, it } from 'vitest';
import { MemoryGraph } from '../../src-main/engine/graph/memoryGraph.js';
import { relationSchema, schemaChains, slotTypeFit } from '../../src-main/engine/qa/grasp/relationSchema.js';
import { chainKey } from '../../src-main/engine/qa/stages/schemaPaths.js';
import { companyTownGraph } from './toyGraphs.js';

describe('schemaChains', () => {
  it('walks relation-type co-occurrence from the anchor\'s type', () => {
    // person0_0 has no lives_in edge and no works_at edge: only its hobby is left.
    const { graph } = companyTownGraph(['person0_0']);
    const g = MemoryGraph.fromTriples(
      'toy',
      [],
      [...graphTriples(graph)].filter((t) => !(t.head === 'person0_0' && t.relation === 'works_at')),
    );
    const anchor = g.ids.indexOf('person0_0');
    const rel = (name: string): number => g.relationLabels.indexOf(name);
    const chains = schemaChains(g, anchor, { dMax: 2 });
    const keys = new Set(chains.map((c) => chainKey(c.steps)));
    // Its type-mates (people liking hobbies) live in cities and work at companies.
    expect(keys.has(chainKey([{ relation: rel('lives_in'), direction: 'out' }]))).toBe(true);
    expect(keys.has(chainKey([{ relation: rel('works_at'), direction: 'out' }, { relation: rel('works_at'), direction: 'in' }]))).toBe(true);
    // Ends are cities for a lives_in chain, never the anchor.
    const lives = chains.find((c) => chainKey(c.steps) === chainKey([{ relation: rel('lives_in'), direction: 'out' }]))!;
    for (const e of lives.ends) expect(g.ids[e]).toMatch(/^city/);
    // Known chains are skipped.
    const again = schemaChains(g, anchor, { dMax: 2, known: keys });
    expect(again).toHaveLength(0);
    expect(relationSchema(g)).toBe(relationSchema(g));
  });

  it('says a person without a lives_in edge still fits where people live, a city does not', () => {
    const { graph } = companyTownGraph(['person0_0']);
    const lives = { relation: graph.relationLabels.indexOf('lives_in'), direction: 'out' as const };
    expect(slotTypeFit(graph, graph.ids.indexOf('person0_0'), lives)).toBeGreaterThan(0.5);
    expect(slotTypeFit(graph, graph.ids.indexOf('city1'), lives)).toBe(0);
  });
});

function* graphTriples(graph: MemoryGraph): Generator<{ head: string; relation: string; tail: string }> {
  for (let e = 0; e < graph.size; e++)
    for (let k = graph.offsets[e]; k < graph.offsets[e + 1]; k++)
      if (graph.edgeDirection[k] === 0) yield { head: graph.ids[e], relation: graph.relationLabels[graph.edgeRelation[k]], tail: graph.ids[graph.edgeNeighbor[k]] };
}
