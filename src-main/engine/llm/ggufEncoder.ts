// A minimal GGUF v3 encoder: metadata key/values plus F32 tensors, laid out the way llama.cpp's gguf reader expects.
// It exists so the project can make its own test models; it is not a general converter (F32 only, no quantisation).
import { open } from 'node:fs/promises';

/** GGUF value type ids (gguf.h `enum gguf_type`). */
export const GgufType = {
  uint8: 0,
  int8: 1,
  uint16: 2,
  int16: 3,
  uint32: 4,
  int32: 5,
  float32: 6,
  bool: 7,
  string: 8,
  array: 9,
  uint64: 10,
  int64: 11,
  float64: 12,
} as const;

export type GgufScalarTypeName = Exclude<keyof typeof GgufType, 'array'>;

/** One metadata value with its explicit GGUF type: JS numbers alone do not say whether they are u32, i32 or f32. */
export type GgufValue =
  | { type: GgufScalarTypeName; value: number | bigint | boolean | string }
  | { type: 'array'; itemType: GgufScalarTypeName; values: readonly (number | bigint | boolean | string)[] };

export interface GgufTensor {
  name: string;
  /** ggml order: ne[0] is the innermost (contiguous) dimension. */
  shape: readonly number[];
  data: Float32Array;
}

const GGUF_MAGIC = 0x46554747; // "GGUF" read as a little-endian u32
const GGML_TYPE_F32 = 0;

/** Growable little-endian byte sink; the header of a tiny model is a few KB so simplicity beats cleverness. */
class ByteSink {
  private buf = Buffer.alloc(4096);
  length = 0;

  private reserve(n: number): void {
    if (this.length + n <= this.buf.length) return;
    const next = Buffer.alloc(Math.max(this.buf.length * 2, this.length + n));
    this.buf.copy(next, 0, 0, this.length);
    this.buf = next;
  }
  u8(v: number): void { this.reserve(1); this.buf.writeUInt8(v, this.length); this.length += 1; }
  i8(v: number): void { this.reserve(1); this.buf.writeInt8(v, this.length); this.length += 1; }
  u16(v: number): void { this.reserve(2); this.buf.writeUInt16LE(v, this.length); this.length += 2; }
  i16(v: number): void { this.reserve(2); this.buf.writeInt16LE(v, this.length); this.length += 2; }
  u32(v: number): void { this.reserve(4); this.buf.writeUInt32LE(v, this.length); this.length += 4; }
  i32(v: number): void { this.reserve(4); this.buf.writeInt32LE(v, this.length); this.length += 4; }
  f32(v: number): void { this.reserve(4); this.buf.writeFloatLE(v, this.length); this.length += 4; }
  f64(v: number): void { this.reserve(8); this.buf.writeDoubleLE(v, this.length); this.length += 8; }
  u64(v: number | bigint): void { this.reserve(8); this.buf.writeBigUInt64LE(BigInt(v), this.length); this.length += 8; }
  i64(v: number | bigint): void { this.reserve(8); this.buf.writeBigInt64LE(BigInt(v), this.length); this.length += 8; }
  str(s: string): void {
    const bytes = Buffer.from(s, 'utf8');
    this.u64(bytes.length);
    this.reserve(bytes.length);
    bytes.copy(this.buf, this.length);
    this.length += bytes.length;
  }
  padTo(alignment: number): void {
    const pad = (alignment - (this.length % alignment)) % alignment;
    this.reserve(pad);
    this.buf.fill(0, this.length, this.length + pad);
    this.length += pad;
  }
  bytes(): Buffer { return this.buf.subarray(0, this.length); }
}

function writeScalar(sink: ByteSink, type: GgufScalarTypeName, value: number | bigint | boolean | string): void {
  switch (type) {
    case 'uint8': return sink.u8(Number(value));
    case 'int8': return sink.i8(Number(value));
    case 'uint16': return sink.u16(Number(value));
    case 'int16': return sink.i16(Number(value));
    case 'uint32': return sink.u32(Number(value));
    case 'int32': return sink.i32(Number(value));
    case 'float32': return sink.f32(Number(value));
    case 'float64': return sink.f64(Number(value));
    case 'bool': return sink.u8(value ? 1 : 0);
    case 'string': return sink.str(String(value));
    case 'uint64': return sink.u64(typeof value === 'bigint' ? value : Number(value));
    case 'int64': return sink.i64(typeof value === 'bigint' ? value : Number(value));
  }
}

function alignUp(n: number, alignment: number): number {
  return Math.ceil(n / alignment) * alignment;
}

/**
 * Writes a GGUF v3 file. Tensor data offsets are relative to the start of the data section and each is padded to
 * `alignment` (also recorded as `general.alignment` when the caller sets it), as llama.cpp requires.
 */
export async function writeGguf(
  path: string,
  metadata: ReadonlyMap<string, GgufValue>,
  tensors: readonly GgufTensor[],
  alignment = 32,
): Promise<{ bytes: number }> {
  const head = new ByteSink();
  head.u32(GGUF_MAGIC);
  head.u32(3);
  head.u64(tensors.length);
  head.u64(metadata.size);
  for (const [key, v] of metadata) {
    head.str(key);
    if (v.type === 'array') {
      head.u32(GgufType.array);
      head.u32(GgufType[v.itemType]);
      head.u64(v.values.length);
      for (const item of v.values) writeScalar(head, v.itemType, item);
    } else {
      head.u32(GgufType[v.type]);
      writeScalar(head, v.type, v.value);
    }
  }
  let offset = 0;
  const offsets: number[] = [];
  for (const t of tensors) {
    const elements = t.shape.reduce((a, b) => a * b, 1);
    if (elements !== t.data.length) throw new Error(`tensor ${t.name}: shape ${t.shape.join('x')} needs ${elements} values, got ${t.data.length}`);
    head.str(t.name);
    head.u32(t.shape.length);
    for (const d of t.shape) head.u64(d);
    head.u32(GGML_TYPE_F32);
    head.u64(offset);
    offsets.push(offset);
    offset = alignUp(offset + t.data.byteLength, alignment);
  }
  head.padTo(alignment);

  const fh = await open(path, 'w');
  try {
    await fh.write(head.bytes(), 0, head.length, 0);
    const dataStart = head.length;
    for (let i = 0; i < tensors.length; i++) {
      const t = tensors[i];
      // Float32Array is host-endian; every platform we ship on is little-endian, as GGUF is.
      const bytes = Buffer.from(t.data.buffer, t.data.byteOffset, t.data.byteLength);
      await fh.write(bytes, 0, bytes.length, dataStart + offsets[i]);
    }
    const total = dataStart + offset;
    await fh.truncate(total); // pads the tail of the last tensor to the alignment with zeros
    return { bytes: total };
  } finally {
    await fh.close();
  }
}
