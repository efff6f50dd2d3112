// An answer the question spells out by name is not what it asks for ("the international system of units uses what
// unit for absorbed dose rate" does not ask for the International System of Units), unless the name is inside the
// topic's own mention (the Quileute people of "quileute language") or the question offers a choice.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadGloveDrm } from '../../src-main/engine/drm/gloveDrm.js';
import { MemoryGraph } from '../../src-main/engine/graph/memoryGraph.js';
import { parsePipeTriples } from '../../src-main/engine/import/pipeTriplesGraph.js';
import { AlgorithmicHand } from '../../src-main/engine/qa/hand/algorithmicHand.js';
import { EntityNameIndex } from '../../src-main/engine/qa/stages/entityNameIndex.js';
import { graphAdjacency } from '../../src-main/engine/qa/stages/localAdjacency.js';
import { schemaPaths } from '../../src-main/engine/qa/stages/schemaPaths.js';
import type { Drm } from '../../src-main/engine/core/types.js';

// As in the Freebase fragment (../shared/data/grailqa): some edges stored both ways round.
const TRIPLES = [
  'Absorbed dose rate|measurement_unit.dimension.si_base_unit|Gray per second',
  'Gray per second|measurement_unit.dimension.si_base_unit|Absorbed dose rate',
  'Gray per second|measurement_unit.absorbed_dose_rate_unit.measurement_system|International System of Units',
  'International System of Units|measurement_unit.absorbed_dose_rate_unit.measurement_system|Gray per second',
  'Gray per second|measurement_unit.absorbed_dose_rate_unit.rate_in_grays_per_second|1.0',
  'Radioactivity|measurement_unit.dimension.si_base_unit|Becquerel',
  'Becquerel|measurement_unit.radioactivity_unit.measurement_system|International System of Units',
  'Luminous intensity|measurement_unit.dimension.si_base_unit|Candela',
  'Candela|measurement_unit.luminous_intensity_unit.measurement_system|International System of Units',
  'Poundal|measurement_unit.unit_of_force.measurement_system|Imperial units',
  'Makah|people.ethnicity.languages_spoken|Makah language',
  'Quileute|people.ethnicity.languages_spoken|Quileute language',
  'Quileute language|language.human_language.iso_639_3_code|qui',
  'Makah language|language.human_language.iso_639_3_code|myh',
  'Hoh language|language.human_language.iso_639_3_code|qui',
  'Hoh language|language.human_language.dialect_of|Quileute language',
  'What?|starred_actors|Sydne Rome',
  'What?|directed_by|Roman Polanski',
  'Chinatown|directed_by|Roman Polanski',
];

let drm: Drm;
let graph: MemoryGraph;

beforeAll(async () => {
  drm = await loadGloveDrm();
  const triples = parsePipeTriples(TRIPLES.join('\n'));
  graph = MemoryGraph.fromTriples('units', [...new Set(triples.flatMap((x) => [x.head, x.tail]))].map((id) => ({ id, name: id })), triples);
}, 120_000);

/** The top reading's answers for a question about one topic (its mention as written in the question). */
async function answers(question: string, mention: string, topic: string, namedAnswer?: number): Promise<string[]> {
  const hand = await AlgorithmicHand.create(graph, drm, EntityNameIndex.build(graph), namedAnswer === undefined ? {} : { weights: { namedAnswer } });
  const entity = graph.indexOf(topic)!;
  const start = question.indexOf(mention);
  const a = await hand.analyzeQuestion({ question, topics: [{ entity, start, end: start + mention.length }], schemaPaths: [schemaPaths(graphAdjacency(graph), entity, { dMax: 2 })], dMax: 2 });
  return [...a!.ranked[0].ends].map((e) => graph.names[e]);
}

describe('an answer the question names', () => {
  it('is not the answer: the unit, not the system the question names', async () => {
    const q = 'the international system of units uses what unit for absorbed dose rate?';
    expect(await answers(q, 'absorbed dose rate', 'Absorbed dose rate')).toEqual(['Gray per second']);
    // Without the rule the chain walks on to the system the question itself names.
    expect(await answers(q, 'absorbed dose rate', 'Absorbed dose rate', 0)).toEqual(['International System of Units']);
  });

  it('still is when the name is inside the topic mention', async () => {
    expect(await answers('quileute language is spoken by what ethnic group?', 'quileute language', 'Quileute language')).toEqual(['Quileute']);
  });

  it('still is when only a question word spells its name (the film "What?")', async () => {
    expect(await answers('what does sydne rome star in', 'sydne rome', 'Sydne Rome')).toEqual(['What?']);
  });

  it('still is when the question offers a choice', async () => {
    const q = 'is the iso code of the hoh language qui or myh?';
    expect(await answers(q, 'hoh language', 'Hoh language')).toEqual(['qui']);
  });
});
