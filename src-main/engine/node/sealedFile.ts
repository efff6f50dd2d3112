// AES-256-GCM sealed files, written atomically (temp file, fsync, rename), so a crash mid-write leaves the old
// file whole; and files created exclusively (temp file, fsync, link), so two processes agree on one.
// Sealed layout: magic (8) | IV (12) | tag (16) | ciphertext; the magic is authenticated as AAD.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { link, open, rename, unlink } from 'node:fs/promises';

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
  const tmp = await writeTemp(path, data);
  await rename(tmp, path);
}

/** link() errors of file systems without hard links (FAT, some network and container mounts). */
const NO_HARD_LINKS = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS', 'EXDEV']);

/**
 * Creates `path` (mode 0600) with `data` unless it exists: written whole to a temporary file, then hard-linked into
 * place, so a reader never sees half of it and of two processes racing exactly one wins. Returns false (writing
 * nothing) when the file was already there. Where the file system has no hard links, an exclusive open does it.
 */
export async function writeFileExclusive(path: string, data: Buffer): Promise<boolean> {
  const tmp = await writeTemp(path, data);
  try {
    await link(tmp, path);
    return true;
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    if (!code || !NO_HARD_LINKS.has(code)) throw e;
  } finally {
    await unlink(tmp).catch(() => undefined);
  }
  let handle;
  try {
    handle = await open(path, 'wx', 0o600);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw e;
  }
  try {
    await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
  return true;
}

/** A synced 0600 temporary file next to `path` holding `data`. */
async function writeTemp(path: string, data: Buffer): Promise<string> {
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
  return tmp;
}
