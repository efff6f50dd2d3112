// Abstaining honestly: when no reading explains the question, the engine answers with what the best partial reading
// found and the phrase nothing in the graph accounts for, instead of an unrelated entity; a question the graph does
// explain is answered as before. Also the confidence rule itself on hand-built signals.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadGloveDrm } from '../../src-main/engine/drm/gloveDrm.js';
import { MemoryGraph } from '../../src-main/engine/graph/memoryGraph.js';
import { parsePipeTriples, pipeTriplesGraph } from '../../src-main/engine/import/pipeTriplesGraph.js';
import { answerConfidence, probabilityRight, shouldAbstain } from '../../src-main/engine/qa/controller/confidence.js';
import { createQaEngine, type QaEngine } from '../../src-main/engine/qa/qaEngine.js';
import type { Analysis } from '../../src-main/engine/core/handSkills.js';

let toy: QaEngine;
let demo: QaEngine;

beforeAll(async () => {
  const drm = await loadGloveDrm();
  const triples = parsePipeTriples(['Plumbus|qxv_zr|Gorpton', 'Plumbus|kwj_tb|Schleemvale', 'Gorpton|wzq_pl|Fleebshire', 'Schleemvale|wzq_pl|Dinglehurst', 'Blamfort|qxv_zr|Hizzton'].join('\n'));
  const names = [...new Set(triples.flatMap((x) => [x.head, x.tail]))];
  // Stricter abstention than the default, so this small graph's unexplained question is withheld for sure.
  toy = createQaEngine({ graph: MemoryGraph.fromTriples('toy', names.map((id) => ({ id, name: id })), triples), drm, config: { abstainBelow: 0.95 } });
  demo = createQaEngine({ graph: pipeTriplesGraph('resources/demo/hospital-network.txt', 'demo'), drm });
}, 120_000);

describe('abstention', () => {
  it('names the partial reading and the missing phrase instead of answering', async () => {
    const r = await toy.ask('in which region does the grumbo of the sprocket of Plumbus dwell');
    expect(r.answers).toEqual([]);
    expect(r.confidence?.unsure).toBe(true);
    expect(r.abstained?.missing).toContain('dwell');
    expect(r.abstained?.message).toMatch(/^Found the "\w+"( of the "\w+")* of Plumbus, but no relation for .*"dwell"/);
    // The partial reading's own answers stay available to look at.
    expect(r.abstained?.answers.length).toBeGreaterThan(0);
  });

  it('answers questions the graph explains', async () => {
    const lines = readFileSync('resources/demo/questions.txt', 'utf8').split('\n').filter((l) => l.startsWith('Who manufactures'));
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) {
      const [question, gold] = line.split('\t');
      const r = await demo.ask(question);
      expect(r.abstained).toBeUndefined();
      expect(gold.split('|')).toContain(r.answers[0]?.name);
    }
  });

  it('withholds only a very unsure answer with an unexplained phrase', () => {
    const chain = [{ relation: 0, direction: 'out' as const, visible: 'r', confidence: 0.9 }];
    const analysis = (unexplained: Analysis['unexplained'], score2: number): Analysis => ({
      anchorOrder: [0],
      chain,
      answerPosition: 1,
      dPredict: 1,
      alternatives: [],
      subquestions: [],
      unexplained,
      ranked: [
        { anchors: [0], steps: chain, answerPosition: 1, ends: new Set([1]), score: 1 },
        { anchors: [0], steps: chain, answerPosition: 1, ends: new Set([2]), score: score2 },
      ],
    });
    const base = { answers: [{ entity: 1 }], firstRound: true, linkScores: [1], exactLink: true };
    const clear = answerConfidence({ ...base, analysis: analysis({ unused: [], unmatched: [] }, -1) });
    expect(clear.unsure).toBe(false);
    expect(shouldAbstain(clear)).toBe(false);
    // The chosen chain's own score and mean hop support are measured (for bench/calibrate.ts) whatever their weight.
    expect(clear.signals.topScore).toBe(1);
    expect(clear.signals.meanSupport).toBeCloseTo(0.9);
    const close = answerConfidence({ ...base, analysis: analysis({ unused: ['born'], unmatched: ['based', 'sits'] }, 0.99), linkScores: [0.4], exactLink: false });
    expect(close.unsure).toBe(true);
    expect(close.p).toBeLessThan(clear.p);
    expect(close.reasons).toContain('no relation of the graph for "based"');
    expect(shouldAbstain(close)).toBe(probabilityRight(close.signals) < 0.4);
    expect(shouldAbstain(close, 1)).toBe(true);
    expect(shouldAbstain(close, 0)).toBe(false);
    const none = answerConfidence({ ...base, answers: [], analysis: analysis({ unused: [], unmatched: [] }, -1) });
    expect(none.p).toBe(0);
    expect(shouldAbstain(none)).toBe(false);
  });

  it('measures the margin of the top answer against readings that do not reach it, not against every other reading', () => {
    const step = (relation: number) => ({ relation, direction: 'out' as const, visible: `r${relation}`, confidence: 0.6 });
    const reading = (relation: number, ends: number[], score: number) => ({ anchors: [0], steps: [step(relation)], answerPosition: 1, ends: new Set(ends), score });
    // Two readings close behind the chosen one: one also reaches its top answer (entity 1), the other does not.
    const analysis: Analysis = {
      anchorOrder: [0],
      chain: [step(0)],
      answerPosition: 1,
      dPredict: 1,
      alternatives: [],
      subquestions: [],
      unexplained: { unused: [], unmatched: [] },
      ranked: [reading(0, [1], 1), reading(1, [1, 3], 0.95), reading(2, [2], 0.7)],
    };
    const c = answerConfidence({ answers: [{ entity: 1 }], firstRound: true, linkScores: [1], exactLink: true, analysis });
    expect(c.signals.chainMargin).toBeCloseTo(0.05);
    expect(c.signals.answerMargin).toBeCloseTo(0.3);
    expect(c.signals.nearReadings).toBe(1);
    expect(c.signals.nearRivals).toBe(0);
    // The same readings where the close one reaches another answer: less sure.
    const apart = answerConfidence({ answers: [{ entity: 1 }], firstRound: true, linkScores: [1], exactLink: true, analysis: { ...analysis, ranked: [reading(0, [1], 1), reading(1, [3], 0.95), reading(2, [2], 0.7)] } });
    expect(apart.signals.answerMargin).toBeCloseTo(0.05);
    expect(apart.signals.nearRivals).toBe(1);
    expect(apart.p).toBeLessThan(c.p);
    // The top answer came from a later reading: the chosen one does not reach it, so the answer leads nothing.
    const later = answerConfidence({ answers: [{ entity: 2 }], firstRound: false, linkScores: [1], exactLink: true, analysis });
    expect(later.signals.answerMargin).toBe(0);
    expect(later.signals.nearRivals).toBeGreaterThanOrEqual(1);
  });
});

