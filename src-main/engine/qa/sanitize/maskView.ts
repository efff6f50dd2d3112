// maskView: the masked baseline of evaluation (`ctrlg eval --view masked`). G_Q^raw with every raw node behind its
// own session token and nothing else taken away: raw relation labels, exact literal values, no supernodes, no WL
// aggregates, no budget pruning. It exists so accuracy and exposure can be compared with sanitizeView on the same
// questions; the app, the host and the contract never offer it (it reaches the QA engine only through eval's ask
// options). Built from the sanitizer's own stages, so tokens, φ_Q and the question scrub are exactly theirs.
import type { SanitizeResult, SanitizeInput } from './sanitizeView.js';
import { bfsDistances, localSubgraph } from './localSubgraph.js';
import { literalBands } from './literalBands.js';
import { schemaTypes } from '../../graph/schemaTypes.js';
import { macFor } from './sessionSecret.js';
import { groupOrder, viewAnchors, viewEdges, viewNodes } from './viewGraph.js';
import { compact, initialGroups, nodeFlags } from './viewGroups.js';
import { mappingTables, SessionViewMapping } from './viewMapping.js';
import { registeredViewQuestion } from './viewQuestion.js';
import { viewStats } from './viewStats.js';
import { groupTokens } from './viewTokens.js';
import { aggregateWlClasses } from './wlAggregation.js';

/** What maskView reads: the sanitizer's input without its π-only parts (clusters; relations and k are ignored). */
export type MaskInput = Omit<SanitizeInput, 'clusters'>;

/** G_Q^raw → (masked view, φ_Q): one token per raw node, raw labels, exact literals. Pure but for the secret. */
export function maskView(input: MaskInput): SanitizeResult {
  const { graph, subgraph, config, secret } = input;
  macFor(secret); // fail fast on a discarded secret, before any work

  // Raw relation labels: clustering is one of the sanitizer's steps, not masking.
  const local = localSubgraph(subgraph, graph.relationLabels);
  const flags = nodeFlags(local, input.protect);
  const n = local.entities.length;
  // Every node kept; distances only order the groups like the sanitizer's.
  const kept = new Uint8Array(n).fill(1);
  const reach = bfsDistances(n, local.csr, local.anchors);
  const bands = literalBands(graph, local.entities, config.dates);
  // A literal keeps its exact value (the baseline hides names only), never a band.
  const exact = { kind: bands.kind, band: bands.kind.map((k, u) => (k ? graph.names[local.entities[u]] : undefined)) };
  const state = compact(initialGroups(local, schemaTypes(graph), exact, flags, kept, reach));
  const { groups } = state;

  const tokens = groupTokens(groups, local.entities, graph.ids, secret, config.tokenLength);
  const order = groupOrder(groups, local.entities);
  const nodes = viewNodes(groups, tokens, config.schemaTypes, order);
  const edges = viewEdges(local, kept, state, tokens, order);
  const mapping = new SessionViewMapping(mappingTables(groups, local.entities, tokens, graph.relationLabels), secret);
  const question = registeredViewQuestion({ graph, question: input.question, topics: input.topics, subgraphEntities: local.localOf, secret, tokenLength: config.tokenLength }, mapping);
  // The WL check at k = 1 aggregates nothing; it only measures how well the masked view hides each node (achievedK).
  const wl = aggregateWlClasses({ local, table: { groups, groupOf: state.groupOf }, kept, exempt: flags.exempt, k: 1, showTypes: config.schemaTypes });
  const stats = viewStats({ rawNodes: n, rawEdges: local.edges.head.length, nodes, edges, groups, classWeight: wl.classWeight, kept, k: 1 });
  return { view: { question, anchors: viewAnchors(local, state, tokens), nodes, edges, stats }, mapping };
}
