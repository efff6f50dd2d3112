// Readings that must explain the whole question, on small graphs of two domains the pipeline was not built against:
// a verb phrase split by its mention names one hop ("what caused X to die"), the answer noun never supports walking
// back over the hop just taken, a noun derived from the label's verb names its tail ("which competition" /
// competes_in), "else" asks for the anchor's fellows, a label the question names wholly beats one it names in part,
// "where" is answered by the first place reached (a possessive's noun phrase ends at a participle: "X's father
// buried"). Toy graphs with the real GloVe DRM and WordNet.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadGloveDrm } from '../../src-main/engine/drm/gloveDrm.js';
import { toyGraph } from '../helpers/toyGraph.js';
import { AlgorithmicHand } from '../../src-main/engine/qa/hand/algorithmicHand.js';
import { EntityNameIndex } from '../../src-main/engine/qa/stages/entityNameIndex.js';
import { graphAdjacency } from '../../src-main/engine/qa/stages/localAdjacency.js';
import { schemaPaths } from '../../src-main/engine/qa/stages/schemaPaths.js';
import type { MemoryGraph } from '../../src-main/engine/graph/memoryGraph.js';

type Drm = Awaited<ReturnType<typeof loadGloveDrm>>;
let drm: Drm;

beforeAll(async () => {
  drm = await loadGloveDrm();
}, 120_000);

async function topReading(g: MemoryGraph, question: string, mention: string): Promise<string> {
  const hand = await AlgorithmicHand.create(g, drm, EntityNameIndex.build(g));
  const start = question.indexOf(mention);
  expect(start).toBeGreaterThanOrEqual(0);
  const entity = g.indexOf(mention)!;
  const paths = schemaPaths(graphAdjacency(g), entity, { dMax: 3 });
  const a = await hand.analyzeQuestion({ question, topics: [{ entity, start, end: start + mention.length }], schemaPaths: [paths], dMax: 3 });
  expect(a).toBeDefined();
  return a!.ranked[0].steps.map((s) => `${g.relationLabels[s.relation]}${s.direction === 'out' ? '>' : '<'}`).join(' ');
}

describe('sports: clubs, leagues, former clubs', () => {
  const g = toyGraph([
    'Ana Ruiz|plays_for|Valmora CF',
    'Ana Ruiz|previously_played_for|Kingsbridge County',
    'Ana Ruiz|nationality|Spain',
    'Ana Ruiz|position|goalkeeper',
    'Bo Lind|plays_for|Valmora CF',
    'Bo Lind|previously_played_for|Ostby IF',
    'Bo Lind|nationality|Sweden',
    'Cy Moss|plays_for|Kingsbridge County',
    'Cy Moss|previously_played_for|Valmora CF',
    'Cy Moss|nationality|England',
    'Dee Park|plays_for|Ostby IF',
    'Dee Park|nationality|Sweden',
    'Valmora CF|competes_in|Liga Norte',
    'Valmora CF|country|Spain',
    'Kingsbridge County|competes_in|Premier Division',
    'Kingsbridge County|country|England',
    'Ostby IF|competes_in|Allsvenskan',
    'Ostby IF|country|Sweden',
    'Liga Norte|country|Spain',
    'Valmora CF|home_stadium|Estadio Norte',
    'Kingsbridge County|home_stadium|Kings Park',
    'Ostby IF|home_stadium|Ostby Arena',
    'Estadio Norte|located_in|Valmora',
    'Kings Park|located_in|Kingsbridge',
    'Ostby Arena|located_in|Ostby',
    'Estadio Norte|capacity|29600',
    'Kings Park|capacity|18000',
    'Ostby Arena|capacity|12000',
  ]);
  it('"which competition is the club X plays for in": the league, not the club', async () => {
    expect(await topReading(g, 'Which competition is the club Ana Ruiz plays for in', 'Ana Ruiz')).toBe('plays_for> competes_in>');
  });
  it('"the former teams of X": WordNet\'s "former" is what "previously" says (an adverb read through its adjective)', async () => {
    expect(await topReading(g, 'what countries are the former teams of Bo Lind from', 'Bo Lind')).toBe('previously_played_for> country>');
  });
  it('"who does X play for now": "now" is a function word, never the "previously" of a label', async () => {
    expect(await topReading(g, 'who does Ana Ruiz play for now', 'Ana Ruiz')).toBe('plays_for>');
  });
  it('"the players of X": the plain relation, not the one whose label adds a word the question leaves unsaid (previously)', async () => {
    expect(await topReading(g, 'players of Valmora CF hold which nationalities', 'Valmora CF')).toBe('plays_for< nationality>');
  });
  it('"who else plays for X\'s club": the club\'s other players', async () => {
    expect(await topReading(g, "Who else plays for Ana Ruiz's club", 'Ana Ruiz')).toBe('plays_for> plays_for<');
  });
  it('a label the question names wholly leaves no word unnamed, one it names in part one ("plays for" / previously played for)', async () => {
    const hand = await AlgorithmicHand.create(g, drm, EntityNameIndex.build(g));
    const matcher = (hand as unknown as { matcher: { unnamed(r: number, w: string[]): number } }).matcher;
    const words = ['club', 'play'];
    expect(matcher.unnamed(g.relationLabels.indexOf('plays_for'), words)).toBe(0);
    expect(matcher.unnamed(g.relationLabels.indexOf('previously_played_for'), words)).toBe(1);
  });
});

