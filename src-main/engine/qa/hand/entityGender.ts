// The sex of each entity of the graph, where the graph states it: the value of a sex-or-gender relation (a relation
// whose few distinct tails are all named "male" / "female" / "man" / "woman"), else the roles it holds whose label
// names a sex ("X mother Y": Y is female; "X father Y": Y is male), when they agree. Read by the Hand to keep "the
// sons of X" to X's male children; nothing here knows a relation's name.
import { holdersOf } from '../../graph/keyHolders.js';
import { DIR_IN, DIR_OUT, type MemoryGraph } from '../../graph/memoryGraph.js';
import type { Gender } from '../../core/types.js';
import { nameGender, nounGender } from '../../lexicon/nounGender.js';
import type { WordNet } from '../../lexicon/wordnet.js';
import type { LabelRoles } from './labelRoles.js';

/** Distinct tails a sex-or-gender relation may have ("male", "female", and a few others a graph may record). */
const MAX_VALUES = 8;
/** Share of such a relation's edges whose tail must be named by a sex. */
const MIN_NAMED = 0.9;

const UNKNOWN = 0;
const MALE = 1;
const FEMALE = 2;

const code = (g: Gender): number => (g === 'male' ? MALE : FEMALE);

/** Per entity: its sex, or undefined where the graph does not say (or says both). */
export function entityGenders(graph: MemoryGraph, roles: readonly LabelRoles[], wn: WordNet): (entity: number) => Gender | undefined {
  // The (relation, direction) holder lists the graph keeps: a relation's tails, its heads, without a pass over every edge.
  const kh = graph.keyHolders();
  const heldBy = (relation: number, dir: number): Int32Array => holdersOf(kh, relation * 2 + dir);
  /** Each edge of `relation` that `v` holds in `dir`: the entity at its other end. */
  const across = function* (v: number, relation: number, dir: number): Generator<number> {
    for (let k = graph.offsets[v]; k < graph.offsets[v + 1]; k++) if (graph.edgeRelation[k] === relation && graph.edgeDirection[k] === dir) yield graph.edgeNeighbor[k];
  };
  const n = graph.size;
  const stated = new Uint8Array(n);
  const byRole = new Uint8Array(n);
  roles.forEach((role, r) => {
    // A relation whose few values are sexes: its heads take the sex of their value.
    const values = heldBy(r, DIR_IN);
    if (values.length >= 2 && values.length <= MAX_VALUES) {
      let edges = 0;
      let named = 0;
      // Each named value with its sex and the heads holding it (read once: counted, then marked).
      const sexes: { sex: number; heads: number[] }[] = [];
      for (const v of values) {
        const heads = [...across(v, r, DIR_IN)];
        edges += heads.length;
        const g = nameGender(wn, graph.names[v]);
        if (!g) continue;
        sexes.push({ sex: code(g), heads });
        named += heads.length;
      }
      if (new Set(sexes.map((x) => x.sex)).size === 2 && named >= MIN_NAMED * edges) for (const { sex, heads } of sexes) for (const head of heads) stated[head] |= sex;
    }
    // An end whose role noun names a sex ("X mother Y": Y, a tail, is female); the head holds the relation as an
    // out-edge, the tail as an in-edge.
    for (const [end, dir] of [[role.head, DIR_OUT], [role.tail, DIR_IN]] as const) {
      const g = end.heads.length && !end.agent ? nounGender(wn, end.heads[end.heads.length - 1]) : undefined;
      if (g) for (const e of heldBy(r, dir)) byRole[e] |= code(g);
    }
  });
  return (entity) => {
    const s = stated[entity] !== UNKNOWN ? stated[entity] : byRole[entity];
    // Both sexes (both bits) or none: unknown.
    return s === MALE ? 'male' : s === FEMALE ? 'female' : undefined;
  };
}
