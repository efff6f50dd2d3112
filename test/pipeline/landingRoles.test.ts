// What the answer noun says about the last hop when the hop's own label names nothing at its end ("studies" says
// nothing of what is studied): the entities it lands on are read through the roles they hold in the graph's other
// relations (the tails of covers_subject are subjects). WordNet relates words the vectors keep apart (makes /
// manufacturer), and a mention between the wh-word and its noun leaves the noun the answer's type. Toy graphs with
// the real GloVe DRM.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadGloveDrm } from '../../src-main/engine/drm/gloveDrm.js';
import { toyGraph } from '../helpers/toyGraph.js';
import { AlgorithmicHand } from '../../src-main/engine/qa/hand/algorithmicHand.js';
import { EntityNameIndex } from '../../src-main/engine/qa/stages/entityNameIndex.js';
import { graphAdjacency } from '../../src-main/engine/qa/stages/localAdjacency.js';
import { schemaPaths } from '../../src-main/engine/qa/stages/schemaPaths.js';
import { answerType } from '../../src-main/engine/qa/hand/analyzeQuestion.js';
import { readQuestion } from '../../src-main/engine/qa/hand/questionText.js';
import { LEXICAL_COHYPONYM, LEXICAL_HYPERNYM, LEXICAL_NOUN_KIND, LEXICAL_SYNONYM, LexicalRelatedness } from '../../src-main/engine/lexicon/lexicalRelatedness.js';
import { isPhraseNoun } from '../../src-main/engine/qa/hand/labelRoles.js';
import { sharedWordNet } from '../../src-main/engine/lexicon/wordnet.js';
import type { MemoryGraph } from '../../src-main/engine/graph/memoryGraph.js';
import { pipeTriplesGraph } from '../../src-main/engine/import/pipeTriplesGraph.js';
import { fileURLToPath } from 'node:url';

type Drm = Awaited<ReturnType<typeof loadGloveDrm>>;
let drm: Drm;

beforeAll(async () => {
  drm = await loadGloveDrm();
}, 120_000);

let genealogyGraph: MemoryGraph | undefined;
/** The generated genealogy graph, read once for the tests that ask it. */
const genealogy = (): MemoryGraph => (genealogyGraph ??= pipeTriplesGraph(fileURLToPath(new URL('../../bench/devgraphs/data/genealogy/kb.txt', import.meta.url))));

async function readings(g: MemoryGraph, question: string, mentions: string[], dMax = 3): Promise<string[]> {
  const hand = await AlgorithmicHand.create(g, drm, EntityNameIndex.build(g));
  const topics = mentions.map((m) => {
    const start = question.indexOf(m);
    expect(start).toBeGreaterThanOrEqual(0);
    return { entity: g.indexOf(m)!, start, end: start + m.length };
  });
  const adj = graphAdjacency(g);
  const a = await hand.analyzeQuestion({ question, topics, schemaPaths: topics.map((t) => schemaPaths(adj, t.entity, { dMax })), dMax });
  expect(a).toBeDefined();
  return a!.ranked.map((c) => `${c.anchors.length}:` + c.steps.map((s) => `${g.relationLabels[s.relation]}${s.direction === 'out' ? '>' : '<'}`).join(' '));
}

describe('the answer noun types a hop whose label names no role at its end', () => {
  const g = toyGraph([
    'Ms Amberley|teaches|Tom Reyes',
    'Ms Amberley|teaches|Ida Lund',
    'Ms Amberley|member_of|Science Faculty',
    'Tom Reyes|studies|Algebra',
    'Ida Lund|studies|Botany',
    'Ida Lund|studies|Algebra',
    'Tom Reyes|lives_in|Harlow',
    'Course 101|covers_subject|Algebra',
    'Course 102|covers_subject|Botany',
    'Course 103|covers_subject|Geology',
    'Mr Okafor|teaches|Ana Diaz',
    'Ana Diaz|studies|Geology',
  ]);
  it('"what subjects do the students of X have": the students\' subjects, not the students', async () => {
    const r = await readings(g, 'What subjects do the students of Ms Amberley have?', ['Ms Amberley']);
    expect(r[0]).toBe('1:teaches> studies>');
  });
});

