// `--selector path|grasp` for ask and eval: "path" is the relation-path search alone; "grasp" adds the
// topology-aware selector trained by `ctrlg train` on this graph (for graphs with missing edges).
import { loadGraspSelector, type GraspSelector } from '../../engine/qa/grasp/graspSelector.js';
import { listGraspVersions } from '../../engine/qa/grasp/modelStore.js';
import type { MemoryGraph } from '../../engine/graph/memoryGraph.js';
import type { SyncTextEmbedder } from '../../engine/qa/grasp/entityVectors.js';
import { CliError, type CliContext } from '../command.js';

export const SELECTOR_FLAG_OPTIONS = {
  selector: { type: 'string' },
} as const;

export type SelectorKind = 'path' | 'grasp';

export function parseSelector(value: string | undefined): SelectorKind {
  if (value === undefined || value === 'path') return 'path';
  if (value === 'grasp') return 'grasp';
  throw new CliError(`--selector must be "path" or "grasp", not "${value}"`);
}

/** The trained selector of `graphName`, or undefined for "path"; warns when it was trained on other graph content. */
export async function openSelector(kind: SelectorKind, ctx: CliContext, graphName: string, graph: MemoryGraph, drm: SyncTextEmbedder): Promise<GraspSelector | undefined> {
  if (kind === 'path') return undefined;
  if ((await listGraspVersions(ctx.dataDir, graphName)).length === 0)
    throw new CliError(`--selector grasp: no trained GraSP model for graph "${graphName}"; run ctrlg train --graph ${graphName} first`);
  let selector: GraspSelector;
  try {
    selector = await loadGraspSelector(ctx.dataDir, graphName, { drm, relationLabels: graph.relationLabels });
  } catch (e) {
    throw new CliError(`--selector grasp: cannot load the GraSP model of graph "${graphName}": ${(e as Error).message}`);
  }
  // A model trained before the graph changed still runs, but its scores describe the old graph.
  if (!selector.matches(graph))
    ctx.stderr.write(`warning: the GraSP model of graph "${graphName}" was trained on different graph content; run ctrlg train --graph ${graphName} again for a matching one\n`);
  return selector;
}
