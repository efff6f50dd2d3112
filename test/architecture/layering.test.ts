// Layering like VS Code's common/node/electron-main/browser: the renderer sees only shared types, the shared
// types see nothing platform-specific.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...sourceFiles(p));
    else if (/\.(ts|tsx)$/.test(name)) out.push(p);
  }
  return out;
}

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specs: string[] = [];
  for (const m of text.matchAll(/(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g))
    specs.push(m[1] ?? m[2]);
  return specs;
}

/** Resolves a relative import to a path under the repo, for checking which layer it lands in. */
function target(file: string, spec: string): string | undefined {
  return spec.startsWith('.') ? relative(root, resolve(dirname(file), spec)) : undefined;
}

describe('layering', () => {
  it('renderer imports only its own files, shared common types, and browser packages', () => {
    const allowedPackages = /^(react|react-dom|react-dom\/client|react\/jsx-runtime|zustand|zustand\/.*|cytoscape|zod)$/;
    const bad: string[] = [];
    for (const file of sourceFiles(join(root, 'src-renderer/src'))) {
      for (const spec of importsOf(file)) {
        const t = target(file, spec);
        const ok = t ? t.startsWith('src-renderer/') || t.startsWith('src-main/common/') : allowedPackages.test(spec);
        if (!ok) bad.push(`${relative(root, file)} imports ${spec}`);
      }
    }
    expect(bad).toEqual([]);
  });

  it('shared common types import nothing but each other and zod', () => {
    const bad: string[] = [];
    for (const file of sourceFiles(join(root, 'src-main/common'))) {
      for (const spec of importsOf(file)) {
        const t = target(file, spec);
        const ok = t ? t.startsWith('src-main/common/') : spec === 'zod';
        if (!ok) bad.push(`${relative(root, file)} imports ${spec}`);
      }
    }
    expect(bad).toEqual([]);
  });

  it('the engine, CLI and host never import electron', () => {
    const bad: string[] = [];
    for (const dir of ['src-main/engine', 'src-main/cli', 'src-main/host', 'src-main/common'])
      for (const file of sourceFiles(join(root, dir)))
        for (const spec of importsOf(file)) if (spec === 'electron' || spec.startsWith('electron/')) bad.push(`${relative(root, file)} imports ${spec}`);
    expect(bad).toEqual([]);
  });
});
