// A DRM from a GGUF embedding model on the Hand's runtime (llama.cpp pooled sentence vectors), for users who want
// a stronger retriever than GloVe. Vectors are L2-normalised so cosine stays a dot product; repeated texts
// (relation labels, entity names) are served from a small LRU cache because each miss is a model evaluation.
import type { HandRuntime } from '../llm/handRuntime.js';
import type { HandLoadOptions } from '../llm/handTypes.js';
import type { Drm } from '../core/types.js';
import { loadGloveDrm } from './gloveDrm.js';

export interface GgufDrmOptions {
  /** Texts kept in the LRU cache (default 4096). */
  cacheSize?: number;
  /** Texts embedded per batch before yielding to the event loop (default 32). */
  batchSize?: number;
  load?: HandLoadOptions;
}

export interface GgufDrm extends Drm {
  readonly modelPath: string;
  /** Cache hits and misses since creation (misses are model evaluations). */
  readonly stats: { hits: number; misses: number };
  /** Unloads the embedding model from the runtime. */
  dispose(): Promise<void>;
}

/** Least-recently-used map: a Map keeps insertion order, so re-inserting on read moves an entry to the back. */
class LruCache<K, V> {
  private readonly map = new Map<K, V>();
  constructor(private readonly capacity: number) {}

  get(key: K): V | undefined {
    const v = this.map.get(key);
    if (v !== undefined) {
      this.map.delete(key);
      this.map.set(key, v);
    }
    return v;
  }

  set(key: K, value: V): void {
    this.map.delete(key);
    this.map.set(key, value);
    if (this.map.size > this.capacity) this.map.delete(this.map.keys().next().value as K);
  }
}

export function l2Normalize(vector: ArrayLike<number>): Float32Array {
  const out = Float32Array.from(vector);
  let norm = 0;
  for (let i = 0; i < out.length; i++) norm += out[i] * out[i];
  norm = Math.sqrt(norm);
  if (norm > 0) for (let i = 0; i < out.length; i++) out[i] /= norm;
  return out;
}

export async function createGgufDrm(runtime: HandRuntime, modelPath: string, options: GgufDrmOptions = {}): Promise<GgufDrm> {
  const info = await runtime.loadEmbeddingModel(modelPath, options.load);
  const cache = new LruCache<string, Float32Array>(Math.max(1, options.cacheSize ?? 4096));
  const batchSize = Math.max(1, options.batchSize ?? 32);
  const stats = { hits: 0, misses: 0 };
  // The pooled vector has the model's width; probe once when the file does not say.
  const dim = info.file.embeddingLength ?? (await runtime.embed('a')).length;
  const name = `gguf:${info.file.name ?? info.file.fileName}`;

  async function embedOne(text: string): Promise<Float32Array> {
    // llama.cpp cannot embed zero tokens; a blank text is similar to nothing.
    if (!text.trim()) return new Float32Array(dim);
    const v = l2Normalize(await runtime.embed(text));
    if (v.length !== dim) throw new Error(`embedding of width ${v.length} from ${name}, expected ${dim}`);
    return v;
  }

  return {
    name,
    dim,
    modelPath,
    stats,
    async embed(texts: string[]): Promise<Float32Array[]> {
      const out = new Array<Float32Array>(texts.length);
      const missing = new Map<string, number[]>();
      texts.forEach((t, i) => {
        const hit = cache.get(t);
        if (hit) {
          stats.hits++;
          out[i] = hit;
        } else {
          const at = missing.get(t);
          if (at) at.push(i);
          else missing.set(t, [i]);
        }
      });
      const todo = [...missing.keys()];
      for (let b = 0; b < todo.length; b += batchSize) {
        // The runtime has one embedding context: a batch is evaluated text by text, in its queue.
        const batch = todo.slice(b, b + batchSize);
        const vectors = await Promise.all(batch.map(embedOne));
        batch.forEach((t, k) => {
          stats.misses++;
          cache.set(t, vectors[k]);
          for (const i of missing.get(t)!) out[i] = vectors[k];
        });
      }
      return out;
    },
    dispose: () => runtime.unloadEmbeddingModel(),
  };
}

export interface DrmSettings {
  drm: 'glove' | 'gguf';
  ggufPath?: string;
}

export interface DrmSources {
  /** The runtime to load a GGUF embedding model on (required for 'gguf'). */
  runtime?: HandRuntime;
  /** GloVe loader (defaults to the shared process-wide GloVe DRM). */
  glove?: () => Promise<Drm>;
  gguf?: GgufDrmOptions;
}

/** The DRM the settings ask for: GloVe by default, the GGUF embedding model when chosen and configured. */
export async function selectDrm(settings: DrmSettings, sources: DrmSources = {}): Promise<Drm> {
  if (settings.drm === 'glove') return (sources.glove ?? loadGloveDrm)();
  if (!settings.ggufPath) throw new Error('the GGUF retriever needs a model file (ggufPath)');
  if (!sources.runtime) throw new Error('the GGUF retriever needs the Hand runtime to load its model on');
  return createGgufDrm(sources.runtime, settings.ggufPath, sources.gguf);
}
