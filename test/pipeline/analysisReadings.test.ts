// Readings of question phrases on toy graphs the pipeline has never seen, with the real GloVe DRM: "N for the
// AGENT of X", the object of a reciprocal cue, two anchors (split of the words between them, the constraint half,
// answers at the meeting point), candidate names that say what the ends are, derived word forms and abbreviations.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadGloveDrm } from '../../src-main/engine/drm/gloveDrm.js';
import { MemoryGraph } from '../../src-main/engine/graph/memoryGraph.js';
import { AlgorithmicHand } from '../../src-main/engine/qa/hand/algorithmicHand.js';
import { pairReadings } from '../../src-main/engine/qa/hand/analyzeQuestion.js';
import { EntityNameIndex } from '../../src-main/engine/qa/stages/entityNameIndex.js';
import type { GroundedPath } from '../../src-main/engine/core/types.js';
import { graphAdjacency } from '../../src-main/engine/qa/stages/localAdjacency.js';
import { readQuestion } from '../../src-main/engine/qa/hand/questionText.js';
import { isInitialism } from '../../src-main/engine/qa/hand/relationMatcher.js';
import { chainKey, schemaPaths } from '../../src-main/engine/qa/stages/schemaPaths.js';
import { verifyAnswers } from '../../src-main/engine/qa/stages/verifyAnswers.js';
import { sharesStem } from '../../src-main/engine/qa/hand/wordSimilarity.js';

const span = (q: string, m: string): { start: number; end: number } => ({ start: q.indexOf(m), end: q.indexOf(m) + m.length });

describe('questionText readings', () => {
  it('reads the noun of "N for/by the AGENT of X" as a reciprocal cue, never a participle', () => {
    const kinds = (q: string, m: string) => Object.fromEntries(readQuestion(q, [span(q, m)]).words.map((w) => [w.text, w.kind]));
    expect(kinds('who published books for the writer of Moonfall', 'Moonfall').books).toBe('cue');
    expect(kinds('who published books by the writer of Moonfall', 'Moonfall').books).toBe('cue');
    expect(kinds('who published books written by the writer of Moonfall', 'Moonfall').written).toBe('content');
    // Not followed by "AGENT of <mention>": an ordinary content word.
    expect(kinds('which books for children did Ilse Varga write', 'Ilse Varga').books).toBe('content');
  });

  it('gives a reciprocal cue the word it is about', () => {
    const q = 'which books share the same publisher with Moonfall';
    const cues = readQuestion(q, [span(q, 'Moonfall')]).words.filter((w) => w.kind === 'cue');
    expect(cues.map((w) => [w.text, w.cueObject])).toEqual([
      ['share', 'publisher'],
      ['same', 'publisher'],
    ]);
  });

  it('splits the words between two mentions at every point', () => {
    const q = 'which nurses at Kelmar treat patients diagnosed with Flu';
    const t = readQuestion(q, [span(q, 'Kelmar'), span(q, 'Flu')]);
    const readings = pairReadings(t);
    // treat, patients, diagnosed: four split points.
    expect(readings.length).toBe(4);
    const first = (r: (typeof readings)[number]) => r.words.filter((w) => w.anchor === 0 && w.side === 'right').map((w) => w.text);
    expect(readings.map(first)).toEqual([[], ['treat'], ['treat', 'patients'], ['treat', 'patients', 'diagnosed']]);
  });

  it('reads an abbreviation of a whole label as naming it', () => {
    expect(isInitialism('pi', ['principal', 'investigator'])).toBe(true);
    expect(isInitialism('pi', ['pi'])).toBe(false);
    expect(isInitialism('ip', ['principal', 'investigator'])).toBe(false);
  });

  it('links derived word forms whose spelling hides the verb', () => {
    expect(sharesStem('born', 'birth')).toBe(true);
    expect(sharesStem('died', 'death')).toBe(true);
    expect(sharesStem('born', 'bored')).toBe(false);
  });

  it('a compound ending in a stem has a word of its own before it', () => {
    expect(sharesStem('writes', 'screenwriter')).toBe(true);
    expect(sharesStem('city', 'capacity')).toBe(false);
    expect(sharesStem('other', 'mother')).toBe(false);
    expect(sharesStem('signed', 'designed')).toBe(false);
  });

  it('a longer word shares a stem only through a deriving ending or as a compound', () => {
    for (const [a, b] of [['act', 'actors'], ['star', 'starring'], ['nation', 'nationality'], ['countries', 'country'], ['birth', 'birthplace'], ['america', 'american']])
      expect([a, b, sharesStem(a, b)]).toEqual([a, b, true]);
    // A few other letters make another word; three-letter stems join too many words to count as compounds.
    for (const [a, b] of [['country', 'count'], ['star', 'start'], ['mode', 'model'], ['man', 'manufacturer'], ['per', 'person'], ['man', 'many']])
      expect([a, b, sharesStem(a, b)]).toEqual([a, b, false]);
  });
});

