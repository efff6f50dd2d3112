// Topic-path exploration on the sanitized view: a tree-structured beam search from the anchors, bidirectional
// when there are two (each anchor walks its half of the chain; the halves meet at the answer). Path lengths stay
// in the depth window m·(D−1) < len ≤ m·D (m = number of anchors). The indicator steers: steps consistent with a
// guide chain are taken first, off-chain steps only fill what the beam has left, so big views stay fast.
// Pure: tokens and visible labels in, candidate paths out.
import type { Direction } from '../../../common/graphTypes.js';
import type { CandidatePath } from '../../core/types.js';
import type { ViewAdjacency } from './viewAdjacency.js';

export interface GuideStep {
  visible: string;
  direction: Direction;
}

/** A relation chain to follow, from the first anchor; for two anchors the answer sits at answerPosition. */
export interface ChainGuide {
  steps: GuideStep[];
  answerPosition: number;
  /** In (0, 1]: the indicator's own chain is 1, alternatives less. */
  weight: number;
}

export interface ExploreOptions {
  /** Anchor tokens in indicator order (one or two). */
  anchors: string[];
  guides: ChainGuide[];
  /** D: the depth level being explored. */
  depth: number;
  /** Partial paths kept per depth (all prefixes together). */
  beam?: number;
  /** Partial paths kept per (depth, node): several are alternative evidence, more are redundant. */
  perNode?: number;
  /** Score of a path that follows no guide (the beam keeps such paths only when it has room). */
  offChain?: number;
  /** Stop after this many complete paths. */
  maxPaths?: number;
  /**
   * Tokens standing for several raw entities (supernodes, aggregates): a path may pass through them more than once,
   * since each pass can be a different member (grounding checks the raw path is simple).
   */
  multi?: ReadonlySet<string>;
}

interface State {
  node: string;
  parent: State | undefined;
  relation: string;
  direction: Direction;
  /** Bit i set while the path still follows guide i exactly. */
  alive: number;
  depth: number;
  score: number;
}

const flip = (d: Direction): Direction => (d === 'out' ? 'in' : 'out');

function onPath(s: State, token: string): boolean {
  for (let x: State | undefined = s; x; x = x.parent) if (x.node === token) return true;
  return false;
}

/**
 * Whether the last step of a path of ≥ 3 steps may land on a node already on it: only an earlier bridge (never the
 * start), and never by walking the previous edge straight back. "Who directed the movies written by the writer of
 * X" is answered by the writer when they directed one of their own films; the answer is a bridge seen again.
 */
function mayRevisitBridge(s: State, token: string, relation: string, direction: Direction, last: boolean, length: number): boolean {
  if (!last || length < 3) return false;
  let start: State = s;
  while (start.parent) start = start.parent;
  if (start.node === token) return false;
  const back = s.parent?.node === token && s.relation === relation && s.direction !== direction;
  return !back;
}

function scoreOf(alive: number, weights: number[], offChain: number): number {
  let best = 0;
  for (let i = 0; i < weights.length; i++) if (alive & (1 << i)) best = Math.max(best, weights[i]);
  return best > 0 ? best : offChain;
}

/**
 * Beam search of `length` steps from `start` along the guide halves `halves` (one step list per guide, already
 * oriented away from `start`). Returns the complete states (simple paths, never through `avoid`).
 */
/** Each node's position in the view's adjacency (the sanitizer's stable order), memoised per view. */
const positions = new WeakMap<ViewAdjacency, Map<string, number>>();
function positionsOf(adj: ViewAdjacency): Map<string, number> {
  let p = positions.get(adj);
  if (!p) {
    p = new Map();
    for (const k of adj.keys()) p.set(k, p.size);
    positions.set(adj, p);
  }
  return p;
}

function walk(adj: ViewAdjacency, start: string, length: number, halves: (GuideStep[] | undefined)[], weights: number[], avoid: ReadonlySet<string>, beam: number, perNode: number, offChain: number, multi: ReadonlySet<string>, revisitLast = false): State[] {
  const position = positionsOf(adj);
  let alive0 = 0;
  halves.forEach((h, i) => {
    if (h && h.length === length && i < 31) alive0 |= 1 << i;
  });
  let layer: State[] = [{ node: start, parent: undefined, relation: '', direction: 'out', alive: alive0, depth: 0, score: scoreOf(alive0, weights, offChain) }];
  for (let d = 0; d < length; d++) {
    const next: State[] = [];
    for (const s of layer) {
      for (const step of adj.get(s.node) ?? []) {
        if (avoid.has(step.neighbor)) continue;
        if (!multi.has(step.neighbor) && onPath(s, step.neighbor) && !(revisitLast && mayRevisitBridge(s, step.neighbor, step.relation, step.direction, d === length - 1, length))) continue;
        let alive = 0;
        for (let i = 0; i < halves.length && i < 31; i++) {
          if (!(s.alive & (1 << i))) continue;
          const g = halves[i]![d];
          if (g.visible === step.relation && g.direction === step.direction) alive |= 1 << i;
        }
        const score = scoreOf(alive, weights, offChain);
        // Off-chain steps only while the parent was on a chain or nothing better exists: keeps the tree narrow.
        if (score <= 0) continue;
        next.push({ node: step.neighbor, parent: s, relation: step.relation, direction: step.direction, alive, depth: d + 1, score });
      }
    }
    // Ties in the view's own order (stable across sessions), never by token (random per session).
    next.sort((a, b) => b.score - a.score || (position.get(a.node) ?? 0) - (position.get(b.node) ?? 0));
    const perNodeCount = new Map<string, number>();
    layer = [];
    for (const s of next) {
      const c = perNodeCount.get(s.node) ?? 0;
      if (c >= perNode) continue;
      perNodeCount.set(s.node, c + 1);
      layer.push(s);
      if (layer.length >= beam) break;
    }
    if (layer.length === 0) break;
  }
  return layer.filter((s) => s.depth === length);
}

