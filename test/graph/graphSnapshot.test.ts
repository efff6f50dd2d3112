import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import kuzu from 'kuzu';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GraphLibrary } from '../../src-main/engine/import/graphLibrary.js';
import { KuzuGraphStore } from '../../src-main/engine/graph/kuzuGraphStore.js';
import { DIR_IN, DIR_OUT, MemoryGraph } from '../../src-main/engine/graph/memoryGraph.js';
import { holdersOf } from '../../src-main/engine/graph/keyHolders.js';
import { decodeSnapshot, encodeSnapshot, snapshotHeader, SNAPSHOT_FILE, SNAPSHOT_VERSION, SnapshotError } from '../../src-main/engine/graph/graphSnapshot.js';
import { EntityNameIndex } from '../../src-main/engine/qa/stages/entityNameIndex.js';
import { runStatement } from '../../src-main/engine/graph/kuzuStatement.js';
import { readSnapshotFile, readWhole } from '../../src-main/engine/graph/snapshotFile.js';
import { createPrng } from '../../src-main/engine/random/prng.js';
import type { Entity, Triple } from '../../src-main/common/graphTypes.js';
import { tempDir } from '../import/helpers.js';

/**
 * A seeded Turtle graph with labels, types, dates, numbers, hubs and repeated triples; over 8,192 entities, so Kuzu's
 * COPY stores them in another order than the file's (it did from about four 2,048-row chunks on).
 */
function randomTurtle(seed: number, triples: number, entities: number): string {
  const rng = createPrng(seed);
  const lines = ['@prefix ex: <http://ex.org/> .', '@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .'];
  for (let i = 0; i < triples; i++) {
    const h = rng.next() < 0.2 ? rng.int(5) : rng.int(entities);
    const r = rng.int(9);
    const roll = rng.next();
    const tail = roll < 0.1 ? `"${1900 + rng.int(120)}"^^<http://www.w3.org/2001/XMLSchema#gYear>` : roll < 0.15 ? `"${rng.int(100)}.${rng.int(10)}"` : `ex:e${rng.int(entities)}`;
    lines.push(`ex:e${h} ex:rel${r} ${tail} .`);
  }
  for (let i = 0; i < entities; i += 3) lines.push(`ex:e${i} rdfs:label "Name ${i} Ünïcode ${'x'.repeat(i % 7)}" .`);
  for (let i = 0; i < entities; i += 5) lines.push(`ex:e${i} a ex:Type${i % 4} .`);
  return lines.join('\n') + '\n';
}

const dir = tempDir();
const notices: string[] = [];
let library: GraphLibrary;

beforeAll(async () => {
  library = new GraphLibrary(join(dir.path, 'data'), { onNotice: (m) => notices.push(m) });
  await library.importFile('g', dir.file('g.ttl', randomTurtle(7, 20_000, 9_000)));
});
afterAll(async () => {
  await library.close();
  dir.remove();
});

const snapshotPath = (): string => join(library.graphsDir, 'g', SNAPSHOT_FILE);

