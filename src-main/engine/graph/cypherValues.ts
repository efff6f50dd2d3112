// Kuzu values to JSON-safe console cells, and the nodes and relationships a result holds (for the graph view).
// Pure: the store reads rows, these shape them.
import type { CypherCell, CypherGraphEdge, CypherGraphNode } from '../../common/cypherTypes.js';

type InternalId = { offset: number | bigint; table: number | bigint };

function isInternalId(v: unknown): v is InternalId {
  return typeof v === 'object' && v !== null && 'offset' in v && 'table' in v && Object.keys(v).length === 2;
}

const keyOf = (id: InternalId): string => `${String(id.table)}:${String(id.offset)}`;

/** Any value Kuzu hands back, as a cell: bigint → number when exact, else string; Date → ISO; internal ids → "t:o". */
export function toCell(v: unknown): CypherCell {
  if (v === null || v === undefined) return null;
  if (typeof v === 'bigint') return Number.isSafeInteger(Number(v)) ? Number(v) : v.toString();
  if (typeof v === 'number') return Number.isFinite(v) ? v : String(v);
  if (typeof v === 'string' || typeof v === 'boolean') return v;
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? null : v.toISOString();
  if (v instanceof Uint8Array) return `<${v.length} bytes>`;
  if (Array.isArray(v)) return v.map(toCell);
  if (isInternalId(v)) return keyOf(v);
  if (typeof v === 'object') {
    const out: Record<string, CypherCell> = {};
    for (const [k, x] of Object.entries(v as Record<string, unknown>)) out[k] = toCell(x);
    return out;
  }
  return String(v);
}

const isNode = (v: Record<string, unknown>): boolean => isInternalId(v._id) && typeof v._label === 'string' && !('_src' in v);
const isRel = (v: Record<string, unknown>): boolean => isInternalId(v._src) && isInternalId(v._dst);

function propertiesOf(v: Record<string, unknown>): Record<string, CypherCell> {
  const out: Record<string, CypherCell> = {};
  for (const [k, x] of Object.entries(v)) if (!k.startsWith('_')) out[k] = toCell(x);
  return out;
}

/** Collects every node and relationship in the rows (inside lists and paths too), each once. */
export function graphOf(rows: unknown[][]): { nodes: CypherGraphNode[]; edges: CypherGraphEdge[] } {
  const nodes = new Map<string, CypherGraphNode>();
  const edges = new Map<string, CypherGraphEdge>();
  const visit = (v: unknown): void => {
    if (Array.isArray(v)) return v.forEach(visit);
    if (typeof v !== 'object' || v === null || v instanceof Date || v instanceof Uint8Array) return;
    const o = v as Record<string, unknown>;
    if (isRel(o)) {
      const source = keyOf(o._src as InternalId);
      const target = keyOf(o._dst as InternalId);
      const key = isInternalId(o._id) ? keyOf(o._id) : `${source}>${target}:${String(o.label ?? o._label)}`;
      edges.set(key, { key, source, target, label: typeof o.label === 'string' ? o.label : String(o._label ?? '') });
      return;
    }
    if (isNode(o)) {
      const key = keyOf(o._id as InternalId);
      const name = typeof o.id === 'string' ? o.id : typeof o.name === 'string' ? o.name : key;
      nodes.set(key, { key, table: String(o._label), label: name, properties: propertiesOf(o) });
      return;
    }
    Object.values(o).forEach(visit);
  };
  rows.forEach(visit);
  // An edge is drawn only between nodes the result holds (a bare relationship's ends may be absent).
  return { nodes: [...nodes.values()], edges: [...edges.values()].filter((e) => nodes.has(e.source) && nodes.has(e.target)) };
}
