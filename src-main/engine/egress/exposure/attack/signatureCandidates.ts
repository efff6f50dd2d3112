// Round 0 of the attack: the raw entities whose own edges can show what a token shows. For every visible raw
// (relation, direction) key the raw count must cover the distinct neighbour tokens seen with it (two tokens are two
// raw neighbours at least; a group token is at least one), and each direction's degree must cover the token's
// visible arcs in it. Starts from the rarest key's entity list and checks the rest, so a token with a rare
// relation costs little however large the graph.
import { DIR_OUT } from '../../../graph/memoryGraph.js';
import { edgeKey, keyCount, type ReferenceIndex } from './referenceIndex.js';
import type { AttackModel, AttackToken } from './sessionModel.js';

/** Candidates of a token: raw entity indexes, ascending; null means "any" (a group token with nothing to pin it). */
export type Candidates = Int32Array | null;

const EMPTY = new Int32Array(0);

/** Signatures repeat (every leaf hanging off a film by one actor edge looks alike): their candidates are kept. */
const memo = new WeakMap<ReferenceIndex, Map<string, Candidates>>();
const MEMO_SIZE = 4096;

/** The round-0 candidates of every token of the model (equal signatures share one array; never mutate it). */
export function signatureCandidates(index: ReferenceIndex, model: AttackModel): Candidates[] {
  let cache = memo.get(index);
  if (!cache) memo.set(index, (cache = new Map()));
  return model.tokens.map((t) => {
    const sig = visibleSignature(model, t);
    // Unnamed labels only count toward the per-direction arcs, which are in the key.
    const key = `${t.kind}|${t.band ?? ''}|${sig.outArcs}|${sig.inArcs}|${[...sig.keys].sort((a, b) => a[0] - b[0]).join(';')}`;
    let c = cache.get(key);
    if (c === undefined) {
      c = tokenCandidates(index, t, sig);
      if (cache.size >= MEMO_SIZE) cache.clear();
      cache.set(key, c);
    }
    return c;
  });
}

/** What the token's arcs demand of one raw entity: a count per raw key, and arcs per direction. */
export interface VisibleSignature {
  keys: Map<number, number>;
  outArcs: number;
  inArcs: number;
}

export function visibleSignature(model: AttackModel, t: AttackToken): VisibleSignature {
  const perKey = new Map<number, Set<number>>();
  let outArcs = 0;
  let inArcs = 0;
  for (const a of t.arcs) {
    if (a.direction === DIR_OUT) outArcs++;
    else inArcs++;
    const l = model.labels[a.label];
    if (!l.raw || !l.relations) continue;
    const key = edgeKey(l.relations[0], a.direction);
    (perKey.get(key) ?? perKey.set(key, new Set()).get(key)!).add(a.other);
  }
  return { keys: new Map([...perKey].map(([k, s]) => [k, s.size])), outArcs, inArcs };
}

/** The literals of a token's band (empty for a band no literal shows); undefined for a token with no band. */
export function bandOf(index: ReferenceIndex, t: AttackToken): Int32Array | undefined {
  return t.band !== undefined ? (index.byBand.get(t.band) ?? EMPTY) : undefined;
}

/**
 * The list a token's round-0 candidates come from: its band or its kind's entities, or the holders of its rarest
 * visible key where that is shorter. An aggregate's edges are the union of its members' edges: no single member must
 * show them, only its band pins it (null: no band, anything).
 */
export function startList(index: ReferenceIndex, t: AttackToken, sig: VisibleSignature): Int32Array | null {
  const banded = bandOf(index, t);
  if (t.kind === 'aggregate') return banded ?? null;
  let start = banded ?? (t.kind === 'literal' ? index.literals : index.entities);
  for (const key of sig.keys.keys()) if (index.byKey[key].length < start.length) start = index.byKey[key];
  return start;
}

/**
 * Whether raw entity x can show what a token that is not an aggregate shows, its band aside: the token's kind
 * (literal or not), its arcs per direction, and per raw key its distinct neighbour tokens. Each member of a supernode
 * has every edge the supernode shows (the sanitizer merges only identical neighbourhoods), so a supernode's members
 * are tested exactly as one entity would be.
 */
export function fitsSignature(index: ReferenceIndex, literal: boolean, sig: VisibleSignature, x: number): boolean {
  if ((index.literalCode[x] !== 0) !== literal) return false;
  const g = index.graph;
  const outDeg = index.outDegree[x];
  if (outDeg < sig.outArcs || g.degreeOf(x) - outDeg < sig.inArcs) return false;
  for (const [key, need] of sig.keys) if (keyCount(g, x, key) < need) return false;
  return true;
}

function tokenCandidates(index: ReferenceIndex, t: AttackToken, sig: VisibleSignature): Candidates {
  const start = startList(index, t, sig);
  if (t.kind === 'aggregate' || !start) return start;
  const banded = bandOf(index, t);
  const bandSet = banded && start !== banded ? new Set(banded) : undefined;
  const literal = t.kind === 'literal';
  const out: number[] = [];
  for (const x of start) if ((!bandSet || bandSet.has(x)) && fitsSignature(index, literal, sig, x)) out.push(x);
  return Int32Array.from(out);
}