describe('the answer noun a kind of the noun the label\'s verb derives', () => {
  const g = toyGraph([
    'Ambervale|supplies|Kvarnby Hospital',
    'Ambervale|supplies|Northgate Hospital',
    'Ambervale|headquartered_in|Lindholm',
    'Kvarnby Hospital|located_in|Harrowmere',
    'Northgate Hospital|located_in|Ostermoor',
    'Bramble Hospital|located_in|Ostermoor',
    'Kvarnby Hospital|bed_count|400',
  ]);
  it('"X supplies hospitals in which cities": a city is a kind of location (located_in), so the walk goes on to it', async () => {
    const r = await readings(g, 'Ambervale supplies hospitals in which cities', ['Ambervale']);
    expect(r[0]).toBe('1:supplies> located_in>');
  });
  it('"which hospitals does X supply" stops at the hospitals', async () => {
    const r = await readings(g, 'which hospitals does Ambervale supply', ['Ambervale']);
    expect(r[0]).toBe('1:supplies>');
  });
});

describe('a typed wh-word read through what the ends are elsewhere', () => {
  const g = toyGraph([
    'Pedro Cardoso|previously_played_for|Real Valmora',
    'Pedro Cardoso|plays_for|Sporting Villaseca',
    'Real Valmora|head_coach|Hugo Medina',
    'Sporting Villaseca|head_coach|Pedro Sousa',
    'Hugo Medina|nationality|Spain',
    'Pedro Sousa|nationality|Portugal',
    'Pedro Cardoso|nationality|Portugal',
    'Real Valmora|country|Spain',
    'Sporting Villaseca|country|Portugal',
    'Atletico Norte|country|Spain',
  ]);
  it('"where are the coaches of X\'s former clubs from": the coaches\' nationality, whose ends are the tails of "country"', async () => {
    const r = await readings(g, "Where are the coaches of Pedro Cardoso's former clubs from", ['Pedro Cardoso']);
    expect(r[0]).toMatch(/^1:previously_played_for> head_coach> nationality>$/);
  });
  // The coaches are Swedish and Norwegian and no club of the graph is in either: those ends play no other role, what
  // the hop lands on in general does (countries). And a coach is a person, no place, though "coach" is a carriage too.
  const sparse = toyGraph([
    'Lars Berg|previously_played_for|Ostby IF',
    'Lars Berg|plays_for|Real Valmora',
    'Ostby IF|head_coach|Nils Ek',
    'Real Valmora|head_coach|Hugo Medina',
    'Nils Ek|nationality|Sweden',
    'Hugo Medina|nationality|Norway',
    'Lars Berg|nationality|Sweden',
    'Tiago Luz|nationality|Portugal',
    'Real Valmora|country|Spain',
    'Sporting Villaseca|country|Portugal',
    'Atletico Norte|country|Spain',
    'Porto Azul|country|Portugal',
  ]);
  it('reads what the hop lands on in general when these ends play no other role, and never a person as a place', async () => {
    const r = await readings(sparse, "Where are the coaches of Lars Berg's former clubs from", ['Lars Berg']);
    expect(r[0]).toMatch(/^1:previously_played_for> head_coach> nationality>$/);
  });
});

describe('"where" read over what a hop lands on in general, never for ends that are people', () => {
  // "partner" lands mostly on countries (tails of "country" elsewhere); Ana's partner is a coach, whose other role says
  // he is a person: what the hop lands on in general does not make him a place.
  const g = toyGraph([
    'Ana Ruiz|partner|Hugo Medina',
    'Real Valmora|head_coach|Hugo Medina',
    'Sporting Villaseca|head_coach|Pedro Sousa',
    'Hugo Medina|nationality|Spain',
    ...['Spain', 'Portugal', 'France', 'Italy', 'Norway', 'Sweden', 'Chile', 'Peru'].flatMap((c, i) => [`Club${i}|country|${c}`, `Firm${i}|partner|${c}`]),
  ]);
  it('a coach is no answer to "where", a country is', async () => {
    const hand = (await AlgorithmicHand.create(g, drm, EntityNameIndex.build(g))) as unknown as {
      typeFit(a: { wh: string }, ends: ReadonlySet<number>, landing: { relation: number; direction: 'out' | 'in' }): number;
    };
    const step = { relation: g.relationLabels.indexOf('partner'), direction: 'out' as const };
    expect(hand.typeFit({ wh: 'where' }, new Set([g.indexOf('Hugo Medina')!]), step)).toBeLessThan(1);
    expect(hand.typeFit({ wh: 'where' }, new Set([g.indexOf('Chile')!]), step)).toBe(1);
  });
});

