// Question analysis on a toy graph it has never seen (a small library), with the real GloVe DRM.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadGloveDrm } from '../../src-main/engine/drm/gloveDrm.js';
import { MemoryGraph } from '../../src-main/engine/graph/memoryGraph.js';
import { AlgorithmicHand, categoricalScores } from '../../src-main/engine/qa/hand/algorithmicHand.js';
import { EntityNameIndex } from '../../src-main/engine/qa/stages/entityNameIndex.js';
import { graphAdjacency } from '../../src-main/engine/qa/stages/localAdjacency.js';
import { answerNouns } from '../../src-main/engine/qa/hand/analyzeQuestion.js';
import { readQuestion } from '../../src-main/engine/qa/hand/questionText.js';
import { schemaPaths } from '../../src-main/engine/qa/stages/schemaPaths.js';

const graph = MemoryGraph.fromTriples(
  'library',
  [],
  [
    { head: 'Moonfall', relation: 'written_by', tail: 'Ilse Varga' },
    { head: 'Moonfall', relation: 'published_by', tail: 'Harrow House' },
    { head: 'Moonfall', relation: 'genre', tail: 'Fantasy' },
    { head: 'Tidewater', relation: 'written_by', tail: 'Ilse Varga' },
    { head: 'Tidewater', relation: 'published_by', tail: 'Northlight' },
    { head: 'Tidewater', relation: 'genre', tail: 'Mystery' },
    { head: 'Ashen Road', relation: 'written_by', tail: 'Tomas Bry' },
    { head: 'Ashen Road', relation: 'published_by', tail: 'Harrow House' },
    { head: 'Ilse Varga', relation: 'born_in', tail: 'Kelmar' },
    { head: 'Tomas Bry', relation: 'born_in', tail: 'Ostra' },
    { head: 'Harrow House', relation: 'located_in', tail: 'Kelmar' },
  ],
);
let hand: AlgorithmicHand;

async function chainFor(question: string, mention: string, dMax = 3): Promise<string[]> {
  const entity = graph.indexOf(mention)!;
  const start = question.indexOf(mention);
  const paths = schemaPaths(graphAdjacency(graph), entity, { dMax });
  const a = await hand.analyzeQuestion({ question, topics: [{ entity, start, end: start + mention.length }], schemaPaths: [paths], dMax });
  return a!.chain.map((s) => `${graph.relationLabels[s.relation]}${s.direction === 'out' ? '>' : '<'}`);
}

beforeAll(async () => {
  const drm = await loadGloveDrm();
  hand = await AlgorithmicHand.create(graph, drm, EntityNameIndex.build(graph));
});

