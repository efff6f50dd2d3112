// AES-256-GCM sealed files, written atomically (temp file, fsync, rename), so a crash mid-write leaves the old
// file whole. Layout: magic (8) | IV (12) | tag (16) | ciphertext; the magic is authenticated as AAD.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { open, rename, unlink } from 'node:fs/promises';

const IV_BYTES = 12;
const TAG_BYTES = 16;

export function seal(key: Buffer, magic: Buffer, plaintext: Buffer): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(magic);
  const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([magic, iv, cipher.getAuthTag(), body]);
}

/** Decrypts a sealed buffer; throws a short reason (bad magic / authentication failed) on any mismatch. */
export function unseal(key: Buffer, magic: Buffer, sealed: Buffer): Buffer {
  if (sealed.length < magic.length + IV_BYTES + TAG_BYTES || !sealed.subarray(0, magic.length).equals(magic))
    throw new Error('not a Ctrl-G ledger file (wrong header)');
  const iv = sealed.subarray(magic.length, magic.length + IV_BYTES);
  const tag = sealed.subarray(magic.length + IV_BYTES, magic.length + IV_BYTES + TAG_BYTES);
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAAD(magic);
  decipher.setAuthTag(tag);
  try {
    return Buffer.concat([decipher.update(sealed.subarray(magic.length + IV_BYTES + TAG_BYTES)), decipher.final()]);
  } catch {
    throw new Error('authentication failed: the file was modified or the key does not match');
  }
}

export async function writeFileAtomic(path: string, data: Buffer): Promise<void> {
  const tmp = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  const handle = await open(tmp, 'w', 0o600);
  try {
    await handle.writeFile(data);
    await handle.sync();
  } catch (e) {
    await handle.close();
    await unlink(tmp).catch(() => undefined);
    throw e;
  }
  await handle.close();
  await rename(tmp, path);
}
