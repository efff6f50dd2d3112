// Relation clusters for `clustered` mode: relations that the DRM finds close in meaning AND that join the same
// kinds of things become one visible relation. The visible label is a neutral `R<n>`, never a word from the
// raw labels: any shared word would have to be vetted against the private schema, and a neutral label
// cannot leak. Clusters are numbered by their lowest relation index, so the labels are stable for a graph.
import type { RelationClusters, SanitizeConfig } from '../../core/types.js';
import type { MemoryGraph } from '../../graph/memoryGraph.js';
// Signatures are the graph's (graph/relationSignatures.ts: computed at import, kept in its snapshot).
import { relationSignatures, type RelationSignature } from '../../graph/relationSignatures.js';

export interface ClusterOptions {
  /** Average-linkage cosine similarity at or above which two clusters merge. */
  threshold: number;
  /** Prefix of the visible labels. */
  prefix: string;
}

export const DEFAULT_CLUSTER_OPTIONS: ClusterOptions = { threshold: 0.75, prefix: 'R' };

/**
 * Groups relations: only relations with equal signatures may share a cluster; inside a signature, average-linkage
 * agglomeration over the cosine of their DRM vectors (unit length, so a dot product). A relation without a vector
 * stays alone. With no vectors at all, every relation is its own (renamed) cluster.
 */
export function clusterRelations(
  relationLabels: string[],
  relationVectors: Float32Array[],
  signatures: RelationSignature[],
  options?: Partial<ClusterOptions>,
): RelationClusters {
  const opts = { ...DEFAULT_CLUSTER_OPTIONS, ...options };
  const r = relationLabels.length;
  const bySignature = new Map<string, number[]>();
  for (let i = 0; i < r; i++) {
    const s = signatures[i];
    const key = s ? `${s.headType}\u0000${s.tailType}\u0000${s.literalTail ? 1 : 0}` : `\u0001${i}`;
    const list = bySignature.get(key);
    if (list) list.push(i);
    else bySignature.set(key, [i]);
  }
  const clusters: number[][] = [];
  for (const members of bySignature.values()) clusters.push(...agglomerate(members, relationVectors, opts.threshold));
  clusters.sort((a, b) => a[0] - b[0]);
  const labelOf = new Array<string>(r);
  clusters.forEach((c, n) => {
    for (const rel of c) labelOf[rel] = `${opts.prefix}${n + 1}`;
  });
  return { labelOf };
}

function cosine(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i] * b[i];
    na += a[i] * a[i];
    nb += b[i] * b[i];
  }
  // Vectors should be unit length already; normalising again costs little and survives a DRM that is not.
  return na > 0 && nb > 0 ? dot / Math.sqrt(na * nb) : 0;
}

/** Average-linkage agglomerative clustering of `members`; returns clusters with members sorted ascending. */
function agglomerate(members: number[], vectors: Float32Array[], threshold: number): number[][] {
  const withVec = members.filter((m) => vectors[m] && vectors[m].length > 0);
  const alone = members.filter((m) => !(vectors[m] && vectors[m].length > 0)).map((m) => [m]);
  const n = withVec.length;
  if (n < 2) return [...alone, ...withVec.map((m) => [m])];
  // Pairwise similarity sums between live clusters; merging adds rows, average = sum / (|A|·|B|).
  const sum: number[][] = Array.from({ length: n }, (_, i) =>
    Array.from({ length: n }, (_, j) => (i === j ? 0 : cosine(vectors[withVec[i]], vectors[withVec[j]]))),
  );
  const clusters: (number[] | null)[] = withVec.map((m) => [m]);
  for (;;) {
    let bi = -1;
    let bj = -1;
    let best = threshold;
    for (let i = 0; i < n; i++) {
      const ci = clusters[i];
      if (!ci) continue;
      for (let j = i + 1; j < n; j++) {
        const cj = clusters[j];
        if (!cj) continue;
        const avg = sum[i][j] / (ci.length * cj.length);
        if (avg >= best) {
          best = avg;
          bi = i;
          bj = j;
        }
      }
    }
    if (bi < 0) break;
    clusters[bi] = [...clusters[bi]!, ...clusters[bj]!];
    clusters[bj] = null;
    for (let x = 0; x < n; x++) {
      sum[bi][x] += sum[bj][x];
      sum[x][bi] = sum[bi][x];
    }
  }
  return [...alone, ...clusters.filter((c): c is number[] => c !== null).map((c) => c.sort((a, b) => a - b))];
}

const defaults = new WeakMap<MemoryGraph, RelationClusters>();

/** Signature-only clusters (no DRM), used when `clustered` mode is asked without precomputed clusters. */
export function defaultRelationClusters(graph: MemoryGraph): RelationClusters {
  let c = defaults.get(graph);
  if (!c) {
    c = clusterRelations(graph.relationLabels, [], relationSignatures(graph));
    defaults.set(graph, c);
  }
  return c;
}

/**
 * Sanitizer stage 2: the label the view shows for each raw relation of the graph. `labels` mode shows the raw
 * label; `clustered` mode its cluster's neutral label (`clusters`, or the graph's signature-only clusters). Pure.
 */
export function visibleRelationLabels(graph: MemoryGraph, relations: SanitizeConfig['relations'], clusters?: RelationClusters): string[] {
  const c = relations === 'clustered' ? (clusters ?? defaultRelationClusters(graph)) : undefined;
  return graph.relationLabels.map((label, r) => (c ? (c.labelOf[r] ?? 'R0') : label));
}
