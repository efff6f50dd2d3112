// AES-256-GCM sealing of record payloads. Layout: version byte | 12-byte IV | 16-byte tag | ciphertext. A fresh
// random IV per seal; the record id is authenticated data, so a payload moved to another row fails to open.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { CorruptMemoryError, MemoryKeyError } from './memoryErrors.js';

const VERSION = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const HEADER = 1 + IV_BYTES + TAG_BYTES;

function aad(id: string): Buffer {
  return Buffer.from(`ctrlg-memory-v${VERSION}\u0000${id}`, 'utf8');
}

export function seal(key: Buffer, id: string, plaintext: string): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(aad(id));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return Buffer.concat([Buffer.from([VERSION]), iv, cipher.getAuthTag(), body]);
}

/** Opens a sealed payload; a failed tag check means a wrong key or a tampered/corrupt payload. */
export function open(key: Buffer, id: string, sealed: Uint8Array): string {
  const buf = Buffer.from(sealed.buffer, sealed.byteOffset, sealed.byteLength);
  if (buf.length < HEADER || buf[0] !== VERSION)
    throw new CorruptMemoryError(`Experience record "${id}" has a malformed payload (${buf.length} bytes, version ${buf[0] ?? 'none'}).`);
  const decipher = createDecipheriv('aes-256-gcm', key, buf.subarray(1, 1 + IV_BYTES));
  decipher.setAAD(aad(id));
  decipher.setAuthTag(buf.subarray(1 + IV_BYTES, HEADER));
  try {
    return Buffer.concat([decipher.update(buf.subarray(HEADER)), decipher.final()]).toString('utf8');
  } catch {
    throw new MemoryKeyError(
      `Cannot decrypt experience record "${id}": wrong memory key or a tampered payload (authentication failed). Nothing was changed.`,
    );
  }
}
