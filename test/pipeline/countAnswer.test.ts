// "How many …" questions: the number of the chain's answers, walked on the whole graph, unless the graph states the
// number itself (a bed count); the counted noun types the answer (papers, not their years), and eval reads the count
// first.
import { beforeAll, describe, expect, it } from 'vitest';
import { answerNames } from '../../src-main/common/answerNames.js';
import { loadGloveDrm } from '../../src-main/engine/drm/gloveDrm.js';
import { MemoryGraph } from '../../src-main/engine/graph/memoryGraph.js';
import { pipeTriplesGraph } from '../../src-main/engine/import/pipeTriplesGraph.js';
import { createQaEngine, type QaEngine } from '../../src-main/engine/qa/qaEngine.js';
import { COUNT_SAMPLE, countAnswers, readHowMany } from '../../src-main/engine/qa/stages/countAnswer.js';

describe('reading "how many"', () => {
  it('finds the counted noun, and nothing when the question asks no count', () => {
    expect(readHowMany('How many papers has Lena Takeda written?')).toEqual({ noun: 'papers' });
    expect(readHowMany('how many of the films did X direct')).toEqual({});
    expect(readHowMany('which papers has Lena Takeda written')).toBeUndefined();
    expect(readHowMany('how much did it cost')).toBeUndefined();
  });
});

describe('counting a chain', () => {
  // A director of 30 films: verification keeps a sample (20 here); the walk counts every end.
  const triples = Array.from({ length: 30 }, (_, i) => ({ head: `Film ${i}`, relation: 'directed_by', tail: 'Vera Lind' }));
  triples.push({ head: 'Film 0', relation: 'runtime', tail: '95' }, { head: 'Other Film', relation: 'directed_by', tail: 'Other Person' });
  const graph = MemoryGraph.fromTriples('toy', [{ id: '95', name: '95', literal: 'number' }], triples);
  const id = (name: string) => graph.indexOf(name)!;
  const reading = { anchorOrder: [id('Vera Lind')], chain: [{ relation: graph.relationLabels.indexOf('directed_by'), direction: 'in' as const }], answerPosition: 1 };
  const sample = Array.from({ length: COUNT_SAMPLE }, (_, i) => id(`Film ${i}`));

  it('counts every distinct end of a one-anchor chain, not the sample the view showed', () => {
    expect(countAnswers(graph, reading, sample, sample, [])).toEqual({ value: 30, basis: 'chain', complete: true });
    expect(countAnswers(graph, reading, sample.slice(0, 5), sample.slice(0, 5), [])).toEqual({ value: 30, basis: 'chain', complete: true });
  });

  it('leaves out of the walk what verification left out as another type', () => {
    expect(countAnswers(graph, reading, sample, sample.slice(1), [id('Film 0')])).toEqual({ value: 29, basis: 'chain', complete: true });
  });

  it('counts the verified answers when the chain is not walked from one anchor, "at least" for a sample', () => {
    const pair = { ...reading, anchorOrder: [id('Vera Lind'), id('Other Person')] };
    expect(countAnswers(graph, pair, sample, sample, [])).toEqual({ value: COUNT_SAMPLE, basis: 'verified', complete: false });
    expect(countAnswers(graph, pair, sample.slice(0, 5), sample.slice(0, 5), [])).toEqual({ value: 5, basis: 'verified', complete: true });
    // Answers of another reading among them: the walk does not explain them.
    const mixed = [...sample.slice(1), id('Other Film')];
    expect(countAnswers(graph, reading, mixed, mixed, [])).toEqual({ value: COUNT_SAMPLE, basis: 'verified', complete: false });
  });

  it('leaves a number the graph states as the answer', () => {
    expect(countAnswers(graph, reading, [id('95')], sample, [])).toBeUndefined();
    expect(countAnswers(graph, reading, [], [], [])).toBeUndefined();
    // One title that reads as a number among films is no stated number.
    expect(countAnswers(graph, reading, [id('95'), ...sample], sample, [])).toEqual({ value: 30, basis: 'chain', complete: true });
  });
});

describe('"how many" on the demo graph', () => {
  let demo: QaEngine;
  beforeAll(async () => {
    demo = createQaEngine({ graph: pipeTriplesGraph('resources/demo/hospital-network.txt', 'demo'), drm: await loadGloveDrm() });
  }, 120_000);

  it('counts the patients a doctor treats, the count read first', async () => {
    const r = await demo.ask('how many patients does Dr. Jonah Quennell treat');
    expect(r.count).toEqual({ value: 4, basis: 'chain', complete: true, noun: 'patients' });
    expect(answerNames(r)[0]).toBe('4');
    // What was counted: the patients, each verified.
    expect(r.answers.map((a) => a.name)).toContain('Amara Okonkwo');
    expect(r.confidence?.reasons).toContain('"how many": 4, reached by walking the chain on the whole graph');
  });

  it('reads a count the graph holds as a number under a label naming the noun', async () => {
    const r = await demo.ask('how many beds does Clínica San Andrés have');
    expect(r.count).toBeUndefined();
    expect(answerNames(r)[0]).toBe('740');
  });

  it("counts trials rather than reading a trial's enrollment", async () => {
    const r = await demo.ask('how many trials is Fenumastat tested in');
    expect(r.count?.noun).toBe('trials');
    expect(r.count?.value).toBeGreaterThan(0);
    expect(r.indicator?.chain).toHaveLength(1);
  });
});

describe('a title that says "how many"', () => {
  it('is a name the question mentions, not a count it asks for', async () => {
    const triples = [
      { head: 'How Many More Times', relation: 'performed_by', tail: 'Led Zeppelin' },
      { head: 'Kashmir', relation: 'performed_by', tail: 'Led Zeppelin' },
      { head: 'Dazed and Confused', relation: 'performed_by', tail: 'Led Zeppelin' },
    ];
    const engine = createQaEngine({ graph: MemoryGraph.fromTriples('songs', [], triples), drm: await loadGloveDrm() });
    const r = await engine.ask('who performed How Many More Times');
    expect(r.count).toBeUndefined();
    expect(answerNames(r)[0]).toBe('Led Zeppelin');
  }, 60_000);
});

describe('counting what the question sexes', () => {
  it('counts the verified sons, not every child the chain reaches', () => {
    const triples = [
      { head: 'Edmund Hale', relation: 'has_child', tail: 'Arthur Hale' },
      { head: 'Edmund Hale', relation: 'has_child', tail: 'Thomas Hale' },
      { head: 'Edmund Hale', relation: 'has_child', tail: 'Mary Hale' },
    ];
    const graph = MemoryGraph.fromTriples('family', [], triples);
    const id = (name: string) => graph.indexOf(name)!;
    const reading = { anchorOrder: [id('Edmund Hale')], chain: [{ relation: 0, direction: 'out' as const }], answerPosition: 1 };
    const sons = [id('Arthur Hale'), id('Thomas Hale')];
    expect(countAnswers(graph, { ...reading, sexed: true }, sons, sons, [])).toEqual({ value: 2, basis: 'verified', complete: true });
    expect(countAnswers(graph, reading, sons, sons, [])).toEqual({ value: 3, basis: 'chain', complete: true });
  });
});
