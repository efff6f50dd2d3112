// Which reading of the question's mentions the engine answers from: a weak topic (an everyday word that is also a
// name) against another mention of the question. Toy graphs with the real GloVe DRM; expected answers follow from
// the triples.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadGloveDrm } from '../../src-main/engine/drm/gloveDrm.js';
import { createQaEngine, type QaEngine } from '../../src-main/engine/qa/qaEngine.js';
import { pipeTriplesGraph } from '../../src-main/engine/import/pipeTriplesGraph.js';
import { toyGraph } from '../helpers/toyGraph.js';

type Drm = Awaited<ReturnType<typeof loadGloveDrm>>;
let drm: Drm;

function engineOf(lines: string[]): QaEngine {
  return createQaEngine({ graph: toyGraph(lines), drm });
}

beforeAll(async () => {
  drm = await loadGloveDrm();
}, 120_000);

describe('a weak topic against another mention of the question', () => {
  // "artist" is an entity (an occupation), and "the summer set" reads like the relation "part of the series": the
  // linker's first reading is the everyday word; the band's reading answers the question surer.
  const lines = [
    'Mark Lombardi|occupation|artist',
    'William Rotsler|occupation|artist',
    'artist|occupation|George Catlin',
    'artist|subclass of|video game artist',
    'The Summer Set|record label|Fearless Records',
    'Ace of Base|record label|Arista',
    'Aghora|record label|Season of Mist',
    'Ace of Base|genre|pop',
    'Shadow Zone|part of the series|Goosebumps',
    'Mark Lombardi|place of birth|Manitowoc',
  ];
  it('answers from the reading whose answer is surer', async () => {
    const r = await engineOf(lines).ask('who is the record label of the artist the summer set?');
    // The band is among the topics (alone, or beside the everyday word when one reading keeps both).
    expect(r.topics.map((t) => t.name)).toContain('The Summer Set');
    expect(r.answers[0]?.name).toBe('Fearless Records');
  });
});


describe('a topic whose words are the wording of a relation', () => {
  // "magnetic flux density" names an entity (a dimension) and the type segment of a relation label: read as a topic
  // beside the measurement system, the question's wording is spent; read as wording, it names the relation.
  const lines = [
    'Magnetic flux density|measurement_unit.dimension.si_base_unit|Tesla',
    'Gauss|measurement_unit.dimension.units|Magnetic flux density',
    'Metric Standard|measurement_unit.magnetic_flux_density_unit.measurement_system|Tesla',
    'Tesla|measurement_unit.magnetic_flux_density_unit.measurement_system|Metric Standard',
    'Metric Standard|measurement_unit.time_unit.measurement_system|Second',
    'Second|measurement_unit.time_unit.measurement_system|Metric Standard',
    'Metric Standard|measurement_unit.time_unit.measurement_system|Kilosecond',
    'Metric Standard|measurement_unit.length_unit.measurement_system|Metre',
    'Metre|measurement_unit.length_unit.measurement_system|Metric Standard',
    'Old Gauss Scheme|measurement_unit.magnetic_flux_density_unit.measurement_system|Gauss',
    'Old Gauss Scheme|measurement_unit.time_unit.measurement_system|Second',
  ];
  it('is read as wording when the reading with it as a name verifies nothing, and says so', async () => {
    const r = await engineOf(lines).ask('what unit is used to measure magnetic flux density in metric standard measurement system?');
    expect(r.topics.map((t) => t.name)).toEqual(['Metric Standard']);
    expect(r.answers[0]?.name).toBe('Tesla');
    expect(r.confidence?.reasons).toContain('the first reading verified nothing; "magnetic flux density" read as the question\'s wording, not a name');
  });
  it('is not dropped from a question with no other topic', async () => {
    const r = await engineOf(lines).ask('what are the units of magnetic flux density?');
    expect(r.topics.map((t) => t.name)).toEqual(['Magnetic flux density']);
    expect(r.answers.map((a) => a.name)).toContain('Gauss');
  });
});

describe('a name written out in full', () => {
  // The generated football graph: the club "Harlow Vale City" is named after its town "Harlow Vale". The club's
  // reading of "strikers at …" verifies nothing at first; the town inside its name is not another reading of it.
  it('is not replaced by an entity named by a part of it', async () => {
    const engine = createQaEngine({ graph: pipeTriplesGraph('bench/devgraphs/data/sports/kb.txt'), drm });
    const r = await engine.ask('strikers at Harlow Vale City');
    expect(r.topics.map((t) => t.name)).toContain('Harlow Vale City');
    expect(r.topics.map((t) => t.name)).not.toContain('Harlow Vale');
  });
});

describe('a name one typing slip away', () => {
  it('never in an everyday word: "directors" is the wording, not the tag "director"', async () => {
    const engine = engineOf([
      'Persona|directed_by|Ingmar Bergman',
      'Persona|has_tags|director',
      'Persona|has_tags|person',
      'Movie 43|directed_by|Peter Farrelly',
      'Movie 43|has_tags|b-movie',
    ]);
    for (const q of ['who are the directors of Qorvath Ellimund', 'which person directed Qorvath Ellimund', 'what is a movie by Qorvath Ellimund']) {
      const r = await engine.ask(q);
      expect(r.topics, q).toEqual([]);
      expect(r.notFound, q).toBeDefined();
    }
  });
  it('"now" names no relation, yet stays a word of a title', async () => {
    const r = await engineOf(['Now and Then|directed_by|Lesli Linka Glatter', 'Now and Then|written_by|I. Marlene King', 'Heat|directed_by|Michael Mann']).ask('who directed now and then');
    expect(r.topics.map((t) => t.name)).toEqual(['Now and Then']);
    expect(r.answers[0]?.name).toBe('Lesli Linka Glatter');
  });
  it('is read as that name when nothing else is, weakly', async () => {
    const engine = createQaEngine({ graph: pipeTriplesGraph('bench/devgraphs/data/sports/kb.txt'), drm });
    const r = await engine.ask('who coaches kingsbrige county');
    expect(r.topics.map((t) => [t.name, t.mention])).toEqual([['Kingsbridge County', 'kingsbrige county']]);
    expect(r.topics[0].score).toBeLessThan(0.8);
    expect(r.answers[0]?.name).toBe('Ben Bamford');
  });
  it('is read as the longer name when a rare word beside a shorter name is its slip ("kelthorn univeristy")', async () => {
    const engine = createQaEngine({ graph: pipeTriplesGraph('bench/devgraphs/data/research/kb.txt'), drm });
    const r = await engine.ask('Where is Kelthorn Univeristy located?');
    expect(r.topics.map((t) => [t.name, t.mention])).toEqual([['Kelthorn University', 'Kelthorn Univeristy']]);
    expect(r.answers[0]?.name).toBe('Kelthorn');
    // Spelled right, the town alone is still the town.
    expect((await engine.ask('Where is Kelthorn located?')).topics.map((t) => t.name)).toEqual(['Kelthorn']);
  });
});
