// Question analysis that explains the whole question on graphs it has never seen: the wh-phrase's head noun names
// the answer's TYPE (checked against what the last hop lands on, never support for another hop), a noun right before
// a mention names the anchor's type, relation labels are read into what their two ends are, and WordNet (the
// lexicon) gives word classes. Toy graphs and the demo hospital graph, with the real GloVe DRM; every expected answer
// is re-derived from the graph, never written down.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadGloveDrm } from '../../src-main/engine/drm/gloveDrm.js';
import { DIR_OUT, MemoryGraph } from '../../src-main/engine/graph/memoryGraph.js';
import { pipeTriplesGraph } from '../../src-main/engine/import/pipeTriplesGraph.js';
import { sharedWordNet } from '../../src-main/engine/lexicon/wordnet.js';
import { AlgorithmicHand } from '../../src-main/engine/qa/hand/algorithmicHand.js';
import { answerType } from '../../src-main/engine/qa/hand/analyzeQuestion.js';
import { agentNouns, isPhraseNoun, nounClasses, readLabelRoles } from '../../src-main/engine/qa/hand/labelRoles.js';
import { readQuestion } from '../../src-main/engine/qa/hand/questionText.js';
import { EntityNameIndex } from '../../src-main/engine/qa/stages/entityNameIndex.js';
import { graphAdjacency } from '../../src-main/engine/qa/stages/localAdjacency.js';
import { schemaPaths } from '../../src-main/engine/qa/stages/schemaPaths.js';
import { createQaEngine, type QaEngine } from '../../src-main/engine/qa/qaEngine.js';

type Drm = Awaited<ReturnType<typeof loadGloveDrm>>;
let drm: Drm;
const wn = sharedWordNet();

/** Names reached from the entity named `start` along `steps` ("rel>" out, "rel<" in). */
function walk(g: MemoryGraph, start: string, steps: string[]): Set<string> {
  let frontier = new Set([g.indexOf(start)!]);
  for (const s of steps) {
    const rel = g.relationIndexOf(s.slice(0, -1))!;
    const out = s.endsWith('>');
    const next = new Set<number>();
    for (const u of frontier)
      for (let k = g.offsets[u]; k < g.offsets[u + 1]; k++)
        if (g.edgeRelation[k] === rel && (g.edgeDirection[k] === DIR_OUT) === out) next.add(g.edgeNeighbor[k]);
    frontier = next;
  }
  return new Set([...frontier].map((e) => g.names[e]));
}

async function chainOf(g: MemoryGraph, hand: AlgorithmicHand, question: string, mention: string, dMax = 3): Promise<string[]> {
  const entity = g.indexOf(mention)!;
  const start = question.indexOf(mention);
  const paths = schemaPaths(graphAdjacency(g), entity, { dMax });
  const a = await hand.analyzeQuestion({ question, topics: [{ entity, start, end: start + mention.length }], schemaPaths: [paths], dMax });
  return a!.chain.map((s) => `${g.relationLabels[s.relation]}${s.direction === 'out' ? '>' : '<'}`);
}

beforeAll(async () => {
  drm = await loadGloveDrm();
});

describe('lexicon (WordNet)', () => {
  it('is installed and reads base forms, classes, derivations and pertainyms', () => {
    expect(wn).toBeDefined();
    expect(wn!.lemmas('directors', 'n')).toContain('director');
    expect(wn!.lemmas('wrote', 'v')).toContain('write');
    expect(wn!.lemmas('starred', 'v')).toContain('star');
    expect(nounClasses(wn, 'city')).toContain('noun.location');
    expect(nounClasses(wn, 'director')).toContain('noun.person');
    // A unique beginner names its own class.
    expect(nounClasses(wn, 'person')).toContain('noun.person');
    expect(agentNouns(wn, 'direct')).toContain('director');
    expect(agentNouns(wn, 'manufacture')).toContain('manufacturer');
    expect(wn!.related('jamaican', 'a', '\\', 'n').map((r) => r.word)).toContain('jamaica');
  });
});

