import { describe, expect, it } from 'vitest';
import { cosine, dot } from '../../src-main/engine/drm/cosine.js';

describe('cosine', () => {
  it('is 1 for parallel, 0 for orthogonal, -1 for opposite vectors', () => {
    expect(cosine([1, 2, 3], [2, 4, 6])).toBeCloseTo(1, 6);
    expect(cosine([1, 0], [0, 5])).toBeCloseTo(0, 6);
    expect(cosine(Float32Array.of(1, 1), Float32Array.of(-1, -1))).toBeCloseTo(-1, 6);
  });

  it('is 0 (not NaN) when a vector is zero', () => {
    expect(cosine([0, 0], [1, 1])).toBe(0);
  });

  it('dot equals cosine on unit vectors', () => {
    const a = [0.6, 0.8];
    const b = [1, 0];
    expect(dot(a, b)).toBeCloseTo(cosine(a, b), 6);
  });
});