describe('a kin noun WordNet defines as a kin\'s kin', () => {
  const g = toyGraph([
    'Mabel Hollins|father|Karl Hollins',
    'Mabel Hollins|mother|Ida Vogt',
    'Karl Hollins|father|Leopold Hollins',
    'Ida Vogt|father|Stephen Vogt',
    'Karl Hollins|buried_at|Holt Abbey',
    'Leopold Hollins|buried_at|St Giles',
  ]);
  it('"the paternal grandfather of X" is the father of X\'s father; "maternal" the father of the mother', async () => {
    expect((await readings(g, 'name the paternal grandfather of Mabel Hollins', ['Mabel Hollins']))[0]).toBe('1:father> father>');
    expect((await readings(g, "who is Mabel Hollins's maternal grandfather", ['Mabel Hollins']))[0]).toBe('1:mother> father>');
  });
});

describe('an answer noun that only says what kind of thing the chain\'s last noun is', () => {
  const g = toyGraph([
    'Sam Hart|father|Roger Hart',
    'Roger Hart|place_of_birth|Altdorf',
    'Roger Hart|buried_at|Grunwald Old Cemetery',
    'Ida Hart|father|Roger Hart',
    'Ida Hart|place_of_birth|Lisieux',
    'Ida Hart|buried_at|St Giles Chapel',
  ]);
  it('"X\'s father\'s grave is at which place": a grave is a place, so the grave names the hop, not "place" of place_of_birth', async () => {
    expect((await readings(g, "Sam Hart's father's grave is at which place", ['Sam Hart']))[0]).toBe('1:father> buried_at>');
  });
  it('"X\'s father was born at which place" still reads the place of birth', async () => {
    expect((await readings(g, "Sam Hart's father was born at which place", ['Sam Hart']))[0]).toBe('1:father> place_of_birth>');
  });
});

describe('the subject of an active verb label is its agent', () => {
  const g = toyGraph([
    'Ben Gallagher|head_coach_of|Stanmoor Wanderers',
    'Leon Lindemann|plays_for|Stanmoor Wanderers',
    'Achraf Ndiaye|plays_for|Stanmoor Wanderers',
    'Stanmoor Wanderers|competes_in|Premier Division',
    'Stanmoor Wanderers|based_in|Stanmoor',
  ]);
  it('"the club X coaches has which players": the players are who plays for it', async () => {
    expect((await readings(g, 'the club Ben Gallagher coaches has which players', ['Ben Gallagher']))[0]).toBe('1:head_coach_of> plays_for<');
  });
  it('"which competition is the club X plays for in": a club competes, it is no competition', async () => {
    expect((await readings(g, 'which competition is the club Leon Lindemann plays for in', ['Leon Lindemann']))[0]).toBe('1:plays_for> competes_in>');
  });
});

// competes_in names no role at its tail and its leagues hold no other role; two of their names say "league".
const LEAGUE_FACTS = [
  'Stanmoor Wanderers|head_coach|Ben Gallagher',
  'Leon Lindemann|plays_for|Stanmoor Wanderers',
  'Achraf Ndiaye|plays_for|Stanmoor Wanderers',
  'Achraf Ndiaye|plays_for|Kelby Town',
  'Stanmoor Wanderers|competes_in|Northern League',
  'Kelby Town|competes_in|Erste Liga',
  'Ostby FC|competes_in|Serie Alta',
  'Harlow Rovers|competes_in|Southern League',
  'Stanmoor Wanderers|based_in|Stanmoor',
  'Kelby Town|based_in|Kelby',
];

