// What extraction, training and selection share for one graph: relation vectors from the labels' words and the
// entity-name vector cache, both from the same synchronous DRM.
import type { MemoryGraph } from '../../graph/memoryGraph.js';
import { relationText } from '../stages/relationVectors.js';
import { EntityVectors, type SyncTextEmbedder } from './entityVectors.js';
import type { RelevanceContext } from './relevantSubgraph.js';

export interface GraspContext extends RelevanceContext {
  drm: SyncTextEmbedder;
}

const memo = new WeakMap<MemoryGraph, WeakMap<SyncTextEmbedder, GraspContext>>();

export function graspContext(graph: MemoryGraph, drm: SyncTextEmbedder): GraspContext {
  let byDrm = memo.get(graph);
  if (!byDrm) memo.set(graph, (byDrm = new WeakMap()));
  let ctx = byDrm.get(drm);
  if (!ctx) {
    ctx = {
      graph,
      drm,
      relationVectors: graph.relationLabels.map((l) => drm.embedOne(relationText(l))),
      entityVectors: new EntityVectors(graph, drm),
    };
    byDrm.set(drm, ctx);
  }
  return ctx;
}
