// Survivors of one arc check, remembered across rounds, attack runs and questions. The same candidate arrays recur:
// round-0 sets are memoised per signature (signatureCandidates) and a filter's output is the next round's input, so
// a film token with an actor arc to a person token meets the same two arrays in many payloads. Keyed by array
// identity (candidate arrays are never mutated) and the arc's relations and direction; bounded by the candidates it
// holds, least recently used first out.
import type { ReferenceIndex } from './referenceIndex.js';

/** Candidates held at most per graph (4 bytes each), entries counted as ENTRY_COST more: about 64 MiB. */
const HELD_MAX = 16 * 2 ** 20;
/** What an entry costs beyond its candidates (its key, the array object), in candidates: empty results count too. */
export const ENTRY_COST = 16;

const ids = new WeakMap<Int32Array, number>();
let nextId = 1;

/** A number naming one array object for as long as it lives. */
export function arrayId(a: Int32Array): number {
  let id = ids.get(a);
  if (id === undefined) ids.set(a, (id = nextId++));
  return id;
}

export class ArcFilterMemo {
  private readonly entries = new Map<string, Int32Array>();
  private held = 0;

  constructor(private readonly heldMax = HELD_MAX) {}

  /** Candidates held now. */
  get size(): number {
    return this.held;
  }

  get(key: string): Int32Array | undefined {
    const hit = this.entries.get(key);
    if (hit) {
      // Most recently used last: Map iteration order is insertion order.
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit;
  }

  set(key: string, kept: Int32Array): void {
    const old = this.entries.get(key);
    if (old) this.held -= old.length + ENTRY_COST;
    this.entries.set(key, kept);
    this.held += kept.length + ENTRY_COST;
    for (const [k, v] of this.entries) {
      if (this.held <= this.heldMax) break;
      this.entries.delete(k);
      this.held -= v.length + ENTRY_COST;
    }
  }
}

const memos = new WeakMap<ReferenceIndex, ArcFilterMemo>();

export function arcFilterMemo(index: ReferenceIndex): ArcFilterMemo {
  let m = memos.get(index);
  if (!m) memos.set(index, (m = new ArcFilterMemo()));
  return m;
}

/** The key of filtering `here` by an arc (relations, direction) to `there`. */
export function arcFilterKey(here: Int32Array, there: Int32Array, relations: Int32Array | null, direction: number): string {
  return `${arrayId(here)}|${arrayId(there)}|${direction}|${relations ? relations.join(',') : '*'}`;
}
