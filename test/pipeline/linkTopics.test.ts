// Topic entity recognition on a small hand-built graph, with the real GloVe DRM (shared per process).
import { beforeAll, describe, expect, it } from 'vitest';
import type { Entity, Triple } from '../../src-main/common/graphTypes.js';
import { loadGloveDrm, type GloveDrm } from '../../src-main/engine/drm/gloveDrm.js';
import { MemoryGraph } from '../../src-main/engine/graph/memoryGraph.js';
import { EntityNameIndex, wordSpans } from '../../src-main/engine/qa/stages/entityNameIndex.js';
import { linkTopics } from '../../src-main/engine/qa/hand/linkTopics.js';

const entities: Entity[] = [
  { id: 'chris', name: "Chris O'Donnell" },
  { id: 'val', name: 'Val Kilmer' },
  { id: 'batman', name: 'Batman Forever' },
  { id: 'scent', name: 'Scent of a Woman' },
  { id: 'frederica', name: 'Frederica of Mecklenburg-Strelitz' },
  { id: 'ernest', name: 'Ernest Augustus' },
  { id: 'german', name: 'German' },
  // Everyday words that are also entities (tags), which a question's wording must not turn into topics.
  { id: 'tag-movies', name: 'movies' },
  { id: 'tag-act', name: 'act' },
  { id: 'tag-what', name: 'what' },
  { id: 'tag-the', name: 'the' },
  { id: 'tag-police', name: 'police' },
  // Homonyms: a film and a city share a name; case separates the tag from the film.
  { id: 'film-police', name: 'Police' },
  { id: 'film-paris', name: 'Paris' },
  { id: 'city-paris', name: 'Paris' },
  { id: 'france', name: 'France' },
  { id: 'pialat', name: 'Maurice Pialat' },
  { id: 'depardieu', name: 'Gérard Depardieu' },
  { id: 'seine', name: 'Seine' },
];
const triples: Triple[] = [
  { head: 'batman', relation: 'starred_actors', tail: 'chris' },
  { head: 'batman', relation: 'starred_actors', tail: 'val' },
  { head: 'scent', relation: 'starred_actors', tail: 'chris' },
  { head: 'batman', relation: 'has_tags', tail: 'tag-movies' },
  { head: 'scent', relation: 'has_tags', tail: 'tag-act' },
  { head: 'scent', relation: 'has_tags', tail: 'tag-what' },
  { head: 'scent', relation: 'has_tags', tail: 'tag-the' },
  { head: 'film-police', relation: 'has_tags', tail: 'tag-police' },
  { head: 'film-police', relation: 'directed_by', tail: 'pialat' },
  { head: 'film-police', relation: 'starred_actors', tail: 'depardieu' },
  { head: 'frederica', relation: 'spouse', tail: 'ernest' },
  { head: 'ernest', relation: 'nationality', tail: 'german' },
  { head: 'frederica', relation: 'nationality', tail: 'german' },
  { head: 'film-paris', relation: 'directed_by', tail: 'pialat' },
  { head: 'film-paris', relation: 'starred_actors', tail: 'depardieu' },
  { head: 'city-paris', relation: 'capital_of', tail: 'france' },
  { head: 'city-paris', relation: 'located_on_river', tail: 'seine' },
];

let drm: GloveDrm;
let graph: MemoryGraph;
let index: EntityNameIndex;
beforeAll(async () => {
  drm = await loadGloveDrm();
  graph = MemoryGraph.fromTriples('tiny', entities, triples);
  index = EntityNameIndex.build(graph);
}, 180_000);

const idOf = (i: number): string => graph.ids[i];

describe('EntityNameIndex', () => {
  it('keys names by folded words, so punctuation, case and diacritics do not matter', () => {
    const key = (s: string): number | undefined => index.lookup(wordSpans(s).map((w) => w.norm));
    expect(key("chris o’donnell")).toBe(key("Chris O'Donnell"));
    expect(key('frederica_of_mecklenburg-strelitz')).toBeDefined();
    expect(key('gerard depardieu')).toBeDefined();
    expect(index.keyEntities(key('paris')!)).toHaveLength(2);
  });

  it('weighs rare name words above common ones', () => {
    expect(index.idf('mecklenburg')).toBeGreaterThan(0);
    expect(index.idf('zzzunseen')).toBeGreaterThanOrEqual(index.idf('paris'));
  });
});

