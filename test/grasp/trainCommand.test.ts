import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { trainCommand } from '../../src-main/cli/commands/train.js';

import { scratchFolder } from '../helpers/scratchFolder.js';

function sink(): NodeJS.WritableStream & { text: string } {
  const s = { text: '', write(chunk: string) { s.text += chunk; return true; } };
  return s as unknown as NodeJS.WritableStream & { text: string };
}

describe('ctrlg train', () => {
  it('trains on a triples file, prints progress and saves v1 then v2', async () => {
    const dir = scratchFolder('grasp-train-');
    const lines: string[] = [];
    for (let c = 0; c < 4; c++)
      for (let p = 0; p < 5; p++) lines.push(`person ${c} ${p}|works_at|company ${c}`, `person ${c} ${p}|lives_in|town ${c}`, `person ${c} ${p}|likes|hobby ${(c + p) % 3}`);
    writeFileSync(join(dir, 'kb.txt'), lines.join('\n') + '\n');
    const args = ['--kb', join(dir, 'kb.txt'), '--epochs', '1', '--examples', '16', '--seed', '4'];
    const out = sink();
    expect(await trainCommand.run(args, { dataDir: dir, stdout: out, stderr: sink() })).toBe(0);
    expect(out.text).toMatch(/epoch 1\/1 step \d+\/\d+ loss \d/);
    expect(out.text).toMatch(/saved v1 in /);
    const out2 = sink();
    await trainCommand.run(args, { dataDir: dir, stdout: out2, stderr: sink() });
    const saved = /saved v2 in (\S+)/.exec(out2.text)?.[1];
    expect(saved && existsSync(join(saved, 'encoder.bin')) && existsSync(join(saved, 'meta.json'))).toBe(true);
    await expect(trainCommand.run(['--epochs', '1'], { dataDir: dir, stdout: sink(), stderr: sink() })).rejects.toThrow(/--graph NAME or --kb FILE/);
  });
});
