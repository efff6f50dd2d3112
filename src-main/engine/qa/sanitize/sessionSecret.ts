// Session secrets and the HMAC tokens derived from them. A token is a truncated HMAC-SHA256 of the raw id under
// a per-session secret, so nothing about the id leaks, the same entity reads the same within a session, and
// tokens from two sessions cannot be joined. The prefix says what the token stands for, so tokens are easy to
// spot (and to scan for) in any text a Brain sends back.
import { randomBytes } from 'node:crypto';
import { HmacSha256 } from './hmacSha256.js';
import { TOKEN_PREFIX, type TokenKind } from '../../core/tokens.js';

export const SECRET_BYTES = 32;

export function newSessionSecret(): Uint8Array {
  return new Uint8Array(randomBytes(SECRET_BYTES));
}

export class DiscardedSecretError extends Error {
  constructor() {
    super('The session secret was discarded (all zero); start a new session with newSessionSecret().');
    this.name = 'DiscardedSecretError';
  }
}

// Keyed states are cached per secret buffer: building one costs two compressions, a token another two. The
// cache remembers the bytes it was built from, so a secret that was wiped or changed is never used stale.
const keyed = new WeakMap<Uint8Array, { copy: Uint8Array; mac: HmacSha256 }>();

/** The keyed HMAC for a secret; refuses a wiped (all-zero) secret so a discarded session cannot mint tokens. */
export function macFor(secret: Uint8Array): HmacSha256 {
  const hit = keyed.get(secret);
  if (hit && sameBytes(hit.copy, secret)) return hit.mac;
  if (secret.length === 0 || secret.every((b) => b === 0)) throw new DiscardedSecretError();
  hit?.mac.wipe();
  const entry = { copy: Uint8Array.from(secret), mac: new HmacSha256(secret) };
  keyed.set(secret, entry);
  return entry.mac;
}

/** Forgets the cached key state of a secret (called when a session is discarded). */
export function forgetSecret(secret: Uint8Array): void {
  const hit = keyed.get(secret);
  if (!hit) return;
  hit.mac.wipe();
  hit.copy.fill(0);
  keyed.delete(secret);
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Token of one raw entity: `E_` + the first `length` hex characters of HMAC(secret, "entity\0" + id). */
export function entityToken(secret: Uint8Array, entityId: string, length: number): string {
  return kindToken(secret, 'entity', [entityId], length);
}

/**
 * Token of a view node of any kind, derived from the secret and its member ids (sorted, so member order does not
 * matter). The kind is part of the MAC input, so an entity and a one-member literal never share a token.
 * `salt` separates the rare truncated-HMAC collision inside one view. `presorted` says the caller already put the
 * ids in a canonical order (e.g. by entity index, cheaper than sorting strings); the same set must always
 * arrive in the same order for the token to be stable.
 */
export function kindToken(
  secret: Uint8Array,
  kind: TokenKind,
  memberIds: readonly string[],
  length: number,
  salt = 0,
  presorted = false,
): string {
  const ids = memberIds.length > 1 && !presorted ? [...memberIds].sort() : memberIds;
  const message = `${kind}\u0000${salt > 0 ? `${salt}\u0000` : ''}${ids.join('\u0000')}`;
  return TOKEN_PREFIX[kind] + macFor(secret).hex(message, Math.max(4, Math.min(64, length)));
}
