// DRM vectors of entity names (a literal gets the vector of its kind word instead: a year's digits say nothing to
// a word model). Computed on first use and cached per graph, since a subgraph touches only a few thousand entities.
import { tokenizeText } from '../../drm/tokenize.js';
import type { MemoryGraph } from '../../graph/memoryGraph.js';

/** A DRM that embeds synchronously (GloveDrm does); the selector runs inside one synchronous ranking step. */
export interface SyncTextEmbedder {
  readonly dim: number;
  embedOne(text: string): Float32Array;
}

const KIND_WORDS: Record<string, string> = { date: 'date year', number: 'number', string: 'text' };

export class EntityVectors {
  private readonly cache = new Map<number, Float32Array>();

  constructor(readonly graph: MemoryGraph, readonly drm: SyncTextEmbedder) {}

  get dim(): number {
    return this.drm.dim;
  }

  of(entity: number): Float32Array {
    let v = this.cache.get(entity);
    if (!v) {
      const kind = this.graph.literalOf(entity);
      const text = kind ? KIND_WORDS[kind] ?? kind : this.graph.names[entity];
      v = this.drm.embedOne(tokenizeText(text).length ? text : 'thing');
      if (this.cache.size > 500_000) this.cache.clear();
      this.cache.set(entity, v);
    }
    return v;
  }
}
