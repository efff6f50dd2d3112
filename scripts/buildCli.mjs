#!/usr/bin/env node
// `npm run build:cli` (part of `npm run build`): bundles the CLI (src-main/cli/main.ts) to plain JS in out/cli, so
// `ctrlg` starts without transpiling TypeScript. Each command is its own chunk (commands/index.ts imports them on
// first use) and every package stays external: node_modules loads at run time, native addons (kuzu, lancedb,
// llama.cpp) as they must, and the bundle holds only this repo's sources, which the stamp lists (bin/builtCli.mjs:
// a stale build never runs). Usage: node scripts/buildCli.mjs [--out DIR]; DIR must be inside the repo, since the
// external packages resolve from the node_modules above the bundle.
import { rmSync, writeFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { build } from 'esbuild';
import { makeStamp, STAMP_FILE } from '../bin/builtCli.mjs';

const root = resolve(import.meta.dirname, '..');
const outFlag = process.argv.indexOf('--out');
const outDir = resolve(outFlag > 0 ? process.argv[outFlag + 1] : resolve(root, 'out/cli'));
if (relative(root, outDir).startsWith('..') || outDir === root) {
  console.error(`--out ${outDir}: must be a folder inside ${root} (packages load from its node_modules)`);
  process.exit(2);
}

const started = performance.now();
const startedAt = Date.now();
rmSync(outDir, { recursive: true, force: true });
const result = await build({
  absWorkingDir: root,
  entryPoints: { main: 'src-main/cli/main.ts' },
  outdir: outDir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  packages: 'external',
  sourcemap: 'linked',
  chunkNames: 'chunks/[name]-[hash]',
  metafile: true,
  logLevel: 'warning',
});
// Only repo sources are inputs (packages are external); the stamp pins each one's size and mtime.
const inputs = Object.keys(result.metafile.inputs).map((p) => relative(root, resolve(root, p)).split('\\').join('/'));
const stamp = makeStamp(root, inputs);
// A source saved while esbuild read it may be in the stamp with its new mtime but in the bundle with its old text.
const touched = Object.entries(stamp.files).filter(([, f]) => f.mtimeMs >= startedAt).map(([rel]) => rel);
if (touched.length) {
  console.error(`CLI build not stamped: ${touched.join(', ')} changed during the build; run it again.`);
  process.exit(1);
}
writeFileSync(resolve(outDir, STAMP_FILE), JSON.stringify(stamp, null, 1) + '\n');
const outputs = Object.keys(result.metafile.outputs).filter((p) => p.endsWith('.js')).length;
console.log(`CLI built: ${inputs.length} sources → ${outputs} files in ${relative(root, outDir) || outDir} (${Math.round(performance.now() - started)} ms)`);