describe('a reading whose answers lack the fact the question asks for', () => {
  // Twenty-four films with a release year and a genre; Zorbal Nights (Quenby Hask's only film) has neither.
  const films = Array.from({ length: 24 }, (_, i) => `Film ${String.fromCharCode(65 + i)}${String.fromCharCode(97 + ((i * 7) % 26))}`);
  const lines = [
    ...films.flatMap((f, i) => [`${f}|directed_by|Director ${i % 6}`, `${f}|release_year|${1950 + i}`, `${f}|has_genre|${['Drama', 'Comedy', 'Western'][i % 3]}`]),
    'Zorbal Nights|directed_by|Quenby Hask',
    'Zorbal Nights|written_by|Quenby Hask',
    'Marrow Lane|directed_by|Orla Penhallow',
    'Marrow Lane|release_year|1971',
  ];
  let films_: QaEngine;
  let never: QaEngine;
  beforeAll(async () => {
    const triples = parsePipeTriples(lines.join('\n'));
    const names = [...new Set(triples.flatMap((x) => [x.head, x.tail]))];
    const graph = MemoryGraph.fromTriples('films', names.map((id) => ({ id, name: id })), triples);
    const drm = await loadGloveDrm();
    films_ = createQaEngine({ graph, drm });
    never = createQaEngine({ graph, drm, config: { abstainBelow: 0 } });
  }, 120_000);

  it('still answers, unsure, when abstaining is turned off', async () => {
    const r = await never.ask('the films directed by [Quenby Hask] were released in which years');
    expect(r.abstained).toBeUndefined();
    expect(r.answers[0]?.name).toBe('Zorbal Nights');
    expect(r.confidence?.unsure).toBe(true);
    expect(r.confidence?.reasons).toContain('the answers hold no fact of what "years" asks for');
  });

  it('says what it found and which fact the graph does not record, instead of answering with the film', async () => {
    const r = await films_.ask('the films directed by [Quenby Hask] were released in which years');
    expect(r.answers).toEqual([]);
    expect(r.confidence?.unsure).toBe(true);
    expect(r.abstained?.lacking).toBe('release_year');
    expect(r.abstained?.message).toBe('Found Zorbal Nights by following "directed_by" backwards from Quenby Hask, but the graph records no "release_year" for it, which "years" asks for.');
    expect(r.abstained?.answers.map((a) => a.name)).toEqual(['Zorbal Nights']);
  });

  it('reads the fact a bare "when" asks for from the word the chain leaves unused', async () => {
    const r = await films_.ask('when were the films directed by [Quenby Hask] released');
    expect(r.answers).toEqual([]);
    expect(r.abstained?.lacking).toBe('release_year');
    expect(r.abstained?.missing).toEqual(['released']);
  });

  it('answers the same question where the graph records the fact', async () => {
    const r = await films_.ask('the films directed by [Orla Penhallow] were released in which years');
    expect(r.abstained).toBeUndefined();
    expect(r.answers[0]?.name).toBe('1971');
  });
});
