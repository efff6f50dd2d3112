// Schema-level relation chains of the whole graph, for questions whose anchor lost edges. The analysis normally
// scores only the relation paths still walkable around the anchor, so on an incomplete graph the question's chain
// may simply be absent from its candidates. Here chains are walked over relation *types* instead of entities:
// a slot is a (relation, direction) an entity takes part in; slot s2 may follow step (r, d) when entities standing
// at the far end of r (carrying (r, flip d)) often also carry s2. The anchor's type is read from the slots it still
// has: a chain may start with any slot its type-mates (entities sharing one of those slots) commonly carry.
// Nothing here knows relation names; the co-occurrence counts are the graph's own evidence of its types.
import { DIR_OUT, type MemoryGraph } from '../../graph/memoryGraph.js';
import { chainKey } from '../stages/schemaPaths.js';
import { type SchemaPath, type SchemaStep } from '../../core/types.js';

export interface RelationSchema {
  /** Slots: relation * 2 + (0 out | 1 in), as schemaPaths keys them. */
  readonly slotCount: number;
  /** Entities carrying each slot. */
  readonly carriers: Int32Array;
  /** co[a * slotCount + b]: entities carrying both slots a and b. */
  readonly co: Int32Array;
  /** A deterministic sample of each slot's carriers: the type-level "ends" of a chain ending there. */
  readonly sample: number[][];
}

const memo = new WeakMap<MemoryGraph, RelationSchema>();

const slotOf = (relation: number, dirBit: number): number => relation * 2 + (dirBit === DIR_OUT ? 0 : 1);
const stepOf = (slot: number): SchemaStep => ({ relation: slot >> 1, direction: slot & 1 ? 'in' : 'out' });
/** The slot the entity at the far end of a step carries. */
const farSlot = (slot: number): number => slot ^ 1;

/** Slot co-occurrence of the graph, computed once per graph (one pass over the CSR). */
export function relationSchema(graph: MemoryGraph, sampleSize = 60): RelationSchema {
  const cached = memo.get(graph);
  if (cached) return cached;
  const S = graph.relationLabels.length * 2;
  const carriers = new Int32Array(S);
  const co = new Int32Array(S * S);
  const all: number[][] = Array.from({ length: S }, () => []);
  const own: number[] = [];
  const seen = new Uint8Array(S);
  for (let e = 0; e < graph.size; e++) {
    own.length = 0;
    for (let k = graph.offsets[e]; k < graph.offsets[e + 1]; k++) {
      const s = slotOf(graph.edgeRelation[k], graph.edgeDirection[k]);
      if (!seen[s]) {
        seen[s] = 1;
        own.push(s);
      }
    }
    for (const a of own) {
      seen[a] = 0;
      carriers[a]++;
      all[a].push(e);
      for (const b of own) co[a * S + b]++;
    }
  }
  // Stride sample: spread over the id range (ids follow import order, which often groups by source).
  const sample = all.map((xs) => {
    if (xs.length <= sampleSize) return xs;
    const step = xs.length / sampleSize;
    return Array.from({ length: sampleSize }, (_, i) => xs[Math.floor(i * step)]);
  });
  const schema = { slotCount: S, carriers, co, sample };
  memo.set(graph, schema);
  return schema;
}

export interface SchemaChainOptions {
  dMax: number;
  /** s2 may follow a slot when at least this share of the slot's carriers also carry s2 (default 0.05). */
  minShare?: number;
  /** Chains already walkable around the anchor (chainKey): not repeated. */
  known?: ReadonlySet<string>;
  /** Hard cap on chains returned (default 3000). */
  maxPaths?: number;
}

/** Slots that commonly co-occur with `slot` on one entity. */
function followers(schema: RelationSchema, slot: number, minShare: number): number[] {
  const S = schema.slotCount;
  const n = schema.carriers[slot];
  const out: number[] = [];
  if (n === 0) return out;
  for (let b = 0; b < S; b++) if (schema.co[slot * S + b] > 0 && schema.co[slot * S + b] >= minShare * n) out.push(b);
  return out;
}

/**
 * Type-level chains of length 1..dMax for `anchor`: they start with a slot the anchor's type-mates carry and follow
 * slot co-occurrence. Each path's `ends` is a sample of the last slot's far-side carriers (the answer's type, not
 * reached entities); chains in `known` are skipped, so callers add these to the walkable ones.
 */
export function schemaChains(graph: MemoryGraph, anchor: number, options: SchemaChainOptions): SchemaPath[] {
  const schema = relationSchema(graph);
  const minShare = options.minShare ?? 0.05;
  const maxPaths = options.maxPaths ?? 3000;
  const known = options.known ?? new Set<string>();
  const first = new Set<number>();
  for (let k = graph.offsets[anchor]; k < graph.offsets[anchor + 1]; k++) {
    const s = slotOf(graph.edgeRelation[k], graph.edgeDirection[k]);
    for (const b of followers(schema, s, minShare)) first.add(b);
  }
  const out: SchemaPath[] = [];
  const walk = (steps: number[]): void => {
    if (out.length >= maxPaths) return;
    const seq = steps.map(stepOf);
    const last = steps[steps.length - 1];
    if (!known.has(chainKey(seq))) {
      const ends = new Set(schema.sample[farSlot(last)].filter((e) => e !== anchor));
      if (ends.size > 0) out.push({ anchor, steps: seq, ends });
    }
    if (steps.length >= options.dMax) return;
    for (const b of followers(schema, farSlot(last), minShare)) walk([...steps, b]);
  };
  for (const s of [...first].sort((a, b) => a - b)) walk([s]);
  return out;
}

/**
 * How well `entity` fits a slot it does not carry, in [0, 1]: the best share, over the slots it does carry, of
 * their carriers that also carry `step`'s slot. An entity whose own edge of that relation is the missing one still
 * fits through its other slots (a drug's other relations are drugs' relations); a film offered as a language does
 * not (films never are languages), whatever its name.
 */
export function slotTypeFit(graph: MemoryGraph, entity: number, step: SchemaStep): number {
  const schema = relationSchema(graph);
  const S = schema.slotCount;
  const target = step.relation * 2 + (step.direction === 'out' ? 0 : 1);
  let best = 0;
  for (let k = graph.offsets[entity]; k < graph.offsets[entity + 1]; k++) {
    const x = slotOf(graph.edgeRelation[k], graph.edgeDirection[k]);
    if (schema.carriers[x] > 0) best = Math.max(best, schema.co[x * S + target] / schema.carriers[x]);
  }
  return best;
}
