import { describe, expect, it } from 'vitest';
import { pathIndicatorSimilarity, prunePaths } from '../../src-main/engine/qa/stages/prunePaths.js';
import type { CandidatePath } from '../../src-main/engine/core/types.js';

const chain = [
  { visible: 'directed_by', direction: 'in' as const },
  { visible: 'in_language', direction: 'out' as const },
];
const sim = (a: string, b: string): number => (a === b ? 1 : a.startsWith('in_') && b.startsWith('in_') ? 0.5 : 0);

function path(i: number, rels: [string, 'in' | 'out'][]): CandidatePath {
  return { nodes: ['E_a', `E_m${i}`, `E_z${i}`], edges: rels.map(([relation, direction]) => ({ relation, direction })), answerAt: 2, score: 0.5 };
}

describe('prunePaths', () => {
  it('scores paths against the indicator: exact chain 1, graded near-misses, wrong direction 0 for that hop', () => {
    expect(pathIndicatorSimilarity(path(0, [['directed_by', 'in'], ['in_language', 'out']]), chain, sim)).toBe(1);
    expect(pathIndicatorSimilarity(path(0, [['directed_by', 'in'], ['in_genre', 'out']]), chain, sim)).toBe(0.75);
    expect(pathIndicatorSimilarity(path(0, [['directed_by', 'out'], ['in_language', 'out']]), chain, sim)).toBe(0.5);
  });

  it('keeps the top W1 and puts chain-consistent paths first', () => {
    const paths: CandidatePath[] = [];
    for (let i = 0; i < 50; i++) paths.push(path(i, [['written_by', 'in'], ['has_genre', 'out']]));
    for (let i = 50; i < 70; i++) paths.push(path(i, [['directed_by', 'in'], ['in_language', 'out']]));
    const kept = prunePaths(paths, { chain, relationSimilarity: sim, width: 30 });
    expect(kept).toHaveLength(30);
    expect(kept.slice(0, 20).every((p) => p.score === 1)).toBe(true);
    expect(kept.slice(20).every((p) => p.score < 1)).toBe(true);
    expect(prunePaths(paths, { chain, relationSimilarity: sim })).toHaveLength(70);
    expect(prunePaths([...paths, ...paths], { chain, relationSimilarity: sim })).toHaveLength(80);
  });

  it('mixes in the memory term with weight 1 − α', () => {
    const p = path(0, [['written_by', 'in'], ['has_genre', 'out']]);
    const [kept] = prunePaths([p], { chain, relationSimilarity: sim, memory: () => 1, alpha: 0.5 });
    expect(kept.score).toBeCloseTo(0.5);
  });
});
