// The selector the QA pipeline calls: relevance subgraph around the topic entities, trained encoder, entities
// ranked by how likely they answer the question or bridge to the answer — including entities the question's
// relation path no longer reaches because an edge is missing.
import type { MemoryGraph } from '../../graph/memoryGraph.js';
import { loadGloveDrm } from '../../drm/gloveDrm.js';
import type { GraspEncoder } from './encoder/graspEncoder.js';
import type { SyncTextEmbedder } from './entityVectors.js';
import { graspContext } from './graspContext.js';
import { graphContentHash } from './graphHash.js';
import { loadGraspModel, type GraspModelMeta } from './modelStore.js';
import { DEFAULT_RELEVANCE, relevantSubgraph, type RelevanceOptions, type RelevantSubgraph } from './relevantSubgraph.js';
import { subgraphBatch } from './subgraphBatch.js';

export interface SelectOptions {
  /** Entities returned (default 20). */
  topK?: number;
  /** Hops of the relevance subgraph (default 3: a missing edge turns a 1-hop answer into a 3-hop one). */
  l?: number;
  k1?: number;
  k2?: number;
  maxNodes?: number;
}

export interface ScoredEntity {
  entity: number;
  /** Softmax probability over the subgraph's non-anchor entities. */
  score: number;
}

export interface DetailedSelection {
  ranked: ScoredEntity[];
  subgraph: RelevantSubgraph;
}

export interface GraspSelector {
  readonly meta?: GraspModelMeta;
  /** True when the model was trained on exactly this graph content. */
  matches(graph: MemoryGraph): boolean;
  select(graph: MemoryGraph, anchors: number[], questionVector: ArrayLike<number>, options?: SelectOptions): ScoredEntity[];
  selectDetailed(graph: MemoryGraph, anchors: number[], questionVector: ArrayLike<number>, options?: SelectOptions): DetailedSelection;
}

export const DEFAULT_SELECT_L = 3;

export function createGraspSelector(encoder: GraspEncoder, drm: SyncTextEmbedder, meta?: GraspModelMeta): GraspSelector {
  const hashes = new WeakMap<MemoryGraph, string>();
  const selectDetailed = (graph: MemoryGraph, anchors: number[], questionVector: ArrayLike<number>, options: SelectOptions = {}): DetailedSelection => {
    const ctx = graspContext(graph, drm);
    const relevance: RelevanceOptions = {
      l: options.l ?? DEFAULT_SELECT_L,
      k1: options.k1 ?? DEFAULT_RELEVANCE.k1,
      k2: options.k2 ?? DEFAULT_RELEVANCE.k2,
      maxNodes: options.maxNodes ?? DEFAULT_RELEVANCE.maxNodes,
    };
    const subgraph = relevantSubgraph(ctx, anchors, questionVector, relevance);
    const n = subgraph.nodes.length;
    if (n <= subgraph.anchorCount) return { ranked: [], subgraph };
    const pass = encoder.forward(subgraphBatch(subgraph, ctx.entityVectors, questionVector));
    let max = -Infinity;
    for (let i = subgraph.anchorCount; i < n; i++) max = Math.max(max, pass.scores[i]);
    let z = 0;
    const ranked: ScoredEntity[] = [];
    for (let i = subgraph.anchorCount; i < n; i++) {
      const p = Math.exp(pass.scores[i] - max);
      z += p;
      ranked.push({ entity: subgraph.nodes[i], score: p });
    }
    for (const r of ranked) r.score /= z;
    ranked.sort((a, b) => b.score - a.score || a.entity - b.entity);
    return { ranked: ranked.slice(0, options.topK ?? 20), subgraph };
  };
  return {
    meta,
    matches(graph) {
      if (!meta) return false;
      let h = hashes.get(graph);
      if (!h) hashes.set(graph, (h = graphContentHash(graph)));
      return h === meta.graphHash;
    },
    select: (graph, anchors, q, options) => selectDetailed(graph, anchors, q, options).ranked,
    selectDetailed,
  };
}

/** Loads the newest trained encoder of a graph (or `version`); the DRM defaults to the shared GloVe one. */
export async function loadGraspSelector(dataDir: string, graphName: string, options: { drm?: SyncTextEmbedder; version?: number; relationLabels?: string[] } = {}): Promise<GraspSelector> {
  const { encoder, meta } = await loadGraspModel(dataDir, graphName, options.version, options.relationLabels);
  const drm = options.drm ?? (await loadGloveDrm());
  return createGraspSelector(encoder, drm, meta);
}
