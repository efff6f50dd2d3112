// The triple list several generators here (*/gen.mjs) build their graph into: each triple once, never an empty end
// or an entity related to itself.
export function tripleStore() {
  const triples = [];
  /** `head|relation|tail` of every triple added. */
  const keys = new Set();
  const add = (h, r, t) => {
    h = String(h);
    t = String(t);
    if (!h || !t || h === t) return;
    const k = `${h}|${r}|${t}`;
    if (keys.has(k)) return;
    keys.add(k);
    triples.push([h, r, t]);
  };
  return { triples, keys, add };
}
