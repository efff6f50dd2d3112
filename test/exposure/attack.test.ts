// The attacker on toy graphs small enough to check by hand: a token with a unique signature is named at rank 1,
// interchangeable entities give the right anonymity set and expected ASR, and refinement narrows what degree and
// signature alone cannot.
import { describe, expect, it } from 'vitest';
import type { Triple } from '../../src-main/common/graphTypes.js';
import { MemoryGraph } from '../../src-main/engine/graph/memoryGraph.js';
import { attackReport } from '../../src-main/engine/egress/exposure/attack/attackReport.js';
import { attackSession, type SessionAttack } from '../../src-main/engine/egress/exposure/attack/attackSession.js';
import { scoreSession, targetFigures } from '../../src-main/engine/egress/exposure/attack/attackFigures.js';
import { AttackInputError, parsePredictionLines, parseViewLines, type SessionTruth } from '../../src-main/engine/egress/exposure/attack/attackInputs.js';
import { observeSession } from '../../src-main/engine/egress/exposure/attack/observedSession.js';
import { payloadRisk } from '../../src-main/engine/egress/exposure/attack/payloadRisk.js';
import { expectedHitAtK } from '../../src-main/engine/egress/exposure/attack/rankCandidates.js';
import { referenceIndex } from '../../src-main/engine/egress/exposure/attack/referenceIndex.js';

const t = (head: string, relation: string, tail: string): Triple => ({ head, relation, tail });

// Films, people and genres. Only Heat has a director; Alpha..Delta are four dramas nobody else touches; Pilot,
// Quarry and Sable each have one actor, and only Pilot's actor (Ann) also plays in a French film (Rook).
const graph = MemoryGraph.fromTriples('toy', [], [
  t('Heat', 'directed_by', 'Mann'),
  t('Heat', 'starred_actors', 'Pacino'),
  t('Heat', 'starred_actors', 'De Niro'),
  t('Ronin', 'starred_actors', 'De Niro'),
  t('Ronin', 'starred_actors', 'Reno'),
  ...['Alpha', 'Beta', 'Gamma', 'Delta'].map((f) => t(f, 'has_genre', 'Drama')),
  t('Pilot', 'starred_actors', 'Ann'),
  t('Quarry', 'starred_actors', 'Bob'),
  t('Sable', 'starred_actors', 'Cy'),
  t('Rook', 'starred_actors', 'Ann'),
  t('Rook', 'in_language', 'French'),
  t('Bob', 'born_in', 'Town'),
]);
const index = referenceIndex(graph);
const names = new Set(graph.names);

const truth = (i: number, mapping: Record<string, string>): SessionTruth => ({ i, anchors: [], mapping: new Map(Object.entries(mapping).map(([k, v]) => [k, [v]])) });
const setOf = (a: SessionAttack, token: string): string[] => [...a.verdicts.find((v) => v.token === token)!.candidates].map((x) => graph.names[x]).sort();