/** Every array and table of two graphs, and what the pipeline reads through them. */
async function expectSameGraph(a: MemoryGraph, b: MemoryGraph): Promise<void> {
  expect(a.size).toBeGreaterThan(8_192);
  expect(a.ids).toEqual(b.ids);
  expect(a.names).toEqual(b.names);
  expect(a.types).toEqual(b.types);
  expect([...a.literalCodes]).toEqual([...b.literalCodes]);
  expect(a.relationLabels).toEqual(b.relationLabels);
  expect([...a.offsets]).toEqual([...b.offsets]);
  expect([...a.edgeNeighbor]).toEqual([...b.edgeNeighbor]);
  expect([...a.edgeRelation]).toEqual([...b.edgeRelation]);
  expect([...a.edgeDirection]).toEqual([...b.edgeDirection]);
  expect(a.tripleCount).toBe(b.tripleCount);
  expect([...a.categorical()]).toEqual([...b.categorical()]);
  // Per-entity tables the first question used to compute: literal kinds and schema types (both sides non-trivial).
  expect([...a.literalKinds()]).toEqual([...b.literalKinds()]);
  expect(a.schemaTypes()).toEqual(b.schemaTypes());
  expect(new Set(a.schemaTypes()).size).toBeGreaterThan(1);
  expect(a.schemaTypes()).toContain('T1');
  expect([...a.keyHolders().start]).toEqual([...b.keyHolders().start]);
  expect([...a.keyHolders().items]).toEqual([...b.keyHolders().items]);
  expect(a.keyHolders().items.length).toBeGreaterThan(a.size / 2);
  expect(a.relationSignatures()).toEqual(b.relationSignatures());
  expect(a.relationSignatures().some((x) => x.headType !== 'none')).toBe(true);
  // The name tables of linking and sanitizing, key by key and list by list.
  const [na, nb] = [a.nameIndexData(), b.nameIndexData()];
  const tables = (d: typeof na) => [d.linkKeys, d.stems, d.acronyms, d.closest.postings];
  for (const [ta, tb] of tables(na).map((t, i) => [t, tables(nb)[i]])) {
    expect(ta.text).toBe(tb.text);
    for (const arr of ['ends', 'table', 'start', 'items'] as const) expect([...ta[arr]]).toEqual([...tb[arr]]);
  }
  for (const hashed of ['compact', 'scrubKeys'] as const)
    for (const arr of ['start', 'items'] as const) expect([...na[hashed][arr]]).toEqual([...nb[hashed][arr]]);
  expect(na.linkKeys.size).toBeGreaterThan(100);
  expect(na.compact.items.length).toBeGreaterThan(10);
  expect(na.scrubKeys.items.length).toBeGreaterThan(100);
  expect(na.closest.postings.items.length).toBeGreaterThan(na.linkKeys.size);
  expect([...na.closest.keyOfRank]).toEqual([...nb.closest.keyOfRank]);
  expect([...na.closest.sizeStart]).toEqual([...nb.closest.sizeStart]);
  expect([...na.keyWeight]).toEqual([...nb.keyWeight]);
  expect([na.maxKeyLength, na.maxScrubWords]).toEqual([nb.maxKeyLength, nb.maxScrubWords]);
  // The closest names of an unknown entity, through each graph's trigram index.
  const [ia, ib] = [EntityNameIndex.build(a), EntityNameIndex.build(b)];
  for (const text of ['name 12 unicode xx', 'nmae 4O5 ünicode', 'xxxxxx']) {
    const top = ia.closestByTrigrams(text, 5);
    expect(top).toHaveLength(5);
    expect(top).toEqual(ib.closestByTrigrams(text, 5));
  }
  expect(await a.stats()).toEqual({ ...(await b.stats()), name: a.name });
  expect(a.ids.map((id) => a.indexOf(id))).toEqual(b.ids.map((id) => b.indexOf(id)));
  expect(a.indexOf('http://ex.org/none')).toBeUndefined();
}

let reference: MemoryGraph | undefined;

/** The graph as MemoryGraph was built before snapshots: entities and triples as objects, from the store (once). */
async function objectBuiltGraph(): Promise<MemoryGraph> {
  reference ??= await buildObjectGraph();
  return reference;
}

async function buildObjectGraph(): Promise<MemoryGraph> {
  const store = await library.open('g');
  const entities: Entity[] = [];
  for await (const b of store.entities()) entities.push(...b);
  const triples: Triple[] = [];
  for await (const b of store.triples()) triples.push(...b);
  return MemoryGraph.fromTriples('g', entities, triples);
}