describe('linkTopics', () => {
  it('finds a name without brackets and ignores question words that are also entities', async () => {
    const res = await linkTopics("what movies did Chris O'Donnell act in", graph, index, drm);
    expect(res.topics.map((t) => idOf(t.entity))).toEqual(['chris']);
    const t = res.topics[0];
    expect("what movies did Chris O'Donnell act in".slice(t.start, t.end)).toBe("Chris O'Donnell");
    expect(t.score).toBeGreaterThan(0);
  });

  it('uses brackets as strong mentions', async () => {
    const res = await linkTopics("what movies did [Chris O'Donnell] act in", graph, index, drm);
    expect(res.topics.map((t) => idOf(t.entity))).toEqual(['chris']);
    expect(res.topics[0].mention).toBe("Chris O'Donnell");
  });

  it("matches underscores, hyphens and a detached possessive 's", async () => {
    const res = await linkTopics("which nationality is frederica_of_mecklenburg-strelitz 's couple ?", graph, index, drm);
    expect(res.topics.map((t) => idOf(t.entity))).toEqual(['frederica']);
    expect(res.topics[0].mention).toBe('frederica_of_mecklenburg-strelitz');
  });

  it('links several entities when the question names several', async () => {
    const res = await linkTopics("which films star both Chris O'Donnell and Val Kilmer", graph, index, drm);
    expect(res.topics.map((t) => idOf(t.entity)).sort()).toEqual(['chris', 'val']);
  });

  it('separates homonyms by case and by how the question fits their relations', async () => {
    const film = await linkTopics('who directed the films that share actors with Police', graph, index, drm);
    expect(film.topics.map((t) => idOf(t.entity))).toEqual(['film-police']);
    const city = await linkTopics('Paris is the capital of which country', graph, index, drm);
    expect(city.topics.map((t) => idOf(t.entity))).toEqual(['city-paris']);
    const movie = await linkTopics('who directed the film Paris and who starred in it', graph, index, drm);
    expect(movie.topics.map((t) => idOf(t.entity))).toEqual(['film-paris']);
  });

  it('reads case as evidence only where the writer uses case', async () => {
    // A director and a tag that spells his name in lower case (MetaQA's tags do).
    const g = MemoryGraph.fromTriples(
      'tags',
      [
        { id: 'wyler', name: 'William Wyler' },
        { id: 'tag-wyler', name: 'william wyler' },
        { id: 'holiday', name: 'Roman Holiday' },
        { id: 'ben', name: 'Ben-Hur' },
        { id: 'hepburn', name: 'Audrey Hepburn' },
      ],
      [
        { head: 'holiday', relation: 'directed_by', tail: 'wyler' },
        { head: 'ben', relation: 'directed_by', tail: 'wyler' },
        { head: 'holiday', relation: 'starred_actors', tail: 'hepburn' },
        { head: 'holiday', relation: 'has_tags', tail: 'tag-wyler' },
      ],
    );
    const gIndex = EntityNameIndex.build(g);
    // The reading of the words "william wyler" (another topic may stand beside it).
    const linked = async (q: string): Promise<string | undefined> => {
      const topic = (await linkTopics(q, g, gIndex, drm)).topics.find((t) => t.mention.toLowerCase() === 'william wyler');
      return topic && g.ids[topic.entity];
    };
    // Typed all in lower case: the tag's case is no sign that the tag is meant.
    expect(await linked('which films did william wyler direct')).toBe('wyler');
    expect(await linked('Which films did william wyler direct')).toBe('wyler');
    // A bracket copies the name as the graph writes it, and a question that capitalises names means the lower-case one.
    expect(await linked('which films are about [william wyler]')).toBe('tag-wyler');
    expect(await linked('which films with Audrey Hepburn are about william wyler')).toBe('tag-wyler');
    expect(await linked('which films did William Wyler direct')).toBe('wyler');
    // A sentence's first word, an all-capitals word and a name's own first letter at the start say nothing of case.
    expect(await linked('Hi. Which films did william wyler direct')).toBe('wyler');
    expect(await linked('Q: Which films did william wyler direct')).toBe('wyler');
    expect(await linked('Hi! "Which films did william wyler direct?"')).toBe('wyler');
    expect(await linked('which TV films did william wyler direct')).toBe('wyler');
    expect(await linked('william wyler directed which films')).toBe('wyler');
  });

  it('takes a long name of everyday words, written out whole, as a topic beside a rarer one', async () => {
    const g = MemoryGraph.fromTriples(
      'units',
      [
        { id: 'si', name: 'International System of Units' },
        { id: 'rate', name: 'Absorbed dose rate' },
        { id: 'gray', name: 'Gray per second' },
        { id: 'system', name: 'System' },
      ],
      [
        { head: 'gray', relation: 'unit.measurement_system', tail: 'si' },
        { head: 'rate', relation: 'dimension.si_unit', tail: 'gray' },
        { head: 'system', relation: 'dimension.si_unit', tail: 'gray' },
      ],
    );
    const res = await linkTopics('what is the unit of absorbed dose rate in international system of units', g, EntityNameIndex.build(g), drm);
    expect(res.topics.map((t) => g.ids[t.entity]).sort()).toEqual(['rate', 'si']);
    // A one-word everyday name is still no extra topic.
    const lone = await linkTopics('what is the unit of absorbed dose rate in the system', g, EntityNameIndex.build(g), drm);
    expect(lone.topics.map((t) => g.ids[t.entity])).toEqual(['rate']);
  });

  it('never takes the answer phrase after the wh-word for a long name', async () => {
    const g = MemoryGraph.fromTriples(
      'companies',
      [
        { id: 'type', name: 'Film production company' },
        { id: 'seagull', name: 'The Seagull' },
        { id: 'mosfilm', name: 'Mosfilm' },
      ],
      [
        { head: 'seagull', relation: 'film.production_companies', tail: 'mosfilm' },
        { head: 'mosfilm', relation: 'common.topic.notable_types', tail: 'type' },
      ],
    );
    const res = await linkTopics('which film production company produced the seagull', g, EntityNameIndex.build(g), drm);
    expect(res.topics.map((t) => g.ids[t.entity])).toEqual(['seagull']);
  });

  it('never links function or question words, nor the answer noun after the wh-word, although such entities exist', async () => {
    const res = await linkTopics('what movies did the police act in', graph, index, drm);
    const linked = res.topics.map((t) => idOf(t.entity));
    expect(linked).not.toContain('tag-what');
    expect(linked).not.toContain('tag-the');
    expect(linked).not.toContain('tag-movies');
    // "police" is a whole name: it is one of the readings (a topic or an alternative), in any case.
    expect([...res.topics, ...res.alternatives].map((t) => idOf(t.entity)).some((id) => id === 'tag-police' || id === 'film-police')).toBe(true);
    expect((await linkTopics('what is the', graph, index, drm)).topics).toEqual([]);
  });

  it('returns the closest names when nothing matches', async () => {
    const res = await linkTopics('what movies did Chris ODonell act in', graph, index, drm);
    expect(res.topics).toEqual([]);
    expect(res.closest.length).toBeGreaterThan(0);
    expect(res.closest.length).toBeLessThanOrEqual(5);
    expect(res.closest[0]).toBe("Chris O'Donnell");
  });

  it('reads the closest names of a bracketed unknown mention from the bracket alone', async () => {
    const names = ['Star Wars', 'Star Trek', 'Film Star', 'Filmstar Nights', 'Starfilm', 'Korvath Ellimond'];
    const g = MemoryGraph.fromTriples('stars', names.map((n) => ({ id: n, name: n })), names.slice(1).map((n) => ({ head: names[0], relation: 'related', tail: n })));
    const res = await linkTopics('what films did [Qorvath Ellimund] star in', g, EntityNameIndex.build(g), drm);
    expect(res.topics).toEqual([]);
    expect(res.closest[0]).toBe('Korvath Ellimond');
    // "films" and "star" are the question's words, not the name's: they pull in no title.
    expect(res.closest.filter((n) => /star|film/i.test(n))).toEqual([]);
  });

  it('matches a slightly different wording fuzzily', async () => {
    const res = await linkTopics('who starred in Scent of Woman', graph, index, drm);
    expect(res.topics.map((t) => idOf(t.entity))).toEqual(['scent']);
  });
});