describe('sports: what shares the anchor\'s club, and "his club"', () => {
  const g = toyGraph([
    'Ana Ruiz|plays_for|Valmora CF',
    'Ana Ruiz|previously_played_for|Kingsbridge County',
    'Ana Ruiz|nationality|Spain',
    'Bo Lind|plays_for|Valmora CF',
    'Bo Lind|nationality|Sweden',
    'Eli Vik|plays_for|Valmora CF',
    'Eli Vik|nationality|Norway',
    'Cy Moss|plays_for|Kingsbridge County',
    'Cy Moss|previously_played_for|Valmora CF',
    'Cy Moss|nationality|England',
    'Dee Park|plays_for|Ostby IF',
    'Dee Park|previously_played_for|Kingsbridge County',
    'Dee Park|nationality|Sweden',
    'Valmora CF|head_coach|Iker Sanz',
    'Kingsbridge County|head_coach|Tom Hale',
    'Ostby IF|head_coach|Lars Berg',
    'Valmora CF|country|Spain',
    'Kingsbridge County|country|England',
    'Ostby IF|country|Sweden',
    'Valmora CF|home_stadium|Estadio Norte',
    'Kingsbridge County|home_stadium|Kings Park',
    'Ostby IF|home_stadium|Ostby Arena',
    'Valmora CF|competes_in|Liga Norte',
    'Kingsbridge County|competes_in|Premier Division',
    'Ostby IF|competes_in|Allsvenskan',
    'Valmora CF|based_in|Valmora',
    'Kingsbridge County|based_in|Kingsbridge',
    'Ostby IF|based_in|Ostby',
    'Iker Sanz|nationality|Spain',
    'Tom Hale|nationality|England',
    'Lars Berg|nationality|Sweden',
  ]);
  it('"who plays in the same club as X": the club\'s players, not the club', async () => {
    expect(await topReading(g, 'who plays in the same club as Bo Lind', 'Bo Lind')).toBe('plays_for> plays_for<');
  });
  it('"who is X coached by at his club": the pronoun\'s noun is X\'s club, the coach one hop on', async () => {
    expect(await topReading(g, 'who is Bo Lind coached by at his club', 'Bo Lind')).toBe('plays_for> head_coach>');
  });
});