const library = MemoryGraph.fromTriples(
  'library',
  [],
  [
    { head: 'Moonfall', relation: 'written_by', tail: 'Ilse Varga' },
    { head: 'Moonfall', relation: 'published_by', tail: 'Harrow House' },
    { head: 'Tidewater', relation: 'written_by', tail: 'Ilse Varga' },
    { head: 'Tidewater', relation: 'published_by', tail: 'Northlight' },
    { head: 'Tidewater', relation: 'illustrated_by', tail: 'Pia Lund' },
    { head: 'Moonfall', relation: 'illustrated_by', tail: 'Pia Lund' },
    { head: 'Ashen Road', relation: 'written_by', tail: 'Tomas Bry' },
    { head: 'Ashen Road', relation: 'published_by', tail: 'Harrow House' },
    { head: 'Ashen Road', relation: 'illustrated_by', tail: 'Pia Lund' },
    { head: 'Glass Tide', relation: 'written_by', tail: 'Tomas Bry' },
    { head: 'Glass Tide', relation: 'published_by', tail: 'Northlight' },
    { head: 'Glass Tide', relation: 'in_language', tail: 'Welsh' },
    { head: 'Moonfall', relation: 'genre', tail: 'Fantasy' },
    { head: 'Tidewater', relation: 'release_year', tail: '1999' },
    { head: 'Ilse Varga', relation: 'born_in', tail: 'Kelmar' },
    { head: 'Harrow House', relation: 'located_in', tail: 'Kelmar' },
  ],
);
const clinic = MemoryGraph.fromTriples(
  'clinic',
  [],
  [
    { head: 'Orla Penn', relation: 'admitted_to', tail: 'Ridgeway Hospital' },
    { head: 'Ridgeway Hospital', relation: 'located_in', tail: 'Wrenfield' },
    { head: 'Ridgeway Cardiology Department', relation: 'part_of', tail: 'Ridgeway Hospital' },
    { head: 'Ridgeway Surgery Department', relation: 'part_of', tail: 'Ridgeway Hospital' },
    { head: 'Ridgeway Oncology Department', relation: 'part_of', tail: 'Ridgeway Hospital' },
    { head: 'Ridgeway Hospital', relation: 'opened_on', tail: '1990-01-01' },
    { head: 'Orla Penn', relation: 'diagnosed_with', tail: 'Asthma' },
    { head: 'Orla Penn', relation: 'birth_year', tail: '1970' },
    { head: 'Orla Penn', relation: 'treated_by', tail: 'Ada Moss' },
    { head: 'Ada Moss', relation: 'works_at', tail: 'Ridgeway Hospital' },
    { head: 'Ada Moss', relation: 'member_of', tail: 'Ridgeway Surgery Department' },
    { head: 'Ridgeway Hospital', relation: 'bed_count', tail: '300' },
  ],
);
let hands: Map<MemoryGraph, AlgorithmicHand>;
let drm: Awaited<ReturnType<typeof loadGloveDrm>>;

