import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src-main/cli/runCli.js';

const dir = mkdtempSync(join(tmpdir(), 'ctrlg-ask-'));
const data = join(dir, 'data');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function cli(args: string[]): Promise<{ code: number; out: string; err: string }> {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (d) => (out += d));
  stderr.on('data', (d) => (err += d));
  const code = await runCli(args, { stdout, stderr });
  return { code, out, err };
}

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
    const r = await cli(['ask', '--graph', 'books', '--data', data, 'who wrote Moonfal']);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/No entity of graph "books"/);
    expect(r.out).toMatch(/Closest names:[\s\S]*Moonfall/);
  });

  it('rejects an empty question with a clear error', async () => {
    const r = await cli(['ask', '--graph', 'books', '--data', data, '   ']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/question is empty/);
  });
});