describe('people: causes, burials, birthplaces', () => {
  const g = toyGraph([
    'Edwin Hale|cause of death|stroke',
    'stroke|cause of death|Anna Brandt',
    'stroke|cause of death|Otto Kers',
    'Edwin Hale|occupation|physician',
    'Anna Brandt|occupation|singer',
    'Otto Kers|occupation|painter',
    'Karl Vogt|father|Georg Vogt',
    'Georg Vogt|father|Hans Vogt',
    'Georg Vogt|buried_at|St Martin Chapel',
    'Hans Vogt|buried_at|Old Kirk',
    'Georg Vogt|place_of_birth|Oudwater',
    'Hans Vogt|place_of_birth|Lindholm',
    'Karl Vogt|place_of_birth|Oudwater',
    'St Martin Chapel|located_in|Oudwater',
    'Old Kirk|located_in|Lindholm',
    'Oudwater|located_in|Westmark',
    'Lindholm|located_in|Westmark',
    'Georg Vogt|died_in|Lindholm',
    'Hans Vogt|died_in|Oudwater',
    'Karl Vogt|birth_year|1901',
    'Georg Vogt|birth_year|1870',
    'Hans Vogt|birth_year|1841',
    'Karl Vogt|spouse_of|Ida Brandt',
    'Ida Brandt|mother|Anna Brandt',
    'Georg Vogt|occupation|miller',
    'Karl Vogt|member_of|House of Vogt',
    'House of Vogt|family_seat|Vogtsburg',
    'Vogtsburg|located_in|Westmark',
    'Ida Brandt|spouse_of|Karl Vogt',
    'Ida Brandt|father|Otto Brandt',
    'Otto Brandt|occupation|cooper',
    'Ida Brandt|occupation|teacher',
    'Lena Vogt|father|Karl Vogt',
    'Lena Vogt|mother|Ida Brandt',
    'Lena Vogt|occupation|nurse',
  ]);
  it('"what caused X to die": one hop although two phrases name its label', async () => {
    expect(await topReading(g, 'what caused Edwin Hale to die', 'Edwin Hale')).toBe('cause of death>');
  });
  it('"the burial place of X\'s father": the compound\'s modifier says which place (buried at, not place of birth)', async () => {
    expect(await topReading(g, 'which town holds the burial place of the father of Karl Vogt', 'Karl Vogt')).toBe('father> buried_at> located_in>');
  });
  it('"what caused the death of X": two words of one label name one hop, not the label walked twice', async () => {
    expect(await topReading(g, 'what caused the death of Edwin Hale', 'Edwin Hale')).toBe('cause of death>');
  });
  it('"X\'s father-in-law" is read as the spouse\'s father', async () => {
    expect(await topReading(g, "who was Karl Vogt's father-in-law", 'Karl Vogt')).toBe('spouse_of< father>');
  });
  it('"where is X\'s father buried": the burial place, not where it lies', async () => {
    expect(await topReading(g, "Where is Karl Vogt's father buried", 'Karl Vogt')).toBe('father> buried_at>');
  });
});

describe('families named as houses', () => {
  // Every family of the graph is named "House of …": a house is a family line in WordNet, so "which family" lands on
  // member_of's tails, though no label says "family".
  const HOUSES = [
    'Clara Dunmore|spouse_of|Arthur Pell',
    'Arthur Pell|spouse_of|Clara Dunmore',
    'Clara Dunmore|member_of|House of Dunmore',
    'Arthur Pell|member_of|House of Pell',
    'Edith Varro|member_of|House of Varro',
    'Hugo Varro|member_of|House of Varro',
    'Edith Varro|spouse_of|Hugo Marle',
    'Hugo Marle|member_of|House of Marle',
    'House of Dunmore|founded_by|Osric Dunmore',
    'House of Pell|founded_by|Aldo Pell',
    'House of Varro|founded_by|Bertil Varro',
    'House of Marle|founded_by|Cyne Marle',
    'Clara Dunmore|birth_year|1810',
    'Arthur Pell|birth_year|1805',
  ];
  const g = toyGraph(HOUSES);
  const familyLanding = async (graph: MemoryGraph, house: string): Promise<number> => {
    const hand = await AlgorithmicHand.create(graph, drm, EntityNameIndex.build(graph));
    const land = (hand as unknown as { landingSupport(noun: string, step: { relation: number; direction: 'out' | 'in' }, ends?: ReadonlySet<number>): number }).landingSupport.bind(hand);
    const step = { relation: graph.relationLabels.indexOf('member_of'), direction: 'out' as const };
    expect(graph.indexOf(house)).toBeDefined();
    return land('family', step, new Set([graph.indexOf(house)!]));
  };
  it('"which family" lands on member_of where the graph names its families houses', async () => {
    expect(await familyLanding(g, 'House of Dunmore')).toBeGreaterThanOrEqual(0.5);
    // The same graph with the families named otherwise: nothing says what member_of leads to.
    const plain = toyGraph(HOUSES.map((l) => l.replace(/House of (\w+)/g, '$1 Line')));
    expect(await familyLanding(plain, 'Dunmore Line')).toBe(0);
  });
  it('"what family was the wife of X from": the wife\'s house, not the wife', async () => {
    expect(await topReading(g, 'what family was the wife of Arthur Pell from', 'Arthur Pell')).toMatch(/^spouse_of[<>] member_of>$/);
  });
});

