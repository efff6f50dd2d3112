// The attack's memo of arc filters: a second attack on the same payloads reuses the first one's survivors (the very
// arrays) and finds exactly what an attack without the memo finds; the memo forgets the least recently used first.
import { describe, expect, it } from 'vitest';
import type { Triple } from '../../src-main/common/graphTypes.js';
import { MemoryGraph } from '../../src-main/engine/graph/memoryGraph.js';
import { ArcFilterMemo, ENTRY_COST, arcFilterKey } from '../../src-main/engine/egress/exposure/attack/arcFilterMemo.js';
import { attackSession } from '../../src-main/engine/egress/exposure/attack/attackSession.js';
import { observeSession } from '../../src-main/engine/egress/exposure/attack/observedSession.js';
import { referenceIndex } from '../../src-main/engine/egress/exposure/attack/referenceIndex.js';

const t = (head: string, relation: string, tail: string): Triple => ({ head, relation, tail });
// Films with one or two actors; only Rook's actor plays in a second film, only Rook has a language.
const triples = (): Triple[] => [
  ...['Alpha', 'Beta', 'Gamma', 'Delta'].map((f, i) => t(f, 'starred_actors', `Actor ${i}`)),
  t('Alpha', 'starred_actors', 'Ann'),
  t('Rook', 'starred_actors', 'Ann'),
  t('Rook', 'in_language', 'French'),
  t('Beta', 'in_language', 'German'),
];
const text = ['ANCHORS: E_0001', 'P1. E_0001 -[starred_actors]-> E_0002', 'P2. E_0002 <-[starred_actors]- E_0003', 'P3. E_0003 -[in_language]-> E_0004'].join('\n');

describe('arc filter memo', () => {
  it('gives a repeated attack the same survivors, equal to an attack without the memo', () => {
    const graph = MemoryGraph.fromTriples('toy', [], triples());
    const first = attackSession(referenceIndex(graph), observeSession([text]));
    const again = attackSession(referenceIndex(graph), observeSession([text]));
    // A fresh graph is a fresh reference index, with a memo of its own that is empty.
    const fresh = MemoryGraph.fromTriples('toy', [], triples());
    const cold = attackSession(referenceIndex(fresh), observeSession([text]));
    const names = (g: MemoryGraph, c: Int32Array): string[] => [...c].map((x) => g.names[x]).sort();
    expect(first.verdicts.map((v) => v.token)).toEqual(['E_0001', 'E_0002', 'E_0003', 'E_0004']);
    // Two films star the actor: Ann. Refinement then pins the film with a language to Rook and the anchor to the
    // other film of Ann's (the signature alone fits every film).
    expect(names(graph, first.verdicts[1].candidates)).toEqual(['Ann']);
    expect(names(graph, first.verdicts[2].candidates)).toEqual(['Rook']);
    expect(names(graph, first.verdicts[0].candidates)).toEqual(['Alpha']);
    // The film's survivors of the arc check come from the memo the second time (the anchor's are pinned anew).
    expect(again.verdicts[2].candidates).toBe(first.verdicts[2].candidates);
    first.verdicts.forEach((v, i) => {
      expect(names(graph, again.verdicts[i].candidates)).toEqual(names(graph, v.candidates));
      expect(names(graph, v.candidates)).toEqual(names(fresh, cold.verdicts[i].candidates));
    });
  });

  it('forgets the least recently used survivors past its bound', () => {
    // Room for two entries of four candidates each (each entry costs ENTRY_COST more), not three.
    const memo = new ArcFilterMemo(2 * (4 + ENTRY_COST) + 5);
    const arrays = [0, 1, 2, 3].map((i) => Int32Array.of(i, i + 1, i + 2, i + 3));
    const key = (i: number): string => arcFilterKey(arrays[i], arrays[3], null, 0);
    memo.set(key(0), arrays[0]);
    memo.set(key(1), arrays[1]);
    expect(memo.get(key(0))).toBe(arrays[0]);
    // Three entries do not fit: the least recently used (1, since 0 was just read) goes.
    memo.set(key(2), arrays[2]);
    expect(memo.size).toBe(2 * (4 + ENTRY_COST));
    expect(memo.get(key(1))).toBeUndefined();
    expect(memo.get(key(0))).toBe(arrays[0]);
    expect(memo.get(key(2))).toBe(arrays[2]);
    // The key names the arc: another direction or relation is another entry.
    expect(arcFilterKey(arrays[0], arrays[3], null, 1)).not.toBe(key(0));
    expect(arcFilterKey(arrays[0], arrays[3], Int32Array.of(4), 0)).not.toBe(key(0));
  });
});
