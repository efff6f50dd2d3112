// Loads a `head|relation|tail` file straight into a MemoryGraph (no database): the benchmark's fast path. An
// entity is its name, as in the file; four-digit years read as dates and other plain numbers as numbers, so the
// sanitizer coarsens them like imported literals.
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import type { Entity, LiteralKind, Triple } from '../../common/graphTypes.js';
import { MemoryGraph } from '../graph/memoryGraph.js';

export function literalKindOf(text: string): LiteralKind | undefined {
  if (/^(1[0-9]|20)\d\d$/.test(text)) return 'date';
  if (/^\d{4}-\d\d(-\d\d)?$/.test(text)) return 'date';
  if (/^-?\d+([.,]\d+)?$/.test(text)) return 'number';
  return undefined;
}

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
        const lit = literalKindOf(id);
        entities.set(id, lit ? { id, name: id, literal: lit } : { id, name: id });
      }
  return MemoryGraph.fromTriples(name, [...entities.values()], triples);
}