describe('the names at a relation\'s end say what its entities are', () => {
  const g = toyGraph(LEAGUE_FACTS);
  it('"which league is the club of X in": the club\'s league, not the club', async () => {
    expect((await readings(g, 'which league is the club of Leon Lindemann in', ['Leon Lindemann']))[0]).toBe('1:plays_for> competes_in>');
  });
  it('"which league does the team of coach X play in": the team\'s league, not its players', async () => {
    expect((await readings(g, 'which league does the team of coach Ben Gallagher play in', ['Ben Gallagher']))[0]).toBe('1:head_coach< competes_in>');
  });
  it('"the clubs X used to play for are in which leagues": a faint similarity of "leagues" to competes_in does not hide what the names say', async () => {
    // The generated sports graph: its labels put "leagues" slightly closer to competes_in than to the others.
    const sports = pipeTriplesGraph(fileURLToPath(new URL('../../bench/devgraphs/data/sports/kb.txt', import.meta.url)));
    expect((await readings(sports, 'the clubs Tiago Dias used to play for are in which leagues', ['Tiago Dias']))[0]).toBe('1:previously_played_for> competes_in>');
  }, 60_000);
  it('where no name at that end says "league", the noun types nothing there: the same question stops at the team', async () => {
    const plain = toyGraph(LEAGUE_FACTS.map((f) => f.replace(/ League$/, ' Cup')));
    expect((await readings(plain, 'which league does the team of coach Ben Gallagher play in', ['Ben Gallagher']))[0]).toBe('1:head_coach<');
  });
});

describe('a label that names no role but a class at its end ("died in": a place) is read through its ends\' other roles', () => {
  const g = toyGraph([
    'Geoffrey Ibbotson|spouse_of|Maud Ibbotson',
    'Maud Ibbotson|died_in|Dunnock',
    'Maud Ibbotson|place_of_birth|Kinloch',
    'Geoffrey Ibbotson|place_of_birth|Dunnock',
    'Edith Vane|place_of_birth|Dunnock',
    'Dunnock|located_in|Selsby Vale',
    'Kinloch|located_in|Rothenmark',
  ]);
  it('"in which place did the wife of X pass away": where she died (its ends are places of birth), not the region beyond', async () => {
    expect((await readings(g, 'in which place did the wife of Geoffrey Ibbotson pass away', ['Geoffrey Ibbotson']))[0]).toBe('1:spouse_of> died_in>');
  });
});

describe('an answer noun names what a labelled end is elsewhere ("country": the tails of nationality are countries)', () => {
  const g = toyGraph([
    'SC Valcourt|head_coach|Maxime Ziyech',
    'SC Valcourt|country|France',
    'FC Dijkmeer|country|Netherlands',
    'CD Alcarrosa|country|Spain',
    'Maxime Ziyech|nationality|Netherlands',
    'Ilja Brandt|plays_for|SC Valcourt',
    'Ilja Brandt|nationality|Spain',
    'Kofi Mensah|plays_for|SC Valcourt',
    'Kofi Mensah|nationality|Ghana',
    'Aiko Sato|plays_for|SC Valcourt',
    'Aiko Sato|nationality|Japan',
    'Ola Dahl|plays_for|SC Valcourt',
    'Ola Dahl|nationality|Norway',
  ]);
  it('"which country is the manager of X from": the coach\'s nationality, not the club\'s country', async () => {
    expect((await readings(g, 'which country is the manager of SC Valcourt from', ['SC Valcourt']))[0]).toBe('1:head_coach> nationality>');
  });
  it('"the players of X are from which countries": nationalities that are no club\'s country still count as countries through the one that is', async () => {
    expect((await readings(g, 'the players of SC Valcourt are from which countries', ['SC Valcourt']))[0]).toBe('1:plays_for< nationality>');
  });
  it('"the father of the man X married" is his father, though he is a father too', async () => {
    const kin = toyGraph([
      'Ann Hale|spouse_of|Bob Hale',
      'Bob Hale|father|Carl Hale',
      'Dora Hale|father|Bob Hale',
      'Eve Hale|father|Bob Hale',
      'Carl Hale|spouse_of|Fay Hale',
    ]);
    expect((await readings(kin, 'who is the father of the man Ann Hale married', ['Ann Hale']))[0]).toBe('1:spouse_of> father>');
  });
  it('a noun a label names itself keeps that label ("which country is X in": the club\'s own country)', async () => {
    const r = await readings(g, 'which country is SC Valcourt in', ['SC Valcourt']);
    expect(r[0]).toBe('1:country>');
  });
});

