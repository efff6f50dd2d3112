import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { degradeCommand } from '../../src-main/cli/commands/degrade.js';
import { bracketedTopics, chooseRemovals } from '../../src-main/engine/qa/grasp/degradeTriples.js';

import { scratchFolder } from '../helpers/scratchFolder.js';

function sink(): NodeJS.WritableStream & { text: string } {
  const s = { text: '', write(chunk: string) { s.text += chunk; return true; } };
  return s as unknown as NodeJS.WritableStream & { text: string };
}

describe('degrade', () => {
  it('removes exactly round(fraction · n), the same ones for the same seed', () => {
    const a = chooseRemovals(1000, 0.4, 7);
    const b = chooseRemovals(1000, 0.4, 7);
    const c = chooseRemovals(1000, 0.4, 8);
    expect(a.reduce((s, x) => s + x, 0)).toBe(400);
    expect(Array.from(a)).toEqual(Array.from(b));
    expect(Array.from(a)).not.toEqual(Array.from(c));
    expect(chooseRemovals(7, 0.5, 1).reduce((s, x) => s + x, 0)).toBe(4);
    expect(() => chooseRemovals(3, 1.5, 1)).toThrow();
  });

  it('reads bracketed topics of a questions file', () => {
    const { topics, unbracketed } = bracketedTopics('who directed [Up]\tPete Docter\nwhat did [A B] and [C] do\tx\nno topic here\ty\n');
    expect([...topics].sort()).toEqual(['A B', 'C', 'Up']);
    expect(unbracketed).toEqual(['no topic here']);
  });

  it('CLI: uniform removal writes the kept lines unchanged and in order', async () => {
    const dir = scratchFolder('grasp-degrade-');
    const lines = Array.from({ length: 50 }, (_, i) => `e${i}|rel${i % 3}|e${(i * 7) % 50}`);
    writeFileSync(join(dir, 'kb.txt'), lines.join('\n') + '\n');
    const out = sink();
    const code = await degradeCommand.run(['--kb', join(dir, 'kb.txt'), '--remove', '0.4', '--seed', '3', '--out', join(dir, 'out.txt')], { dataDir: dir, stdout: out, stderr: sink() });
    expect(code).toBe(0);
    const kept = readFileSync(join(dir, 'out.txt'), 'utf8').trim().split('\n');
    expect(kept.length).toBe(30);
    expect(kept.every((l) => lines.includes(l))).toBe(true);
    expect(kept.map((l) => lines.indexOf(l))).toEqual([...kept.map((l) => lines.indexOf(l))].sort((x, y) => x - y));
    expect(out.text).toContain('removed 20');
  });

  it('CLI: --topic-edges removes only edges at the questions’ topic entities', async () => {
    const dir = scratchFolder('grasp-degrade-');
    const lines = ['Up|directed_by|Pete Docter', 'Up|starred_actors|Ed Asner', 'Up|release_year|2009', 'Cars|directed_by|John Lasseter', 'Cars|release_year|2006', 'Ed Asner|born_in|Kansas City'];
    writeFileSync(join(dir, 'kb.txt'), lines.join('\n') + '\n');
    writeFileSync(join(dir, 'q.txt'), 'who directed [Up]\tPete Docter\n');
    const out = sink();
    await degradeCommand.run(['--kb', join(dir, 'kb.txt'), '--remove', '0.67', '--seed', '1', '--out', join(dir, 'out.txt'), '--topic-edges', '--questions', join(dir, 'q.txt')], { dataDir: dir, stdout: out, stderr: sink() });
    const kept = readFileSync(join(dir, 'out.txt'), 'utf8').trim().split('\n');
    const removed = lines.filter((l) => !kept.includes(l));
    expect(removed.length).toBe(2);
    expect(removed.every((l) => l.startsWith('Up|'))).toBe(true);
    expect(out.text).toContain('(3 eligible)');
  });
});
