// The question engine's side of the experience memory: the query it retrieves with (view material only), the
// outcome it writes back after verification (session tokens and visible labels, plus an opaque scanner of the raw
// names this question touched), and the summary AskResult carries. Kept out of qaEngine.ts so the engine's
// orchestration stays one screen.
import type { AskMemorySummary } from '../../common/answerTypes.js';
import { chainSignature, type ExperienceOutcome, type ExperienceQuery, type ExperienceReport, type ExperienceWriteResult } from '../core/experienceProvider.js';
import { nodeRan, type ReasoningTree } from './controller/reasoningTree.js';
import type { MemoryGraph } from '../graph/memoryGraph.js';
import type { Analysis } from '../core/handSkills.js';
import { nameScanner } from '../core/nameScanner.js';
import type { GroundedAnswer, SanitizedView, ViewMapping } from '../core/types.js';

/** Paths of the top answers kept as templates: the chosen answer's shape, not every alternative's. */
const TEMPLATE_ANSWERS = 1;

export function experienceQueryOf(
  view: SanitizedView,
  anchorTokens: string[],
  indicator: ExperienceQuery['indicator'],
  exposure: ExperienceQuery['exposure'],
): ExperienceQuery {
  const typeOf = new Map(view.nodes.map((n) => [n.token, n.schemaType]));
  const anchorTypes = anchorTokens.map((t) => typeOf.get(t));
  return {
    anonymizedQuestion: view.question,
    anchors: anchorTokens,
    indicator,
    exposure,
    ...(anchorTypes.some((t) => t !== undefined) ? { anchorTypes } : {}),
    visibleRelations: [...new Set(view.edges.map((e) => e.relation))],
  };
}

const ranNode = (n: ReasoningTree['nodes'][number]): boolean => n.role.kind === 'answer' && nodeRan(n);

/** Whether a memory match ranked this node's answers in place of a Brain call. */
const savedBrainCall = (n: ReasoningTree['nodes'][number]): boolean => n.notes.some((x) => x.kind === 'memoryRanking' && x.brainCallSaved);

export function experienceOutcomeOf(input: {
  query: ExperienceQuery;
  tree: ReasoningTree;
  answers: readonly GroundedAnswer[];
  analysis: Analysis;
  view: SanitizedView;
  mapping: ViewMapping;
  graph: MemoryGraph;
  /** The answer is decisive (sure, of the expected type, not inferred): only then is the route learned as verified. */
  decisive?: boolean;
}): ExperienceOutcome {
  const { query, tree, answers, analysis, view, mapping, graph } = input;
  const ran = tree.nodes.filter(ranNode);
  const chain = analysis.chain.map((s) => ({ relation: s.visible, direction: s.direction }));
  // Only answers grounded end to end are experience: an inferred edge (GraSP) is a guess, never a template.
  const grounded = answers.filter((a) => !a.inferred);
  const verifiedPaths = grounded.slice(0, TEMPLATE_ANSWERS).flatMap((a) => {
    const token = mapping.tokenOf(a.entity);
    return a.viewPaths.map((p) => {
      const at = token ? p.nodes.lastIndexOf(token) : -1;
      return { nodes: [...p.nodes], edges: p.edges.map((e) => ({ ...e })), ...(at > 0 ? { answerAt: at } : {}) };
    });
  });
  // Everything whose name could reach the trace: anchors, bridges found on the way, answers and their paths.
  const involved = new Set<number>(analysis.anchorOrder);
  for (const n of tree.nodes) for (const e of n.evidence) involved.add(e);
  for (const a of answers) {
    involved.add(a.entity);
    for (const p of a.rawPaths) for (const e of p.entities) involved.add(e);
  }
  const names = nameScanner([...involved].flatMap((e) => [graph.names[e], graph.ids[e]].filter((x): x is string => typeof x === 'string')));
  const literals = new Map(view.nodes.filter((n) => n.literal !== undefined).map((n) => [n.token, n.literal!]));
  return {
    query,
    trajectory: ran.map((n) => ({ mode: n.mode, depth: n.depth, verified: n.status === 'verified' })),
    verifiedPaths,
    failures: ran.filter((n) => n.status === 'pruned').map((n) => ({ mode: n.mode, depth: n.depth, chain, answerPosition: analysis.answerPosition, reason: `no verified answer in ${n.mode} mode` })),
    verified: grounded.length > 0 && input.decisive !== false,
    literalValue: (token) => literals.get(token),
    names,
    vocabulary: { names: graph.names, ids: graph.ids },
  };
}

export function memorySummaryOf(report: ExperienceReport, tree: ReasoningTree, savedBrainCalls: number, write?: AskMemorySummary['write']): AskMemorySummary {
  const reuse = report.reuse;
  return {
    hits: report.hits,
    reused: reuse !== undefined,
    savedBrainCalls,
    ...(report.source ? { source: report.source } : {}),
    warnings: report.warnings.map((w) => `${w.mode}${w.depth !== undefined ? ` at depth ${w.depth}` : ''}: ${w.chain} (${w.reason})`),
    ...(reuse
      ? {
          reusedRecord: {
            id: reuse.recordId,
            score: reuse.score,
            mode: reuse.mode,
            depth: reuse.depth,
            chains: reuse.chains.map((c) => chainSignature(c.steps, c.answerPosition)),
          },
        }
      : {}),
    saved: tree.nodes.filter(savedBrainCall).map((n) => `ranking at node ${n.id} (${n.mode}, depth ${n.depth})`),
    ...(report.lookupMs !== undefined ? { lookupMs: report.lookupMs } : {}),
    ...(write ? { write } : {}),
  };
}

/** A write result as the summary shows it; errors other than a refused trace are reported, never thrown. */
export function writeSummary(result: ExperienceWriteResult | Error): AskMemorySummary['write'] {
  if (result instanceof Error) return { status: 'failed', reason: result.message };
  return { status: result.status, ...(result.id ? { id: result.id } : {}), ...(result.reason ? { reason: result.reason } : {}) };
}