describe('"what did X do" asks for an activity', () => {
  const g = toyGraph([
    'Ann Hale|spouse_of|Bob Hale',
    'Bob Hale|father|Carl Hale',
    'Carl Hale|occupation|architect',
    'Carl Hale|birth_year|1801',
    'Dora Hale|father|Carl Hale',
    'Dora Hale|occupation|midwife',
    'Dora Hale|sibling|Bob Hale',
    'Ann Hale|occupation|weaver',
  ]);
  it('"what do the siblings of X do for a living": after do-support the noun phrase is the subject, not the answer', async () => {
    const q = 'what do the siblings of Ann Hale do for a living';
    expect(answerType(readQuestion(q, [{ start: q.indexOf('Ann Hale'), end: q.indexOf('Ann Hale') + 8 }]))).toEqual({ wh: 'what', activity: true });
    expect((await readings(g, "what do the spouses of Dora Hale's siblings do for a living", ['Dora Hale']))[0]).toBe('1:sibling> spouse_of< occupation>');
  });
  it('"whom did the children of X marry": their spouses; "marry" is tied to spouse_of by WordNet, so a reading without it leaves it unexplained', async () => {
    expect((await readings(g, 'whom did the children of Carl Hale marry', ['Carl Hale']))[0]).toBe('1:father< spouse_of<');
  });
  it("\"what did X's husband's father do for a living\": the father's occupation (an occupation is an act), not the father", async () => {
    expect((await readings(g, "what did Ann Hale's husband's father do for a living", ['Ann Hale']))[0]).toBe('1:spouse_of> father> occupation>');
  });
});

describe('a mention modifying the answer noun', () => {
  const g = toyGraph([
    'Ostrafen|drug_class|aminosalicylate',
    'Besqualin|drug_class|aminosalicylate',
    'Corvex|drug_class|statin',
    'TRIAL-1|tests_drug|Ostrafen',
    'TRIAL-2|tests_drug|Besqualin',
    'TRIAL-3|tests_drug|Corvex',
    'TRIAL-1|conducted_at|Lakeshore Hospital',
    'TRIAL-2|conducted_at|Hill Clinic',
    'TRIAL-3|conducted_at|Lakeshore Hospital',
    'Lakeshore Hospital|located_in|Harlow',
  ]);
  it('"which [class] drugs are tested in trials at [hospital]": both mentions constrain the drugs', async () => {
    const r = await readings(g, 'Which aminosalicylate drugs are tested in trials at Lakeshore Hospital?', ['aminosalicylate', 'Lakeshore Hospital']);
    expect(r[0]).toBe('2:drug_class< tests_drug< conducted_at>');
  });
});

describe('the wh-phrase noun after a modifying mention', () => {
  it('"which [X] drugs …" asks for drugs; "which drugs …" too; a mention elsewhere changes nothing', () => {
    const wn = sharedWordNet();
    expect(wn).toBeDefined();
    const isNoun = (w: string): boolean => isPhraseNoun(wn!, w);
    const q = 'Which aminosalicylate drugs are tested at Lakeshore?';
    const at = (m: string): { start: number; end: number } => ({ start: q.indexOf(m), end: q.indexOf(m) + m.length });
    expect(answerType(readQuestion(q, [at('aminosalicylate'), at('Lakeshore')]), isNoun)).toEqual({ noun: 'drugs', wh: 'which' });
    const plain = 'Which drugs are tested at Lakeshore?';
    expect(answerType(readQuestion(plain, [{ start: plain.indexOf('Lakeshore'), end: plain.length - 1 }]), isNoun)).toEqual({ noun: 'drugs', wh: 'which' });
  });
});