describe('relation labels read into their two ends', () => {
  const tail = (l: string): string[] => readLabelRoles(l, wn).tail.words;
  const head = (l: string): string[] => readLabelRoles(l, wn).head.words;
  it('names the tail by the agent noun, the noun phrase or the place a preposition points to', () => {
    expect(tail('directed_by')).toContain('director');
    expect(tail('manufactured_by')).toContain('manufacturer');
    expect(tail('has_genre')).toEqual(['genre']);
    expect(tail('starred_actors')).toEqual(['actors']);
    expect(tail('place of birth')).toEqual(['place']);
    expect(tail('record label')).toContain('label');
    expect([...readLabelRoles('headquartered_in', wn).tail.classes]).toContain('noun.location');
    // "to" after a verb of giving names a recipient, who may be a person; after a verb of motion or a social one a
    // place or a body ("moved to", "relegated to").
    expect([...readLabelRoles('awarded_to', wn).tail.classes]).toEqual(expect.arrayContaining(['noun.person', 'noun.location']));
    expect([...readLabelRoles('given_to', wn).tail.classes]).toContain('noun.person');
    expect([...readLabelRoles('moved_to', wn).tail.classes]).not.toContain('noun.person');
    expect([...readLabelRoles('relegated_to', wn).tail.classes]).not.toContain('noun.person');
    expect(tail('part of the series')).toEqual(['series']);
    expect(head('part of the series')).toEqual(['part']);
    expect(head('member_of')).toEqual(['member']);
    // An -s verb before the preposition is the label's verb: "plays for" names no "plays" at its tail.
    expect(tail('plays_for')).toEqual([]);
    expect(tail('competes_in')).toEqual([]);
  });

  it('a coordinated noun label ("sex or gender") is named by each conjunct\'s noun', () => {
    expect(readLabelRoles('sex or gender', wn).tail.heads.sort()).toEqual(['gender', 'sex']);
    expect(readLabelRoles('country_or_region', wn).tail.heads.sort()).toEqual(['country', 'region']);
    expect(readLabelRoles('place_of_birth', wn).tail.heads).toEqual(['place']);
  });

  it('names the subject of an active verb label by the agent nouns sharing its stem, marked as an agent', () => {
    const roles = readLabelRoles('plays_for', wn);
    expect(roles.head.heads).toEqual(['player']);
    expect(roles.head.agent).toBe(true);
    expect(readLabelRoles('manages', wn).head.heads).toEqual(['manager']);
    // A noun phrase and a passive keep their own reading; a plural noun that is also a verb form ("parents") names
    // its own end, not its subject; an "-ee" noun names the patient, not the agent.
    expect(readLabelRoles('has_genre', wn).head.heads).toEqual([]);
    expect(readLabelRoles('directed_by', wn).head.heads).toEqual([]);
    expect(readLabelRoles('parents', wn).head.heads).toEqual([]);
    expect(readLabelRoles('coaches', wn).head.heads).toEqual([]);
    expect(readLabelRoles('employs', wn).head.heads).not.toContain('employee');
  });

  it("reads a Freebase id's type segment as the head and its property as the tail", () => {
    expect(head('music.album.release_type')).toContain('album');
    expect(tail('music.album.release_type')).toContain('type');
    expect(head('measurement_unit.luminance_unit.measurement_system')).toContain('unit');
    expect(tail('cvg.cvg_platform.games_on_this_platform')).toEqual(['games']);
    // A relational noun names the head, the whole is the tail; a final "of" leaves the tail unnamed.
    expect(tail('rail.railway.part_of_network')).toEqual(['network']);
    expect(tail('religion.religion.is_part_of')).toEqual([]);
  });
});

describe('the wh-phrase names the answer type', () => {
  const type = (q: string, m: string) => {
    const start = q.indexOf(m);
    return answerType(readQuestion(q, [{ start, end: start + m.length }]), (w) => isPhraseNoun(wn!, w));
  };
  it('takes the head noun of "which N", never a verb after a typed wh-word or after the noun', () => {
    expect(type('which film did Ada Brook write', 'Ada Brook').noun).toBe('film');
    expect(type('which side effects came up during ROSEBAY-1', 'ROSEBAY-1').noun).toBe('effects');
    expect(type('Which company makes the drug tested in TIDEPOOL-2?', 'TIDEPOOL-2').noun).toBe('company');
    expect(type('who manufactures Glimoravir', 'Glimoravir').noun).toBeUndefined();
    expect(type('who directed the movies acted by Ada Brook', 'Ada Brook').noun).toBeUndefined();
    // A classification asks for a category, not for the thing classified.
    expect(type('what kind of film is Moonfall', 'Moonfall').noun).toBeUndefined();
    // "where is the company …": the company is the subject; the answer is a place.
    expect(type('where is the company that manufactures Zentorix based', 'Zentorix')).toEqual({ wh: 'where' });
  });
});

