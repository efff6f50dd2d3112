// The sex of each entity of the graph, where the graph states it: the value of a sex-or-gender relation (a relation
// whose few distinct tails are all named "male" / "female" / "man" / "woman"), else the roles it holds whose label
// names a sex ("X mother Y": Y is female; "X father Y": Y is male), when they agree. Read by the Hand to keep "the
// sons of X" to X's male children; nothing here knows a relation's name.
import { DIR_OUT, type MemoryGraph } from '../../graph/memoryGraph.js';
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
  const R = graph.relationLabels.length;
  const tails: (Map<number, number> | undefined)[] = Array.from({ length: R }, () => new Map());
  const edges = new Float64Array(R);
  const n = graph.size;
  for (let e = 0; e < n; e++)
    for (let k = graph.offsets[e]; k < graph.offsets[e + 1]; k++) {
      if (graph.edgeDirection[k] !== DIR_OUT) continue;
      const r = graph.edgeRelation[k];
      edges[r]++;
      const t = tails[r];
      if (!t) continue;
      const v = graph.edgeNeighbor[k];
      t.set(v, (t.get(v) ?? 0) + 1);
      if (t.size > MAX_VALUES) tails[r] = undefined;
    }
  // Relations whose values are sexes: tail entity → sex.
  const valueSex = new Map<number, Map<number, number>>();
  tails.forEach((t, r) => {
    if (!t || !edges[r]) return;
    const sexes = new Map<number, number>();
    let named = 0;
    for (const [v, c] of t) {
      const g = nameGender(wn, graph.names[v]);
      if (!g) continue;
      sexes.set(v, code(g));
      named += c;
    }
    if (new Set(sexes.values()).size === 2 && named >= MIN_NAMED * edges[r]) valueSex.set(r, sexes);
  });
  // Relation ends whose role noun names a sex: [relation][0 head, 1 tail].
  const roleSex = roles.map((x) => [x.head, x.tail].map((end) => (end.heads.length && !end.agent ? nounGender(wn, end.heads[end.heads.length - 1]) : undefined)));
  const stated = new Uint8Array(n);
  const byRole = new Uint8Array(n);
  for (let e = 0; e < n; e++)
    for (let k = graph.offsets[e]; k < graph.offsets[e + 1]; k++) {
      const r = graph.edgeRelation[k];
      const out = graph.edgeDirection[k] === DIR_OUT;
      const sexes = out ? valueSex.get(r) : undefined;
      const s = sexes?.get(graph.edgeNeighbor[k]);
      if (s) stated[e] |= s;
      // Seen from the entity: an in-edge makes it the tail, an out-edge the head.
      const g = roleSex[r]?.[out ? 0 : 1];
      if (g) byRole[e] |= code(g);
    }
  return (entity) => {
    const s = stated[entity] !== UNKNOWN ? stated[entity] : byRole[entity];
    // Both sexes (CONFLICT) or none: unknown.
    return s === MALE ? 'male' : s === FEMALE ? 'female' : undefined;
  };
}