describe('graph snapshot', () => {
  it('is written at import and reads back as the graph built from Kuzu (neighbours, names, id table, statistics)', async () => {
    const before = readFileSync(snapshotPath());
    const fromSnapshot = await library.memoryGraph('g');
    const fromKuzu = await MemoryGraph.fromStore(await library.open('g'));
    await expectSameGraph(fromSnapshot, fromKuzu);
    await expectSameGraph(fromSnapshot, await objectBuiltGraph());
    const hub = fromSnapshot.ids.find((id) => id.endsWith('/e0'))!;
    expect(await fromSnapshot.neighbors(hub, { capPerRelation: 3 })).toEqual(await fromKuzu.neighbors(hub, { capPerRelation: 3 }));
    expect(fromSnapshot.types.filter((t) => t !== undefined).length).toBeGreaterThan(1500);
    // Reading did not rewrite it, and nothing was reported.
    expect(readFileSync(snapshotPath()).equals(before)).toBe(true);
    expect(notices).toEqual([]);
  });

  it('is rebuilt silently when stale (made from another state of the database)', async () => {
    const metaFile = join(library.graphsDir, 'g', 'meta.json');
    const meta = JSON.parse(readFileSync(metaFile, 'utf8'));
    const oldStamp = snapshotHeader(readFileSync(snapshotPath()), 'x').stamp;
    writeFileSync(metaFile, JSON.stringify({ ...meta, updatedAt: new Date(0).toISOString() }));
    const fresh = new GraphLibrary(join(dir.path, 'data'), { onNotice: (m) => notices.push(m) });
    try {
      await expectSameGraph(await fresh.memoryGraph('g'), await objectBuiltGraph());
      expect(snapshotHeader(readFileSync(snapshotPath()), 'x').stamp).not.toBe(oldStamp);
      expect(notices).toEqual([]);
    } finally {
      await fresh.close();
      writeFileSync(metaFile, JSON.stringify(meta));
    }
  });

  it.each([
    ['truncated', (b: Buffer) => b.subarray(0, b.length - 9), /bytes where the header says/],
    ['not a snapshot', () => Buffer.from('hello, not a snapshot at all'), /not a graph snapshot/],
    ['another version', (b: Buffer) => (b.writeUInt32LE(999, 8), b), /version 999/],
    ['an edge out of range', (b: Buffer) => corruptSection(b, 'edgeNeighbor'), /edge sections are damaged/],
    ['a damaged id table', (b: Buffer) => corruptSection(b, 'idTable'), /idTable is damaged/],
    ['a damaged name table', (b: Buffer) => corruptSection(b, 'stems.items'), /stems is damaged/],
    ['a damaged compact key table', (b: Buffer) => corruptSection(b, 'compact.items'), /compact is damaged/],
    ['a damaged sanitizer key table', (b: Buffer) => corruptSection(b, 'scrubKeys.start'), /scrubKeys is damaged/],
    ['damaged literal kinds', (b: Buffer) => corruptSection(b, 'literalKinds'), /literalKinds is damaged/],
    ['damaged key holders', (b: Buffer) => corruptSection(b, 'keyHolders.items'), /keyHolders is damaged/],
    ['damaged schema types', (b: Buffer) => corruptSection(b, 'schemaTypeOf'), /schemaTypeOf is damaged/],
    ['a damaged trigram index', (b: Buffer) => corruptSection(b, 'trigrams.keyOfRank'), /trigrams is damaged/],
    // Written by the previous build (no compact keys, literal kinds or schema types): refused by its version, rebuilt.
    ['of the previous version', (b: Buffer) => (b.writeUInt32LE(SNAPSHOT_VERSION - 1, 8), b), new RegExp(`version ${SNAPSHOT_VERSION - 1}, this build reads ${SNAPSHOT_VERSION}`)],
  ])('is reported and rebuilt when %s, never a crash', async (_, damage, reason) => {
    const good = readFileSync(snapshotPath());
    writeFileSync(snapshotPath(), damage(Buffer.from(good)));
    notices.length = 0;
    const fresh = new GraphLibrary(join(dir.path, 'data'), { onNotice: (m) => notices.push(m) });
    try {
      await expectSameGraph(await fresh.memoryGraph('g'), await objectBuiltGraph());
      expect(notices).toHaveLength(1);
      expect(notices[0]).toMatch(reason);
      expect(notices[0]).toMatch(/cannot be used.*rebuilt from the database/);
      const again = await readSnapshotFile(snapshotPath(), 'g', snapshotHeader(readFileSync(snapshotPath()), 'x').stamp);
      expect(again.kind).toBe('ok');
    } finally {
      await fresh.close();
      notices.length = 0;
    }
  });

  it('is rebuilt when missing', async () => {
    rmSync(snapshotPath());
    const fresh = new GraphLibrary(join(dir.path, 'data'), { onNotice: (m) => notices.push(m) });
    try {
      await expectSameGraph(await fresh.memoryGraph('g'), await objectBuiltGraph());
      expect((await readSnapshotFile(snapshotPath(), 'g', snapshotHeader(readFileSync(snapshotPath()), 'x').stamp)).kind).toBe('ok');
      expect(notices).toEqual([]);
    } finally {
      await fresh.close();
    }
  });

  it('is read in slices side by side into the same bytes as one read, slice edges anywhere in a section', async () => {
    const whole = readFileSync(snapshotPath());
    for (const slice of [1000, 4096, 77_777]) {
      const parts = await readWhole(snapshotPath(), slice);
      expect(whole.length).toBeGreaterThan(2 * slice);
      expect(parts.equals(whole)).toBe(true);
      // Typed-array views of the sections need an aligned start: a buffer of its own, never a pool's slice.
      expect(parts.byteOffset % 8).toBe(0);
    }
  });

  it('round-trips a graph with types, literals and non-ASCII names in memory', async () => {
    const g = MemoryGraph.fromTriples(
      'm',
      [{ id: 'a', name: 'Zoë “A”', type: 'Person' }, { id: '1999', name: '1999', literal: 'date' }, { id: 'e', name: '' }],
      [{ head: 'a', relation: 'born', tail: '1999' }, { head: 'a', relation: 'knows', tail: 'b' }, { head: 'b', relation: 'knows', tail: 'a' }, { head: 'e', relation: 'born', tail: '1999' }],
    );
    const bytes = Buffer.concat(encodeSnapshot(g, 'stamp-1'));
    const back = decodeSnapshot('m', bytes, 'mem');
    expect(back.ids).toEqual(g.ids);
    expect(back.names).toEqual(['Zoë “A”', '1999', '', 'b']);
    expect(back.types).toEqual(g.types);
    // Stored, not recomputed: the decoded graph holds them before any question asks.
    expect(back.schemaTypes()).toEqual(g.schemaTypes());
    expect(back.schemaTypes()).toEqual(['T1', 'date', 'T1', 'T2']);
    expect([...back.literalKinds()]).toEqual([0, 1, 0, 0]);
    // Holders of each (relation, direction) key, ascending: born out a, e; born in 1999; knows out/in a, b.
    const holders = (rel: string, dir: number) => [...holdersOf(back.keyHolders(), back.relationLabels.indexOf(rel) * 2 + dir)].map((i) => back.ids[i]);
    expect(holders('born', DIR_OUT)).toEqual(['a', 'e']);
    expect(holders('born', DIR_IN)).toEqual(['1999']);
    expect(holders('knows', DIR_OUT)).toEqual(['a', 'b']);
    expect(holders('knows', DIR_IN)).toEqual(['a', 'b']);
    expect(back.relationSignatures()).toEqual(g.relationSignatures());
    expect(back.relationSignatures()[back.relationLabels.indexOf('born')]).toEqual({ headType: 'T1', tailType: 'date', literalTail: true });
    expect(await back.neighbors('a')).toEqual(await g.neighbors('a'));
    expect(await back.stats()).toEqual(await g.stats());
    expect(snapshotHeader(bytes, 'mem').stamp).toBe('stamp-1');
    // A copy at an odd byte offset (no typed-array alignment) reads the same.
    const odd = Buffer.alloc(bytes.length + 1);
    bytes.copy(odd, 1);
    expect(decodeSnapshot('m', odd.subarray(1), 'mem').names).toEqual(back.names);
    expect(() => decodeSnapshot('m', bytes.subarray(0, 20), 'mem')).toThrow(SnapshotError);
  });
});