describe('chains that explain the whole question (toy film graph)', () => {
  const films = MemoryGraph.fromTriples(
    'films',
    [],
    [
      { head: 'Lantern Bay', relation: 'written_by', tail: 'Ada Brook' },
      { head: 'Lantern Bay', relation: 'directed_by', tail: 'Ivo Renn' },
      { head: 'Lantern Bay', relation: 'starred_actors', tail: 'Mara Quell' },
      { head: 'Lantern Bay', relation: 'starred_actors', tail: 'Tobin Fay' },
      { head: 'Salt Choir', relation: 'written_by', tail: 'Ada Brook' },
      { head: 'Salt Choir', relation: 'directed_by', tail: 'Ivo Renn' },
      { head: 'Salt Choir', relation: 'starred_actors', tail: 'Mara Quell' },
      { head: 'Red Meridian', relation: 'written_by', tail: 'Pell Ostrow' },
      { head: 'Red Meridian', relation: 'directed_by', tail: 'Ivo Renn' },
      { head: 'Red Meridian', relation: 'starred_actors', tail: 'Tobin Fay' },
      { head: 'Red Meridian', relation: 'starred_actors', tail: 'Noor Vale' },
      { head: 'Lantern Bay', relation: 'has_genre', tail: 'Drama' },
      { head: 'Red Meridian', relation: 'has_genre', tail: 'Drama' },
      { head: 'Salt Choir', relation: 'release_year', tail: '1999' },
      { head: 'Ada Brook', relation: 'born_in', tail: 'Kelmar' },
      { head: 'Ivo Renn', relation: 'born_in', tail: 'Ostra' },
      { head: 'Pell Ostrow', relation: 'born_in', tail: 'Vinter' },
    ],
  );
  let hand: AlgorithmicHand;
  beforeAll(async () => {
    hand = await AlgorithmicHand.create(films, drm, EntityNameIndex.build(films));
  });

  it('"which film did X write": the answer noun types the answer, it supports no second hop', async () => {
    const chain = await chainOf(films, hand, 'which film did Ada Brook write', 'Ada Brook');
    expect(chain).toHaveLength(1);
    // The films Ada Brook wrote, whatever the chain is called.
    expect(walk(films, 'Ada Brook', chain)).toEqual(new Set(['Lantern Bay', 'Salt Choir']));
  });

  it('"the film [X] starred which actors": the noun before the mention is the anchor\'s type', async () => {
    const chain = await chainOf(films, hand, 'the film Red Meridian starred which actors', 'Red Meridian');
    expect(chain).toEqual(['starred_actors>']);
  });

  it('walks possessive and "of" chains from the anchor outwards: "A\'s Y\'s X", "the X of the Y of A"', async () => {
    // A → its director → the director's birthplace, whichever way it is written.
    expect(await chainOf(films, hand, "what is Salt Choir's director's birthplace", 'Salt Choir')).toEqual(['directed_by>', 'born_in>']);
    expect(await chainOf(films, hand, 'what is the birthplace of the director of Salt Choir', 'Salt Choir')).toEqual(['directed_by>', 'born_in>']);
    // Three nouns, three hops: the director of A, the films of that director, the writer of those films.
    expect(await chainOf(films, hand, 'who is the writer of the films of the director of Salt Choir', 'Salt Choir')).toEqual([
      'directed_by>',
      'directed_by<',
      'written_by>',
    ]);
  });

  it('still reads questions without the lexicon (word vectors alone)', async () => {
    const plain = await AlgorithmicHand.create(films, drm, EntityNameIndex.build(films), { lexicon: false });
    expect(await chainOf(films, plain, 'who wrote Salt Choir', 'Salt Choir')).toEqual(['written_by>']);
    expect(await chainOf(films, plain, 'where was the director of Salt Choir born', 'Salt Choir')).toEqual(['directed_by>', 'born_in>']);
  });

  it('a typed answer noun decides between chains of one reading: "which genre" lands on genres', async () => {
    const chain = await chainOf(films, hand, 'which genre are the films directed by Ivo Renn', 'Ivo Renn');
    expect(chain).toEqual(['directed_by<', 'has_genre>']);
  });
});

