#!/usr/bin/env node
// `npx ctrlg …`: runs the built CLI (out/cli, from `npm run build`) when it is fresh, else the TypeScript sources
// through tsx. Fresh means every source it bundled is unchanged since the build (bin/builtCli.mjs), so a stale
// build never runs old code; editing a source simply makes the next run use the sources until the next build.
// CTRLG_CLI=source always runs the sources; CTRLG_CLI_OUT=DIR looks for the build in DIR instead of out/cli.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { freshBuiltCli } from './builtCli.mjs';

const root = resolve(import.meta.dirname, '..');
const built = process.env.CTRLG_CLI === 'source' ? undefined : freshBuiltCli(root, resolve(root, process.env.CTRLG_CLI_OUT || 'out/cli'));
if (built) {
  await import(pathToFileURL(built).href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src-main/cli/main.ts');
}