function unwind(s: State): { nodes: string[]; edges: { relation: string; direction: Direction }[] } {
  const nodes: string[] = [];
  const edges: { relation: string; direction: Direction }[] = [];
  for (let x: State | undefined = s; x; x = x.parent) {
    nodes.push(x.node);
    if (x.parent) edges.push({ relation: x.relation, direction: x.direction });
  }
  return { nodes: nodes.reverse(), edges: edges.reverse() };
}

/** Candidate paths for one depth level D, best first. */
export function exploreTopicPaths(adj: ViewAdjacency, options: ExploreOptions): CandidatePath[] {
  const { anchors, guides, depth } = options;
  const m = Math.max(1, anchors.length);
  const beam = options.beam ?? 4000;
  const perNode = options.perNode ?? 3;
  const offChain = options.offChain ?? 0.05;
  const maxPaths = options.maxPaths ?? 5000;
  const weights = guides.map((g) => g.weight);
  const avoid = new Set(anchors);
  const multi = options.multi ?? new Set<string>();
  const out: CandidatePath[] = [];
  const minLen = m * (depth - 1) + 1;
  const maxLen = m * depth;
  if (m === 1) {
    for (let len = minLen; len <= maxLen; len++) {
      const halves = guides.map((g) => (g.steps.length === len ? g.steps : undefined));
      // One anchor: the path ends at the answer, which may be an earlier bridge seen again (mayRevisitBridge).
      for (const s of walk(adj, anchors[0], len, halves, weights, avoid, beam, perNode, offChain, multi, true)) {
        const p = unwind(s);
        out.push({ ...p, answerAt: p.nodes.length - 1, score: s.score });
      }
    }
  } else {
    const [a, b] = anchors;
    const avoidMiddle = new Set([a, b]);
    for (let len = minLen; len <= maxLen; len++) {
      // Answer positions to try: those of guides of this length, else the middle.
      const splits = new Set(guides.filter((g) => g.steps.length === len).map((g) => g.answerPosition));
      if (splits.size === 0) splits.add(Math.ceil(len / 2));
      for (const p of splits) {
        if (p < 1 || p >= len) continue;
        const first = guides.map((g) => (g.steps.length === len && g.answerPosition === p ? g.steps.slice(0, p) : undefined));
        const second = guides.map((g) =>
          g.steps.length === len && g.answerPosition === p ? g.steps.slice(p).reverse().map((s) => ({ visible: s.visible, direction: flip(s.direction) })) : undefined,
        );
        const left = walk(adj, a, p, first, weights, avoidMiddle, beam, perNode, offChain, multi);
        const right = walk(adj, b, len - p, second, weights, avoidMiddle, beam, perNode, offChain, multi);
        const byEnd = new Map<string, State[]>();
        for (const r of right) {
          const list = byEnd.get(r.node);
          if (list) list.push(r);
          else byEnd.set(r.node, [r]);
        }
        for (const l of left)
          for (const r of byEnd.get(l.node) ?? []) {
            // Both halves must follow the same guide to count as on-chain.
            const both = l.alive & r.alive;
            const score = scoreOf(both, weights, offChain);
            const lp = unwind(l);
            const rp = unwind(r);
            if (lp.nodes.some((n, i) => i > 0 && n !== l.node && !multi.has(n) && rp.nodes.includes(n))) continue;
            const nodes = [...lp.nodes, ...rp.nodes.slice(0, -1).reverse()];
            const edges = [...lp.edges, ...rp.edges.reverse().map((e) => ({ relation: e.relation, direction: flip(e.direction) }))];
            out.push({ nodes, edges, answerAt: p, score });
            if (out.length >= maxPaths) break;
          }
      }
    }
  }
  out.sort((x, y) => y.score - x.score);
  return out.slice(0, maxPaths);
}
