// app.info and dialog.openFile: facts about this engine, and the (optional) native file picker.
import type { EngineContext, HandlerGroup } from './engineContext.js';
import { DEMO_GRAPH, demoFilePath } from './demoGraph.js';

export const appHandlers: HandlerGroup<'app.info' | 'dialog.openFile'> = {
  'app.info': async (_request, { options }: EngineContext) => ({
    version: options.version,
    dataDir: options.dataDir,
    transport: options.transport,
    demoGraph: DEMO_GRAPH,
    demoFile: demoFilePath(options.resourcesDir),
  }),

  // A browser client cannot browse the engine's disk; only the Electron shell injects a picker. What the
  // analyst picks may be imported wherever it lies (graph.import confines every other path).
  'dialog.openFile': async ({ kind }, { options, importPaths }) => {
    const path = options.openFile ? await options.openFile(kind ?? 'triples') : null;
    if (path) await importPaths.pick(path);
    return { path };
  },
};
