// Sufficiency verification and answer ranking. A grounded path counts only if it satisfies the constraints of the
// question: it starts at the first anchor (and ends at the second, for two), its raw relation chain is one the
// analysis accepted, its answer is not an anchor, and the answer really carries the chain's last relation in the
// walked direction. Answers are ranked by their best chain (the indicator's first), then by how many walks of
// that chain reach them from the anchor on the raw graph (see chainSupport), then by path score.
import type { Direction } from '../../../common/graphTypes.js';
import { DIR_OUT, type MemoryGraph } from '../../graph/memoryGraph.js';
import { chainSupport } from './chainSupport.js';
import type { GroundedPath } from '../../core/types.js';
import { chainKey } from './schemaPaths.js';
import type { GroundedAnswer } from '../../core/types.js';
import type { Verification } from '../../core/types.js';

export interface VerifyOptions {
  /** Anchors in indicator order. */
  anchors: readonly number[];
  /**
   * Accepted raw chains (chainKey of the steps, walked from anchors[0]) → analysis score; best first. A two-anchor
   * chain may be keyed `chainKey@answerPosition`: the same steps with the answer elsewhere are another reading.
   */
  chains: ReadonlyMap<string, number>;
  /** Answers returned (default 20). */
  limit?: number;
  /**
   * Whether a path passes through an entity the question's words rule out ("the sons of X" through a daughter): it
   * still verifies, but ranks as if its chain scored MISFIT lower.
   */
  misfit?: (p: GroundedPath) => boolean;
}

/** How far a path through a ruled-out entity falls behind its chain (past any rival chain within accept margins). */
const MISFIT = 2;

function hasEdge(graph: MemoryGraph, from: number, relation: number, direction: Direction, to: number): boolean {
  const want = direction === 'out' ? DIR_OUT : 1 - DIR_OUT;
  for (let k = graph.offsets[from]; k < graph.offsets[from + 1]; k++)
    if (graph.edgeRelation[k] === relation && graph.edgeDirection[k] === want && graph.edgeNeighbor[k] === to) return true;
  return false;
}

/** The analysis score of the path's chain read with its answer where the path has it, if accepted. */
function acceptedScore(p: GroundedPath, options: VerifyOptions): number | undefined {
  const key = chainKey(p.edges);
  return options.chains.get(`${key}@${p.view.answerAt}`) ?? options.chains.get(key);
}

/** An accepted path's standing: its chain's score, less MISFIT where the question's words rule the path out. */
function pathFit(p: GroundedPath, options: VerifyOptions): number {
  return acceptedScore(p, options)! - (options.misfit?.(p) ? MISFIT : 0);
}

/** Why a grounded path fails the constraints, or undefined when it passes. */
export function violation(p: GroundedPath, graph: MemoryGraph, options: VerifyOptions): string | undefined {
  const [a, b] = options.anchors;
  if (p.entities[0] !== a) return 'does not start at the first anchor';
  if (b !== undefined && p.view.answerAt < p.view.nodes.length - 1 && p.entities[p.entities.length - 1] !== b) return 'does not reach the second anchor';
  if (options.anchors.includes(p.answer)) return 'answer is an anchor';
  if (acceptedScore(p, options) === undefined) return 'relation chain not consistent with the indicator';
  for (let i = 0; i < p.edges.length; i++)
    if (!hasEdge(graph, p.entities[i], p.edges[i].relation, p.edges[i].direction, p.entities[i + 1])) return 'raw edge missing';
  return undefined;
}

export function verifyAnswers(paths: readonly GroundedPath[], graph: MemoryGraph, options: VerifyOptions): Verification {
  const rejected = new Map<string, number>();
  const byAnswer = new Map<number, AnswerPaths>();
  for (const p of paths) {
    const why = violation(p, graph, options);
    if (why) {
      rejected.set(why, (rejected.get(why) ?? 0) + 1);
      continue;
    }
    const fit = pathFit(p, options);
    const cur = byAnswer.get(p.answer);
    if (!cur) byAnswer.set(p.answer, { fit, pathScore: p.view.score, paths: [p] });
    else {
      cur.fit = Math.max(cur.fit, fit);
      cur.pathScore = Math.max(cur.pathScore, p.view.score);
      cur.paths.push(p);
    }
  }
  const support = supportOf(graph, options);
  const ranked = [...byAnswer.entries()].sort(
    ([ea, a], [eb, b]) =>
      b.fit - a.fit ||
      support(eb, b) - support(ea, a) ||
      b.pathScore - a.pathScore ||
      graph.names[ea].localeCompare(graph.names[eb]) ||
      ea - eb,
  );
  const answers: GroundedAnswer[] = ranked.slice(0, options.limit ?? 20).map(([entity, r]) => ({
    entity,
    // Chain score dominates; support and path score separate answers of one chain.
    score: r.fit + 0.1 * r.pathScore + 0.01 * Math.log1p(support(entity, r)),
    rawPaths: r.paths.slice(0, 5).map((p) => ({ entities: p.entities, edges: p.edges })),
    viewPaths: r.paths.slice(0, 5).map((p) => ({ nodes: p.view.nodes, edges: p.view.edges })),
  }));
  return { answers, rejected: [...rejected].map(([reason, count]) => ({ reason, count })) };
}

/** fit: the best accepted chain's score over the answer's paths, less MISFIT for a path the question rules out. */
type AnswerPaths = { fit: number; pathScore: number; paths: GroundedPath[] };

/**
 * Support of an answer: walks of its best accepted chain from the first anchor to it (one-anchor readings, answer
 * at the end), else the number of verified paths. Chains are walked once each and memoised.
 */
function supportOf(graph: MemoryGraph, options: VerifyOptions): (entity: number, r: AnswerPaths) => number {
  const walks = new Map<string, Map<number, number> | undefined>();
  const memo = new Map<number, number>();
  return (entity, r) => {
    let n = memo.get(entity);
    if (n !== undefined) return n;
    n = r.paths.length;
    // The path the answer is ranked by (its fit), not a ruled-out one of a better chain.
    const best = r.paths.find((p) => pathFit(p, options) === r.fit);
    if (best && options.anchors.length === 1 && best.view.answerAt === best.view.nodes.length - 1) {
      const key = chainKey(best.edges);
      if (!walks.has(key)) walks.set(key, chainSupport(graph, options.anchors[0], best.edges));
      n = walks.get(key)?.get(entity) ?? n;
    }
    memo.set(entity, n);
    return n;
  };
}