describe('KuzuGraphStore paged reading', () => {
  it('keeps an ids column equal to the names once, and ids that differ as they are', () => {
    const triples = [{ head: 'Ann', relation: 'knows', tail: 'Bo' }, { head: 'Bo', relation: 'knows', tail: 'Cy' }];
    const plain = MemoryGraph.fromTriples('p', [], triples);
    const plainBytes = Buffer.concat(encodeSnapshot(plain, 's'));
    const back = decodeSnapshot('p', plainBytes, 'mem');
    expect(back.ids).toEqual(['Ann', 'Bo', 'Cy']);
    expect(back.names).toEqual(['Ann', 'Bo', 'Cy']);
    expect(back.indexOf('Cy')).toBe(2);
    expect(snapshotHeader(plainBytes, 'mem').sections.map((x) => x.name)).not.toContain('ids.text');
    // Freebase-style ids with names of their own keep both columns.
    const named = MemoryGraph.fromTriples('n', [{ id: 'm.01', name: 'Ann' }, { id: 'm.02', name: 'Bo' }, { id: 'm.03', name: 'Cy' }], [
      { head: 'm.01', relation: 'knows', tail: 'm.02' },
      { head: 'm.02', relation: 'knows', tail: 'm.03' },
    ]);
    const namedBytes = Buffer.concat(encodeSnapshot(named, 's'));
    const other = decodeSnapshot('n', namedBytes, 'mem');
    expect(other.ids).toEqual(['m.01', 'm.02', 'm.03']);
    expect(other.names).toEqual(['Ann', 'Bo', 'Cy']);
    expect(snapshotHeader(namedBytes, 'mem').sections.map((x) => x.name)).toContain('ids.text');
  });

  it('reads the whole graph in pages of its import order, each batch bounded, every triple once', async () => {
    const store = (await library.open('g')) as KuzuGraphStore;
    const paged: string[] = [];
    let batches = 0;
    for await (const b of store.triples(500, 700)) {
      expect(b.length).toBeGreaterThan(0);
      expect(b.length).toBeLessThanOrEqual(500);
      batches++;
      for (const t of b) paged.push(`${t.head}|${t.relation}|${t.tail}`);
    }
    const whole: string[] = [];
    for await (const b of store.triples(1_000_000, 1_000_000)) for (const t of b) whole.push(`${t.head}|${t.relation}|${t.tail}`);
    expect(batches).toBeGreaterThan(16);
    // The same triples (their order within a head is the database's business).
    expect([...paged].sort()).toEqual([...whole].sort());
    expect(new Set(paged).size).toBe(paged.length);
    const graph = await library.memoryGraph('g');
    expect(paged.length).toBe(graph.tripleCount);
    const ids: string[] = [];
    for await (const b of store.entities(400, 700)) ids.push(...b.map((e) => e.id));
    expect(ids).toEqual(graph.ids);
  });
});

