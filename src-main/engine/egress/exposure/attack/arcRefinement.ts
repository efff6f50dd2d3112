// Rounds 1..k of the attack, Weisfeiler–Lehman style: a candidate of a token survives a round only if each of the
// token's visible arcs can be matched to a raw neighbour (right relation, right direction) that is itself still a
// candidate of the token at the other end. After k rounds a candidate fits what the observer sees k hops around
// the token — degree alone cannot tell two films with one actor each apart; their actors' own films can.
// Entity tokens are distinct entities (one HMAC per raw id), so a token pinned to one entity takes it from the others.
import { DIR_OUT, type MemoryGraph } from '../../../graph/memoryGraph.js';
import { arcFilterKey, arcFilterMemo } from './arcFilterMemo.js';
import { edgeKey, keyStart, type ReferenceIndex } from './referenceIndex.js';
import type { AttackArc, AttackModel } from './sessionModel.js';
import type { Candidates } from './signatureCandidates.js';

export interface Refinement {
  sets: Candidates[];
  /** Rounds that changed something (≤ the rounds asked for; fewer when a fixpoint came first). */
  rounds: number;
}

/**
 * Refines round-0 candidates for `rounds` rounds (or to a fixpoint). Returns new sets (the input arrays are left
 * as they are); a non-raw label of the model is narrowed in place (narrowLabels).
 */
export function refineCandidates(index: ReferenceIndex, model: AttackModel, initial: readonly Candidates[], rounds: number): Refinement {
  let sets = [...initial];
  // Candidates only shrink, so an arc checked against an end that did not change still holds: recheck only arcs
  // whose other end changed in the last round (everything in the first).
  let changedLast = new Uint8Array(sets.length).fill(1);
  let done = 0;
  const memo = arcFilterMemo(index);
  for (let r = 0; r < rounds; r++) {
    // A label narrowed to fewer relations can fail arcs that held before: recheck them all.
    if (narrowLabels(index, model, sets)) changedLast.fill(1);
    const marks = new Map<Candidates, Uint8Array>();
    const markFor = (c: Candidates): Uint8Array | null => {
      if (!c) return null;
      let m = marks.get(c);
      if (!m) marks.set(c, (m = markOf(index.graph.size, c)));
      return m;
    };
    const supports = new Map<Int32Array, Map<string, Uint8Array>>();
    const supportFor = (there: Int32Array, a: AttackArc): Uint8Array => {
      const byArc = supports.get(there) ?? supports.set(there, new Map()).get(there)!;
      const key = `${a.label}/${a.direction}`;
      let m = byArc.get(key);
      if (!m) byArc.set(key, (m = arcSupport(index.graph, model, there, a)));
      return m;
    };
    const changed = new Uint8Array(sets.length);
    const next = model.tokens.map((t, i) => {
      const c = sets[i];
      if (!c || t.kind === 'aggregate') return c;
      const arcs = t.arcs.filter((a) => changedLast[a.other] && sets[a.other]).sort((a, b) => sets[a.other]!.length - sets[b.other]!.length);
      let kept = c;
      for (const a of arcs) {
        if (kept.length === 0) break;
        const there = sets[a.other]!;
        const key = arcFilterKey(kept, there, model.labels[a.label].relations, a.direction);
        let survivors = memo.get(key);
        if (!survivors) {
          const out = new Int32Array(kept.length);
          let n = 0;
          if (there.length < kept.length) {
            const support = supportFor(there, a);
            for (const x of kept) if (support[x] === 1) out[n++] = x;
          } else {
            const mark = markFor(there);
            for (const x of kept) if (arcHolds(index.graph, model, x, a, mark)) out[n++] = x;
          }
          survivors = n === kept.length ? kept : n === 0 ? NONE : out.slice(0, n);
          memo.set(key, survivors);
        }
        kept = survivors;
      }
      if (kept.length === c.length) return c;
      changed[i] = 1;
      return kept;
    });
    takePinned(model, next, changed);
    sets = next;
    if (!changed.includes(1)) break;
    changedLast = changed;
    done++;
  }
  return { sets, rounds: done };
}

