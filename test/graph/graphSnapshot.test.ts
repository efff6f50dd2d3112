import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GraphLibrary } from '../../src-main/engine/import/graphLibrary.js';
import { KuzuGraphStore } from '../../src-main/engine/graph/kuzuGraphStore.js';
import { MemoryGraph } from '../../src-main/engine/graph/memoryGraph.js';
import { decodeSnapshot, encodeSnapshot, snapshotHeader, SNAPSHOT_FILE, SnapshotError } from '../../src-main/engine/graph/graphSnapshot.js';
import { readSnapshotFile } from '../../src-main/engine/graph/snapshotFile.js';
import { createPrng } from '../../src-main/engine/random/prng.js';
import type { Entity, Triple } from '../../src-main/common/graphTypes.js';
import { tempDir } from '../import/helpers.js';

/** A seeded Turtle graph with labels, types, dates, numbers, hubs and repeated triples. */
function randomTurtle(seed: number, triples: number): string {
  const rng = createPrng(seed);
  const lines = ['@prefix ex: <http://ex.org/> .', '@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .'];
  for (let i = 0; i < triples; i++) {
    const h = rng.next() < 0.2 ? rng.int(5) : rng.int(400);
    const r = rng.int(9);
    const roll = rng.next();
    const tail = roll < 0.1 ? `"${1900 + rng.int(120)}"^^<http://www.w3.org/2001/XMLSchema#gYear>` : roll < 0.15 ? `"${rng.int(100)}.${rng.int(10)}"` : `ex:e${rng.int(400)}`;
    lines.push(`ex:e${h} ex:rel${r} ${tail} .`);
  }
  for (let i = 0; i < 400; i += 3) lines.push(`ex:e${i} rdfs:label "Name ${i} Ünïcode ${'x'.repeat(i % 7)}" .`);
  for (let i = 0; i < 400; i += 5) lines.push(`ex:e${i} a ex:Type${i % 4} .`);
  return lines.join('\n') + '\n';
}

const dir = tempDir();
const notices: string[] = [];
let library: GraphLibrary;

beforeAll(async () => {
  library = new GraphLibrary(join(dir.path, 'data'), { onNotice: (m) => notices.push(m) });
  await library.importFile('g', dir.file('g.ttl', randomTurtle(7, 3000)));
});
afterAll(async () => {
  await library.close();
  dir.remove();
});

const snapshotPath = (): string => join(library.graphsDir, 'g', SNAPSHOT_FILE);

/** Every array and table of two graphs, and what the pipeline reads through them. */
async function expectSameGraph(a: MemoryGraph, b: MemoryGraph): Promise<void> {
  expect(a.size).toBeGreaterThan(300);
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
  // The name tables of linking and sanitizing, key by key and list by list.
  const [na, nb] = [a.nameIndexData(), b.nameIndexData()];
  for (const part of ['linkKeys', 'stems', 'acronyms', 'trigrams', 'scrubKeys'] as const) {
    expect(na[part].text).toBe(nb[part].text);
    for (const arr of ['ends', 'table', 'start', 'items'] as const) expect([...na[part][arr]]).toEqual([...nb[part][arr]]);
  }
  expect(na.linkKeys.size).toBeGreaterThan(100);
  expect([...na.keyGrams]).toEqual([...nb.keyGrams]);
  expect([...na.keyWeight]).toEqual([...nb.keyWeight]);
  expect([na.maxKeyLength, na.maxScrubWords]).toEqual([nb.maxKeyLength, nb.maxScrubWords]);
  expect(await a.stats()).toEqual({ ...(await b.stats()), name: a.name });
  for (const id of a.ids) expect(a.indexOf(id)).toBe(b.indexOf(id));
  expect(a.indexOf('http://ex.org/none')).toBeUndefined();
}

/** The graph as MemoryGraph was built before snapshots: entities and triples as objects, from the store. */
async function objectBuiltGraph(): Promise<MemoryGraph> {
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
    expect(fromSnapshot.types.filter((t) => t !== undefined).length).toBeGreaterThan(50);
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
  it('reads the whole graph in pages of node offsets, each batch bounded, every triple once', async () => {
    const store = (await library.open('g')) as KuzuGraphStore;
    const paged: string[] = [];
    let batches = 0;
    for await (const b of store.triples(50, 25)) {
      expect(b.length).toBeGreaterThan(0);
      expect(b.length).toBeLessThanOrEqual(50);
      batches++;
      for (const t of b) paged.push(`${t.head}|${t.relation}|${t.tail}`);
    }
    const whole: string[] = [];
    for await (const b of store.triples(1_000_000, 1_000_000)) for (const t of b) whole.push(`${t.head}|${t.relation}|${t.tail}`);
    expect(batches).toBeGreaterThan(16);
    expect(paged).toEqual(whole);
    expect(new Set(paged).size).toBe(paged.length);
    const graph = await library.memoryGraph('g');
    expect(paged.length).toBe(graph.tripleCount);
    const ids: string[] = [];
    for await (const b of store.entities(40, 30)) ids.push(...b.map((e) => e.id));
    expect(ids).toEqual(graph.ids);
  });
});

/** Writes an out-of-range value into the middle of a named section. */
function corruptSection(buf: Buffer, name: string): Buffer {
  const s = snapshotHeader(buf, 'x').sections.find((x) => x.name === name)!;
  buf.writeInt32LE(-5, s.offset + Math.floor(s.bytes / 8) * 4);
  return buf;
}
