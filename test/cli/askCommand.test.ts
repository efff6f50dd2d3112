import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCliCaptured } from '../helpers/runCliCaptured.js';

const dir = mkdtempSync(join(tmpdir(), 'ctrlg-ask-'));
const data = join(dir, 'data');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const cli = runCliCaptured;

beforeAll(async () => {
  const kb = join(dir, 'kb.txt');
  writeFileSync(kb, ['Moonfall|written_by|Ilse Varga', 'Tidewater|written_by|Ilse Varga', 'Ilse Varga|born_in|Kelmar'].join('\n'));
  expect((await cli(['import', kb, '--graph', 'books', '--data', data])).code).toBe(0);
});

describe('ctrlg ask', () => {
  it('prints ranked answers with raw and sanitized evidence', async () => {
    const r = await cli(['ask', '--graph', 'books', '--data', data, 'who wrote Moonfall']);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/1\. Ilse Varga/);
    expect(r.out).toMatch(/raw:\s+Moonfall -\[written_by\]-> Ilse Varga/);
    expect(r.out).toMatch(/view:\s+E_[0-9a-f]+ -\[written_by\]-> [EASL]_[0-9a-f]+/);
    expect(r.out).toMatch(/Time \(ms\):/);
    const j = await cli(['ask', '--graph', 'books', '--data', data, '--json', 'who wrote Moonfall']);
    expect(JSON.parse(j.out).answers[0].name).toBe('Ilse Varga');
  });

  it('with no anchor, says so and prints the closest names', async () => {
    const r = await cli(['ask', '--graph', 'books', '--data', data, 'who wrote Monfal']);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/No entity of graph "books"/);
    expect(r.out).toMatch(/Closest names:[\s\S]*Moonfall/);
  });

  it('reads a name one typing slip away as that name, shows how it read it, and is unsure', async () => {
    const r = await cli(['ask', '--graph', 'books', '--data', data, 'who wrote Moonfal']);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/Topics: Moonfall \(as "Moonfal"/);
    expect(r.out).toMatch(/1\. Ilse Varga/);
    expect(r.out).toMatch(/unsure/);
  });

  it('rejects an empty question with a clear error', async () => {
    const r = await cli(['ask', '--graph', 'books', '--data', data, '   ']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/question is empty/);
  });
});
