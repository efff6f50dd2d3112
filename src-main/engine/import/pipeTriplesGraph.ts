// Loads a `head|relation|tail` file straight into a MemoryGraph (no database): the benchmark's fast path. An
// entity is its name, as in the file; its literal kind is read as an import reads it (detectLiteralKind), so the
// benchmark answers and the sanitizer coarsens as the app does.
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import type { Entity, Triple } from '../../common/graphTypes.js';
import { detectLiteralKind } from '../graph/literalKind.js';
import { MemoryGraph } from '../graph/memoryGraph.js';

/** Parses pipe- (or tab-) separated triples; blank and malformed lines are skipped. */
export function parsePipeTriples(text: string): Triple[] {
  const out: Triple[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (!line.trim() || line.startsWith('#')) continue;
    const parts = line.includes('|') ? line.split('|') : line.split('\t');
    if (parts.length !== 3) continue;
    const [head, relation, tail] = parts.map((p) => p.trim());
    if (head && relation && tail) out.push({ head, relation, tail });
  }
  return out;
}

export function pipeTriplesGraph(file: string, name = basename(file)): MemoryGraph {
  const triples = parsePipeTriples(readFileSync(file, 'utf8'));
  const entities = new Map<string, Entity>();
  for (const t of triples)
    for (const id of [t.head, t.tail])
      if (!entities.has(id)) {
        const lit = detectLiteralKind(id);
        entities.set(id, lit ? { id, name: id, literal: lit } : { id, name: id });
      }
  return MemoryGraph.fromTriples(name, [...entities.values()], triples);
}
