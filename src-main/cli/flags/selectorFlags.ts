// `--selector path|grasp` for ask and eval: "path" is the relation-path search alone; "grasp" adds the
// topology-aware selector trained by `ctrlg train` on this graph (for graphs with missing edges), the graph's
// newest stored version, as the app's ask service loads it.
import type { SelectorKind } from '../../common/graspContract.js';
import { ApiError } from '../../engine/app/apiError.js';
import type { Assembly } from '../../engine/app/assemble.js';
import { CliError, type CliContext } from '../command.js';

export type { SelectorKind };

export const SELECTOR_FLAG_OPTIONS = {
  selector: { type: 'string' },
} as const;

export function parseSelector(value: string | undefined): SelectorKind {
  if (value === undefined || value === 'path') return 'path';
  if (value === 'grasp') return 'grasp';
  throw new CliError(`--selector must be "path" or "grasp", not "${value}"`);
}

/**
 * Loads the graph's trained selector for "grasp" (nothing for "path") before any question is asked, so a missing or
 * unreadable model is one clear line; warns when it was trained on other graph content.
 */
export async function checkSelector(parts: Assembly, kind: SelectorKind, ctx: CliContext, graphName: string): Promise<void> {
  if (kind === 'path' || !parts.asks) return;
  let matchesGraph: boolean | undefined;
  try {
    ({ matchesGraph } = await parts.asks.prepare(graphName, kind));
  } catch (e) {
    if (e instanceof ApiError && e.code === 'grasp_not_trained')
      throw new CliError(`--selector grasp: no trained GraSP model for graph "${graphName}"; run ctrlg train --graph ${graphName} first`);
    if (e instanceof ApiError && e.code === 'grasp_unreadable')
      throw new CliError(`--selector grasp: cannot load the GraSP model of graph "${graphName}": ${(e.details as { reason?: string } | undefined)?.reason ?? e.message}`);
    throw e;
  }
  // A model trained before the graph changed still runs, but its scores describe the old graph.
  if (matchesGraph === false)
    ctx.stderr.write(`warning: the GraSP model of graph "${graphName}" was trained on different graph content; run ctrlg train --graph ${graphName} again for a matching one\n`);
}
