// Strict UTF-8 decoding for every parser: a byte sequence that is not UTF-8 stops the import with its line,
// instead of becoming U+FFFD and silently changing (and possibly merging) the names it sits in.
import { ImportError } from './importErrors.js';

/** Offset of the first byte that cannot start or continue a UTF-8 sequence here; -1 when none. */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i];
    const len = b < 0x80 ? 1 : b >= 0xc2 && b <= 0xdf ? 2 : b >= 0xe0 && b <= 0xef ? 3 : b >= 0xf0 && b <= 0xf4 ? 4 : 0;
    if (len === 0) return i;
    for (let k = 1; k < len; k++) {
      // A sequence cut by the end of the chunk is judged with the next chunk.
      if (i + k >= bytes.length) return -1;
      if ((bytes[i + k] & 0xc0) !== 0x80) return i;
    }
    i += len;
  }
  return -1;
}

/** A streaming decoder that throws an ImportError naming the line of the first invalid byte. */
export class Utf8Input {
  private readonly decoder = new TextDecoder('utf-8', { fatal: true });

  constructor(private readonly file: string) {}

  /** `linesBefore`: complete lines read before this chunk. */
  decode(chunk: Uint8Array, linesBefore: number): string {
    try {
      return this.decoder.decode(chunk, { stream: true });
    } catch {
      const at = Math.max(0, firstInvalidUtf8(chunk));
      let line = linesBefore + 1;
      for (let i = 0; i < at; i++) if (chunk[i] === 10) line++;
      throw new ImportError(this.file, line, 'bytes that are not valid UTF-8 (save the file as UTF-8)');
    }
  }

  end(linesBefore: number): string {
    try {
      return this.decoder.decode();
    } catch {
      throw new ImportError(this.file, linesBefore + 1, 'the file ends inside a UTF-8 character');
    }
  }
}