describe('WordNet relatedness', () => {
  it('a derivation or synonym, a noun a kind of the label\'s, a broader noun, kinds of one thing, and unrelated words', () => {
    const wn = sharedWordNet();
    expect(wn).toBeDefined();
    const lex = new LexicalRelatedness(wn!);
    expect(lex.of('makes', 'manufacturer')).toBe(LEXICAL_SYNONYM);
    // To manufacture is to make (from raw material: a rare sense of "make"); the broader verb names the label's.
    expect(lex.of('makes', 'manufactures')).toBe(LEXICAL_HYPERNYM);
    // One who precedes, and "succeeded" is precede's antonym: the same relation from its other end. Two verbs that
    // are antonyms (die / be born) are two acts.
    expect(lex.of('predecessor', 'succeeded')).toBe(LEXICAL_SYNONYM);
    expect(lex.of('died', 'born')).not.toBe(LEXICAL_SYNONYM);
    expect(lex.of('death', 'born')).not.toBe(LEXICAL_SYNONYM);
    // A verb of many senses is no hypernym of every label listing it in passing ("took" / elected: choose, take).
    expect(lex.of('took', 'elected')).not.toBe(LEXICAL_HYPERNYM);
    expect(lex.of('coached', 'manager')).toBe(LEXICAL_SYNONYM);
    // The question's word a kind of the label's names it; the other way round it is only a hypernym.
    expect(lex.of('husband', 'spouse')).toBe(LEXICAL_NOUN_KIND);
    expect(lex.of('dad', 'father')).toBe(LEXICAL_NOUN_KIND);
    expect(lex.of('spouse', 'husband')).toBe(LEXICAL_HYPERNYM);
    // Father and mother share a verb sense (to beget) and a hypernym (parent): two kinds of one thing.
    expect(lex.of('father', 'mother')).toBe(LEXICAL_COHYPONYM);
    expect(lex.of('son', 'daughter')).toBe(LEXICAL_COHYPONYM);
    // Two kinds of person WordNet does not relate (a wife is no mother, a daughter no father), whatever the vectors say.
    expect(lex.of('wife', 'mother')).toBe(LEXICAL_COHYPONYM);
    expect(lex.of('daughter', 'father')).toBe(LEXICAL_COHYPONYM);
    expect(lex.of('daughter', 'child')).toBe(LEXICAL_NOUN_KIND);
    expect(lex.of('wife', 'spouse')).toBe(LEXICAL_NOUN_KIND);
    // A kind of the label's noun of another class (a grave, an artifact, used as a place) is only a hypernym's worth.
    expect(lex.of('grave', 'place')).toBe(LEXICAL_HYPERNYM);
    expect(lex.of('city', 'municipality')).toBe(LEXICAL_NOUN_KIND);
    expect(lex.of('screenwriter', 'writer')).toBe(LEXICAL_NOUN_KIND);
    // "married" is what a spouse is by WordNet's own lemma ("married person"); the verb reaches it through "married".
    expect(lex.of('married', 'spouse')).toBe(LEXICAL_NOUN_KIND);
    expect(lex.of('marry', 'spouse')).toBe(LEXICAL_NOUN_KIND);
    expect(lex.of('married', 'mother')).not.toBe(LEXICAL_NOUN_KIND);
    // "-ied" verb forms reach their lemma ("buried" → bury), and through it the derived noun ("burial").
    expect(wn!.lemmas('buried', 'v')).toContain('bury');
    expect(lex.of('burial', 'buried')).toBe(LEXICAL_SYNONYM);
    // An adverb means what its adjective does: "previously" (previous) is what "former" and "old" say of a club.
    expect(lex.of('former', 'previously')).toBe(LEXICAL_SYNONYM);
    expect(lex.of('old', 'previously')).toBe(LEXICAL_SYNONYM);
    expect(lex.of('previously', 'former')).toBe(LEXICAL_SYNONYM);
    expect(lex.of('former', 'currently')).toBe(0);
    // Only the adjectives' senses, never their derivations: "later" (posterior) is no seat.
    expect(lex.of('later', 'seat')).toBe(0);
    expect(lex.of('after', 'seat')).toBe(0);
    expect(lex.of('joined', 'located')).toBe(0);
    // An inflected verb form is the thing its bare form names as a noun: the work one worked is an occupation; the
    // act of using is an activity, which names nothing ("used" / catalytic_activity_unit).
    expect(lex.of('worked', 'occupation')).toBe(LEXICAL_NOUN_KIND);
    expect(lex.of('used', 'activity')).not.toBe(LEXICAL_NOUN_KIND);
    // A spelling shared by chance is no derivation ("led" is not the metal), and no top concept is named.
    expect(lex.of('led', 'metal')).not.toBe(LEXICAL_NOUN_KIND);
    expect(lex.of('founded', 'act')).not.toBe(LEXICAL_NOUN_KIND);
    expect(lex.of('qzxv', 'father')).toBe(0);
  });
});

