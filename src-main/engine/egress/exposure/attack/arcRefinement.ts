// Rounds 1..k of the attack, Weisfeiler–Lehman style: a candidate of a token survives a round only if each of the
// token's visible arcs can be matched to a raw neighbour (right relation, right direction) that is itself still a
// candidate of the token at the other end. After k rounds a candidate fits what the observer sees k hops around
// the token — degree alone cannot tell two films with one actor each apart; their actors' own films can.
// Entity tokens are distinct entities (one HMAC per raw id), so a token pinned to one entity takes it from the others.
import type { MemoryGraph } from '../../../graph/memoryGraph.js';
import { edgeKey, keyStart, type ReferenceIndex } from './referenceIndex.js';
import type { AttackArc, AttackModel } from './sessionModel.js';
import type { Candidates } from './signatureCandidates.js';

export interface Refinement {
  sets: Candidates[];
  /** Rounds that changed something (≤ the rounds asked for; fewer when a fixpoint came first). */
  rounds: number;
}

/** Refines round-0 candidates for `rounds` rounds (or to a fixpoint). Returns new sets; the input is untouched. */
export function refineCandidates(index: ReferenceIndex, model: AttackModel, initial: readonly Candidates[], rounds: number): Refinement {
  let sets = [...initial];
  let done = 0;
  for (let r = 0; r < rounds; r++) {
    narrowLabels(index, model, sets);
    const marks = sets.map((c) => (c ? markOf(index.graph.size, c) : null));
    let changed = false;
    const next = model.tokens.map((t, i) => {
      const c = sets[i];
      if (!c || t.kind === 'aggregate' || t.arcs.length === 0) return c;
      const kept = c.filter((x) => t.arcs.every((a) => arcHolds(index.graph, model, x, a, marks[a.other])));
      if (kept.length !== c.length) changed = true;
      return kept;
    });
    if (takePinned(model, next)) changed = true;
    sets = next;
    if (!changed) break;
    done++;
  }
  return { sets, rounds: done };
}

/** Whether raw entity x has an edge matching arc a to a current candidate of its other end (mark; null: any). */
export function arcHolds(g: MemoryGraph, model: AttackModel, x: number, a: AttackArc, mark: Uint8Array | null): boolean {
  if (!mark) return true;
  const rels = model.labels[a.label].relations;
  if (!rels) {
    for (let k = g.offsets[x]; k < g.offsets[x + 1]; k++) if (g.edgeDirection[k] === a.direction && mark[g.edgeNeighbor[k]]) return true;
    return false;
  }
  for (const r of rels) {
    const key = edgeKey(r, a.direction);
    const end = g.offsets[x + 1];
    for (let k = keyStart(g, x, key); k < end && g.edgeRelation[k] === r && g.edgeDirection[k] === a.direction; k++) if (mark[g.edgeNeighbor[k]]) return true;
  }
  return false;
}

function markOf(n: number, c: Int32Array): Uint8Array {
  const m = new Uint8Array(n);
  for (const x of c) m[x] = 1;
  return m;
}

/** Removes an entity token's single remaining candidate from every other entity token. Returns whether any shrank. */
function takePinned(model: AttackModel, sets: Candidates[]): boolean {
  const pinned = new Map<number, number>();
  model.tokens.forEach((t, i) => {
    const c = sets[i];
    if (t.kind === 'entity' && c && c.length === 1) pinned.set(c[0], i);
  });
  if (pinned.size === 0) return false;
  let changed = false;
  model.tokens.forEach((t, i) => {
    const c = sets[i];
    if (t.kind !== 'entity' || !c || c.length === 1) return;
    const kept = c.filter((x) => pinned.get(x) === undefined);
    if (kept.length !== c.length) {
      sets[i] = kept;
      changed = true;
    }
  });
  return changed;
}

/** Largest candidate set whose edges are scanned to narrow a non-raw label; beyond it the label stays as it is. */
const LABEL_SCAN_CAP = 20_000;

/**
 * A label that is no raw relation name (a cluster label) stands for the same raw relations all session long: narrow
 * it to the relations some visible edge with that label can be realised by between current candidates.
 */
export function narrowLabels(index: ReferenceIndex, model: AttackModel, sets: readonly Candidates[]): void {
  const g = index.graph;
  model.labels.forEach((label, li) => {
    if (label.raw) return;
    const found = new Set<number>();
    for (const [ti, t] of model.tokens.entries())
      for (const a of t.arcs) {
        if (a.label !== li) continue;
        const here = sets[ti];
        const there = sets[a.other];
        // Any relation can realise an edge with an unconstrained end, so the label cannot be narrowed at all.
        if (!here || !there || here.length > LABEL_SCAN_CAP) return;
        const mark = markOf(g.size, there);
        for (const x of here)
          for (let k = g.offsets[x]; k < g.offsets[x + 1]; k++) if (g.edgeDirection[k] === a.direction && mark[g.edgeNeighbor[k]]) found.add(g.edgeRelation[k]);
      }
    if (found.size > 0 && (!label.relations || found.size < label.relations.length)) label.relations = Int32Array.from([...found].sort((x, y) => x - y));
  });
}
