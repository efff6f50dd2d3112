// The engine's floor plan, bottom-up. A folder may import only folders of lower layers (and its own), minus the
// ones a layer names in `never`, or, where a layer names them, only the layers in `only`; memory and egress
// implement core ports and never reach into qa/. The faces at the top (shell, host, CLI) call the app layer
// (assemble() and what it exposes) and the shared contract, never engine internals and never each other.
// `npm run arch` and the layering test read this.

export interface Layer {
  /** Short name used in reports. */
  name: string;
  /** Folder (repo-relative); a file belongs to the layer with the longest matching folder. */
  dir: string;
  /** Layers below this one that it still must not import. */
  never?: string[];
  /** When set, the only layers below this one it may import. */
  only?: string[];
}

const QA = ['qa/stages', 'qa/sanitize', 'qa/hand', 'qa/grasp', 'qa/controller', 'qa'];
const FACES = ['cli', 'host', 'shell'];
// What a face may import. The one leftover beside the app layer and the contract is `node`: platform helpers with
// no engine knowledge — the data folder every face resolves the same way (node/dataDir.ts) and the atomic file
// write the shell's safeStorage key files use (node/sealedFile.ts).
const FACE_IMPORTS = ['app', 'common', 'node'];

export const LAYERS: readonly Layer[] = [
  { name: 'common', dir: 'src-main/common' },
  { name: 'core', dir: 'src-main/engine/core' },
  // Infrastructure: no question-answering knowledge.
  { name: 'random', dir: 'src-main/engine/random' },
  { name: 'node', dir: 'src-main/engine/node' },
  { name: 'graph', dir: 'src-main/engine/graph' },
  { name: 'import', dir: 'src-main/engine/import' },
  { name: 'llm', dir: 'src-main/engine/llm' },
  { name: 'drm', dir: 'src-main/engine/drm' },
  // Language resources (WordNet): parts of speech, senses, semantic classes; general English, no graph.
  { name: 'lexicon', dir: 'src-main/engine/lexicon' },
  // Brain payloads from view material: the one builder, its text, token count and exposure report, used alike by
  // the QA engine's previews and the gateway's calls.
  { name: 'payload', dir: 'src-main/engine/payload' },
  // Question answering: stages, sanitizer, Hand, GraSP, controller, and the QA engine on top of them.
  { name: 'qa/stages', dir: 'src-main/engine/qa/stages' },
  { name: 'qa/sanitize', dir: 'src-main/engine/qa/sanitize' },
  { name: 'qa/hand', dir: 'src-main/engine/qa/hand' },
  { name: 'qa/grasp', dir: 'src-main/engine/qa/grasp' },
  { name: 'qa/controller', dir: 'src-main/engine/qa/controller' },
  { name: 'qa', dir: 'src-main/engine/qa' },
  // Implementations of core ports.
  { name: 'memory', dir: 'src-main/engine/memory', never: QA },
  { name: 'egress/audit', dir: 'src-main/engine/egress/audit', never: [...QA, 'memory'] },
  { name: 'egress/exposure', dir: 'src-main/engine/egress/exposure', never: [...QA, 'memory'] },
  { name: 'egress/brain', dir: 'src-main/engine/egress/brain', never: [...QA, 'memory'] },
  // Composition: services, handlers, and the one place the object graph is built.
  { name: 'app', dir: 'src-main/engine/app' },
  // Faces.
  ...FACES.map((f) => ({ name: f, dir: `src-main/${f}`, never: FACES.filter((o) => o !== f), only: FACE_IMPORTS })),
];

/** The layer a repo-relative file belongs to, or undefined outside src-main's layered folders. */
export function layerOf(file: string, layers: readonly Layer[] = LAYERS): Layer | undefined {
  let best: Layer | undefined;
  for (const l of layers) if ((file === l.dir || file.startsWith(`${l.dir}/`)) && (!best || l.dir.length > best.dir.length)) best = l;
  return best;
}

/** Why `from` may not import `to`, or undefined when the import runs downward (or stays inside a layer). */
export function layeringViolation(from: string, to: string, layers: readonly Layer[] = LAYERS): string | undefined {
  const a = layerOf(from, layers);
  const b = layerOf(to, layers);
  if (!a || !b || a === b) return undefined;
  const ia = layers.indexOf(a);
  const ib = layers.indexOf(b);
  if (ib > ia) return `${a.name} imports ${b.name}, a layer above it`;
  if (a.never?.includes(b.name)) return `${a.name} must not import ${b.name}`;
  if (a.only && !a.only.includes(b.name)) return `${a.name} may import only ${a.only.join(', ')}, not ${b.name}`;
  return undefined;
}
