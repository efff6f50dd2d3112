// On a graph of many names, a word held by more than a thousand of them seeds no fuzzy candidates of its own (a large
// graph's "grove", a copy suffix held by 40k names): a name holding it is still found by the question's rarer words.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadGloveDrm, type GloveDrm } from '../../src-main/engine/drm/gloveDrm.js';
import { MemoryGraph } from '../../src-main/engine/graph/memoryGraph.js';
import { linkTopics } from '../../src-main/engine/qa/hand/linkTopics.js';
import { EntityNameIndex } from '../../src-main/engine/qa/stages/entityNameIndex.js';

let drm: GloveDrm;
let graph: MemoryGraph;
let index: EntityNameIndex;

beforeAll(async () => {
  drm = await loadGloveDrm();
  // 60k names: 1,100 of them hold "grove" (more than a thousand, within 2% of the names), one is the park asked about.
  const names = Array.from({ length: 60_000 }, (_, i) => (i < 1100 ? `Zel${i.toString(36)} Grove` : `Zel${i.toString(36)} Hollow`));
  names.push('Quillon Grove Park');
  const entities = names.map((n) => ({ id: n, name: n }));
  const triples = names.map((n, i) => ({ head: n, relation: 'located_in', tail: names[(i * 7919) % names.length] }));
  graph = MemoryGraph.fromTriples('many', entities, triples);
  index = EntityNameIndex.build(graph);
}, 60_000);

describe('fuzzy linking on a graph of many names', () => {
  it('still finds a name one of whose words more than a thousand names hold', async () => {
    expect(index.keysWith('grove').length).toBeGreaterThan(1000);
    const res = await linkTopics('where is the quillon grove', graph, index, drm);
    expect(res.topics.map((t) => graph.names[t.entity])).toEqual(['Quillon Grove Park']);
  });
});
