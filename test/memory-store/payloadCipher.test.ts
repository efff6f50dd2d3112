import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CorruptMemoryError, MemoryKeyError } from '../../src-main/engine/memory/memoryErrors.js';
import { open, seal } from '../../src-main/engine/memory/payloadCipher.js';

describe('payload cipher', () => {
  const key = randomBytes(32);
  it('seals with a fresh IV and opens only with the same key and record id', () => {
    const a = seal(key, 'xp-1', 'secret trace');
    const b = seal(key, 'xp-1', 'secret trace');
    expect(a.equals(b)).toBe(false);
    expect(a.includes('secret')).toBe(false);
    expect(open(key, 'xp-1', a)).toBe('secret trace');
    expect(() => open(randomBytes(32), 'xp-1', a)).toThrow(MemoryKeyError);
    expect(() => open(key, 'xp-2', a)).toThrow(/wrong memory key or a tampered payload/);
    const flipped = Buffer.from(a);
    flipped[flipped.length - 1] ^= 1;
    expect(() => open(key, 'xp-1', flipped)).toThrow(MemoryKeyError);
    expect(() => open(key, 'xp-1', a.subarray(0, 10))).toThrow(CorruptMemoryError);
  });
});
