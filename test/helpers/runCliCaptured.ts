// Runs the ctrlg CLI in-process and captures what it printed, for CLI tests.
import { PassThrough } from 'node:stream';
import { runCli } from '../../src-main/cli/runCli.js';

export interface CliRun {
  code: number;
  out: string;
  err: string;
}

export async function runCliCaptured(args: string[]): Promise<CliRun> {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (d) => (out += d));
  stderr.on('data', (d) => (err += d));
  const code = await runCli(args, { stdout, stderr });
  return { code, out, err };
}
