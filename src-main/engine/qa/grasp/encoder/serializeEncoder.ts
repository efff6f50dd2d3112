// encoder.bin: a little-endian u32 header length, a JSON header (config, seed, parameter names, shapes, offsets,
// relation labels), zero padding to 4 bytes, then every parameter as raw Float32 in header order.
import { GraspEncoder, type EncoderConfig } from './graspEncoder.js';

const MAGIC = 'ctrlg-grasp-encoder';
export const ENCODER_FORMAT_VERSION = 1;

interface Header {
  magic: string;
  version: number;
  config: EncoderConfig;
  relationLabels: string[];
  params: { name: string; shape: number[]; offset: number; length: number }[];
}

export function serializeEncoder(encoder: GraspEncoder, relationLabels: string[]): Buffer {
  let offset = 0;
  const params = encoder.params.list.map((p) => {
    const entry = { name: p.name, shape: p.shape, offset, length: p.value.length };
    offset += p.value.length;
    return entry;
  });
  const header: Header = { magic: MAGIC, version: ENCODER_FORMAT_VERSION, config: encoder.config, relationLabels, params };
  const json = Buffer.from(JSON.stringify(header), 'utf8');
  const pad = (4 - ((4 + json.length) % 4)) % 4;
  const body = new Float32Array(offset);
  for (const [k, p] of encoder.params.list.entries()) for (let i = 0; i < p.value.length; i++) body[params[k].offset + i] = p.value[i];
  const len = Buffer.alloc(4);
  len.writeUInt32LE(json.length + pad, 0);
  return Buffer.concat([len, json, Buffer.alloc(pad, 0x20), Buffer.from(body.buffer, body.byteOffset, body.byteLength)]);
}

export interface LoadedEncoder {
  encoder: GraspEncoder;
  relationLabels: string[];
}

/**
 * Reads an encoder. With `graphRelations`, relation embeddings are re-indexed by label so a graph whose relation
 * order changed (a re-import) still gets the trained vectors; relations the encoder never saw get zero vectors.
 */
export function deserializeEncoder(buf: Buffer, graphRelations?: string[]): LoadedEncoder {
  const headerLength = buf.readUInt32LE(0);
  const header = JSON.parse(buf.subarray(4, 4 + headerLength).toString('utf8').trimEnd()) as Header;
  if (header.magic !== MAGIC) throw new Error('not a Ctrl-G GraSP encoder file');
  if (header.version !== ENCODER_FORMAT_VERSION) throw new Error(`unsupported encoder format version ${header.version}`);
  const start = 4 + headerLength;
  const total = header.params.reduce((a, p) => a + p.length, 0);
  const body = new Float32Array(buf.buffer.slice(buf.byteOffset + start, buf.byteOffset + start + total * 4));
  const relations = graphRelations ?? header.relationLabels;
  const config: EncoderConfig = { ...header.config, relationCount: relations.length };
  const encoder = new GraspEncoder(config);
  const savedIndex = new Map(header.relationLabels.map((l, i) => [l, i]));
  const H = config.hidden;
  for (const entry of header.params) {
    const p = encoder.params.get(entry.name);
    const src = body.subarray(entry.offset, entry.offset + entry.length);
    if (!entry.name.endsWith('.R')) {
      if (p.value.length !== src.length) throw new Error(`parameter ${entry.name} has ${src.length} values, expected ${p.value.length}`);
      p.value.set(src);
      continue;
    }
    relations.forEach((label, r) => {
      const s = savedIndex.get(label);
      if (s === undefined) return;
      for (let d = 0; d < 2; d++) p.value.set(src.subarray((2 * s + d) * H, (2 * s + d + 1) * H), (2 * r + d) * H);
    });
  }
  return { encoder, relationLabels: relations };
}
