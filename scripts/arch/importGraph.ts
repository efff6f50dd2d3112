// The repo's import graph, read from source text: every relative import, export-from, dynamic import() and
// vi.mock() specifier, type-only ones included (a type cycle is still a cycle in the design).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

export interface ImportEdge {
  from: string;
  to: string;
  /** 1-based line of the import in `from`. */
  line: number;
}

const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\bvi\.mock\(\s*)['"](\.{1,2}\/[^'"]+)['"]/g;

export function sourceFiles(root: string, dir: string): string[] {
  const out: string[] = [];
  const abs = join(root, dir);
  if (!existsSync(abs)) return out;
  for (const name of readdirSync(abs)) {
    const p = join(abs, name);
    if (statSync(p).isDirectory()) out.push(...sourceFiles(root, relative(root, p)));
    else if (/\.(ts|tsx)$/.test(name) && !name.endsWith('.d.ts')) out.push(relative(root, p));
  }
  return out.sort();
}

/** Resolves `./x.js` to the .ts/.tsx file it names (repo-relative), or undefined when it is not a source file. */
function resolveSpecifier(root: string, from: string, spec: string): string | undefined {
  const base = resolve(root, dirname(from), spec);
  const stem = base.replace(/\.(js|jsx|ts|tsx)$/, '');
  for (const candidate of [`${stem}.ts`, `${stem}.tsx`, join(base, 'index.ts')]) if (existsSync(candidate)) return relative(root, candidate);
  return undefined;
}

/** Strips comments so a specifier quoted in prose is not read as an import (string contents kept). */
function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, (m) => m.replace(/[^\n]/g, ' ')).replace(/(^|[^:'"`\\])\/\/[^\n]*/g, '$1');
}

export function importsOf(root: string, file: string, text = readFileSync(join(root, file), 'utf8')): ImportEdge[] {
  const edges: ImportEdge[] = [];
  const code = withoutComments(text);
  for (const m of code.matchAll(SPECIFIER)) {
    const to = resolveSpecifier(root, file, m[1]);
    if (to) edges.push({ from: file, to, line: code.slice(0, m.index).split('\n').length });
  }
  return edges;
}

export function importGraph(root: string, dirs: readonly string[]): ImportEdge[] {
  return dirs.flatMap((d) => sourceFiles(root, d)).flatMap((f) => importsOf(root, f));
}

/** Strongly connected components with more than one file, or a file importing itself (Tarjan, iterative). */
export function importCycles(edges: readonly ImportEdge[]): string[][] {
  const next = new Map<string, string[]>();
  for (const e of edges) {
    if (!next.has(e.from)) next.set(e.from, []);
    next.get(e.from)!.push(e.to);
    if (!next.has(e.to)) next.set(e.to, []);
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const out: string[][] = [];
  let counter = 0;
  for (const start of next.keys()) {
    if (index.has(start)) continue;
    const work: [string, number][] = [[start, 0]];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length) {
      const top = work[work.length - 1];
      const [v, i] = top;
      const succ = next.get(v)!;
      if (i < succ.length) {
        top[1]++;
        const w = succ[i];
        if (!index.has(w)) {
          index.set(w, counter);
          low.set(w, counter++);
          stack.push(w);
          onStack.add(w);
          work.push([w, 0]);
        } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
        continue;
      }
      work.pop();
      if (work.length) {
        const parent = work[work.length - 1][0];
        low.set(parent, Math.min(low.get(parent)!, low.get(v)!));
      }
      if (low.get(v) === index.get(v)) {
        const comp: string[] = [];
        let w: string;
        do {
          w = stack.pop()!;
          onStack.delete(w);
          comp.push(w);
        } while (w !== v);
        if (comp.length > 1 || succ.includes(v)) out.push(comp.sort());
      }
    }
  }
  return out;
}