describe('re-identification attack on a toy graph', () => {
  it('names a token whose visible signature only one entity has, at rank 1', () => {
    const text = ['ANCHORS: E_0001', 'P1. E_0001 -[directed_by]-> E_0002', 'P2. E_0001 -[starred_actors]-> E_0003', 'P3. E_0001 -[starred_actors]-> E_0004'].join('\n');
    const a = attackSession(index, observeSession([text]));
    expect(setOf(a, 'E_0001')).toEqual(['Heat']);
    const out = scoreSession(index, 0, a, truth(0, { E_0001: 'Heat', E_0002: 'Mann', E_0003: 'Pacino', E_0004: 'De Niro' }), names);
    const anchor = out.find((o) => o.token === 'E_0001')!;
    expect(anchor).toMatchObject({ anchor: true, set_size: 1, hit1: 1, hit5: 1 });
    // The director is pinned by its film (Heat's only director), so it is named too.
    expect(out.find((o) => o.token === 'E_0002')).toMatchObject({ set_size: 1, hit1: 1 });
  });

  it('gives interchangeable entities their anonymity set and an expected ASR of one over its size', () => {
    const text = ['ANCHORS: E_0010', 'P1. E_0010 -[has_genre]-> E_0011'].join('\n');
    const a = attackSession(index, observeSession([text]));
    expect(setOf(a, 'E_0010')).toEqual(['Alpha', 'Beta', 'Delta', 'Gamma']);
    const out = scoreSession(index, 0, a, truth(0, { E_0010: 'Gamma', E_0011: 'Drama' }), names);
    const film = out.find((o) => o.token === 'E_0010')!;
    expect(film.set_size).toBe(4);
    expect(film.hit1).toBeCloseTo(0.25, 6);
    expect(film.hit5).toBe(1);
    const f = targetFigures(out, 'anchors');
    expect(f).toMatchObject({ tokens: 1, scored: 1, asr_at_1: 0.25, asr_at_5: 1 });
    expect(f.anonymity).toEqual({ p50: 4, unique_share: 0, at_most_5_share: 1, empty_share: 0 });
  });

  it('narrows by refinement what degree and signature alone cannot', () => {
    // Pilot, Quarry and Sable each show one actor edge (same degree, same signature); only the actor shared with
    // the one film that has a language tells Pilot, two hops away.
    const text = ['ANCHORS: E_0020', 'P1. E_0020 -[starred_actors]-> E_0021 <-[starred_actors]- E_0022 -[in_language]-> E_0023'].join('\n');
    const s = observeSession([text]);
    expect(setOf(attackSession(index, s, 0), 'E_0020')).toEqual(['Heat', 'Pilot', 'Quarry', 'Ronin', 'Rook', 'Sable']);
    // One round: the actor has two films (De Niro or Ann); Rook is taken by the token pinned to it.
    expect(setOf(attackSession(index, s, 1), 'E_0020')).toEqual(['Heat', 'Pilot', 'Ronin']);
    const two = attackSession(index, s, 2);
    expect(setOf(two, 'E_0020')).toEqual(['Pilot']);
    expect(setOf(two, 'E_0021')).toEqual(['Ann']);
    expect(two.rounds).toBe(2);
    expect([...two.session.bridges].sort()).toEqual(['E_0021', 'E_0022']);
  });

  it('uses literal bands, and a label that is no relation name matches only relations the session can realise', () => {
    const lit = MemoryGraph.fromTriples('lit', [], [t('H1', 'bed_count', '740'), t('H2', 'bed_count', '35'), t('H3', 'bed_count', '820')]);
    const risk = payloadRisk('ANCHORS: E_0030\nP1. E_0030 -[bed_count]-> L_0031(10–100)', lit);
    expect(risk).toEqual([{ token: 'E_0030', anonymitySet: 1, unique: true }]);
    // The structured payload reads the same, through its rendered text; a wider band fits two hospitals.
    expect(payloadRisk({ text: 'ANCHORS: E_0030\nP1. E_0030 -[bed_count]-> L_0031(100–1k)' }, lit)).toEqual([{ token: 'E_0030', anonymitySet: 2, unique: false }]);
    // R1 is a cluster label: it can only be born_in here (Bob is the only person with an outgoing edge).
    const a = attackSession(index, observeSession(['ANCHORS: E_0040\nP1. E_0041 -[starred_actors]-> E_0040 -[R1]-> E_0042']));
    expect(setOf(a, 'E_0040')).toEqual(['Bob']);
  });

  it('scores ties as expected values under random tie-breaking', () => {
    const set = Int32Array.from([10, 11, 12, 13, 14, 15, 16]);
    const scores = Float64Array.from([0, 0, 0, 1, 1, 1, 1]);
    expect(expectedHitAtK(set, scores, (x) => x === 11, 1)).toBeCloseTo(1 / 3, 9);
    expect(expectedHitAtK(set, scores, (x) => x === 11, 5)).toBe(1);
    // Rank 5 reaches 2 of the 4 tied at score 1: a true one there is drawn with chance 1 - C(3,2)/C(4,2) = 1/2.
    expect(expectedHitAtK(set, scores, (x) => x === 14, 5)).toBeCloseTo(0.5, 9);
    expect(expectedHitAtK(set, scores, () => false, 5)).toBe(0);
  });

  it('reports figures over sessions read from eval output lines', () => {
    const preds = parsePredictionLines(
      [JSON.stringify({ i: 0, payloads: ['ANCHORS: E_0001\nP1. E_0001 -[directed_by]-> E_0002'] }), JSON.stringify({ i: 1, payloads: ['ANCHORS: E_0010\nP1. E_0010 -[has_genre]-> E_0011\nP2. bad line'] })].join('\n'),
      'predictions.jsonl',
    );
    const views = parseViewLines([JSON.stringify({ i: 0, anchors: ['E_0001'], mapping: { E_0001: ['Heat'], E_0002: ['Mann'] } }), JSON.stringify({ i: 1, anchors: ['E_0010'], mapping: { E_0010: ['Beta'] } })].join('\n'), 'views.jsonl');
    const r = attackReport(index, preds, views, { linkage: 2 });
    expect(r.sessions).toBe(2);
    expect(r.malformed_lines).toBe(1);
    expect(r.anchors.tokens).toBe(2);
    expect(r.anchors.asr_at_1).toBeCloseTo((1 + 0.25) / 2, 4);
    // E_0011 has no truth in the mapping: seen, counted, not scored.
    expect(r.unscored).toBe(1);
    expect(r.all).toMatchObject({ tokens: 4, scored: 3 });
    // No path here has an interior token: no bridges, and anchors with bridges are the anchors.
    expect(r.bridges.tokens).toBe(0);
    expect(r.anchors_bridges).toEqual(r.anchors);
    expect(r.linkage?.sessions).toBe(2);
  });
});

describe('attack inputs', () => {
  it('names the file and line of a bad line', () => {
    expect(() => parsePredictionLines('{"i":0,"payloads":[]}\n{oops', 'p.jsonl')).toThrow(/^p\.jsonl:2: not valid JSON/);
    expect(() => parsePredictionLines('{"i":0}', 'p.jsonl')).toThrow('p.jsonl:1: "payloads" must be an array of payload texts');
    expect(() => parseViewLines('{"i":0,"anchors":[]}', 'v.jsonl')).toThrow(/v\.jsonl:1: missing "mapping".*--reveal-mapping/);
    expect(() => parseViewLines('{"i":-1,"mapping":{}}', 'v.jsonl')).toThrow(AttackInputError);
    expect(() => parseViewLines('\n\n', 'v.jsonl')).toThrow('v.jsonl: no lines');
  });
});
