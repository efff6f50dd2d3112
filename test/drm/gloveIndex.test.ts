// The flat word index must answer exactly as a Map from each word to its first row would, whatever the words.
import { describe, expect, it } from 'vitest';
import { buildGloveIndex, GloveIndex } from '../../src-main/engine/drm/gloveIndex.js';

/** What the index replaces: first occurrence wins, empty words map to nothing. */
function mapOf(words: readonly string[]): Map<string, number> {
  const m = new Map<string, number>();
  words.forEach((w, i) => {
    if (w && !m.has(w)) m.set(w, i);
  });
  return m;
}

describe('GloveIndex', () => {
  it('maps every word to its first row, and misses to -1', () => {
    // Enough words to force long probe chains and wrap-arounds; repeats, empty rows and non-ASCII words included.
    const words = Array.from({ length: 5000 }, (_, i) => (i % 97 === 0 ? '' : i % 89 === 0 ? `w${i - 1}` : `w${i}${i % 7 === 0 ? 'é' : ''}${i % 11 === 0 ? '日本' : ''}`));
    words.push('the', 'the', 'naïve', '😀');
    const index = GloveIndex.open(buildGloveIndex(words))!;
    expect(index).toBeDefined();
    expect(index.size).toBe(words.length);
    const expected = mapOf(words);
    expect(expected.size).toBeGreaterThan(4000);
    for (const [w, row] of expected) expect(index.rowOf(w)).toBe(row);
    words.forEach((w, i) => expect(index.word(i)).toBe(w));
    for (const miss of ['', 'w', 'w0x', 'The', 'nai\u0308ve', 'w1é', '日本', 'w5000']) expect(index.rowOf(miss)).toBe(expected.get(miss) ?? -1);
  });

  it('reads a block at any byte alignment (Node pools small buffers)', () => {
    const block = buildGloveIndex(['a', 'b', 'c']);
    const shifted = new Uint8Array(block.length + 1).subarray(1);
    shifted.set(block);
    expect(GloveIndex.open(shifted)?.rowOf('c')).toBe(2);
  });

  it('refuses blocks that are empty, truncated, foreign or padded', () => {
    const block = buildGloveIndex(['a', 'b', 'c']);
    expect(GloveIndex.open(new Uint8Array(0))).toBeUndefined();
    expect(GloveIndex.open(block.subarray(0, block.length - 1))).toBeUndefined();
    expect(GloveIndex.open(new Uint8Array(block.length + 4).fill(1))).toBeUndefined();
    const padded = new Uint8Array(block.length + 1);
    padded.set(block);
    expect(GloveIndex.open(padded)).toBeUndefined();
  });

  it('an empty vocabulary finds nothing', () => {
    const index = GloveIndex.open(buildGloveIndex([]))!;
    expect(index.size).toBe(0);
    expect(index.rowOf('a')).toBe(-1);
  });
});
