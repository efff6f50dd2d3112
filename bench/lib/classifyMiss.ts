// Why a benchmark question was missed, judged on the raw graph (the benchmark may read it; the engine's answer is
// taken as it came back). One cause per miss, checked in this order:
//   gold not in graph — no gold answer names an entity of the graph (case-insensitive, as Hits@1 compares);
//   no link           — no topic entity was linked (no anchor);
//   gold out of reach — no gold answer lies within dMax hops of an anchor that IS the question's named topic (a
//                       bracketed name, linked to the entity of that exact name): the link is right and the graph
//                       lacks the edge (a MetaQA copy without a film's language), so no reading could answer;
//   wrong link        — no gold answer lies within dMax hops (edges either way) of any linked anchor (an anchor
//                       itself counts as none: the engine never answers with one);
//   no chain          — linked, gold within reach, but the engine proposed no relation chain at all;
//   answer type       — the chosen chain, walked from its anchor, reaches a gold answer, but a non-gold one ranks
//                       first (`no answer`: it reaches gold and the engine returned no answer at all), and either
//                       it reaches as many gold answers as any chain does with no shorter chain doing as well, or
//                       it has the gold chain's length;
//   hop count short / hop count long — the gold chain has more / fewer hops than the chosen chain;
//   wrong direction   — same length and same relations as a gold chain, but a direction differs;
//   wrong relation    — same length as a gold chain, other relations.
// A chain can reach a gold answer by walking too far ("the film [X] starred which actors": starred_actors>
// starred_actors< starred_actors> reaches X's actors among many others), so reaching gold alone is not enough.
// The chosen chain is the top answer's first raw path up to the answer (else the indicator's chain). The gold
// chain is the relation chain (relations and directions) from one linked anchor whose end set matches the gold
// set best (F1), ties to the shortest: every chain of up to dMax steps is walked. Matching the gold *set* rather
// than taking the shortest path to *some* gold answer matters on multi-hop data: in MetaQA 3-hop ("genres of the
// films that share directors with [X]") X's own genres are gold and one hop away, so the shortest path would call
// a correct-length chain with a wrong relation "hop count long". `shortest` is reported beside it.
import type { AskResult } from '../../src-main/common/answerTypes.js';
import type { Direction } from '../../src-main/common/graphTypes.js';
import { DIR_OUT, type MemoryGraph } from '../../src-main/engine/graph/memoryGraph.js';

export const MISS_CAUSES = [
  'gold not in graph',
  'no link',
  'gold out of reach',
  'wrong link',
  'no chain',
  'hop count short',
  'hop count long',
  'wrong direction',
  'wrong relation',
  'answer type',
  'no answer',
] as const;
export type MissCause = (typeof MISS_CAUSES)[number];

export interface ChainStep {
  relation: string;
  direction: Direction;
}

/** What the classifier needs of one question and the engine's answer to it. */
export interface MissInput {
  gold: readonly string[];
  /** Ids of the linked topic entities (AskResult.topics[].id). */
  anchors: readonly string[];
  /** The top answer: its name, the entity its first raw path starts from, and that path's steps up to the answer. */
  top?: { name: string; from?: string; chain: ChainStep[] };
  /** The indicator's chain up to the answer position (used when there is no answer). */
  indicator?: ChainStep[];
  /** Hop bound the question was asked with. */
  dMax: number;
  /** Topic names the question writes in brackets ("[Top Hat]"), if any. */
  named?: readonly string[];
}

export interface MissDiagnosis {
  cause: MissCause;
  /** The chain judged: the top answer's, else the indicator's (empty when there was none). */
  chain: ChainStep[];
  /** The gold chains: highest F1 of their end set against the gold set, the shortest of those (all one length). */
  goldChains: ChainStep[][];
  /** Hops of the shortest raw path from a linked anchor to a gold answer (undefined beyond dMax). */
  shortest?: number;
  /** Set when the chain enumeration hit its edge budget (the gold chains may be incomplete). */
  approximate?: boolean;
}

export interface ClassifyOptions {
  /** Edge visits allowed for the gold-chain enumeration of one question (default 20 million). */
  budget?: number;
}

/** The classifier's input from an engine answer: linked anchors, the top answer's chain, the indicator's chain. */
export function missInputOf(result: Pick<AskResult, 'topics' | 'answers' | 'indicator'>, gold: readonly string[], dMax: number): MissInput {
  const input: MissInput = { gold, anchors: result.topics.map((t) => t.id), dMax };
  const top = result.answers[0];
  if (top) {
    const path = top.rawPaths[0];
    if (path) {
      // The answer sits at the end of a one-anchor path, or between two anchors: keep the steps up to it.
      const at = path.entities.indexOf(top.name, 1);
      const upTo = at < 0 ? path.edges.length : at;
      input.top = { name: top.name, from: path.entities[0], chain: path.edges.slice(0, upTo).map((e) => ({ relation: e.relation, direction: e.direction })) };
    } else input.top = { name: top.name, chain: [] };
  }
  const ind = result.indicator;
  if (ind && ind.chain.length) {
    const upTo = ind.answerPosition > 0 ? Math.min(ind.answerPosition, ind.chain.length) : ind.chain.length;
    input.indicator = ind.chain.slice(0, upTo).map((s) => ({ relation: s.relation, direction: s.direction }));
  }
  return input;
}

