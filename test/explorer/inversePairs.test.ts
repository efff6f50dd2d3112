import { describe, expect, it } from 'vitest';
import { detectInversePairs } from '../../src-main/engine/graph/inversePairs.js';

const t = (head: string, relation: string, tail: string) => ({ head, relation, tail });

describe('detectInversePairs', () => {
  it('pairs relations whose facts mirror each other, whatever their names', () => {
    const triples = [
      t('a', 'parent_of', 'b'), t('b', 'zz_child', 'a'),
      t('a', 'parent_of', 'c'), t('c', 'zz_child', 'a'),
      t('d', 'parent_of', 'e'), t('e', 'zz_child', 'd'),
      t('a', 'lives_in', 'x'), t('b', 'lives_in', 'x'),
    ];
    expect(detectInversePairs(triples)).toEqual([{ relation: 'parent_of', inverse: 'zz_child', facts: 3, coverage: 1 }]);
  });

  it('does not pair by name: x and x_inverse with facts that do not mirror stay apart', () => {
    const triples = [t('a', 'x', 'b'), t('c', 'x', 'd'), t('b', 'x_inverse', 'c'), t('d', 'x_inverse', 'e')];
    expect(detectInversePairs(triples)).toEqual([]);
  });

  it('takes the larger relation as canonical, ties by name (x before x_inverse)', () => {
    const tie = [t('a', 'x_inverse', 'b'), t('b', 'x', 'a'), t('c', 'x_inverse', 'd'), t('d', 'x', 'c')];
    expect(detectInversePairs(tie).map((p) => [p.relation, p.inverse])).toEqual([['x', 'x_inverse']]);
  });

  it('needs coverage both ways: a relation that mirrors only part of another is not its inverse', () => {
    const triples = [
      t('a', 'knows', 'b'), t('b', 'known_by', 'a'),
      t('c', 'knows', 'd'), t('d', 'known_by', 'c'),
      t('e', 'knows', 'f'), t('g', 'knows', 'h'), // half of `knows` has no mirror
    ];
    expect(detectInversePairs(triples)).toEqual([]);
    expect(detectInversePairs(triples, { minCoverage: 0.5 })).toEqual([{ relation: 'knows', inverse: 'known_by', facts: 4, coverage: 0.5 }]);
  });

  it('ignores symmetric relations and a single coincidental mirror', () => {
    const triples = [t('a', 'married_to', 'b'), t('b', 'married_to', 'a'), t('p', 'r1', 'q'), t('q', 'r2', 'p')];
    expect(detectInversePairs(triples)).toEqual([]);
  });
});