describe('how many hops an "of" / possessive chain and the answer noun ask for', () => {
  // Parent links stored one way (father), marriages one way (spouse_of), clubs in leagues and countries.
  const g = toyGraph([
    'Ann Fell|father|Bo Fell',
    'Bo Fell|father|Cy Fell',
    'Cy Fell|father|Dan Fell',
    'Ann Fell|mother|Eve Fell',
    'Eve Fell|father|Hal Rook',
    'Bo Fell|spouse_of|Eve Fell',
    'Cy Fell|spouse_of|Ida Moss',
    'Ida Moss|father|Jon Moss',
    'Kit Vale|plays_for|Harlow Rovers',
    'Lou Penn|plays_for|Harlow Rovers',
    'Kit Vale|nationality|Freedonia',
    'Lou Penn|nationality|Sylvania',
    'Harlow Rovers|competes_in|Premier Division',
    'Harlow Rovers|country|Freedonia',
    'Oxley Town|competes_in|Premier Division',
    'Oxley Town|country|Sylvania',
    'Mo Dunn|plays_for|Oxley Town',
    'Mo Dunn|nationality|Freedonia',
    'Bo Fell|buried_at|Oxley Green Cemetery',
    'Cy Fell|buried_at|St Swithun\'s Abbey',
    'Oxley Green Cemetery|located_in|Oxley',
  ]);
  it('"where was the father of X\'s father buried": the chain nouns inside out, then the verb said of the last one', async () => {
    expect((await readings(g, "Where was the father of Ann Fell's father buried?", ['Ann Fell']))[0]).toBe('1:father> father> buried_at>');
  });
  it('"the father of the father of X" and "the father of X\'s father" are two hops, each noun naming one', async () => {
    expect((await readings(g, 'Who was the father of the father of Ann Fell?', ['Ann Fell']))[0]).toBe('1:father> father>');
    expect((await readings(g, "who was the father of Ann Fell's father?", ['Ann Fell']))[0]).toBe('1:father> father>');
  });
  it('"the place of birth of X" over a label that itself reads "place of birth" stays one hop', async () => {
    const h = toyGraph(['Ann Fell|place of birth|Harlow', 'Bo Fell|place of birth|Oxley', 'Harlow|place of birth|Oxley', 'Ann Fell|father|Bo Fell']);
    expect((await readings(h, 'what is the place of birth of Ann Fell?', ['Ann Fell']))[0]).toBe('1:place of birth>');
  });
  it('two chain nouns that are one word of a one-word label twice are still two hops, even beside a two-word label', async () => {
    const h = toyGraph(['Ann Fell|father|Bo Fell', 'Bo Fell|father|Cy Fell', 'Ann Fell|biological father|Cy Fell', 'Cy Fell|father|Dan Fell']);
    expect((await readings(h, 'who is the father of the father of Ann Fell?', ['Ann Fell']))[0]).toBe('1:father> father>');
  });
  it('"the teammates of X" are the other players of X\'s club (a "-mate" is a fellow of the thing)', async () => {
    expect((await readings(g, 'name the teammates of Kit Vale', ['Kit Vale']))[0]).toBe('1:plays_for> plays_for<');
  });
  it('a verb collocation reads as the one word it means ("laid to rest" → bury, "passed away" → die)', async () => {
    const h = toyGraph([
      'Ann Fell|father|Bo Fell',
      'Bo Fell|buried_at|Oxley Churchyard',
      'Bo Fell|place_of_birth|Harlow',
      'Bo Fell|died_in|Oxley',
      'Ann Fell|buried_at|Harlow Abbey',
      'Ann Fell|died_in|Harlow',
      'Ann Fell|place_of_birth|Harlow',
    ]);
    expect((await readings(h, 'where was the father of Ann Fell laid to rest?', ['Ann Fell']))[0]).toBe('1:father> buried_at>');
    expect((await readings(h, "where did Ann Fell's father pass away?", ['Ann Fell']))[0]).toBe('1:father> died_in>');
    // The spelled-out verb ends the possessive's noun phrase ("Ann Fell's father bury": father is the noun).
    expect((await readings(h, "where was Ann Fell's father laid to rest?", ['Ann Fell']))[0]).toBe('1:father> buried_at>');
  });
  it('a person noun of the chain is a hop of its own: "who did X\'s daughter marry" is not whom X married', async () => {
    // The generated genealogy graph: Ursula De Vries's children are stored as theirs (mother), not hers (has_child).
    const h = genealogy();
    const r = await readings(h, "who did Ursula De Vries's daughter marry?", ['Ursula De Vries'], 2);
    expect(r[0]).toBe('1:mother< spouse_of<');
    expect(r.indexOf('1:spouse_of<')).toBeGreaterThan(0);
  });
  it('"X\'s daughter was married to whom": "married" names the marriage, not the child hop through its alias', async () => {
    // Karl Hollins's children are stored both ways (has_child, father); "married" lies near "mother" in the vectors.
    const h = genealogy();
    const r = await readings(h, "Karl Hollins's daughter was married to whom?", ['Karl Hollins'], 2);
    expect(r[0]).toMatch(/^1:has_child> spouse_of[<>]$/);
    expect(r.indexOf('1:has_child>')).toBeGreaterThan(0);
  });
  it('"X\'s daughter had whom as her heir": the "as her" noun is the answer\'s, a hop beyond the daughter, walked to the heir', async () => {
    // "X heir Y": Y is X's heir. The daughters are heirs themselves, which must not make the daughter the answer.
    const h = genealogy();
    for (const q of ["Clara Dunleavy's daughter had whom as her heir?", "Cecily Blackwood's daughter had whom as her heir"]) {
      const r = await readings(h, q, [q.slice(0, q.indexOf("'s"))], 2);
      expect(r[0], q).toMatch(/^1:(?:has_child>|mother<) heir>$/);
    }
  });
  it('"X\'s mum" names the mother end by the vectors ("mum" is a chrysanthemum first in WordNet): walked forward', async () => {
    const h = genealogy();
    const r = await readings(h, "where was Ursula Everleigh's mum born?", ['Ursula Everleigh'], 2);
    expect(r[0]).toBe('1:mother> place_of_birth>');
    expect(r.indexOf('1:mother< place_of_birth>')).toBeGreaterThan(0);
  });
  it('"X\'s father" alone stays one hop', async () => {
    expect((await readings(g, "who was Ann Fell's father?", ['Ann Fell']))[0]).toBe('1:father>');
  });
  it('"whom did X marry" walks the marriage ("married" names spouse_of)', async () => {
    expect((await readings(g, 'whom did Cy Fell marry?', ['Cy Fell']))[0]).toBe('1:spouse_of>');
  });
  it('"what league is X\'s club in": readings through the club rank above the club itself (the answer lies beyond it)', async () => {
    const r = await readings(g, "what league is Kit Vale's club in?", ['Kit Vale']);
    const club = r.indexOf('1:plays_for>');
    const league = r.indexOf('1:plays_for> competes_in>');
    expect(club).toBeGreaterThanOrEqual(0);
    expect(league).toBeGreaterThanOrEqual(0);
    expect(league).toBeLessThan(club);
  });
  it('"which team is X\'s club", joined by a bare copula: the club itself ranks above readings beyond it', async () => {
    const q = "which team is Kit Vale's club?";
    const text = readQuestion(q, [{ start: q.indexOf('Kit'), end: q.indexOf('Kit') + 8 }]);
    expect(text.chainSpans?.[0]).toEqual({ start: q.indexOf('Kit'), end: q.indexOf('club') + 4 });
    const r = await readings(g, q, ['Kit Vale']);
    const club = r.indexOf('1:plays_for>');
    const league = r.indexOf('1:plays_for> competes_in>');
    expect(club).toBeGreaterThanOrEqual(0);
    expect(league).toBeGreaterThanOrEqual(0);
    expect(club).toBeLessThan(league);
  });
});
