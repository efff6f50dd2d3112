// The sanitizer's working unit: a group, one future view node, holding the local indexes of its raw members and
// what the view will show of it. Stage 3 marks the nodes that must stay alone (anchors, protected entities);
// stage 5 starts one group per kept node. Later stages merge groups (a merged-away group becomes null) and
// compact renumbers what is left.
import type { LiteralKind } from '../../../common/graphTypes.js';
import type { ViewNode } from '../../core/types.js';
import type { LocalSubgraph } from './localSubgraph.js';

export type NodeKind = ViewNode['kind'];

/** One view node under construction. */
export interface Group {
  /** Local indexes of the raw members. */
  members: number[];
  kind: NodeKind;
  /** Internal schema type (always known; shown only when π asks; `mixed` for an aggregate of several). */
  type: string;
  /** Coarse literal band, for literals (and aggregates of literals of one band). */
  literal?: string;
  /** Hop distance of the closest member from an anchor. */
  dist: number;
  /** Anchors and protected entities: shown alone, excluded from the k check. */
  exempt: boolean;
  anchor: boolean;
}

/** Groups while merging: merged-away slots are null. */
export interface GroupTable {
  groups: (Group | null)[];
  /** Local node → index into groups (-1 when pruned). */
  groupOf: Int32Array;
}

/** Groups after compact(): no gaps. */
export interface GroupState {
  groups: Group[];
  /** Local node → index into groups (-1 when pruned). */
  groupOf: Int32Array;
}

export interface NodeFlags {
  anchor: Uint8Array;
  /** Anchors and protected entities: never merged, aggregated or pruned. */
  exempt: Uint8Array;
}

/** Sanitizer stage 3: which local nodes are anchors, and which must stay visible on their own. Pure. */
export function nodeFlags(local: LocalSubgraph, protect?: ReadonlySet<number>): NodeFlags {
  const n = local.entities.length;
  const anchor = new Uint8Array(n);
  for (const a of local.anchors) anchor[a] = 1;
  const exempt = new Uint8Array(n);
  for (let u = 0; u < n; u++) if (anchor[u] || protect?.has(local.entities[u])) exempt[u] = 1;
  return { anchor, exempt };
}

/**
 * Sanitizer stage 5a: one group per kept node, in local order, with its schema type (`types`, by raw entity),
 * literal band (literalBands) and distance from the anchors within what was kept. Pure.
 */
export function initialGroups(
  local: LocalSubgraph,
  types: readonly string[],
  bands: { kind: readonly (LiteralKind | undefined)[]; band: readonly (string | undefined)[] },
  flags: NodeFlags,
  kept: Uint8Array,
  reach: Int32Array,
): GroupTable {
  const n = local.entities.length;
  const groups: Group[] = [];
  const groupOf = new Int32Array(n).fill(-1);
  for (let u = 0; u < n; u++) {
    if (!kept[u]) continue;
    groupOf[u] = groups.length;
    groups.push({
      members: [u],
      kind: bands.kind[u] ? 'literal' : 'entity',
      type: types[local.entities[u]],
      literal: bands.band[u],
      dist: reach[u],
      exempt: flags.exempt[u] === 1,
      anchor: flags.anchor[u] === 1,
    });
  }
  return { groups, groupOf };
}

/** A deep copy, for stages that merge in place without touching their input. */
export function copyTable(table: GroupTable): GroupTable {
  return { groups: table.groups.map((g) => g && { ...g, members: [...g.members] }), groupOf: table.groupOf.slice() };
}

/** Drops merged-away (and emptied) groups and renumbers. The groups themselves are shared, not copied. */
export function compact(table: GroupTable): GroupState {
  const { groups, groupOf } = table;
  const renumber = new Int32Array(groups.length).fill(-1);
  const out: Group[] = [];
  groups.forEach((g, i) => {
    if (g && g.members.length > 0) {
      renumber[i] = out.length;
      out.push(g);
    }
  });
  const of = new Int32Array(groupOf.length);
  for (let u = 0; u < groupOf.length; u++) of[u] = groupOf[u] < 0 ? -1 : renumber[groupOf[u]];
  return { groups: out, groupOf: of };
}
