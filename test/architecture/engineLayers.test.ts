// The engine's floor plan (scripts/arch/layers.ts) holds for every import in src-main, type-only ones included,
// and there is no import cycle. The self-tests plant an upward import and a cycle to show the check would fail.
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importCycles, importGraph, importsOf } from '../../scripts/arch/importGraph.js';
import { layerOf, layeringViolation, LAYERS } from '../../scripts/arch/layers.js';

const root = resolve(import.meta.dirname, '../..');
const edges = importGraph(root, ['src-main']);

describe('engine layering', () => {
  it('reads the whole tree', () => {
    expect(edges.length).toBeGreaterThan(500);
    // Every engine file sits in a declared layer.
    const unlayered = [...new Set(edges.flatMap((e) => [e.from, e.to]))].filter((f) => f.startsWith('src-main/engine/') && !layerOf(f));
    expect(unlayered).toEqual([]);
  });

  it('no import runs against the layers', () => {
    const bad = edges.flatMap((e) => {
      const why = layeringViolation(e.from, e.to);
      return why ? [`${e.from}:${e.line} → ${e.to}: ${why}`] : [];
    });
    expect(bad).toEqual([]);
  });

  it('no import cycles', () => {
    expect(importCycles(edges)).toEqual([]);
  });

  it('self-test: a planted upward import is caught, type-only included', () => {
    const planted = 'src-main/engine/core/planted.ts';
    const text = "import type { QaEngine } from '../qa/qaEngine.js';\nimport { sanitizeView } from '../qa/sanitize/sanitizeView.js';\n";
    const found = importsOf(root, planted, text);
    expect(found.map((e) => e.to)).toEqual(['src-main/engine/qa/qaEngine.ts', 'src-main/engine/qa/sanitize/sanitizeView.ts']);
    expect(found.map((e) => e.line)).toEqual([1, 2]);
    for (const e of found) expect(layeringViolation(e.from, e.to)).toMatch(/core imports qa.*a layer above it/);
  });

  it('self-test: sideways imports that a layer forbids are caught', () => {
    expect(layeringViolation('src-main/engine/memory/x.ts', 'src-main/engine/qa/stages/groundPaths.ts')).toBe('memory must not import qa/stages');
    expect(layeringViolation('src-main/engine/egress/brain/x.ts', 'src-main/engine/memory/experienceStore.ts')).toBe('egress/brain must not import memory');
    expect(layeringViolation('src-main/cli/x.ts', 'src-main/host/startHost.ts')).toMatch(/^cli .*import.* host/);
    expect(layeringViolation('src-main/host/x.ts', 'src-main/cli/main.ts')).toBe('host must not import cli');
    // The faces call the app layer and the contract (and node's platform helpers), never engine internals.
    expect(layeringViolation('src-main/cli/commands/x.ts', 'src-main/engine/qa/qaEngine.ts')).toBe('cli may import only app, common, node, not qa');
    expect(layeringViolation('src-main/host/x.ts', 'src-main/engine/egress/brain/brainGateway.ts')).toMatch(/^host may import only app, common, node, not egress\/brain$/);
    expect(layeringViolation('src-main/shell/x.ts', 'src-main/engine/memory/keyStore.ts')).toMatch(/^shell may import only/);
    expect(layeringViolation('src-main/cli/x.ts', 'src-main/engine/app/assemble.ts')).toBeUndefined();
    expect(layeringViolation('src-main/shell/x.ts', 'src-main/common/contract.ts')).toBeUndefined();
    expect(layeringViolation('src-main/host/x.ts', 'src-main/engine/node/dataDir.ts')).toBeUndefined();
    // Downward and same-layer imports are fine.
    expect(layeringViolation('src-main/engine/qa/controller/x.ts', 'src-main/engine/qa/stages/groundPaths.ts')).toBeUndefined();
    expect(layeringViolation('src-main/engine/qa/stages/a.ts', 'src-main/engine/qa/stages/b.ts')).toBeUndefined();
  });

  it('self-test: an import quoted in a comment is not an import', () => {
    const found = importsOf(root, 'src-main/engine/core/planted.ts', "// see import x from '../qa/qaEngine.js'\n/* from '../app/askService.js' */\n");
    expect(found).toEqual([]);
  });

  it('self-test: planted cycles are found, a chain is not', () => {
    const e = (from: string, to: string) => ({ from, to, line: 1 });
    expect(importCycles([e('a', 'b'), e('b', 'c'), e('c', 'a'), e('c', 'd')])).toEqual([['a', 'b', 'c']]);
    expect(importCycles([e('a', 'a')])).toEqual([['a']]);
    expect(importCycles([e('a', 'b'), e('b', 'c')])).toEqual([]);
  });

  it('layers are declared once each, and every forbidden or allowed layer exists', () => {
    const names = LAYERS.map((l) => l.name);
    expect(new Set(names).size).toBe(names.length);
    const forbidden = LAYERS.flatMap((l) => l.never ?? []);
    expect(forbidden.length).toBeGreaterThan(0);
    expect(forbidden.filter((n) => !names.includes(n))).toEqual([]);
    const allowed = LAYERS.flatMap((l) => l.only ?? []);
    expect(allowed.length).toBeGreaterThan(0);
    expect(allowed.filter((n) => !names.includes(n))).toEqual([]);
  });
});