// Free-text linking: whole names in any case however common, derived forms (possessive, plural, demonym), partial
// mentions inside longer names, homonyms kept as alternatives, and mediator nodes never linked.
describe('linkTopics on free text', () => {
  const places: Entity[] = [
    { id: 'germany', name: 'Germany' },
    // Another name a suffix rule reaches from "german" (germ-an): the better-connected one is meant.
    { id: 'germ', name: 'Germ' },
    { id: 'europe', name: 'Europe' },
    { id: 'berlin', name: 'Berlin' },
    { id: 'jamaica', name: 'Jamaica' },
    { id: 'english', name: 'English' },
    { id: 'kingston', name: 'Kingston' },
    { id: 'japan', name: 'Japan' },
    { id: 'tokyo', name: 'Tokyo' },
    { id: 'river', name: 'River' },
    { id: 'foxwoods', name: 'Foxwoods Resort Casino' },
    { id: 'casino', name: 'Casino' },
    { id: 'connecticut', name: 'Connecticut' },
    // A common word that is a whole name (a film), and a question word that is one too.
    { id: 'film-up', name: 'Home' },
    { id: 'tag-which', name: 'which' },
    { id: 'director', name: 'Ana Ruiz' },
    // Freebase-style mediator (CVT) nodes: ids with no name of their own.
    { id: 'm.0abc12', name: 'm.0abc12' },
    { id: 'g.11bc9x', name: 'g.11bc9x' },
    { id: 'population', name: '83200000' },
  ];
  const facts: Triple[] = [
    { head: 'germany', relation: 'continent', tail: 'europe' },
    { head: 'germany', relation: 'capital', tail: 'berlin' },
    { head: 'jamaica', relation: 'official_language', tail: 'english' },
    { head: 'jamaica', relation: 'capital', tail: 'kingston' },
    { head: 'japan', relation: 'capital', tail: 'tokyo' },
    { head: 'foxwoods', relation: 'function', tail: 'casino' },
    { head: 'foxwoods', relation: 'located_in', tail: 'connecticut' },
    { head: 'film-up', relation: 'directed_by', tail: 'director' },
    { head: 'film-up', relation: 'has_tags', tail: 'tag-which' },
    { head: 'germany', relation: 'population_record', tail: 'm.0abc12' },
    { head: 'm.0abc12', relation: 'value', tail: 'population' },
    { head: 'g.11bc9x', relation: 'value', tail: 'population' },
  ];
  let g: MemoryGraph;
  let ix: EntityNameIndex;
  beforeAll(() => {
    g = MemoryGraph.fromTriples('places', places, facts);
    ix = EntityNameIndex.build(g);
  });
  const linked = async (q: string): Promise<string[]> => (await linkTopics(q, g, ix, drm)).topics.map((t) => g.ids[t.entity]);

  it('links an exact name written in lower case', async () => {
    expect(await linked('in which continent is germany')).toEqual(['germany']);
    expect(await linked('IN WHICH CONTINENT IS GERMANY')).toEqual(['germany']);
  });

  it('links a whole name made of one everyday word', async () => {
    const res = await linkTopics('who directed home', g, ix, drm);
    expect(res.topics.map((t) => g.ids[t.entity])).toEqual(['film-up']);
    expect(res.topics[0].mention).toBe('home');
  });

  it('links a possessive and keeps the mention span on the name', async () => {
    const q = "what is germany's capital";
    const res = await linkTopics(q, g, ix, drm);
    expect(res.topics.map((t) => g.ids[t.entity])).toEqual(['germany']);
    expect(q.slice(res.topics[0].start, res.topics[0].end)).toBe('germany');
  });

  it('links a demonym to the place it derives from', async () => {
    expect(await linked('which language do jamaican people speak')).toEqual(['jamaica']);
    expect(await linked('what is the capital of the japanese state')).toEqual(['japan']);
    expect(await linked('which continent are german people from')).toEqual(['germany']);
    // A derived form is only a guess until a name confirms it: no "Swede…" entity, no topic.
    expect(await linked('what do swedish people speak')).toEqual([]);
  });

  it('links a plural to a singular name', async () => {
    expect(await linked('what are rivers')).toEqual(['river']);
  });

  it("links a rare part of a longer name ('foxwoods' of Foxwoods Resort Casino)", async () => {
    expect(await linked('name the function of foxwoods?')).toEqual(['foxwoods']);
  });

  it('never links a question word, even when an entity carries it as its name', async () => {
    expect(await linked('which capital')).not.toContain('tag-which');
  });

  it('never links a mediator node, even when the question writes its id', async () => {
    expect(ix.lookup(wordSpans('m.0abc12').map((w) => w.norm))).toBeUndefined();
    const res = await linkTopics('what is the value of m.0abc12 and g.11bc9x', g, ix, drm);
    for (const t of [...res.topics, ...res.alternatives]) expect(g.ids[t.entity]).not.toMatch(/^[mg]\./);
    expect(res.closest.every((n) => !/^[mg]\./.test(n))).toBe(true);
  });
});

describe('linkTopics alternatives', () => {
  it('keeps the homonyms of a chosen name as ranked alternatives', async () => {
    const res = await linkTopics('Paris is the capital of which country', graph, index, drm);
    expect(res.topics.map((t) => idOf(t.entity))).toEqual(['city-paris']);
    expect(res.alternatives.map((t) => idOf(t.entity))).toContain('film-paris');
    const alt = res.alternatives.find((t) => idOf(t.entity) === 'film-paris')!;
    expect(alt.mention).toBe('Paris');
    expect(alt.score).toBeLessThanOrEqual(res.topics[0].score);
  });
});
