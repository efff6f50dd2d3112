// The sex a person noun names (WordNet), the sex the graph records for an entity (a sex-or-gender relation's values,
// else roles whose label names a sex), and verification that ranks answers reached through an entity of the other
// sex last ("the sons of X" are X's male children). Toy graphs with the real GloVe DRM.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadGloveDrm } from '../../src-main/engine/drm/gloveDrm.js';
import { MemoryGraph } from '../../src-main/engine/graph/memoryGraph.js';
import { nameGender, nounGender } from '../../src-main/engine/lexicon/nounGender.js';
import { sharedWordNet } from '../../src-main/engine/lexicon/wordnet.js';
import { entityGenders } from '../../src-main/engine/qa/hand/entityGender.js';
import { readLabelRoles } from '../../src-main/engine/qa/hand/labelRoles.js';
import { createQaEngine } from '../../src-main/engine/qa/qaEngine.js';

const wn = sharedWordNet()!;

describe('nounGender', () => {
  it('reads the sex from the hypernyms, the first clause of the definition, or a kin definition', () => {
    const of = (ws: string[]) => ws.map((w) => nounGender(wn, w));
    expect(of(['son', 'sons', 'husband', 'father', 'brother', 'uncle', 'son-in-law', 'sons-in-law'])).toEqual(new Array(8).fill('male'));
    expect(of(['daughter', 'wife', 'wives', 'mother', 'sister', 'niece', 'daughter-in-law', 'widow'])).toEqual(new Array(8).fill('female'));
    // Nouns of either sex name none.
    expect(of(['child', 'spouse', 'parent', 'sibling', 'heir', 'player', 'city'])).toEqual(new Array(7).fill(undefined));
  });
  it('reads a sex-or-gender value by its name', () => {
    expect(['male', 'Female', 'man', 'woman', 'unknown', 'Paris'].map((n) => nameGender(wn, n))).toEqual(['male', 'female', 'male', 'female', undefined, undefined]);
  });
});

const family = (withGender: boolean) =>
  MemoryGraph.fromTriples('family', [], [
    ...['Ada Quill', 'Bram Quill', 'Cora Quill'].flatMap((c) => [
      { head: c, relation: 'mother', tail: 'Dora Quill' },
      { head: 'Dora Quill', relation: 'has_child', tail: c },
    ]),
    ...[
      ['Ada Quill', 'Lowtown'],
      ['Bram Quill', 'Highmoor'],
      ['Cora Quill', 'Eastwick'],
      ['Dora Quill', 'Northby'],
    ].map(([head, tail]) => ({ head, relation: 'place_of_birth', tail })),
    ...(withGender
      ? [
          ['Ada Quill', 'female'],
          ['Bram Quill', 'male'],
          ['Cora Quill', 'female'],
          ['Dora Quill', 'female'],
        ].map(([head, tail]) => ({ head, relation: 'sex_or_gender', tail }))
      : []),
  ]);

describe('entityGenders', () => {
  it('reads a relation whose values are sexes, and else the roles whose label names a sex', () => {
    const g = family(true);
    const sex = entityGenders(g, g.relationLabels.map((l) => readLabelRoles(l, wn)), wn);
    expect(['Ada Quill', 'Bram Quill', 'Dora Quill', 'Lowtown'].map((n) => sex(g.indexOf(n)!))).toEqual(['female', 'male', 'female', undefined]);
    const bare = family(false);
    const byRole = entityGenders(bare, bare.relationLabels.map((l) => readLabelRoles(l, wn)), wn);
    // Only the mother is named by a role ("X mother Y": Y is a mother); her children are of either sex.
    expect(['Dora Quill', 'Bram Quill'].map((n) => byRole(bare.indexOf(n)!))).toEqual(['female', undefined]);
  });
});

describe('verification by the sex a noun names', () => {
  let drm: Awaited<ReturnType<typeof loadGloveDrm>>;
  beforeAll(async () => {
    drm = await loadGloveDrm();
  });
  it('"where was the son of X born" answers the son\'s birthplace first, the daughters\' after it', async () => {
    const graph = family(true);
    const engine = createQaEngine({ graph, drm });
    const { answers } = await engine.ask('where was the son of [Dora Quill] born');
    const names = answers.map((a) => a.name);
    expect(names[0]).toBe('Highmoor');
    expect(names).toEqual(expect.arrayContaining(['Lowtown', 'Eastwick']));
    // Asked for a daughter, the son's birthplace is last of the three.
    const daughter = (await engine.ask('where was the daughter of [Dora Quill] born')).answers.map((a) => a.name).filter((n) => ['Lowtown', 'Highmoor', 'Eastwick'].includes(n));
    expect(daughter).toHaveLength(3);
    expect(daughter[2]).toBe('Highmoor');
  });
  it('a noun naming the anchor\'s role, not the answer ("whose mother is X", "X is the son of whom"), rules out no one', async () => {
    const engine = createQaEngine({ graph: family(true), drm });
    const children = (await engine.ask('whose mother is [Dora Quill]')).answers.slice(0, 3).map((a) => a.name);
    expect(children.sort()).toEqual(['Ada Quill', 'Bram Quill', 'Cora Quill']);
    expect((await engine.ask('[Bram Quill] is the son of whom')).answers[0]?.name).toBe('Dora Quill');
  });
});
