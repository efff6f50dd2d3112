// The graph library for the faces that work on graphs outside a question (the CLI's import, graphs, stats and
// neighbors commands): the GraphLibrary assemble() builds for the engine, the store each graph opens as, and the
// formats an import reads.
export { GraphLibrary } from '../import/graphLibrary.js';
export type { GraphStore } from '../graph/graphStore.js';
export { IMPORT_FORMATS } from '../import/importFormat.js';
export type { ImportLimits } from '../import/importLimits.js';
