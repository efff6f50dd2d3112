// Weisfeiler–Lehman colour refinement over a small labelled multigraph in CSR form. Two nodes with the same
// colour after r rounds cannot be told apart by anyone who sees only the view, looking r hops out; a colour
// class smaller than k is a node the view singles out.
import { SignatureInterner } from './signatureInterner.js';

export interface LabelledCsr {
  /** Edges of node u are offsets[u] .. offsets[u+1]-1. */
  offsets: Int32Array;
  /** Edge label (visible relation * 2 + direction). */
  label: Int32Array;
  neighbor: Int32Array;
}

/** Colours after 0..rounds rounds; colours[0] is `initial` renumbered densely. Colour ids are dense from 0. */
export function wlColours(initial: Int32Array, graph: LabelledCsr, rounds: number): Int32Array[] {
  const n = initial.length;
  const out: Int32Array[] = [densify(initial)];
  let maxDegree = 0;
  for (let u = 0; u < n; u++) maxDegree = Math.max(maxDegree, graph.offsets[u + 1] - graph.offsets[u]);
  // Signature of u: its previous colour, then its sorted (label, neighbour colour) pairs, one number each.
  const scratch = new Float64Array(maxDegree + 1);
  for (let r = 1; r <= rounds; r++) {
    const prev = out[r - 1];
    let colourCount = 0;
    for (let u = 0; u < n; u++) colourCount = Math.max(colourCount, prev[u] + 1);
    const palette = new SignatureInterner();
    const next = new Int32Array(n);
    for (let u = 0; u < n; u++) {
      const s = graph.offsets[u];
      const d = graph.offsets[u + 1] - s;
      for (let k = 0; k < d; k++) scratch[k + 1] = graph.label[s + k] * colourCount + prev[graph.neighbor[s + k]];
      sortRange(scratch, 1, d + 1);
      scratch[0] = prev[u];
      next[u] = palette.intern(scratch, 0, d + 1);
    }
    out.push(next);
    // Refinement only splits classes; once it stops splitting, further rounds change nothing.
    if (palette.size === colourCount) {
      for (let rest = r + 1; rest <= rounds; rest++) out.push(next);
      break;
    }
  }
  return out;
}

/**
 * Sorts a[from..to) ascending. Neighbourhoods are mostly a handful of entries, where an insertion sort beats
 * TypedArray#sort (whose per-call cost dominates at that size); long ones (hubs) use the built-in.
 */
export function sortRange(a: Float64Array, from: number, to: number): void {
  if (to - from > 24) {
    a.subarray(from, to).sort();
    return;
  }
  for (let i = from + 1; i < to; i++) {
    const x = a[i];
    let j = i - 1;
    while (j >= from && a[j] > x) {
      a[j + 1] = a[j];
      j--;
    }
    a[j + 1] = x;
  }
}

function densify(colours: Int32Array): Int32Array {
  const ids = new Map<number, number>();
  const out = new Int32Array(colours.length);
  for (let u = 0; u < colours.length; u++) {
    let c = ids.get(colours[u]);
    if (c === undefined) {
      c = ids.size;
      ids.set(colours[u], c);
    }
    out[u] = c;
  }
  return out;
}

/** Sum of `weight` per colour (e.g. raw entities per colour class). */
export function classWeights(colours: Int32Array, weight: ArrayLike<number>): Float64Array {
  let count = 0;
  for (let u = 0; u < colours.length; u++) count = Math.max(count, colours[u] + 1);
  const w = new Float64Array(count);
  for (let u = 0; u < colours.length; u++) w[colours[u]] += weight[u];
  return w;
}
