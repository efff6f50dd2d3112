// The GloVe vocabulary as one flat byte block: an open-addressing hash table (word → row) over a UTF-8 string
// table. Building a Map of ~340k strings costs ~0.3 s of CPU and GC on every start; this block is read with one
// readFileSync and a word costs a hash and a probe or two when it is first asked for. Pure: bytes in, bytes out.
//
// Layout (little endian, u32 unless said): MAGIC, FORMAT, size (rows), slotCount (a power of two), bytesLength;
// then i32 slots[slotCount] (row, or EMPTY); u32 offsets[size + 1] into the strings; then the UTF-8 strings.

const MAGIC = 0x49564743; // "CGVI"
const FORMAT = 1;
const HEADER_WORDS = 5;
const EMPTY = -1;

/** FNV-1a over UTF-16 code units: cheap on a JS string, no encoding needed to hash a query word. */
function hashWord(word: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < word.length; i++) h = Math.imul(h ^ word.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

function slotCountFor(size: number): number {
  // Load factor ≤ 0.5 keeps linear probes short.
  let n = 16;
  while (n < size * 2) n *= 2;
  return n;
}

/**
 * The index block of `words` (row i = words[i]); empty words are rows no word maps to, and a repeated word maps to
 * its first (most frequent) row.
 */
export function buildGloveIndex(words: readonly string[]): Uint8Array {
  const encoded = words.map((w) => Buffer.from(w, 'utf8'));
  const bytesLength = encoded.reduce((s, b) => s + b.length, 0);
  const slotCount = slotCountFor(words.length);
  const head = HEADER_WORDS * 4;
  const slotsAt = head;
  const offsetsAt = slotsAt + slotCount * 4;
  const stringsAt = offsetsAt + (words.length + 1) * 4;
  const out = new Uint8Array(stringsAt + bytesLength);
  const view = new DataView(out.buffer);
  [MAGIC, FORMAT, words.length, slotCount, bytesLength].forEach((v, i) => view.setUint32(i * 4, v, true));
  const slots = new Int32Array(out.buffer, slotsAt, slotCount).fill(EMPTY);
  const offsets = new Uint32Array(out.buffer, offsetsAt, words.length + 1);
  let at = 0;
  encoded.forEach((b, i) => {
    offsets[i] = at;
    out.set(b, stringsAt + at);
    at += b.length;
  });
  offsets[words.length] = at;
  const seen = new Set<string>();
  const mask = slotCount - 1;
  words.forEach((w, row) => {
    if (!w || seen.has(w)) return;
    seen.add(w);
    let s = hashWord(w) & mask;
    while (slots[s] !== EMPTY) s = (s + 1) & mask;
    slots[s] = row;
  });
  return out;
}

/** Word → row look-ups over an index block; `open` checks the block's structure so a damaged file is refused. */
export class GloveIndex {
  private constructor(
    readonly size: number,
    private readonly slots: Int32Array,
    private readonly offsets: Uint32Array,
    private readonly strings: Uint8Array,
  ) {}

  /** The index in `block`, or undefined when the block is not a well-formed index (truncated, foreign, damaged). */
  static open(block: Uint8Array): GloveIndex | undefined {
    if (block.byteLength < HEADER_WORDS * 4) return undefined;
    // Typed-array views need 4-byte alignment: copy a Buffer that sits unaligned in Node's pool.
    const bytes = block.byteOffset % 4 === 0 ? block : block.slice();
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const [magic, format, size, slotCount, bytesLength] = Array.from({ length: HEADER_WORDS }, (_, i) => view.getUint32(i * 4, true));
    if (magic !== MAGIC || format !== FORMAT || slotCount !== slotCountFor(size)) return undefined;
    const slotsAt = HEADER_WORDS * 4;
    const offsetsAt = slotsAt + slotCount * 4;
    const stringsAt = offsetsAt + (size + 1) * 4;
    if (bytes.byteLength !== stringsAt + bytesLength) return undefined;
    const slots = new Int32Array(bytes.buffer, bytes.byteOffset + slotsAt, slotCount);
    const offsets = new Uint32Array(bytes.buffer, bytes.byteOffset + offsetsAt, size + 1);
    // Structure checks cost ~1 ms at 340k words and turn every out-of-range read into a refusal.
    if (offsets[0] !== 0 || offsets[size] !== bytesLength) return undefined;
    for (let i = 0; i < size; i++) if (offsets[i] > offsets[i + 1]) return undefined;
    let used = 0;
    for (let s = 0; s < slotCount; s++) {
      const r = slots[s];
      if (r === EMPTY) continue;
      if (r < 0 || r >= size) return undefined;
      used++;
    }
    // A full table would make a miss probe forever.
    if (used >= slotCount) return undefined;
    return new GloveIndex(size, slots, offsets, bytes.subarray(stringsAt, stringsAt + bytesLength));
  }

  /** Row of exactly `word`, or -1. */
  rowOf(word: string): number {
    if (!word) return -1;
    const mask = this.slots.length - 1;
    let encoded: Buffer | undefined;
    for (let s = hashWord(word) & mask; ; s = (s + 1) & mask) {
      const row = this.slots[s];
      if (row === EMPTY) return -1;
      encoded ??= Buffer.from(word, 'utf8');
      if (this.wordIs(row, encoded)) return row;
    }
  }

  /** The word of a row ('' for a row no word has). */
  word(row: number): string {
    return Buffer.from(this.strings.buffer, this.strings.byteOffset + this.offsets[row], this.offsets[row + 1] - this.offsets[row]).toString('utf8');
  }

  private wordIs(row: number, encoded: Uint8Array): boolean {
    const start = this.offsets[row];
    if (this.offsets[row + 1] - start !== encoded.length) return false;
    for (let i = 0; i < encoded.length; i++) if (this.strings[start + i] !== encoded[i]) return false;
    return true;
  }
}
