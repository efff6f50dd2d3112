// The bundled demo graph: imported once, on a first launch that finds no graphs in the data dir.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { EngineContext } from './engineContext.js';

export const DEMO_GRAPH = 'demo-hospital';
/** Job id of the demo import, so the UI can show its progress like any other import. */
export const DEMO_JOB_ID = 'demo-import';

export function demoFilePath(resourcesDir: string): string {
  return join(resourcesDir, 'demo', 'hospital-network.txt');
}

/** Imports the demo graph when the library is empty. Returns true when it imported. */
export async function importDemoIfEmpty(ctx: EngineContext): Promise<boolean> {
  const file = demoFilePath(ctx.options.resourcesDir);
  if (!existsSync(file)) return false;
  if ((await ctx.library.list()).length > 0) return false;
  const signal = ctx.jobs.start(DEMO_JOB_ID);
  try {
    await ctx.library.importFile(DEMO_GRAPH, file, {
      signal,
      onProgress: (progress) => ctx.events.emit('import.progress', { jobId: DEMO_JOB_ID, graph: DEMO_GRAPH, progress }),
    });
  } finally {
    ctx.jobs.finish(DEMO_JOB_ID);
  }
  ctx.events.emit('graph.changed', { graph: DEMO_GRAPH });
  return true;
}
