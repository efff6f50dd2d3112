// Cross-session linkage on a toy stream: every session has fresh tokens, yet a token whose visible neighbourhood
// fits one entity links to that entity's token in another session; interchangeable entities link only by chance.
import { describe, expect, it } from 'vitest';
import type { Triple } from '../../src-main/common/graphTypes.js';
import { MemoryGraph } from '../../src-main/engine/graph/memoryGraph.js';
import type { SessionTruth } from '../../src-main/engine/egress/exposure/attack/attackInputs.js';
import { attackSession } from '../../src-main/engine/egress/exposure/attack/attackSession.js';
import { linkageAttack } from '../../src-main/engine/egress/exposure/attack/linkageAttack.js';
import { observeSession } from '../../src-main/engine/egress/exposure/attack/observedSession.js';
import { referenceIndex } from '../../src-main/engine/egress/exposure/attack/referenceIndex.js';

const t = (head: string, relation: string, tail: string): Triple => ({ head, relation, tail });
const graph = MemoryGraph.fromTriples('toy', [], [
  t('Heat', 'directed_by', 'Mann'),
  t('Heat', 'starred_actors', 'Pacino'),
  t('Ronin', 'starred_actors', 'Reno'),
  ...['Alpha', 'Beta', 'Gamma', 'Delta'].map((f) => t(f, 'has_genre', 'Drama')),
]);
const index = referenceIndex(graph);

// (payload, token → truth) per session; tokens differ in every session, as fresh session secrets make them.
const stream: [string, Record<string, string>][] = [
  ['ANCHORS: E_a001\nP1. E_a001 -[directed_by]-> E_a002\nP2. E_a001 -[starred_actors]-> E_a003', { E_a001: 'Heat', E_a002: 'Mann', E_a003: 'Pacino' }],
  ['ANCHORS: E_b001\nP1. E_b001 -[directed_by]-> E_b002', { E_b001: 'Heat', E_b002: 'Mann' }],
  ['ANCHORS: E_c001\nP1. E_c001 -[has_genre]-> E_c002', { E_c001: 'Alpha', E_c002: 'Drama' }],
  ['ANCHORS: E_d001\nP1. E_d001 -[has_genre]-> E_d002', { E_d001: 'Beta', E_d002: 'Drama' }],
  ['ANCHORS: E_e001\nP1. E_e001 -[has_genre]-> E_e002', { E_e001: 'Alpha', E_e002: 'Drama' }],
];

describe('cross-session linkage', () => {
  it('links unique entities across sessions and interchangeable ones only by chance among the ties', () => {
    const attacks = stream.map(([text]) => attackSession(index, observeSession([text])));
    const truths = new Map<number, SessionTruth>(stream.map(([, m], i) => [i, { i, anchors: [], mapping: new Map(Object.entries(m).map(([k, v]) => [k, [v]])) }]));
    const f = linkageAttack(attacks, truths, [0, 1, 2, 3, 4], { sessions: 5, seed: 7 });
    expect(f.sessions).toBe(5);
    expect(f.tokens).toBe(11);
    // Linkable: Heat ×2, Mann ×2, Drama ×3, Alpha ×2 (Pacino and Beta appear once).
    expect(f.eligible).toBe(9);
    expect(f.evaluated).toBe(9);
    // All link right but the two Alpha tokens, each tied between the Alpha and the Beta film of other sessions.
    expect(f.asr_at_1).toBeCloseTo(8 / 9, 4);
    // 7 sure links and two half ones.
    expect(f.expected_links).toBeCloseTo(8, 3);
    expect(f.chance).toBeGreaterThan(0);
    expect(f.chance).toBeLessThan(f.asr_at_1);
  });

  it('is seeded: the same sessions are drawn each time, and a cap on pairs samples tokens', () => {
    const attacks = stream.map(([text]) => attackSession(index, observeSession([text])));
    const truths = new Map<number, SessionTruth>(stream.map(([, m], i) => [i, { i, anchors: [], mapping: new Map(Object.entries(m).map(([k, v]) => [k, [v]])) }]));
    const a = linkageAttack(attacks, truths, [0, 1, 2, 3, 4], { sessions: 3, seed: 3 });
    expect(linkageAttack(attacks, truths, [0, 1, 2, 3, 4], { sessions: 3, seed: 3 })).toEqual(a);
    expect(a.sessions).toBe(3);
    const capped = linkageAttack(attacks, truths, [0, 1, 2, 3, 4], { sessions: 5, seed: 7, maxPairs: 22 });
    expect(capped.eligible).toBe(9);
    expect(capped.evaluated).toBe(2);
    // Sampled tokens: the expected links are scaled to all eligible ones.
    expect(capped.expected_links).toBeCloseTo(capped.asr_at_1 * 9, 3);
  });
});