describe('a reciprocal relation stored one way', () => {
  // Twenty families of three siblings, each pair stored once ("A sibling C", "B sibling C", "A sibling B"), and their
  // father; the third sibling of the first family is married.
  const lines = Array.from({ length: 20 }, (_, i) => {
    const [a, b, c] = ['Ansel', 'Brida', 'Cosmo'].map((n) => `${n} Family${i}`);
    return [`${a}|sibling|${c}`, `${b}|sibling|${c}`, `${a}|sibling|${b}`, `${a}|father|Odo Family${i}`, `${b}|father|Odo Family${i}`, `${c}|father|Odo Family${i}`];
  }).flat();
  const g = toyGraph([...lines, 'Ansel Family0|spouse_of|Wenna Torr', 'Brida Family0|spouse_of|Piet Lorrimer']);
  it('is told from the graph: siblings sharing a sibling are siblings, children sharing a father are not fathers', async () => {
    const hand = await AlgorithmicHand.create(g, drm, EntityNameIndex.build(g));
    const reciprocal = (hand as unknown as { reciprocal(r: number): boolean }).reciprocal.bind(hand);
    expect(reciprocal(g.relationLabels.indexOf('sibling'))).toBe(true);
    expect(reciprocal(g.relationLabels.indexOf('father'))).toBe(false);
  });
  it('"the siblings of X" walks the relation either way, then on to whom they married', async () => {
    expect(await topReading(g, 'whom did the siblings of Cosmo Family0 marry', 'Cosmo Family0')).toBe('sibling< spouse_of>');
  });
});

describe('dotted labels (domain.type.property): the type segment says what the subject is', () => {
  // A measurement system whose units of two kinds share every word of the property and all but one of the type.
  const g = toyGraph([
    'Weber|measurement_unit.magnetic_flux_unit.measurement_system|Metric Standard',
    'Maxwell|measurement_unit.magnetic_flux_unit.measurement_system|Old Gauss Scheme',
    'Tesla|measurement_unit.magnetic_flux_density_unit.measurement_system|Metric Standard',
    'Gauss|measurement_unit.magnetic_flux_density_unit.measurement_system|Old Gauss Scheme',
    'Metre|measurement_unit.length_unit.measurement_system|Metric Standard',
    'Second|measurement_unit.time_unit.measurement_system|Metric Standard',
  ]);
  it('a type word the question leaves unsaid counts against the label ("unit of magnetic flux": not the density unit)', async () => {
    const hand = await AlgorithmicHand.create(g, drm, EntityNameIndex.build(g));
    const matcher = (hand as unknown as { matcher: { unnamed(r: number, words: readonly string[]): number } }).matcher;
    const words = ['unit', 'magnetic', 'flux', 'measurement', 'system'];
    expect(matcher.unnamed(g.relationLabels.indexOf('measurement_unit.magnetic_flux_unit.measurement_system'), words)).toBe(0);
    expect(matcher.unnamed(g.relationLabels.indexOf('measurement_unit.magnetic_flux_density_unit.measurement_system'), words)).toBe(1);
    expect(await topReading(g, 'in Metric Standard, which is the unit of magnetic flux?', 'Metric Standard')).toBe('measurement_unit.magnetic_flux_unit.measurement_system<');
    expect(await topReading(g, 'in Metric Standard, which is the unit of magnetic flux density?', 'Metric Standard')).toBe('measurement_unit.magnetic_flux_density_unit.measurement_system<');
  });
});
