// Whether the built CLI (out/cli, `npm run build`) may run instead of the TypeScript sources. The rule: the build
// writes stamp.json listing every source file it bundled with its size and mtime; the build runs only while each of
// those files still has exactly that size and mtime. Any edit, checkout, deletion or restore of a bundled source
// makes the build stale, and a stale build never runs: bin/ctrlg.mjs falls back to the sources through tsx (slow,
// always current). A new file counts through the file that imports it, which changed. Dependencies are not bundled
// (they load from node_modules at run time), so the sources are all a build can be stale against. Checking costs one
// stat per bundled file (a few milliseconds).
import { readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const STAMP_FILE = 'stamp.json';
export const STAMP_VERSION = 1;

/** The stamp for `inputs` (repo-relative paths): what freshness is later checked against. */
export function makeStamp(root, inputs) {
  const files = {};
  for (const rel of [...inputs].sort()) {
    const s = statSync(resolve(root, rel));
    files[rel] = { size: s.size, mtimeMs: s.mtimeMs };
  }
  return { version: STAMP_VERSION, entry: 'main.js', files };
}

/** Why the build in `outDir` may not run against the sources under `root`, or undefined when it may. */
export function staleReason(root, outDir) {
  let stamp;
  try {
    stamp = JSON.parse(readFileSync(join(outDir, STAMP_FILE), 'utf8'));
  } catch {
    return `no ${STAMP_FILE} in ${outDir}`;
  }
  if (stamp?.version !== STAMP_VERSION || typeof stamp.files !== 'object' || !Object.keys(stamp.files).length) return `${STAMP_FILE} is not a version ${STAMP_VERSION} stamp`;
  for (const [rel, want] of Object.entries(stamp.files)) {
    let s;
    try {
      s = statSync(resolve(root, rel));
    } catch {
      return `${rel} is gone`;
    }
    if (s.size !== want.size || s.mtimeMs !== want.mtimeMs) return `${rel} changed since the build`;
  }
  return undefined;
}

/** The entry file of a fresh build in `outDir`, or undefined (no build, or a stale one). */
export function freshBuiltCli(root, outDir) {
  return staleReason(root, outDir) === undefined ? join(outDir, 'main.js') : undefined;
}
