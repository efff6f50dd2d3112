// The engine, CLI, host and shared types must run in plain Node (and the renderer): none may import Electron.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const ELECTRON_IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*|^\s*import\s+)['"]electron(?:\/[^'"]*)?['"]/m;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.(ts|tsx|mts|cts|js|mjs)$/.test(e.name))
    .map((e) => join(e.parentPath, e.name));
}

describe('Electron stays in the shell and the preload', () => {
  it('the import pattern catches every import form', () => {
    for (const line of ["import { app } from 'electron';", 'import "electron";', "const e = require('electron')", "await import('electron/main')", "export { ipcMain } from 'electron';"])
      expect(ELECTRON_IMPORT.test(line), line).toBe(true);
    for (const line of ["import x from 'electron-vite';", "// runs outside electron", "import { z } from 'zod';"]) expect(ELECTRON_IMPORT.test(line), line).toBe(false);
  });

  for (const area of ['src-main/engine', 'src-main/cli', 'src-main/host', 'src-main/common', 'src-renderer/src']) {
    it(`${area} never imports electron`, () => {
      const offenders = sourceFiles(join(ROOT, area)).filter((f) => ELECTRON_IMPORT.test(readFileSync(f, 'utf8')));
      expect(offenders.map((f) => relative(ROOT, f))).toEqual([]);
    });
  }
});