describe('hop count on the demo hospital graph', () => {
  let graph: MemoryGraph;
  let engine: QaEngine;
  beforeAll(() => {
    graph = pipeTriplesGraph('resources/demo/hospital-network.txt', 'demo');
    engine = createQaEngine({ graph, drm });
  });
  const topOf = async (q: string): Promise<string | undefined> => (await engine.ask(q)).answers[0]?.name;

  it('"where is the company that manufactures [X] based" walks to the manufacturer, then to its place', async () => {
    const top = await topOf('where is the company that manufactures [Zentorix] based');
    expect(top).toBeDefined();
    expect(walk(graph, 'Zentorix', ['manufactured_by>']).has(top!)).toBe(false);
    expect(walk(graph, 'Zentorix', ['manufactured_by>', 'headquartered_in>']).has(top!)).toBe(true);
  });

  it('"which company makes the drug tested in [T]" walks past the drug to its maker', async () => {
    const top = await topOf('Which company makes the drug tested in TIDEPOOL-2?');
    expect(top).toBeDefined();
    expect(walk(graph, 'TIDEPOOL-2', ['tests_drug>']).has(top!)).toBe(false);
    expect(walk(graph, 'TIDEPOOL-2', ['tests_drug>', 'manufactured_by>']).has(top!)).toBe(true);
  });

  it('"which hospital employs the PI of [T]": the answer type is read from the role the last hop lands on', async () => {
    // The PI is a person who also works at and is a member of places and groups: only the hop that lands on the
    // hospital makes the answer a hospital.
    const hand = await AlgorithmicHand.create(graph, drm, EntityNameIndex.build(graph));
    const chain = await chainOf(graph, hand, 'which hospital employs the PI of the SALTMARSH-3 trial', 'SALTMARSH-3');
    const pi = walk(graph, 'SALTMARSH-3', ['principal_investigator>']);
    const ends = walk(graph, 'SALTMARSH-3', chain);
    expect(ends.size).toBeGreaterThan(0);
    for (const e of ends) expect(pi.has(e)).toBe(false);
    expect(ends).toEqual(walk(graph, 'SALTMARSH-3', ['principal_investigator>', 'works_at>']));
  });

  it('"who practises [S] in [City]": the city is a constraint said by a bare preposition, not dropped', async () => {
    const { answers } = await engine.ask('who practises [Endocrinology] in [Port-Aubrac]');
    const specialists = walk(graph, 'Endocrinology', ['specialty<']);
    const inCity = walk(graph, 'Port-Aubrac', ['located_in<', 'works_at<']);
    const both = [...specialists].filter((x) => inCity.has(x));
    // The graph has specialists elsewhere too: reading the specialty alone would answer them.
    expect(specialists.size).toBeGreaterThan(both.length);
    expect(both.length).toBeGreaterThan(0);
    // The intersection first (later answers come from weaker readings).
    expect(answers.slice(0, both.length).map((a) => a.name).sort()).toEqual(both.sort());
  });
});

describe('answer names typed by the head noun of the wh-phrase', () => {
  // Freebase-style mirrored properties stored side by side: the railway's network under two labels.
  const rail = MemoryGraph.fromTriples(
    'rail',
    [],
    ['Gawlin Central railway line', 'Willmore railway line', 'Outer Harbour railway line'].flatMap((line) => [
      { head: line, relation: 'rail.railway.part_of_network', tail: 'Adelink' },
      { head: line, relation: 'rail.rail_network.railways', tail: 'Adelink' },
    ]),
  );
  it('"which rail network": the modifier "rail" in the siblings\' names does not make them the answer', async () => {
    const hand = await AlgorithmicHand.create(rail, drm, EntityNameIndex.build(rail));
    const chain = await chainOf(rail, hand, 'gawlin central railway line is included in which rail network?', 'Gawlin Central railway line');
    expect(walk(rail, 'Gawlin Central railway line', chain)).toEqual(new Set(['Adelink']));
  });
});
