// Sanitizer stage 5c: entities with the same neighbourhood (relation, direction, neighbour) are interchangeable,
// so they become one supernode the analyst can expand. The merge itself (mergeEquivalent) also serves the literal
// bands (literalBands.ts).
import { SignatureInterner } from './signatureInterner.js';
import { copyTable, type Group, type GroupTable, type NodeKind } from './viewGroups.js';
import { sortRange, type LabelledCsr } from './wlColours.js';

/** Merges entity groups (not exempt) with the same neighbourhood in `csr` into supernodes. Pure. */
export function mergeSupernodes(table: GroupTable, csr: LabelledCsr): GroupTable {
  return mergeEquivalent(table, csr, (g) => g.kind === 'entity' && !g.exempt, 'supernode');
}

/**
 * Merges the single-member groups `eligible` accepts that share kind, type, literal band and the exact multiset
 * of (relation, direction, neighbour group) — interchangeable nodes, so merging loses nothing a reader could use.
 * Each class merges into its first group, which takes `kind`. Returns a new table; the input is left as it is.
 */
export function mergeEquivalent(table: GroupTable, csr: LabelledCsr, eligible: (g: Group) => boolean, kind: NodeKind): GroupTable {
  const { groups, groupOf } = copyTable(table);
  // Key: (kind, type, band) as one id, then the sorted (label, neighbour group) pairs; interned exactly.
  const headIds = new Map<string, number>();
  const interner = new SignatureInterner();
  const byKey = new Map<number, number[]>();
  let scratch = new Float64Array(16);
  const stride = groups.length;
  groups.forEach((g, gi) => {
    if (!g || !eligible(g) || g.members.length !== 1) return;
    const u = g.members[0];
    const s = csr.offsets[u];
    const d = csr.offsets[u + 1] - s;
    if (d === 0) return;
    if (scratch.length < d + 1) scratch = new Float64Array(2 * d + 1);
    const head = `${g.kind}|${g.type}|${g.literal ?? ''}`;
    let h = headIds.get(head);
    if (h === undefined) {
      h = headIds.size;
      headIds.set(head, h);
    }
    scratch[0] = h;
    for (let k = 0; k < d; k++) scratch[k + 1] = csr.label[s + k] * stride + groupOf[csr.neighbor[s + k]];
    sortRange(scratch, 1, d + 1);
    const key = interner.intern(scratch, 0, d + 1);
    const list = byKey.get(key);
    if (list) list.push(gi);
    else byKey.set(key, [gi]);
  });
  for (const list of byKey.values()) {
    if (list.length < 2) continue;
    const into = groups[list[0]]!;
    into.kind = kind;
    for (const gi of list.slice(1)) {
      const g = groups[gi]!;
      for (const u of g.members) {
        into.members.push(u);
        groupOf[u] = list[0];
      }
      into.dist = Math.min(into.dist, g.dist);
      groups[gi] = null;
    }
  }
  return { groups, groupOf };
}
