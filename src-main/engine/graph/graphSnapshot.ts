// The graph snapshot: a MemoryGraph as one binary file beside the Kuzu database, read back with one read and
// typed-array views (no parsing per edge, no Map rebuilt), so a process opens a 10M-triple graph in about the
// time it takes to read the file. Kuzu stays the store of record; the snapshot carries a stamp of the database
// it was made from, and a stale, foreign or damaged file is refused here and rebuilt by the library.
//
// Layout: "CTRLGSNP" | u32 version | u32 header bytes | header JSON | sections, each 8-byte aligned. The header
// names each section's byte range and element type; the file's total size is in the header too.
import type { MemoryGraphParts } from './memoryGraph.js';
import { MemoryGraph } from './memoryGraph.js';
import { tableFits } from './stringTable.js';
import { HashedLists } from './hashedLists.js';
import { KeyedLists } from './keyedLists.js';
import type { NameIndexData } from './nameIndexData.js';
import { trigramIndexFits } from './trigramIndex.js';
import { keyHoldersFit } from './keyHolders.js';

export const SNAPSHOT_FILE = 'graph.snapshot';
// 2: the trigram postings hold key ranks ordered by size (trigramIndex.ts) instead of key ids.
// 3: the compact (space-free) linking keys, each entity's literal kind and schema type, each key's holders, each relation's signature.
// 4: the compact keys and the sanitizer's keys as hash buckets (hashedLists.ts), without their strings.
export const SNAPSHOT_VERSION = 4;
const MAGIC = 'CTRLGSNP';

type ArrayKind = 'i32' | 'u8' | 'f32' | 'f64' | 'utf8';
const ELEMENT_BYTES: Record<ArrayKind, number> = { i32: 4, u8: 1, f32: 4, f64: 8, utf8: 1 };
interface SectionEntry {
  name: string;
  kind: ArrayKind;
  offset: number;
  bytes: number;
}
interface SnapshotHeader {
  version: number;
  /** Identifies the database state the snapshot was made from (the library's choice: meta and file size). */
  stamp: string;
  bytes: number;
  entities: number;
  edges: number;
  maxKeyLength: number;
  maxScrubWords: number;
  tripleCount: number;
  relationLabels: string[];
  typeLabels: string[];
  /** The distinct schema types (schemaTypes.ts); section schemaTypeOf holds each entity's index in it. */
  schemaTypeLabels: string[];
  /** relationSignatures(graph), one per relation: [head type, tail type, literal tail]. */
  relationSignatures: [string, string, boolean][];
  /**
   * Every entity's id is its name (a graph of plain triples): the names are stored once and read as both. Absent in
   * snapshots written before it, which keep an ids section.
   */
  idsAreNames?: boolean;
  sections: SectionEntry[];
}

/** The snapshot is unusable: damaged, truncated, or from another version. The library rebuilds it. */
export class SnapshotError extends Error {
  constructor(
    readonly file: string,
    readonly reason: string,
  ) {
    super(`The graph snapshot ${file} cannot be used (${reason}); it will be rebuilt from the database.`);
    this.name = 'SnapshotError';
  }
}

/** Strings as one UTF-8 blob plus each string's end in UTF-16 units (one decode, then slices). */
function stringSections(prefix: string, strings: readonly string[]): Section[] {
  const ends = new Int32Array(strings.length);
  let at = 0;
  for (let i = 0; i < strings.length; i++) ends[i] = at += strings[i].length;
  return [
    [`${prefix}.text`, 'utf8', Buffer.from(strings.join(''), 'utf8')],
    [`${prefix}.ends`, 'i32', ends],
  ];
}

type Section = [string, ArrayKind, Uint8Array | Int32Array | Float32Array | Float64Array];

const KEYED_LISTS = ['linkKeys', 'stems', 'acronyms', 'trigrams'] as const;
const HASHED_LISTS = ['compact', 'scrubKeys'] as const;

