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
    expect(index.keyEntities[key('paris')!]).toHaveLength(2);
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

  it('does not link common-word spans just because such entities exist', async () => {
    const res = await linkTopics('what movies did the police act in', graph, index, drm);
    expect(res.topics).toEqual([]);
  });

  it('returns the closest names when nothing matches', async () => {
    const res = await linkTopics('what movies did Chris ODonell act in', graph, index, drm);
    expect(res.topics).toEqual([]);
    expect(res.closest.length).toBeGreaterThan(0);
    expect(res.closest.length).toBeLessThanOrEqual(5);
    expect(res.closest[0]).toBe("Chris O'Donnell");
  });

  it('matches a slightly different wording fuzzily', async () => {
    const res = await linkTopics('who starred in Scent of Woman', graph, index, drm);
    expect(res.topics.map((t) => idOf(t.entity))).toEqual(['scent']);
  });
});
