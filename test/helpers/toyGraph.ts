// A small in-memory graph from `head|relation|tail` lines, every entity named by its id (no literal kinds): the toy
// graphs of the pipeline tests.
import { MemoryGraph } from '../../src-main/engine/graph/memoryGraph.js';
import { parsePipeTriples } from '../../src-main/engine/import/pipeTriplesGraph.js';

export function toyGraph(lines: readonly string[]): MemoryGraph {
  // Entities the triples name are added in order of first mention, each named by its id.
  return MemoryGraph.fromTriples('toy', [], parsePipeTriples(lines.join('\n')));
}