/** The one empty candidate array every filter that leaves nothing returns. */
const NONE = new Int32Array(0);

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

/** Entities with an edge matching arc a to some member of `there` (the other end's candidates). */
export function arcSupport(g: MemoryGraph, model: AttackModel, there: Int32Array, a: AttackArc): Uint8Array {
  const m = new Uint8Array(g.size);
  const rels = model.labels[a.label].relations;
  // Seen from the other end, the edge runs the other way.
  const back = 1 - a.direction;
  for (const y of there) {
    if (!rels) {
      for (let k = g.offsets[y]; k < g.offsets[y + 1]; k++) if (g.edgeDirection[k] === back) m[g.edgeNeighbor[k]] = 1;
      continue;
    }
    const end = g.offsets[y + 1];
    for (const r of rels) for (let k = keyStart(g, y, edgeKey(r, back)); k < end && g.edgeRelation[k] === r && g.edgeDirection[k] === back; k++) m[g.edgeNeighbor[k]] = 1;
  }
  return m;
}

function markOf(n: number, c: Int32Array): Uint8Array {
  const m = new Uint8Array(n);
  for (const x of c) m[x] = 1;
  return m;
}

/** Removes an entity token's single remaining candidate from every other entity token, marking those that shrank. */
function takePinned(model: AttackModel, sets: Candidates[], changed: Uint8Array): void {
  const pinned = new Map<number, number>();
  model.tokens.forEach((t, i) => {
    const c = sets[i];
    if (t.kind === 'entity' && c && c.length === 1) pinned.set(c[0], i);
  });
  if (pinned.size === 0) return;
  model.tokens.forEach((t, i) => {
    const c = sets[i];
    if (t.kind !== 'entity' || !c || c.length === 1) return;
    const kept = c.filter((x) => pinned.get(x) === undefined);
    if (kept.length !== c.length) {
      sets[i] = kept;
      changed[i] = 1;
    }
  });
}

/** Largest candidate set whose edges are scanned to narrow a non-raw label; beyond it the label stays as it is. */
const LABEL_SCAN_CAP = 20_000;

/**
 * A label that is no raw relation name (a cluster label) stands for the same raw relations all session long: narrow
 * it to the relations some visible edge with that label can be realised by between current candidates. Narrows the
 * model's labels in place; returns whether any changed.
 */
export function narrowLabels(index: ReferenceIndex, model: AttackModel, sets: readonly Candidates[]): boolean {
  const g = index.graph;
  let narrowed = false;
  const marks = new Map<Int32Array, Uint8Array>();
  model.labels.forEach((label, li) => {
    if (label.raw) return;
    const found = new Set<number>();
    // Many edges join the same two candidate sets (a film's actor leaves): walk each pair once.
    const walked = new Map<Int32Array, Set<Int32Array>>();
    for (const [ti, t] of model.tokens.entries())
      for (const a of t.arcs) {
        // Each edge once, from its head's side.
        if (a.label !== li || a.direction !== DIR_OUT) continue;
        const here = sets[ti];
        const there = sets[a.other];
        // Any relation can realise an edge with an unconstrained end, so the label cannot be narrowed at all.
        if (!here || !there || Math.min(here.length, there.length) > LABEL_SCAN_CAP) return;
        const pairs = walked.get(here) ?? walked.set(here, new Set()).get(here)!;
        if (pairs.has(there)) continue;
        pairs.add(there);
        // Walk the smaller side's edges, looking the other side up.
        const [walk, look, dir] = here.length <= there.length ? [here, there, DIR_OUT] : [there, here, 1 - DIR_OUT];
        const mark = marks.get(look) ?? marks.set(look, markOf(g.size, look)).get(look)!;
        for (const x of walk)
          for (let k = g.offsets[x]; k < g.offsets[x + 1]; k++) if (g.edgeDirection[k] === dir && mark[g.edgeNeighbor[k]]) found.add(g.edgeRelation[k]);
      }
    if (found.size > 0 && (!label.relations || found.size < label.relations.length)) {
      label.relations = Int32Array.from([...found].sort((x, y) => x - y));
      narrowed = true;
    }
  });
  return narrowed;
}
