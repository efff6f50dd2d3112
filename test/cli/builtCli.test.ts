// The built CLI (scripts/buildCli.mjs → out/cli) and the rule bin/ctrlg.mjs runs it by: built into a temporary
// folder, it lists the commands and imports and lists a graph as the sources do; bin/ctrlg.mjs runs a build only
// while every source it bundled is unchanged (bin/builtCli.mjs), and otherwise, or with CTRLG_CLI=source, the sources.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, readdirSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeStamp, STAMP_FILE, staleReason } from '../../bin/builtCli.mjs';
import { MOVIES, tempDir } from '../import/helpers.js';

const root = resolve(import.meta.dirname, '../..');
const dir = tempDir('ctrlg-built-cli-');
// Inside the repo (out/ is ignored): the bundle's packages resolve from the node_modules above it.
mkdirSync(join(root, 'out'), { recursive: true });
const out = mkdtempSync(join(root, 'out', 'cli-test-'));
const data = join(dir.path, 'data');
afterAll(() => {
  dir.remove();
  rmSync(out, { recursive: true, force: true });
});

function node(args: string[], env: Record<string, string> = {}): { code: number | null; out: string; err: string } {
  const r = spawnSync(process.execPath, args, { cwd: root, env: { ...process.env, CTRLG_CLI: '', ...env }, encoding: 'utf8', timeout: 60_000 });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

beforeAll(() => {
  const build = node(['scripts/buildCli.mjs', '--out', out]);
  expect(build.err).toBe('');
  expect(build.out).toMatch(/^CLI built: \d+ sources/);
});

describe('the built CLI', () => {
  it('is split per command and stamps every bundled source, none from node_modules', () => {
    expect(readdirSync(join(out, 'chunks')).some((f) => /^ask-.*\.js$/.test(f))).toBe(true);
    const stamp = JSON.parse(readFileSync(join(out, STAMP_FILE), 'utf8')) as { files: Record<string, unknown> };
    const files = Object.keys(stamp.files);
    expect(files).toContain('src-main/cli/main.ts');
    expect(files).toContain('src-main/cli/commands/ask.ts');
    expect(files.filter((f) => f.includes('node_modules'))).toEqual([]);
    expect(staleReason(root, out)).toBeUndefined();
  });

  it('shows the command list and runs a real command (import, then graphs --json)', () => {
    const help = node([join(out, 'main.js'), '--help']);
    expect(help.code).toBe(0);
    expect(help.out).toMatch(/^ {2}ask {2,}answer a question over a graph, with evidence$/m);
    expect(help.out).toMatch(/^ {2}import {2,}import a triples file/m);
    const usage = node([join(out, 'main.js'), 'ask', '--help']);
    expect(usage.out).toMatch(/^usage: ctrlg ask --graph NAME "question"/);

    const file = dir.file('movies.txt', MOVIES);
    const imported = node([join(out, 'main.js'), 'import', file, '--graph', 'movies', '--data', data]);
    expect(imported.code).toBe(0);
    expect(imported.out).toMatch(/Imported 17 triples .* into "movies": 17 new\./);
    const list = node([join(out, 'main.js'), 'graphs', '--json', '--data', data]);
    expect(list.code).toBe(0);
    expect(JSON.parse(list.out)).toMatchObject([{ name: 'movies', triples: 17 }]);
    const unknown = node([join(out, 'main.js'), 'nosuch']);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toMatch(/^ctrlg: unknown command "nosuch"/);
  });

  it('bin/ctrlg.mjs runs a fresh build, and the sources once the build is stale or CTRLG_CLI=source', () => {
    // Mark the build's help text, so the output tells which one ran.
    const chunk = [join(out, 'main.js'), ...readdirSync(join(out, 'chunks')).map((f) => join(out, 'chunks', f))].find((f) =>
      f.endsWith('.js') && readFileSync(f, 'utf8').includes('list the graphs (imported'),
    );
    expect(chunk).toBeDefined();
    writeFileSync(chunk!, readFileSync(chunk!, 'utf8').replace('list the graphs (imported', 'list the graphs (imported [BUILT]'));
    const env = { CTRLG_CLI_OUT: out };
    expect(node(['bin/ctrlg.mjs', '--help'], env).out).toContain('list the graphs (imported [BUILT]');

    const fromSources = node(['bin/ctrlg.mjs', '--help'], { ...env, CTRLG_CLI: 'source' });
    expect(fromSources.code).toBe(0);
    expect(fromSources.out).toMatch(/^ {2}graphs {2,}list the graphs \(imported, or read from a SPARQL endpoint\); add-sparql adds one$/m);

    // The stamp now disagrees with one source's mtime, as after an edit: the build must not run.
    const stampPath = join(out, STAMP_FILE);
    const stamp = JSON.parse(readFileSync(stampPath, 'utf8')) as { files: Record<string, { mtimeMs: number }> };
    stamp.files['src-main/cli/runCli.ts'].mtimeMs -= 1000;
    writeFileSync(stampPath, JSON.stringify(stamp));
    expect(staleReason(root, out)).toBe('src-main/cli/runCli.ts changed since the build');
    const stale = node(['bin/ctrlg.mjs', '--help'], env);
    expect(stale.code).toBe(0);
    expect(stale.out).toMatch(/^ {2}graphs {2,}list the graphs \(imported, or read from a SPARQL endpoint\); add-sparql adds one$/m);
    expect(stale.out).not.toContain('[BUILT]');
  });
});

describe('the staleness rule', () => {
  it('a build is fresh until a bundled source changes size or mtime, is removed, or the stamp is missing', () => {
    const project = tempDir('ctrlg-stamp-');
    try {
      const a = project.file('a.ts', 'export const a = 1;\n');
      project.file('b.ts', 'export const b = 2;\n');
      const outDir = join(project.path, 'out');
      expect(staleReason(project.path, outDir)).toMatch(/^no stamp\.json in /);
      const write = () => writeFileSync(join(outDir, STAMP_FILE), JSON.stringify(makeStamp(project.path, ['a.ts', 'b.ts'])));
      mkdirSync(outDir);
      write();
      expect(staleReason(project.path, outDir)).toBeUndefined();

      // Touched (same text, new mtime), as a checkout or a save without changes does.
      utimesSync(a, new Date(), new Date(Date.now() + 5_000));
      expect(staleReason(project.path, outDir)).toBe('a.ts changed since the build');
      write();
      expect(staleReason(project.path, outDir)).toBeUndefined();

      // An older file put back (a restore keeps mtimes): any difference is stale, not only a newer one.
      utimesSync(a, new Date(), new Date(Date.now() - 86_400_000));
      expect(staleReason(project.path, outDir)).toBe('a.ts changed since the build');
      write();

      unlinkSync(join(project.path, 'b.ts'));
      expect(staleReason(project.path, outDir)).toBe('b.ts is gone');

      writeFileSync(join(outDir, STAMP_FILE), JSON.stringify({ version: 0, files: {} }));
      expect(staleReason(project.path, outDir)).toMatch(/is not a version 1 stamp$/);
    } finally {
      project.remove();
    }
  });
});
