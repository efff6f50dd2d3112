import { createHash, createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { HmacSha256, sha256 } from '../../src-main/engine/qa/sanitize/hmacSha256.js';
import { DiscardedSecretError, entityToken, kindToken, newSessionSecret } from '../../src-main/engine/qa/sanitize/sessionSecret.js';

describe('HmacSha256', () => {
  it('matches node:crypto for every padding boundary, long keys and non-ASCII text', () => {
    for (const keyLength of [1, 32, 64, 65, 200]) {
      const key = randomBytes(keyLength);
      const mac = new HmacSha256(key);
      for (const len of [0, 1, 55, 56, 57, 63, 64, 65, 119, 120, 128, 1000]) {
        const msg = 'x'.repeat(len);
        expect(Buffer.from(mac.digest(msg)).toString('hex')).toBe(createHmac('sha256', key).update(msg).digest('hex'));
      }
      const text = 'Amélie — 東京物語 🎬 http://example.org/entity/Q42';
      expect(mac.hex(text, 64)).toBe(createHmac('sha256', key).update(text, 'utf8').digest('hex'));
    }
    const data = randomBytes(300);
    expect(Buffer.from(sha256(data)).toString('hex')).toBe(createHash('sha256').update(data).digest('hex'));
  });
});

describe('entity tokens', () => {
  it('are stable within a session and differ across sessions', () => {
    const a = newSessionSecret();
    const b = newSessionSecret();
    expect(a).toHaveLength(32);
    const t1 = entityToken(a, 'http://example.org/person/1', 12);
    expect(entityToken(a, 'http://example.org/person/1', 12)).toBe(t1);
    expect(entityToken(b, 'http://example.org/person/1', 12)).not.toBe(t1);
    expect(entityToken(a, 'http://example.org/person/2', 12)).not.toBe(t1);
    expect(t1).toMatch(/^E_[0-9a-f]{12}$/);
  });

  it('are the truncated HMAC of the id, so nothing of the id shows', () => {
    const s = newSessionSecret();
    const expected = createHmac('sha256', s).update('entity\u0000Q42').digest('hex').slice(0, 10);
    expect(entityToken(s, 'Q42', 10)).toBe(`E_${expected}`);
  });

  it('prefix the kind and ignore member order for groups', () => {
    const s = newSessionSecret();
    expect(kindToken(s, 'supernode', ['a', 'b'], 8)).toBe(kindToken(s, 'supernode', ['b', 'a'], 8));
    expect(kindToken(s, 'supernode', ['a', 'b'], 8)).toMatch(/^S_/);
    expect(kindToken(s, 'aggregate', ['a', 'b'], 8)).toMatch(/^A_/);
    expect(kindToken(s, 'literal', ['a'], 8)).toMatch(/^L_/);
    expect(kindToken(s, 'literal', ['a'], 8).slice(2)).not.toBe(entityToken(s, 'a', 8).slice(2));
  });

  it('refuse a wiped secret, even after it was used', () => {
    const s = newSessionSecret();
    entityToken(s, 'x', 12);
    s.fill(0);
    expect(() => entityToken(s, 'x', 12)).toThrow(DiscardedSecretError);
  });
});
