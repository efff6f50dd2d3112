// `npm run arch`: each layer's imports (layer → layers it imports, with counts), then every upward import and
// every import cycle in src-main. Exits 1 on any finding.
import { resolve } from 'node:path';
import { importCycles, importGraph } from './arch/importGraph.js';
import { layerOf, layeringViolation, LAYERS } from './arch/layers.js';

const root = resolve(import.meta.dirname, '..');
const edges = importGraph(root, ['src-main']);

const counts = new Map<string, Map<string, number>>();
for (const e of edges) {
  const a = layerOf(e.from)?.name ?? '(unlayered)';
  const b = layerOf(e.to)?.name ?? '(unlayered)';
  if (a === b) continue;
  const row = counts.get(a) ?? new Map<string, number>();
  row.set(b, (row.get(b) ?? 0) + 1);
  counts.set(a, row);
}
for (const l of LAYERS) {
  const row = counts.get(l.name);
  const list = row ? [...row].sort((x, y) => LAYERS.findIndex((z) => z.name === x[0]) - LAYERS.findIndex((z) => z.name === y[0])) : [];
  console.log(`${l.name.padEnd(16)} → ${list.map(([n, c]) => `${n} ${c}`).join(', ') || '(nothing)'}`);
}

const violations = edges.flatMap((e) => {
  const why = layeringViolation(e.from, e.to);
  return why ? [`${e.from}:${e.line} imports ${e.to} (${why})`] : [];
});
const cycles = importCycles(edges);
for (const v of violations) console.log(`UPWARD  ${v}`);
for (const c of cycles) console.log(`CYCLE   ${c.join(' ↔ ')}`);
console.log(`\n${edges.length} imports in src-main; ${violations.length} against the layering, ${cycles.length} cycle(s).`);
process.exitCode = violations.length || cycles.length ? 1 : 0;