function keyedSections(prefix: string, lists: KeyedLists): Section[] {
  return [
    [`${prefix}.text`, 'utf8', Buffer.from(lists.text, 'utf8')],
    [`${prefix}.ends`, 'i32', lists.ends],
    [`${prefix}.table`, 'i32', lists.table],
    [`${prefix}.start`, 'i32', lists.start],
    [`${prefix}.items`, 'i32', lists.items],
  ];
}

function nameIndexSections(d: NameIndexData): Section[] {
  return [
    ...KEYED_LISTS.flatMap((k) => keyedSections(k, k === 'trigrams' ? d.closest.postings : d[k])),
    ...HASHED_LISTS.flatMap((k): Section[] => [
      [`${k}.start`, 'i32', d[k].start],
      [`${k}.items`, 'i32', d[k].items],
    ]),
    ['trigrams.keyOfRank', 'i32', d.closest.keyOfRank],
    ['trigrams.sizeStart', 'i32', d.closest.sizeStart],
    ['keyWeight', 'f64', d.keyWeight],
  ];
}

/** The snapshot's bytes, as chunks to write in order. */
export function encodeSnapshot(graph: MemoryGraph, stamp: string): Uint8Array[] {
  const typeLabels: string[] = [];
  const typeIndex = new Map<string, number>();
  const typeOf = new Int32Array(graph.size);
  graph.types.forEach((t, i) => {
    if (t === undefined) return void (typeOf[i] = -1);
    let k = typeIndex.get(t);
    if (k === undefined) typeIndex.set(t, (k = typeLabels.push(t) - 1));
    typeOf[i] = k;
  });
  // Schema types are a dozen labels: one byte per entity.
  const schemaTypeLabels = [...new Set(graph.schemaTypes())];
  if (schemaTypeLabels.length > 255) throw new Error('snapshot: more than 255 schema types');
  const schemaTypeCode = new Map(schemaTypeLabels.map((t, i) => [t, i]));
  const schemaTypeOf = Uint8Array.from(graph.schemaTypes(), (t) => schemaTypeCode.get(t)!);
  // Decoding 10M short strings is most of opening a large graph: an ids column equal to the names is kept once.
  const idsAreNames = graph.ids === graph.names || graph.ids.every((id, i) => id === graph.names[i]);
  const arrays: Section[] = [
    ['offsets', 'i32', graph.offsets],
    ['edgeNeighbor', 'i32', graph.edgeNeighbor],
    ['edgeRelation', 'i32', graph.edgeRelation],
    ['edgeDirection', 'u8', graph.edgeDirection],
    ['literalCodes', 'u8', graph.literalCodes],
    ['typeOf', 'i32', typeOf],
    ['idTable', 'i32', graph.idTable],
    ['categorical', 'f32', graph.categorical()],
    ['literalKinds', 'u8', graph.literalKinds()],
    ['schemaTypeOf', 'u8', schemaTypeOf],
    ['keyHolders.start', 'i32', graph.keyHolders().start],
    ['keyHolders.items', 'i32', graph.keyHolders().items],
    ...(idsAreNames ? [] : stringSections('ids', graph.ids)),
    ...stringSections('names', graph.names),
    ...nameIndexSections(graph.nameIndexData()),
  ];
  const sections: SectionEntry[] = [];
  const header = (bodyStart: number): SnapshotHeader => {
    let at = bodyStart;
    sections.length = 0;
    for (const [name, kind, a] of arrays) {
      sections.push({ name, kind, offset: at, bytes: a.byteLength });
      at = align8(at + a.byteLength);
    }
    return {
      version: SNAPSHOT_VERSION,
      stamp,
      bytes: at,
      entities: graph.size,
      edges: graph.edgeNeighbor.length,
      maxKeyLength: graph.nameIndexData().maxKeyLength,
      maxScrubWords: graph.nameIndexData().maxScrubWords,
      tripleCount: graph.tripleCount,
      relationLabels: graph.relationLabels,
      typeLabels,
      schemaTypeLabels,
      relationSignatures: graph.relationSignatures().map((x) => [x.headType, x.tailType, x.literalTail]),
      ...(idsAreNames ? { idsAreNames } : {}),
      sections,
    };
  };
  // The header's length moves the sections, whose offsets are in the header: settle the body's start first.
  const fixed = MAGIC.length + 8;
  let bodyStart = 0;
  let json = '';
  for (;;) {
    json = JSON.stringify(header(bodyStart));
    const needed = align8(fixed + Buffer.byteLength(json));
    if (needed <= bodyStart) break;
    bodyStart = needed;
  }
  // Spaces after the JSON fill the header up to the body (JSON.parse ignores them).
  const jsonBytes = Buffer.alloc(bodyStart - fixed, 0x20);
  jsonBytes.write(json, 0, 'utf8');
  const head = Buffer.alloc(MAGIC.length + 8);
  head.write(MAGIC, 0, 'latin1');
  head.writeUInt32LE(SNAPSHOT_VERSION, MAGIC.length);
  head.writeUInt32LE(jsonBytes.length, MAGIC.length + 4);
  const chunks: Uint8Array[] = [head, jsonBytes];
  let at = head.length + jsonBytes.length;
  for (const [i, [, , a]] of arrays.entries()) {
    const pad = sections[i].offset - at;
    if (pad < 0) throw new Error('snapshot layout: overlapping sections');
    if (pad) chunks.push(Buffer.alloc(pad));
    chunks.push(new Uint8Array(a.buffer, a.byteOffset, a.byteLength));
    at = sections[i].offset + a.byteLength;
  }
  const tail = align8(at) - at;
  if (tail) chunks.push(Buffer.alloc(tail));
  return chunks;
}

