// Direction handling: one relation stored both ways around an anchor ("Moscow place of birth X" beside "Y place of
// birth Moscow", as in graphs merged from sources that wrote a fact from either end) is one reading; both directions
// answer, the facts stated with the anchor as their subject first, and the twin is no rival reading for the
// confidence. A homonym whose two directions reach different kinds of things (a film and a person of one name)
// keeps them apart. Toy graphs with the real GloVe DRM; expected answers follow from the triples.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadGloveDrm } from '../../src-main/engine/drm/gloveDrm.js';
import type { MemoryGraph } from '../../src-main/engine/graph/memoryGraph.js';
import { toyGraph } from '../helpers/toyGraph.js';
import { AlgorithmicHand } from '../../src-main/engine/qa/hand/algorithmicHand.js';
import { createQaEngine, type QaEngine } from '../../src-main/engine/qa/qaEngine.js';
import { EntityNameIndex } from '../../src-main/engine/qa/stages/entityNameIndex.js';
import { graphAdjacency } from '../../src-main/engine/qa/stages/localAdjacency.js';
import { schemaPaths } from '../../src-main/engine/qa/stages/schemaPaths.js';

type Drm = Awaited<ReturnType<typeof loadGloveDrm>>;
let drm: Drm;


function engineOf(lines: string[]): QaEngine {
  return createQaEngine({ graph: toyGraph(lines), drm });
}

/** The one-hop readings the analysis marks as the other direction of a reading (rel< / rel>). */
async function twins(g: MemoryGraph, question: string, mention: string): Promise<string[]> {
  const hand = await AlgorithmicHand.create(g, drm, EntityNameIndex.build(g));
  const entity = g.indexOf(mention)!;
  const start = question.indexOf(mention);
  const paths = schemaPaths(graphAdjacency(g), entity, { dMax: 2 });
  const a = await hand.analyzeQuestion({ question, topics: [{ entity, start, end: start + mention.length }], schemaPaths: [paths], dMax: 2 });
  expect(a).toBeDefined();
  return a!.ranked.filter((c) => c.twin).map((c) => `${g.relationLabels[c.steps[0].relation]}${c.steps[0].direction === 'out' ? '>' : '<'}`);
}

beforeAll(async () => {
  drm = await loadGloveDrm();
}, 120_000);

describe('a relation stored both ways around the anchor', () => {
  const lines = [
    'Moscow|place of birth|Anya Tolvek',
    'Moscow|place of birth|Boris Kalyin',
    'Dmitri Orlov|place of birth|Moscow',
    'Yelena Sorin|place of birth|Moscow',
    'Pavel Gret|place of birth|Kazan',
    'Kazan|country|Russia',
    'Moscow|country|Russia',
  ];
  it('answers from both directions, the facts stated about the anchor first', async () => {
    const r = await engineOf(lines).ask('who was born in moscow?');
    const names = r.answers.map((a) => a.name);
    expect(names.slice(0, 2).sort()).toEqual(['Anya Tolvek', 'Boris Kalyin']);
    expect(names.slice(2, 4).sort()).toEqual(['Dmitri Orlov', 'Yelena Sorin']);
    // One reading, not two rivals: no "another reading scores about as well".
    expect(r.confidence?.signals.chainMargin).toBeGreaterThan(0.1);
  });
});

describe('a homonym whose two directions reach different kinds of things', () => {
  // "Anna" is a film (directed by Ivo Renn) and a director (of Salt Choir and Red Meridian).
  const lines = [
    'Anna|directed_by|Ivo Renn',
    'Lantern Bay|directed_by|Ivo Renn',
    'Salt Choir|directed_by|Anna',
    'Red Meridian|directed_by|Anna',
    'Salt Choir|has_genre|Drama',
    'Red Meridian|has_genre|Comedy',
    'Lantern Bay|has_genre|Drama',
    'Salt Choir|release_year|1999',
    'Red Meridian|release_year|2004',
  ];
  it('keeps the directions apart: the director of the film, the films of the director', async () => {
    const engine = engineOf(lines);
    const who = (await engine.ask('who directed the film Anna')).answers.map((a) => a.name);
    expect(who[0]).toBe('Ivo Renn');
    // Merged as one reading, the stated direction (Anna directed_by Ivo Renn) would come first here too.
    const films = (await engine.ask('which films did Anna direct')).answers.map((a) => a.name);
    expect(films.slice(0, 2).sort()).toEqual(['Red Meridian', 'Salt Choir']);
  });
});

describe('a relation between things of the anchor\'s own kind', () => {
  // A person's parents and children are persons like the anchor: the direction is the meaning.
  const lines = [
    'Edda Marsh|parent|Olaf Marsh',
    'Edda Marsh|parent|Runa Marsh',
    'Tove Marsh|parent|Edda Marsh',
    'Ivar Marsh|parent|Edda Marsh',
    'Olaf Marsh|gender|male',
    'Runa Marsh|gender|female',
    'Edda Marsh|gender|female',
    'Tove Marsh|gender|female',
    'Ivar Marsh|gender|male',
    'Olaf Marsh|born_in|Varby',
    'Tove Marsh|born_in|Varby',
  ];
  it('keeps parents and children apart: the two directions stay two readings', async () => {
    const g = toyGraph(lines);
    expect(await twins(g, 'who are the parents of Edda Marsh', 'Edda Marsh')).toEqual([]);
    // The same question shape on a relation written both ways between kinds (people, a place) is one reading.
    const moscow = toyGraph(['Moscow|place of birth|Anya Tolvek', 'Dmitri Orlov|place of birth|Moscow', 'Moscow|country|Russia']);
    expect(await twins(moscow, 'who was born in Moscow', 'Moscow')).toEqual(['place of birth<']);
  });
});
