// The answer set: wrong-type candidates never in it, a cut at the largest score drop, equal support kept together,
// and the confidence label's order (unsure > inferred > partial > verified).
import { describe, expect, it } from 'vitest';
import type { AnswerConfidence } from '../../src-main/common/answerTypes.js';
import { answerSetOf, confidenceLabel, cutAnswerSet, MAX_SET } from '../../src-main/engine/qa/answerSet.js';

const confidence = (p: number, unsure = false, reasons: string[] = []): AnswerConfidence =>
  ({ p, unsure, reasons, signals: {} as AnswerConfidence['signals'] }) as AnswerConfidence;

describe('cutAnswerSet', () => {
  it('leaves out candidates of another type, even the best-scored one', () => {
    const r = cutAnswerSet([{ score: 2, fit: -1 }, { score: 1.5, fit: 1 }, { score: 0.2, fit: 0 }]);
    expect(r.members).toEqual([1]);
    expect(r.wrongType).toBe(1);
  });

  it('cuts at the largest drop and keeps equally supported answers together', () => {
    expect(cutAnswerSet([{ score: 1.9 }, { score: 1.9 }, { score: 0.4 }, { score: 0.3 }]).members).toEqual([0, 1]);
    expect(cutAnswerSet([{ score: 0.6 }, { score: 0.6 }, { score: 0.6 }]).members).toEqual([0, 1, 2]);
    // A drop too small to show (two decimals) is a tie-break prior's, not a cut: the near-equal stay together.
    const near = cutAnswerSet([{ score: 1.752 }, { score: 1.748 }, { score: 1.748 }]);
    expect(near.members).toEqual([0, 1, 2]);
    expect(near.cut).toBe('3 candidates with equal support');
    expect(cutAnswerSet([{ score: 1.752 }, { score: 1.748 }, { score: 1.2 }]).members).toEqual([0, 1]);
    // Reordered by a Brain (its pick first, scores unchanged): higher-scored candidates behind it are not its ties.
    expect(cutAnswerSet([{ score: 0.9 }, { score: 1.75 }, { score: 1.745 }, { score: 1.2 }]).members).toEqual([0]);
    const r = cutAnswerSet([{ score: 1 }, { score: -0.5 }, { score: -0.6 }]);
    expect(r.members).toEqual([0]);
    expect(r.cut).toMatch(/score gap 1\.5 after 1 candidate/);
  });

  it('never holds more than MAX_SET answers', () => {
    const many = Array.from({ length: MAX_SET + 5 }, () => ({ score: 1 }));
    expect(cutAnswerSet(many).members).toHaveLength(MAX_SET);
  });

  it('keeps the best candidate alone when none is of the expected type', () => {
    expect(cutAnswerSet([{ score: 1, fit: -1 }, { score: 0.5, fit: -1 }])).toMatchObject({ members: [0], wrongType: 2 });
    expect(cutAnswerSet([])).toMatchObject({ members: [], wrongType: 0 });
  });
});

describe('confidence label', () => {
  const base = { inferred: false, partial: false, noneOfType: false, verified: true };
  it('orders unsure, inferred, partial, verified, each with its reason', () => {
    expect(confidenceLabel({ ...base, confidence: confidence(0.95) })).toMatchObject({ label: 'verified', reason: expect.stringContaining('95%') });
    expect(confidenceLabel({ ...base, partial: true, confidence: confidence(0.9, false, ['no relation for "trial"']) })).toMatchObject({ label: 'partial', reason: expect.stringContaining('trial') });
    expect(confidenceLabel({ ...base, partial: true, inferred: true, confidence: confidence(0.9) }).label).toBe('inferred');
    expect(confidenceLabel({ ...base, inferred: true, confidence: confidence(0.5, true, ['another reading']) })).toMatchObject({ label: 'unsure', reason: expect.stringContaining('another reading') });
    expect(confidenceLabel({ ...base, verified: false, confidence: confidence(0.95) }).label).toBe('unsure');
    expect(confidenceLabel({ ...base, topWrongType: true, confidence: confidence(0.95) }).label).toBe('unsure');
  });

  it('answerSetOf says what it cut and names the expected type', () => {
    const { set, members } = answerSetOf([{ score: 1, fit: -1 }, { score: 0.9, fit: 1 }, { score: 0.1, fit: 1 }], { confidence: confidence(0.9), partial: false, verified: true, expected: 'city' });
    expect(members).toEqual([1]);
    expect(set).toMatchObject({ size: 1, label: 'unsure', expected: 'city', wrongType: 1 });
  });
});