const lowerIndexes = new WeakMap<MemoryGraph, Map<string, number[]>>();

/** Entities whose name equals `name` case-insensitively (the comparison Hits@1 makes). */
function byLowerName(graph: MemoryGraph, name: string): number[] {
  let m = lowerIndexes.get(graph);
  if (!m) {
    m = new Map();
    graph.names.forEach((nm, i) => {
      const key = nm.toLowerCase();
      const list = m!.get(key);
      if (list) list.push(i);
      else m!.set(key, [i]);
    });
    lowerIndexes.set(graph, m);
  }
  return m.get(name.toLowerCase()) ?? [];
}

/** A step as one number: relation index × 2 + stored direction (DIR_OUT / DIR_IN); -1 for an unknown label. */
function stepKey(graph: MemoryGraph, s: ChainStep): number {
  const r = graph.relationIndexOf(s.relation);
  if (r === undefined) return -1;
  return r * 2 + (s.direction === 'out' ? DIR_OUT : 1 - DIR_OUT);
}

function stepOf(graph: MemoryGraph, key: number): ChainStep {
  return { relation: graph.relationLabels[key >> 1], direction: (key & 1) === DIR_OUT ? 'out' : 'in' };
}

/** Ends of the chain walked from `starts` on the raw graph. */
function walk(graph: MemoryGraph, starts: readonly number[], keys: readonly number[]): Set<number> {
  let frontier = new Set(starts);
  for (const key of keys) {
    const next = new Set<number>();
    if (key >= 0)
      for (const u of frontier)
        for (let k = graph.offsets[u]; k < graph.offsets[u + 1]; k++)
          if (graph.edgeRelation[k] * 2 + graph.edgeDirection[k] === key) next.add(graph.edgeNeighbor[k]);
    frontier = next;
    if (frontier.size === 0) break;
  }
  return frontier;
}

/** Hops from the nearest start to the nearest target (edges either way), or undefined beyond dMax. */
function shortestHops(graph: MemoryGraph, starts: readonly number[], targets: ReadonlySet<number>, dMax: number): number | undefined {
  const seen = new Set(starts);
  let frontier = [...seen];
  for (let d = 1; d <= dMax && frontier.length; d++) {
    const next: number[] = [];
    for (const u of frontier)
      for (let k = graph.offsets[u]; k < graph.offsets[u + 1]; k++) {
        const v = graph.edgeNeighbor[k];
        if (seen.has(v)) continue;
        if (targets.has(v)) return d;
        seen.add(v);
        next.push(v);
      }
    frontier = next;
  }
  return undefined;
}

/** Every chain of 1..dMax steps from each anchor that reaches a target: its steps, targets reached, ends. */
interface ScoredChain {
  keys: number[];
  hits: number;
  ends: number;
}

interface GoldChains {
  /** Highest F1 of the end set against the targets, the shortest of those. */
  chains: number[][];
  /** Most targets any one chain reaches, and the fewest steps a chain reaching that many takes. */
  maxHits: number;
  maxHitsLength: number;
  approximate: boolean;
}

function goldChainKeys(graph: MemoryGraph, anchors: readonly number[], targets: ReadonlySet<number>, dMax: number, budget: number): GoldChains {
  const found: ScoredChain[] = [];
  let visits = 0;
  let approximate = false;
  const expand = (frontier: Iterable<number>, keys: number[]): void => {
    if (keys.length >= dMax) return;
    if (visits > budget) {
      approximate = true;
      return;
    }
    const children = new Map<number, Set<number>>();
    for (const u of frontier)
      for (let k = graph.offsets[u]; k < graph.offsets[u + 1]; k++) {
        visits++;
        const key = graph.edgeRelation[k] * 2 + graph.edgeDirection[k];
        let set = children.get(key);
        if (!set) children.set(key, (set = new Set()));
        set.add(graph.edgeNeighbor[k]);
      }
    for (const [key, ends] of children) {
      const next = [...keys, key];
      let hits = 0;
      for (const v of ends) if (targets.has(v)) hits++;
      if (hits) found.push({ keys: next, hits, ends: ends.size });
      expand(ends, next);
    }
  };
  for (const a of anchors) expand([a], []);
  const f1 = (c: ScoredChain): number => (2 * c.hits) / (c.ends + targets.size);
  const cmp = (a: ScoredChain, b: ScoredChain): number => f1(b) - f1(a) || a.keys.length - b.keys.length;
  let maxHits = 0;
  let maxHitsLength = Infinity;
  for (const c of found)
    if (c.hits > maxHits || (c.hits === maxHits && c.keys.length < maxHitsLength)) {
      maxHits = c.hits;
      maxHitsLength = c.keys.length;
    }
  found.sort(cmp);
  const seen = new Set<string>();
  const chains = found
    .filter((c) => cmp(c, found[0]) === 0)
    .map((c) => c.keys)
    // One chain per key sequence (several anchors can share one).
    .filter((keys) => {
      const s = keys.join(',');
      if (seen.has(s)) return false;
      seen.add(s);
      return true;
    });
  return { chains, maxHits, maxHitsLength, approximate };
}