async function analyse(graph: MemoryGraph, question: string, mentions: string[]) {
  const topics = mentions.map((m) => ({ entity: graph.indexOf(m)!, ...span(question, m) }));
  const exclude = new Set(topics.map((t) => t.entity));
  const paths = topics.map((t) => schemaPaths(graphAdjacency(graph), t.entity, { dMax: 3, exclude }));
  const a = await hands.get(graph)!.analyzeQuestion({ question, topics, schemaPaths: paths, dMax: 3 });
  return { a: a!, chain: a!.chain.map((s) => `${graph.relationLabels[s.relation]}${s.direction === 'out' ? '>' : '<'}`) };
}

beforeAll(async () => {
  drm = await loadGloveDrm();
  hands = new Map();
  for (const g of [library, clinic]) hands.set(g, await AlgorithmicHand.create(g, drm, EntityNameIndex.build(g)));
});

describe('analysis of the readings', () => {
  it('"books for the writer of X" walks the writer relation there and back', async () => {
    const { chain } = await analyse(library, 'who published books for the writer of Ashen Road', ['Ashen Road']);
    expect(chain).toEqual(['written_by>', 'written_by<', 'published_by>']);
  });

  it('a reciprocal cue licenses walking back the relation its object names', async () => {
    const { chain } = await analyse(library, 'which books share publishers with the book Moonfall', ['Moonfall']);
    expect(chain).toEqual(['published_by>', 'published_by<']);
  });

  it('two anchors: a constraint half without words still pairs with the main half', async () => {
    const { a, chain } = await analyse(library, 'which books written by Ilse Varga are at Harrow House', ['Ilse Varga', 'Harrow House']);
    expect(a.anchorOrder.length).toBe(2);
    expect(chain).toEqual(['written_by<', 'published_by>']);
    expect(a.answerPosition).toBe(1);
    expect([...a.ranked[0].ends].map((e) => library.names[e])).toEqual(['Moonfall']);
    // Paying the full missing-hop penalty in the constraint half, with no reward for a restricting pairing, the
    // second anchor would be dropped.
    const strict = await AlgorithmicHand.create(library, drm, EntityNameIndex.build(library), { weights: { missingConstraintHop: 0.6, pairRestricts: 0 } });
    const q = 'which books written by Ilse Varga are at Harrow House';
    const topics = ['Ilse Varga', 'Harrow House'].map((m) => ({ entity: library.indexOf(m)!, ...span(q, m) }));
    const exclude = new Set(topics.map((t) => t.entity));
    const b = await strict.analyzeQuestion({ question: q, topics, schemaPaths: topics.map((t) => schemaPaths(graphAdjacency(library), t.entity, { dMax: 3, exclude })), dMax: 3 });
    expect(b!.anchorOrder.length).toBe(1);
  });

  it('answer-noun type read from the shared head word of candidate names: "which city" is not a department', async () => {
    const q = 'Orla Penn was admitted to a hospital in which city';
    const gap = async (hand: AlgorithmicHand): Promise<number> => {
      const entity = clinic.indexOf('Orla Penn')!;
      const paths = schemaPaths(graphAdjacency(clinic), entity, { dMax: 3 });
      const a = (await hand.analyzeQuestion({ question: q, topics: [{ entity, ...span(q, 'Orla Penn') }], schemaPaths: [paths], dMax: 3 }))!;
      const score = (key: string): number => a.ranked.find((c) => c.steps.map((s) => `${clinic.relationLabels[s.relation]}${s.direction === 'out' ? '>' : '<'}`).join(' ') === key)!.score;
      return score('admitted_to> located_in>') - score('admitted_to> part_of<');
    };
    const without = await AlgorithmicHand.create(clinic, drm, EntityNameIndex.build(clinic), { weights: { candidateType: 0 } });
    // The departments' names all end in "Department", which "city" does not name: that chain loses ground.
    expect((await gap(hands.get(clinic)!)) - (await gap(without))).toBeGreaterThan(0.2);
  });

  it('a surname people share is no type head word: "which sons does X have" walks to the children', async () => {
    const family = MemoryGraph.fromTriples('family', [], [
      ...['Alfred', 'Peter', 'Robert Gilchrist', 'Grace'].map((n) => ({ head: 'Robert Blackwood', relation: 'has_child', tail: `${n} Blackwood` })),
      { head: 'Walter Blackwood', relation: 'has_child', tail: 'Robert Blackwood' },
      ...['Alfred', 'Peter', 'Robert Gilchrist', 'Grace', 'Walter'].map((n) => ({ head: `${n} Blackwood`, relation: 'born_in', tail: 'Esterhaven' })),
      ...['Alfred', 'Peter', 'Robert Gilchrist', 'Walter'].map((n) => ({ head: `${n} Blackwood`, relation: 'gender', tail: 'male' })),
      { head: 'Grace Blackwood', relation: 'gender', tail: 'female' },
      { head: 'Robert Blackwood', relation: 'spouse_of', tail: 'Edith Marsh' },
    ]);
    hands.set(family, await AlgorithmicHand.create(family, drm, EntityNameIndex.build(family)));
    const q = 'which sons does Robert Blackwood have';
    const { a, chain } = await analyse(family, q, ['Robert Blackwood']);
    expect(chain).toEqual(['has_child>']);
    // The children's names all end in "Blackwood", which "sons" does not name: no ground lost for that.
    const entity = family.indexOf('Robert Blackwood')!;
    const untyped = await AlgorithmicHand.create(family, drm, EntityNameIndex.build(family), { weights: { candidateType: 0 } });
    const b = (await untyped.analyzeQuestion({ question: q, topics: [{ entity, ...span(q, 'Robert Blackwood') }], schemaPaths: [schemaPaths(graphAdjacency(family), entity, { dMax: 3, exclude: new Set([entity]) })], dMax: 3 }))!;
    const score = (x: typeof a, key: string): number => x.ranked.find((c) => c.steps.map((st) => `${family.relationLabels[st.relation]}${st.direction === 'out' ? '>' : '<'}`).join(' ') === key)!.score;
    expect(score(a, 'has_child>') - score(b, 'has_child>')).toBeGreaterThan(-0.05);
  });

  it('verification keeps a two-anchor chain to the answer position it was accepted with', () => {
    const id = (n: string): number => library.indexOf(n)!;
    const rel = (l: string): number => library.relationIndexOf(l)!;
    const edges = [
      { relation: rel('written_by'), direction: 'in' as const },
      { relation: rel('illustrated_by'), direction: 'out' as const },
      { relation: rel('illustrated_by'), direction: 'in' as const },
    ];
    // Ilse Varga ← Moonfall → Pia Lund ← Ashen Road: answers Moonfall (at 1) or Pia Lund (at 2).
    const path = (answerAt: number): GroundedPath => ({
      answer: answerAt === 1 ? id('Moonfall') : id('Pia Lund'),
      entities: [id('Ilse Varga'), id('Moonfall'), id('Pia Lund'), id('Ashen Road')],
      edges,
      view: { nodes: ['a', 'b', 'c', 'd'], edges: [], answerAt, score: 1 },
    });
    const chains = new Map([[`${chainKey(edges)}@1`, 1]]);
    const v = verifyAnswers([path(1), path(2)], library, { anchors: [id('Ilse Varga'), id('Ashen Road')], chains });
    expect(v.answers.map((x) => library.names[x.entity])).toEqual(['Moonfall']);
    expect(v.rejected[0].reason).toMatch(/not consistent/);
  });
});
