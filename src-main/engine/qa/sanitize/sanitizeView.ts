// sanitizeView: G_Q^raw → (G̃_Q, φ_Q). The Brain only ever sees G̃_Q, so every stage here removes something a
// reader could use to recognise a private entity: ids and names become session HMAC tokens, literals become
// bands, relation labels may become neutral cluster labels, structurally identical entities merge into
// supernodes, and nodes the view still singles out (a Weisfeiler–Lehman colour class covering fewer than k raw
// entities) are folded into aggregates or pruned. φ_Q keeps the way back for grounding and never leaves the
// process. A pipeline of pure stages, each in its own module and testable alone; the same inputs and secret
// give the same view.
import type { MemoryGraph } from '../../graph/memoryGraph.js';
import type { QuestionSubgraph, RelationClusters, SanitizeConfig, SanitizedView, TopicEntity, ViewMapping } from '../../core/types.js';
import { pruneToBudget } from './budgetPruning.js';
import { literalBands, mergeLiteralBands } from './literalBands.js';
import { buildCsr, keptEdge, localSubgraph } from './localSubgraph.js';
import { visibleRelationLabels } from './relationClusters.js';
import { schemaTypes } from '../../graph/schemaTypes.js';
import { macFor } from './sessionSecret.js';
import { hubAggregates, type HubOptions } from './hubAggregates.js';
import { mergeSupernodes } from './supernodes.js';
import { groupOrder, viewAnchors, viewEdges, viewNodes } from './viewGraph.js';
import { initialGroups, nodeFlags } from './viewGroups.js';
import { mappingTables, SessionViewMapping } from './viewMapping.js';
import { registeredViewQuestion } from './viewQuestion.js';
import { viewStats } from './viewStats.js';
import { groupTokens } from './viewTokens.js';
import { aggregateWlClasses } from './wlAggregation.js';

export interface SanitizeInput {
  graph: MemoryGraph;
  subgraph: QuestionSubgraph;
  question: string;
  topics: TopicEntity[];
  config: SanitizeConfig;
  secret: Uint8Array;
  /** Relation clusters for `clustered` mode; signature-only clusters of the graph when absent. */
  clusters?: RelationClusters;
  /** Raw entities that must stay visible on their own (never merged, aggregated or pruned). */
  protect?: ReadonlySet<number>;
  /** Stage 10: show hubs in payloads as aggregates (hubAggregates.ts); absent: none. */
  hubs?: HubOptions;
  /** Entities a Brain already saw (stage 10 with `hubs.recurring`): the engine's own set, or the ledger's lookup. */
  shownBefore?: Pick<ReadonlySet<number>, 'has'>;
}

export interface SanitizeResult {
  view: SanitizedView;
  mapping: ViewMapping;
  /** Entity token → the aggregate token ranking payloads show instead (stage 10), registered in φ_Q. */
  payloadTokens?: ReadonlyMap<string, string>;
}

export function sanitizeView(input: SanitizeInput): SanitizeResult {
  const { graph, subgraph, config, secret } = input;
  const k = Math.max(1, Math.floor(config.k));
  macFor(secret); // fail fast on a discarded secret, before any work

  // 1–2. Visible relation labels; the subgraph in local numbering, its edges deduplicated.
  const visibleOf = visibleRelationLabels(graph, config.relations, input.clusters);
  const local = localSubgraph(subgraph, visibleOf);
  // 3. Per node: anchor or protected, literal band.
  const flags = nodeFlags(local, input.protect);
  const bands = literalBands(graph, local.entities, config.dates);
  // 4. Budget and connectivity pruning.
  const { kept, reach } = pruneToBudget(local, flags.exempt, Math.max(0, config.nodeBudget));
  // 5. One group per kept node; same-band literals on the same nodes, then interchangeable entities, merge.
  const keptCsr = buildCsr(local.entities.length, local.edges.head, local.edges.visible, local.edges.tail, (i) => keptEdge(local.edges, kept, i));
  let table = mergeLiteralBands(initialGroups(local, schemaTypes(graph), bands, flags, kept, reach), keptCsr);
  if (config.supernodes) table = mergeSupernodes(table, keptCsr);
  // 6. k-anonymity of WL colours: aggregate (or prune) what the view singles out.
  const wl = aggregateWlClasses({ local, table, kept, exempt: flags.exempt, k, showTypes: config.schemaTypes });
  const { groups } = wl.groups;
  // 7. Tokens, view nodes and edges, φ_Q.
  const tokens = groupTokens(groups, local.entities, graph.ids, secret, config.tokenLength);
  const order = groupOrder(groups, local.entities);
  const nodes = viewNodes(groups, tokens, config.schemaTypes, order);
  const edges = viewEdges(local, wl.kept, wl.groups, tokens, order);
  const mapping = new SessionViewMapping(mappingTables(groups, local.entities, tokens, visibleOf), secret);
  // 8. The question; names the view pruned get tokens known to φ_Q only.
  const question = registeredViewQuestion({ graph, question: input.question, topics: input.topics, subgraphEntities: local.localOf, secret, tokenLength: config.tokenLength }, mapping);
  // 9. Stats.
  const stats = viewStats({ rawNodes: local.entities.length, rawEdges: local.edges.head.length, nodes, edges, groups, classWeight: wl.classWeight, kept: wl.kept, k });
  const view: SanitizedView = { question, anchors: viewAnchors(local, wl.groups, tokens), nodes, edges, stats };
  // 10. Hubs as payload aggregates.
  if (!input.hubs) return { view, mapping };
  const hubs = hubAggregates({ graph, view, membersOf: (t) => mapping.members(t), relationsOf: (l) => mapping.relationsOf(l), secret, tokenLength: config.tokenLength, options: input.hubs, ...(input.shownBefore ? { shownBefore: input.shownBefore } : {}) });
  for (const h of hubs) mapping.registerGroup(h.token, h.members);
  return { view, mapping, payloadTokens: new Map(hubs.map((h) => [h.entityToken, h.token])) };
}