describe('analyzeQuestion', () => {
  it('reads one hop from the relation word next to the anchor', async () => {
    expect(await chainFor('which books did Ilse Varga write', 'Ilse Varga')).toEqual(['written_by<']);
    expect(await chainFor('who wrote Moonfall', 'Moonfall')).toEqual(['written_by>']);
  });

  it('reads a 2-hop chain from the anchor outwards and the answer phrase last', async () => {
    expect(await chainFor('which publishers published the books written by Ilse Varga', 'Ilse Varga')).toEqual(['written_by<', 'published_by>']);
    expect(await chainFor('where was the writer of Ashen Road born', 'Ashen Road')).toEqual(['written_by>', 'born_in>']);
  });

  it('reads "shares X with" as r followed by r⁻¹ and never answers with the anchor', async () => {
    const chain = await chainFor('which books share the same writer with Moonfall', 'Moonfall');
    expect(chain).toEqual(['written_by>', 'written_by<']);
  });

  it('returns alternatives with scores and D_predict = chain length', async () => {
    const entity = graph.indexOf('Ilse Varga')!;
    const q = 'in which genres did Ilse Varga write books';
    const start = q.indexOf('Ilse Varga');
    const a = await hand.analyzeQuestion({
      question: q,
      topics: [{ entity, start, end: start + 10 }],
      schemaPaths: [schemaPaths(graphAdjacency(graph), entity, { dMax: 3 })],
      dMax: 3,
    });
    expect(a!.chain.map((s) => graph.relationLabels[s.relation])).toEqual(['written_by', 'genre']);
    expect(a!.dPredict).toBe(2);
    expect(a!.answerPosition).toBe(2);
    expect(a!.alternatives.length).toBeGreaterThan(0);
    for (const alt of a!.alternatives) expect(alt.score).toBeLessThanOrEqual(a!.ranked[0].score);
  });

  it('reads the answer-type phrase after the wh-word, never past a mention or a participle', () => {
    const nouns = (q: string, m: string): string[] => {
      const start = q.indexOf(m);
      return answerNouns(readQuestion(q, [{ start, end: start + m.length }]));
    };
    expect(nouns('which side effects came up during ROSEBAY-1', 'ROSEBAY-1')).toEqual(['side', 'effects']);
    expect(nouns('what movies did Tom Hanks act in', 'Tom Hanks')).toEqual(['movies']);
    expect(nouns('what are the films that are directed by the director of X', 'X')).toEqual(['films']);
    expect(nouns('who is listed as screenwriter of X', 'X')).toEqual(['who', 'screenwriter']);
  });

  it('prefers the chain whose candidates are named like the answer noun, and places for "where"', async () => {
    const lib = MemoryGraph.fromTriples(
      'campus',
      [],
      [
        { head: 'Orla Finch', relation: 'affiliated_with', tail: 'Kestrel Hall' },
        { head: 'Orla Finch', relation: 'affiliated_with', tail: 'Brindle Hall' },
        { head: 'Orla Finch', relation: 'mentor', tail: 'Pim Ardent' },
        { head: 'Kestrel Hall', relation: 'located_in', tail: 'Varrow' },
        { head: 'Brindle Hall', relation: 'located_in', tail: 'Quell' },
        { head: 'Pim Ardent', relation: 'affiliated_with', tail: 'Kestrel Hall' },
      ],
    );
    const h = await AlgorithmicHand.create(lib, await loadGloveDrm(), EntityNameIndex.build(lib));
    const chain = async (question: string, mention: string): Promise<string[]> => {
      const entity = lib.indexOf(mention)!;
      const start = question.indexOf(mention);
      const paths = schemaPaths(graphAdjacency(lib), entity, { dMax: 2 });
      const a = await h.analyzeQuestion({ question, topics: [{ entity, start, end: start + mention.length }], schemaPaths: [paths], dMax: 2 });
      return a!.chain.map((s) => `${lib.relationLabels[s.relation]}${s.direction === 'out' ? '>' : '<'}`);
    };
    expect(await chain('which halls is Orla Finch with', 'Orla Finch')).toEqual(['affiliated_with>']);
    expect(await chain('where is Kestrel Hall', 'Kestrel Hall')).toEqual(['located_in>']);
  });

  it('places the words of a question around its mentions', () => {
    const t = readQuestion('the films acted by [X Y] were released in which years', [{ start: 20, end: 23 }]);
    expect(t.answerSide).toEqual(['right']);
    const acted = t.words.find((w) => w.text === 'acted')!;
    expect([acted.side, acted.distance]).toEqual(['left', 2]); // "by" sits between
    expect(t.words.find((w) => w.text === 'years')!.side).toBe('right');
    expect(t.words.some((w) => w.text === 'x' || w.text === 'y')).toBe(false);
  });

  it('reads "the same N as [A]" and "[A] … his N" as A\'s N, and a pronoun after a noun as that noun\'s', () => {
    const read = (q: string, ...ms: string[]) => readQuestion(q, ms.map((m) => ({ start: q.indexOf(m), end: q.indexOf(m) + m.length })));
    const same = read('who plays in the same club as [Bo Lind]', '[Bo Lind]');
    expect(same.sharesWith).toEqual([true]);
    expect(same.words.find((w) => w.text === 'club')!.chainNode).toBe(1);
    const his = read('who is [Bo Lind] coached by at his club', '[Bo Lind]');
    expect(his.words.find((w) => w.text === 'club')).toMatchObject({ chainNode: 1, pronounChain: true });
    // A noun between the mention and the pronoun may be what it refers to; a chain already says whose it is.
    expect(read('[Jo Ash] belongs to a house; where was its founder born', '[Jo Ash]').words.find((w) => w.text === 'founder')!.chainNode).toBeUndefined();
    expect(read('the house of [Jo Ash] has its seat where', '[Jo Ash]').words.find((w) => w.text === 'seat')!.chainNode).toBeUndefined();
    expect(read('is [Bo Lind] the same as [Al Roe]', '[Bo Lind]', '[Al Roe]').sharesWith).toBeUndefined();
    // "the same club as [A]'s brother": the club is the brother's, not A's.
    const brother = read("who plays for the same club as [Bo Lind]'s brother", '[Bo Lind]');
    expect(brother.sharesWith).toBeUndefined();
    expect(brother.words.find((w) => w.text === 'club')!.chainNode).toBeUndefined();
    // A new clause may be about someone else; the noun phrase ends at a verb and goes on after "'s".
    expect(read('who coached [Bo Lind] and what is his nationality', '[Bo Lind]').words.find((w) => w.text === 'nationality')!.chainNode).toBeUndefined();
    const academy = read("who was [Bo Lind] trained by at his club's academy", '[Bo Lind]').words;
    expect([academy.find((w) => w.text === 'club')!.chainNode, academy.find((w) => w.text === 'academy')!.chainNode]).toEqual([1, 2]);
    expect(read('who was [Bo Lind] honoured by when his wife won the award', '[Bo Lind]').words.find((w) => w.text === 'won')!.chainNode).toBeUndefined();
    // A compound's modifier is marked: it says which of the head's kind the chain noun is.
    const burial = read('which town holds the burial place of the father of [Karl Vogt]', '[Karl Vogt]').words;
    expect(burial.find((w) => w.text === 'burial')).toMatchObject({ chainModifier: true });
    expect(burial.find((w) => w.text === 'place')).toMatchObject({ chainNode: 2 });
    expect(read("where are the coaches of [Bo Lind]'s former clubs from", '[Bo Lind]').words.find((w) => w.text === 'former')).toMatchObject({ chainModifier: true });
    // A verb before a bare plural is no modifier.
    expect(read('who directed films of [Bo Lind]', '[Bo Lind]').words.find((w) => w.text === 'directed')!.chainModifier).toBeUndefined();
    // The noun a relative clause is about, when the clause's verb stands before the mention: the verb's subject.
    const clause = read('where is the company that makes the [Gale Bus] based', '[Gale Bus]').words;
    expect(clause.find((w) => w.text === 'company')!.clauseVerb).toBe(clause.find((w) => w.text === 'makes')!.start);
    expect(read('where is the company that [Gale Bus] acquired based', '[Gale Bus]').words.find((w) => w.text === 'company')!.clauseVerb).toBeUndefined();
    expect(read('where is the company that makes parts for the [Gale Bus]', '[Gale Bus]').words.find((w) => w.text === 'company')!.clauseVerb).toBeUndefined();
    // An "of" chain ending at the clause's noun goes on from it: the noun is node 1 (where the verb lands), the father 2.
    expect(read('where was the father of the man who married [Lucy Dunleavy] born', '[Lucy Dunleavy]').words.find((w) => w.text === 'father')!.chainNode).toBe(2);
  });

  it('starts a new phrase at prepositions, articles and mentions, never at relative pronouns', () => {
    const q = 'who published the books written by the writer who wrote Moonfall';
    const start = q.indexOf('Moonfall');
    const t = readQuestion(q, [{ start, end: start + 8 }]);
    const phrase = (w: string): number => t.words.find((x) => x.text === w)!.phrase;
    expect(phrase('books')).toBe(phrase('written'));
    expect(phrase('writer')).toBeGreaterThan(phrase('written')); // "by the" between: another mention
    expect(phrase('wrote')).toBe(phrase('writer')); // "who" opens a relative clause on the same entity
    expect(phrase('published')).toBeLessThan(phrase('books'));
  });

  it('walks a relation named in two separate phrases twice (there and back), once when named in one', async () => {
    expect(await chainFor('which publishers published the books written by the writer of Moonfall', 'Moonfall')).toEqual([
      'written_by>',
      'written_by<',
      'published_by>',
    ]);
    expect(await chainFor('who is the writer who wrote Moonfall', 'Moonfall')).toEqual(['written_by>']);
    // The answer noun may repeat the relation ("published by which publisher"): not a second mention.
    expect(await chainFor('Moonfall is published by which publisher', 'Moonfall')).toEqual(['published_by>']);
  });

  it('reads a classification noun ("what types") as the hop onto the most categorical values', async () => {
    // 120 records (named "Opus n": the noun "records" names none), 2 shared styles, one label each, 6 collectors.
    const triples = Array.from({ length: 120 }, (_, i) => [
      { head: `Opus ${i}`, relation: 'collected_by', tail: `Collector ${i % 6}` },
      { head: `Opus ${i}`, relation: 'style', tail: i % 2 ? 'Baroque' : 'Gothic' },
      { head: `Opus ${i}`, relation: 'catalogue_label', tail: `L-${i}` },
    ]).flat();
    const g = MemoryGraph.fromTriples('records', [], triples);
    const cat = categoricalScores(g);
    const style = g.relationLabels.indexOf('style');
    const label = g.relationLabels.indexOf('catalogue_label');
    expect(cat[style * 2]).toBeGreaterThan(0.5); // 60 records per style
    expect(cat[label * 2]).toBe(0); // one record per label
    expect(cat[style * 2 + 1]).toBe(0); // landing back on records: one per edge
    const h = await AlgorithmicHand.create(g, await loadGloveDrm(), EntityNameIndex.build(g));
    const q = 'what types are the records collected by Collector 3';
    const entity = g.indexOf('Collector 3')!;
    const start = q.indexOf('Collector 3');
    const paths = schemaPaths(graphAdjacency(g), entity, { dMax: 2 });
    const a = await h.analyzeQuestion({ question: q, topics: [{ entity, start, end: start + 11 }], schemaPaths: [paths], dMax: 2 });
    expect(a!.chain.map((s) => `${g.relationLabels[s.relation]}${s.direction === 'out' ? '>' : '<'}`)).toEqual(['collected_by<', 'style>']);
  });
});