/** Writes an out-of-range value into the middle of a named section. */
function corruptSection(buf: Buffer, name: string): Buffer {
  const s = snapshotHeader(buf, 'x').sections.find((x) => x.name === name)!;
  buf.writeInt32LE(-5, s.offset + Math.floor(s.bytes / 8) * 4);
  return buf;
}

describe('a database written before snapshots', () => {
  it('keeps working: read in pages of node offsets (no import order), its snapshot built and then used', async () => {
    const old = tempDir();
    const folder = join(old.path, 'graphs', 'legacy');
    mkdirSync(folder, { recursive: true });
    // The schema before `ord`, filled row by row.
    const db = new kuzu.Database(join(folder, 'graph.kuzu'));
    const conn = new kuzu.Connection(db);
    for (const ddl of [
      'CREATE NODE TABLE Entity(id STRING, name STRING, norm STRING, type STRING, literal STRING, degree INT64, PRIMARY KEY(id))',
      'CREATE REL TABLE Rel(FROM Entity TO Entity, label STRING)',
      'CREATE NODE TABLE NameKey(norm STRING, PRIMARY KEY(norm))',
      'CREATE REL TABLE Named(FROM NameKey TO Entity)',
    ])
      await runStatement(conn, ddl);
    for (const [id, degree] of [['Top Hat', 2], ['Fred Astaire', 1], ['1935', 1]] as const)
      await runStatement(conn, `CREATE (:Entity {id: '${id}', name: '${id}', norm: '${id.toLowerCase()}', degree: ${degree}})`);
    await runStatement(conn, "MATCH (a:Entity {id: 'Top Hat'}), (b:Entity {id: 'Fred Astaire'}) CREATE (a)-[:Rel {label: 'starring'}]->(b)");
    await runStatement(conn, "MATCH (a:Entity {id: 'Top Hat'}), (b:Entity {id: '1935'}) CREATE (a)-[:Rel {label: 'year'}]->(b)");
    await conn.close();
    await db.close();
    writeFileSync(join(folder, 'meta.json'), JSON.stringify({ name: 'legacy', entities: 3, triples: 2, createdAt: 'x', updatedAt: 'x', sources: [] }));
    const legacy = new GraphLibrary(old.path, { onNotice: (m) => notices.push(m) });
    try {
      const g = await legacy.memoryGraph('legacy');
      expect(g.ids).toEqual(['Top Hat', 'Fred Astaire', '1935']);
      expect(g.relationLabels).toEqual(['starring', 'year']);
      expect((await g.neighbors('Top Hat')).groups.map((x) => `${x.relation}:${x.shown.map((e) => e.id)}`)).toEqual(['starring:Fred Astaire', 'year:1935']);
      expect(existsSync(join(folder, SNAPSHOT_FILE))).toBe(true);
      const again = new GraphLibrary(old.path);
      try {
        expect((await again.memoryGraph('legacy')).ids).toEqual(g.ids);
      } finally {
        await again.close();
      }
    } finally {
      await legacy.close();
      old.remove();
    }
  });
});

