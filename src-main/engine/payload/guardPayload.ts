// The payload guard: before a ranking payload is final, the re-identification attack is run on it (PayloadRisk) and
// the lowest-ranked candidate paths that show a too-identifiable token are dropped, half of them per round, until
// no token is above the risk bound or only the best paths are left. A token is identifiable mostly through how much
// of its neighbourhood the paths list (an anchor with all its edges listed is often the only entity that fits), so
// fewer, better paths both help the Brain and hide more. Pure given the risk function; ids are renumbered so the
// gaps do not tell a reader how much was removed, and each path keeps the candidate index a reply maps back to.
import type { BrainPayload } from '../../common/brainTypes.js';
import { finalizePayload, literalsShown } from './brainPayload.js';

export interface PayloadGuardOptions {
  /** Highest acceptable rank-1 re-identification risk of any entity token. */
  maxRisk: number;
  /** The best-ranked paths always kept: the Brain needs candidates to rank. */
  keep: number;
  /** Attack-and-trim rounds at most. */
  rounds: number;
}

export const DEFAULT_PAYLOAD_GUARD: PayloadGuardOptions = { maxRisk: 0.1, keep: 2, rounds: 4 };

export interface GuardedPayload {
  payload: BrainPayload;
  /** Paths dropped by the guard. */
  dropped: number;
  /** Entity tokens still above the bound in the last measured payload. */
  risky: number;
  /** Relation labels replaced by a coarser label. */
  generalized: number;
  /** Each replaced label → its coarser label: later payloads of the question must show it the same way. */
  relabel: ReadonlyMap<string, string>;
}

/** The payload with only `paths` (kept in order), ids renumbered 1..n, literals of vanished tokens removed. */
export function withPaths(p: BrainPayload, paths: BrainPayload['paths']): BrainPayload {
  const { text: _old, ...rest } = p;
  return finalizePayload({ ...rest, paths: paths.map((x, i) => ({ ...x, id: i + 1, nodes: [...x.nodes], edges: x.edges.map((e) => ({ ...e })) })), literals: literalsShown(paths, p.literals) });
}

/** The payload with every relation label in `relabel` replaced (paths and indicator alike), text re-rendered. */
export function withLabels(p: BrainPayload, relabel: ReadonlyMap<string, string>): BrainPayload {
  const to = (r: string): string => relabel.get(r) ?? r;
  const { text: _old, ...rest } = p;
  return finalizePayload({
    ...rest,
    paths: p.paths.map((x) => ({ ...x, nodes: [...x.nodes], edges: x.edges.map((e) => ({ ...e, relation: to(e.relation) })) })),
    ...(p.indicator ? { indicator: { ...p.indicator, anchors: [...p.indicator.anchors], chain: p.indicator.chain.map((c) => ({ ...c, relation: to(c.relation) })) } } : {}),
    relations: [...new Set(p.relations.map(to))],
  });
}

/**
 * The payload with every entity token in `retoken` shown as its replacement (paths, anchors, indicator alike), text
 * re-rendered: a hub shown as its aggregate (qa/sanitize/hubAggregates.ts). Path ids and candidate indexes stay.
 */
export function withTokens(p: BrainPayload, retoken: ReadonlyMap<string, string>): BrainPayload {
  if (!retoken.size) return p;
  const to = (t: string): string => retoken.get(t) ?? t;
  const { text: _old, ...rest } = p;
  return finalizePayload({
    ...rest,
    anchors: p.anchors.map(to),
    paths: p.paths.map((x) => ({ ...x, nodes: x.nodes.map(to), edges: x.edges.map((e) => ({ ...e })) })),
    ...(p.indicator ? { indicator: { ...p.indicator, anchors: p.indicator.anchors.map(to), chain: p.indicator.chain.map((c) => ({ ...c })) } } : {}),
    literals: Object.fromEntries(Object.entries(p.literals).map(([t, v]) => [to(t), v])),
  });
}

/**
 * `generalize` (optional) gives a coarser label for a relation label (its neutral cluster label): when trimming
 * leaves a token above the bound — on a graph where a relation is held by one or two entities, even the best path
 * names its ends — the labels of that token's edges are generalised, round by round, until it is not.
 */
export function guardPayload(
  p: BrainPayload,
  riskOf: (text: string) => ReadonlyMap<string, number>,
  options: PayloadGuardOptions = DEFAULT_PAYLOAD_GUARD,
  generalize?: (label: string) => string | undefined,
): GuardedPayload {
  if (p.role !== 'ranking') return { payload: p, dropped: 0, risky: 0, generalized: 0, relabel: new Map() };
  let current = p;
  let dropped = 0;
  let risky = 0;
  // The attack is the guard's cost: a payload not changed since it was last measured is not measured again.
  let measuredText: string | undefined;
  let measured: ReadonlyMap<string, number> = new Map();
  const overOf = (): Set<string> => {
    if (current.text !== measuredText) (measuredText = current.text), (measured = riskOf(current.text));
    const over = new Set([...measured].filter(([, r]) => r > options.maxRisk).map(([t]) => t));
    risky = over.size;
    return over;
  };
  for (let round = 0; round < options.rounds && current.paths.length > options.keep; round++) {
    const over = overOf();
    if (!over.size) return { payload: current, dropped, risky, generalized: 0, relabel: new Map() };
    const droppable = current.paths.slice(options.keep).filter((x) => x.nodes.some((t) => over.has(t)));
    if (!droppable.length) break;
    // The lower-ranked half of them: a risky anchor is on every path, and halving keeps the best alternatives.
    const drop = new Set(droppable.slice(Math.floor(droppable.length / 2)).map((x) => x.id));
    current = withPaths(current, current.paths.filter((x) => !drop.has(x.id)));
    dropped += drop.size;
  }
  const relabel = new Map<string, string>();
  for (let round = 0; generalize && round < options.rounds; round++) {
    const over = overOf();
    if (!over.size) break;
    // Each label on an edge touching a token still above the bound, with its coarser name.
    const step = new Map<string, string>();
    for (const x of current.paths)
      x.edges.forEach((e, i) => {
        if (step.has(e.relation) || (!over.has(x.nodes[i]) && !over.has(x.nodes[i + 1]))) return;
        const coarse = generalize(e.relation);
        if (coarse !== undefined && coarse !== e.relation) step.set(e.relation, coarse);
      });
    if (!step.size) break;
    for (const [l, c] of step) relabel.set(l, c);
    current = withLabels(current, step);
  }
  // A token still above the bound after the halving rounds and the coarser labels takes every remaining path beyond
  // the best `keep` that shows it, at once (a payload trimmed this far is about the question's best paths). `risky`
  // may be from before the last trim or relabel: the payload is measured again first.
  if (risky && current.paths.length > options.keep) {
    const over = overOf();
    const drop = new Set(current.paths.slice(options.keep).filter((x) => x.nodes.some((t) => over.has(t))).map((x) => x.id));
    if (drop.size) {
      current = withPaths(current, current.paths.filter((x) => !drop.has(x.id)));
      dropped += drop.size;
      overOf();
    }
  } else if (relabel.size && risky) overOf();
  return { payload: current, dropped, risky, generalized: relabel.size, relabel };
}