function align8(n: number): number {
  return Math.ceil(n / 8) * 8;
}

/** Reads the header only; throws SnapshotError when the file is not a snapshot of this version. */
export function snapshotHeader(buf: Buffer, file: string): SnapshotHeader {
  if (buf.length < MAGIC.length + 8 || buf.toString('latin1', 0, MAGIC.length) !== MAGIC) throw new SnapshotError(file, 'not a graph snapshot');
  const version = buf.readUInt32LE(MAGIC.length);
  if (version !== SNAPSHOT_VERSION) throw new SnapshotError(file, `version ${version}, this build reads ${SNAPSHOT_VERSION}`);
  const len = buf.readUInt32LE(MAGIC.length + 4);
  if (MAGIC.length + 8 + len > buf.length) throw new SnapshotError(file, 'truncated header');
  let header: SnapshotHeader;
  try {
    header = JSON.parse(buf.toString('utf8', MAGIC.length + 8, MAGIC.length + 8 + len)) as SnapshotHeader;
  } catch {
    throw new SnapshotError(file, 'damaged header');
  }
  if (header.version !== version || !Array.isArray(header.sections) || !Array.isArray(header.relationLabels) || !Array.isArray(header.typeLabels) || !Array.isArray(header.schemaTypeLabels))
    throw new SnapshotError(file, 'damaged header');
  if (header.bytes !== buf.length) throw new SnapshotError(file, `${buf.length} bytes where the header says ${header.bytes}`);
  return header;
}

/**
 * The graph in a snapshot's bytes, or SnapshotError. The caller checks `stamp` against the database first
 * (snapshotHeader). Views share `buf`'s memory; every index is range-checked, so a damaged file cannot make
 * the graph read outside its arrays.
 */