/**
 * Whether no reading could have answered: an anchor is an entity of a name the question brackets, and no entity of
 * any bracketed name (homonyms included: the linker may have picked the wrong one) reaches a gold answer that is
 * not itself such an entity.
 */
function outOfReach(graph: MemoryGraph, input: MissInput, anchors: number[], targets: Set<number>): boolean {
  const named = (input.named ?? []).flatMap((n) => byLowerName(graph, n));
  if (!anchors.some((a) => named.includes(a))) return false;
  const reachable = new Set([...targets].filter((g) => !named.includes(g)));
  return reachable.size > 0 && shortestHops(graph, [...new Set(named)], reachable, input.dMax) === undefined;
}

/** The cause of a miss, or undefined when the top answer is gold (a hit, not a miss). */
export function classifyMiss(graph: MemoryGraph, input: MissInput, options: ClassifyOptions = {}): MissDiagnosis | undefined {
  const goldLower = new Set(input.gold.map((g) => g.toLowerCase()));
  if (input.top && goldLower.has(input.top.name.toLowerCase())) return undefined;
  const chain = input.top?.chain.length ? input.top.chain : (input.indicator ?? []);
  const out = (cause: MissCause, extra: Partial<MissDiagnosis> = {}): MissDiagnosis => ({ cause, chain, goldChains: [], ...extra });

  const gold = new Set(input.gold.flatMap((g) => byLowerName(graph, g)));
  if (gold.size === 0) return out('gold not in graph');
  const anchors = [...new Set(input.anchors.map((a) => graph.indexOf(a)).filter((i): i is number => i !== undefined))];
  if (anchors.length === 0) return out('no link');
  // The engine never answers with an anchor, so an anchor is no reachable gold answer.
  const targets = new Set([...gold].filter((g) => !anchors.includes(g)));
  const shortest = targets.size ? shortestHops(graph, anchors, targets, input.dMax) : undefined;
  if (shortest === undefined) return out(outOfReach(graph, input, anchors, targets) ? 'gold out of reach' : 'wrong link');
  if (chain.length === 0) return out('no chain', { shortest });

  const keys = chain.map((s) => stepKey(graph, s));
  const from = input.top?.chain.length && input.top.from !== undefined ? byLowerName(graph, input.top.from) : [];
  const ends = walk(graph, from.length ? from : anchors, keys);
  let hits = 0;
  for (const v of ends) if (targets.has(v)) hits++;
  const found = goldChainKeys(graph, anchors, targets, input.dMax, options.budget ?? 20_000_000);
  const goldChains = found.chains.map((c) => c.map((k) => stepOf(graph, k)));
  const extra: Partial<MissDiagnosis> = { shortest, goldChains, ...(found.approximate ? { approximate: true } : {}) };
  const answerType = (): MissDiagnosis => out(input.top ? 'answer type' : 'no answer', extra);
  // The chain reaches as many gold answers as any chain does, and no shorter chain does: its ranking failed (a
  // homonym, a second constraint), whatever chain happens to fit the gold set more tightly.
  if (hits > 0 && hits >= found.maxHits && keys.length <= found.maxHitsLength) return answerType();
  // Only when the enumeration ran out of budget before any gold: the shortest path stands in for the gold chain.
  const goldLength = found.chains[0]?.length ?? shortest;
  if (goldLength !== keys.length) return out(goldLength > keys.length ? 'hop count short' : 'hop count long', extra);
  if (hits > 0) return answerType();
  if (found.chains.length === 0) return out('wrong relation', extra);
  const relationsOf = (ks: readonly number[]): string => ks.map((k) => (k < 0 ? -1 : k >> 1)).join(',');
  const mine = relationsOf(keys);
  return out(found.chains.some((c) => relationsOf(c) === mine) ? 'wrong direction' : 'wrong relation', extra);
}

/** `directed_by> has_genre<`: relation then `>` (walked head to tail) or `<` (tail to head). */
export function formatChain(chain: readonly ChainStep[]): string {
  return chain.length ? chain.map((s) => `${s.relation}${s.direction === 'out' ? '>' : '<'}`).join(' ') : '-';
}
