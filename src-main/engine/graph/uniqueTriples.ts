// Integer triples sorted by head, then by (relation, tail), duplicates dropped: the order a CSR is built in. Shared by
// the in-memory graph read from a store and the import's graph builder.

/** Counting sort by head, then a numeric sort of (relation, tail) keys within each head; drops duplicates. Pure. */
export function uniqueTriples(n: number, h: Int32Array, r: Int32Array, t: Int32Array): { heads: Int32Array; rels: Int32Array; tails: Int32Array } {
  // key = relation * n + tail: below 2^53 for any realistic graph, exact in a Float64.
  const start = new Int32Array(n + 1);
  for (let k = 0; k < h.length; k++) start[h[k] + 1]++;
  for (let i = 0; i < n; i++) start[i + 1] += start[i];
  const fill = start.slice(0, n);
  const keys = new Float64Array(h.length);
  for (let k = 0; k < h.length; k++) keys[fill[h[k]]++] = r[k] * n + t[k];
  const heads = new Int32Array(h.length);
  const rels = new Int32Array(h.length);
  const tails = new Int32Array(h.length);
  let out = 0;
  for (let i = 0; i < n; i++) {
    const group = keys.subarray(start[i], start[i + 1]);
    if (group.length > 1) group.sort();
    let prev = -1;
    for (const key of group) {
      if (key === prev) continue;
      prev = key;
      const rel = Math.floor(key / n);
      heads[out] = i;
      rels[out] = rel;
      tails[out] = key - rel * n;
      out++;
    }
  }
  return { heads: heads.subarray(0, out), rels: rels.subarray(0, out), tails: tails.subarray(0, out) };
}