export function decodeSnapshot(name: string, buf: Buffer, file: string): MemoryGraph {
  const header = snapshotHeader(buf, file);
  // Typed-array views need their element alignment; a Buffer from a small-file pool may not have it.
  const bytes = buf.byteOffset % 8 === 0 ? buf : Buffer.from(buf);
  const byName = new Map(header.sections.map((s) => [s.name, s]));
  const section = (sname: string, kind: ArrayKind): SectionEntry => {
    const s = byName.get(sname);
    if (!s || s.kind !== kind || !Number.isInteger(s.offset) || !Number.isInteger(s.bytes) || s.offset < 0 || s.offset % 8 || s.bytes < 0 || s.offset + s.bytes > bytes.length)
      throw new SnapshotError(file, `section ${sname} missing or out of range`);
    if (s.bytes % ELEMENT_BYTES[kind]) throw new SnapshotError(file, `section ${sname} has the wrong length`);
    return s;
  };
  const i32 = (sname: string, length: number): Int32Array => {
    const s = section(sname, 'i32');
    if (s.bytes !== length * 4) throw new SnapshotError(file, `section ${sname} has the wrong length`);
    return new Int32Array(bytes.buffer, bytes.byteOffset + s.offset, length);
  };
  const u8 = (sname: string, length: number): Uint8Array => {
    const s = section(sname, 'u8');
    if (s.bytes !== length) throw new SnapshotError(file, `section ${sname} has the wrong length`);
    return new Uint8Array(bytes.buffer, bytes.byteOffset + s.offset, length);
  };
  const n = header.entities;
  const m = header.edges;
  const R = header.relationLabels.length;
  const offsets = i32('offsets', n + 1);
  const edgeNeighbor = i32('edgeNeighbor', m);
  const edgeRelation = i32('edgeRelation', m);
  const edgeDirection = u8('edgeDirection', m);
  const literalCodes = u8('literalCodes', n);
  const typeOf = i32('typeOf', n);
  const idTableSection = section('idTable', 'i32');
  const idTable = new Int32Array(bytes.buffer, bytes.byteOffset + idTableSection.offset, idTableSection.bytes / 4);
  const cat = section('categorical', 'f32');
  if (cat.bytes !== R * 2 * 4) throw new SnapshotError(file, 'section categorical has the wrong length');
  const categorical = new Float32Array(bytes.buffer, bytes.byteOffset + cat.offset, R * 2);
  const strings = (prefix: string): string[] => {
    const text = section(`${prefix}.text`, 'utf8');
    const ends = i32(`${prefix}.ends`, n);
    const all = bytes.toString('utf8', text.offset, text.offset + text.bytes);
    const out = new Array<string>(n);
    let at = 0;
    for (let i = 0; i < n; i++) {
      const end = ends[i];
      if (end < at || end > all.length) throw new SnapshotError(file, `section ${prefix} is damaged`);
      out[i] = all.slice(at, end);
      at = end;
    }
    if (at !== all.length) throw new SnapshotError(file, `section ${prefix} is damaged`);
    return out;
  };
  checkCsr(file, n, m, R, offsets, edgeNeighbor, edgeRelation, edgeDirection, literalCodes);
  if (!tableFits(idTable, n)) throw new SnapshotError(file, 'section idTable is damaged');
  const types = new Array<string | undefined>(n);
  for (let i = 0; i < n; i++) {
    const t = typeOf[i];
    if (t < -1 || t >= header.typeLabels.length) throw new SnapshotError(file, 'section typeOf is damaged');
    types[i] = t < 0 ? undefined : header.typeLabels[t];
  }
  const literalKinds = u8('literalKinds', n);
  for (let i = 0; i < n; i++) if (literalKinds[i] > 3) throw new SnapshotError(file, 'section literalKinds is damaged');
  const schemaTypeOf = u8('schemaTypeOf', n);
  const schemaTypes = new Array<string>(n);
  for (let i = 0; i < n; i++) {
    const t = header.schemaTypeLabels[schemaTypeOf[i]];
    if (typeof t !== 'string') throw new SnapshotError(file, 'section schemaTypeOf is damaged');
    schemaTypes[i] = t;
  }
  const signatures = header.relationSignatures;
  if (!Array.isArray(signatures) || signatures.length !== R || !signatures.every((x) => Array.isArray(x) && typeof x[0] === 'string' && typeof x[1] === 'string' && typeof x[2] === 'boolean'))
    throw new SnapshotError(file, 'damaged relation signatures');
  const relationSignatures = signatures.map(([headType, tailType, literalTail]) => ({ headType, tailType, literalTail }));
  const counted = (sname: string): Int32Array => {
    const s = section(sname, 'i32');
    return new Int32Array(bytes.buffer, bytes.byteOffset + s.offset, s.bytes / 4);
  };
  const keyHolders = { start: i32('keyHolders.start', 2 * R + 1), items: counted('keyHolders.items') };
  if (!keyHoldersFit(keyHolders, 2 * R, n)) throw new SnapshotError(file, 'section keyHolders is damaged');
  const keyedUnchecked = (prefix: (typeof KEYED_LISTS)[number]): KeyedLists => {
    const text = section(`${prefix}.text`, 'utf8');
    return new KeyedLists(
      bytes.toString('utf8', text.offset, text.offset + text.bytes),
      counted(`${prefix}.ends`),
      counted(`${prefix}.table`),
      counted(`${prefix}.start`),
      counted(`${prefix}.items`),
    );
  };
  const keyed = (prefix: (typeof KEYED_LISTS)[number], valueLimit: number): KeyedLists => {
    const lists = keyedUnchecked(prefix);
    if (!lists.fits(valueLimit)) throw new SnapshotError(file, `section ${prefix} is damaged`);
    return lists;
  };
  const hashed = (prefix: (typeof HASHED_LISTS)[number], valueLimit: number): HashedLists => {
    const lists = new HashedLists(counted(`${prefix}.start`), counted(`${prefix}.items`));
    if (!lists.fits(valueLimit)) throw new SnapshotError(file, `section ${prefix} is damaged`);
    return lists;
  };
  const linkKeys = keyed('linkKeys', n);
  const K = linkKeys.size;
  const closest = { postings: keyedUnchecked('trigrams'), keyOfRank: i32('trigrams.keyOfRank', K), sizeStart: counted('trigrams.sizeStart') };
  if (!trigramIndexFits(closest, K)) throw new SnapshotError(file, 'section trigrams is damaged');
  const weights = section('keyWeight', 'f64');
  if (weights.bytes !== K * 8) throw new SnapshotError(file, 'section keyWeight has the wrong length');
  const nameIndex: NameIndexData = {
    linkKeys,
    compact: hashed('compact', K),
    stems: keyed('stems', K),
    acronyms: keyed('acronyms', K),
    closest,
    keyWeight: new Float64Array(bytes.buffer, bytes.byteOffset + weights.offset, K),
    maxKeyLength: header.maxKeyLength,
    scrubKeys: hashed('scrubKeys', n),
    maxScrubWords: header.maxScrubWords,
  };
  if (!Number.isInteger(nameIndex.maxKeyLength) || !Number.isInteger(nameIndex.maxScrubWords)) throw new SnapshotError(file, 'damaged header');
  const names = strings('names');
  const ids = header.idsAreNames === true ? names : strings('ids');
  const parts: MemoryGraphParts = {
    ids,
    names,
    types,
    literalCodes,
    relationLabels: header.relationLabels,
    offsets,
    edgeNeighbor,
    edgeRelation,
    edgeDirection,
    tripleCount: header.tripleCount,
    idTable,
    categorical,
    literalKinds,
    schemaTypes,
    keyHolders,
    relationSignatures,
    nameIndex,
  };
  return new MemoryGraph(name, parts);
}

/** Every index the graph will follow is in range: a damaged file fails here, not as a wrong answer later. */
function checkCsr(file: string, n: number, m: number, R: number, offsets: Int32Array, nb: Int32Array, rel: Int32Array, dir: Uint8Array, lit: Uint8Array): void {
  if (offsets[0] !== 0 || offsets[n] !== m) throw new SnapshotError(file, 'section offsets is damaged');
  for (let i = 0; i < n; i++) if (offsets[i + 1] < offsets[i]) throw new SnapshotError(file, 'section offsets is damaged');
  for (let k = 0; k < m; k++)
    if (nb[k] < 0 || nb[k] >= n || rel[k] < 0 || rel[k] >= R || dir[k] > 1) throw new SnapshotError(file, 'the edge sections are damaged');
  for (let i = 0; i < n; i++) if (lit[i] > 3) throw new SnapshotError(file, 'section literalCodes is damaged');
}
