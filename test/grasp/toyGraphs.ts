// Small graphs and a hashed-word DRM for the GraSP tests (no GloVe load: fast and fully deterministic).
import type { Entity, Triple } from '../../src-main/common/graphTypes.js';
import { tokenizeText } from '../../src-main/engine/drm/tokenize.js';
import { MemoryGraph } from '../../src-main/engine/graph/memoryGraph.js';
import type { SyncTextEmbedder } from '../../src-main/engine/qa/grasp/entityVectors.js';
import type { Drm } from '../../src-main/engine/core/types.js';

/** Each word → a fixed pseudo-random vector; a text → the normalised sum. Same words, same vector. */
export class HashDrm implements SyncTextEmbedder, Drm {
  readonly name = 'hash-test';
  constructor(readonly dim = 16) {}
  private word(w: string): Float32Array {
    let h = 2166136261;
    for (let i = 0; i < w.length; i++) h = Math.imul(h ^ w.charCodeAt(i), 16777619);
    const v = new Float32Array(this.dim);
    for (let d = 0; d < this.dim; d++) {
      h ^= h << 13;
      h ^= h >>> 17;
      h ^= h << 5;
      v[d] = ((h >>> 0) / 0xffffffff) * 2 - 1;
    }
    return v;
  }
  embedOne(text: string): Float32Array {
    const out = new Float32Array(this.dim);
    for (const w of tokenizeText(text)) {
      const v = this.word(w);
      for (let d = 0; d < this.dim; d++) out[d] += v[d];
    }
    let n = 0;
    for (let d = 0; d < this.dim; d++) n += out[d] * out[d];
    n = Math.sqrt(n) || 1;
    for (let d = 0; d < this.dim; d++) out[d] /= n;
    return out;
  }
  async embed(texts: string[]): Promise<Float32Array[]> {
    return texts.map((t) => this.embedOne(t));
  }
}

/**
 * People work at companies, each company sits in one city, and people live where their company is; everyone also
 * likes a hobby shared across companies (distractor paths to other cities). `missing` people have no lives_in
 * edge: the city is implied only by the pattern of their coworkers.
 */
export function companyTownGraph(missing: string[] = []): { graph: MemoryGraph; cityOf: Map<string, string> } {
  const triples: Triple[] = [];
  const cityOf = new Map<string, string>();
  const companies = 6;
  const perCompany = 7;
  for (let c = 0; c < companies; c++) {
    for (let p = 0; p < perCompany; p++) {
      const person = `person${c}_${p}`;
      const city = `city${c}`;
      cityOf.set(person, city);
      triples.push({ head: person, relation: 'works_at', tail: `company${c}` });
      triples.push({ head: person, relation: 'likes', tail: `hobby${(c * 3 + p) % 5}` });
      if (!missing.includes(person)) triples.push({ head: person, relation: 'lives_in', tail: city });
    }
  }
  const entities: Entity[] = [];
  return { graph: MemoryGraph.fromTriples('toy', entities, triples), cityOf };
}