describe('a snapshot with a damaged header', () => {
  it('names the problem for a section length that is not whole elements, never a RangeError', async () => {
    const g = MemoryGraph.fromTriples('m', [], [{ head: 'a', relation: 'r', tail: 'b' }]);
    const bytes = Buffer.concat(encodeSnapshot(g, 's'));
    const header = snapshotHeader(bytes, 'mem');
    const len = bytes.readUInt32LE(12);
    const json = JSON.stringify({ ...header, sections: header.sections.map((x) => (x.name === 'idTable' ? { ...x, bytes: x.bytes - 2 } : x)) });
    expect(Buffer.byteLength(json)).toBeLessThanOrEqual(len);
    const damaged = Buffer.from(bytes);
    damaged.fill(0x20, 16, 16 + len).write(json, 16, 'utf8');
    expect(() => decodeSnapshot('m', damaged, 'mem')).toThrow(/idTable has the wrong length/);
    const dir2 = tempDir();
    try {
      const file = dir2.file('graph.snapshot', '');
      writeFileSync(file, damaged);
      const read = await readSnapshotFile(file, 'm', 's');
      expect(read.kind).toBe('unusable');
    } finally {
      dir2.remove();
    }
  });

  it('refuses relation signatures that do not match the relations', () => {
    const g = MemoryGraph.fromTriples('m', [], [{ head: 'a', relation: 'r', tail: 'b' }]);
    const bytes = Buffer.concat(encodeSnapshot(g, 's'));
    const header = snapshotHeader(bytes, 'mem');
    const len = bytes.readUInt32LE(12);
    for (const relationSignatures of [[], [['T1', 'T2', 'yes']]]) {
      const json = JSON.stringify({ ...header, relationSignatures });
      expect(Buffer.byteLength(json)).toBeLessThanOrEqual(len);
      const damaged = Buffer.from(bytes);
      damaged.fill(0x20, 16, 16 + len).write(json, 16, 'utf8');
      expect(() => decodeSnapshot('m', damaged, 'mem')).toThrow(/damaged relation signatures/);
    }
  });
});
