// Brain test fixtures: real sanitized views of the small film graph and payloads built from them.
import type { ViewPath } from '../../src-main/common/answerTypes.js';
import type { BrainPayload } from '../../src-main/common/brainTypes.js';
import { analysisPayload, rankingPayload } from '../../src-main/engine/payload/brainPayload.js';
import type { MemoryGraph } from '../../src-main/engine/graph/memoryGraph.js';
import { DEFAULT_SANITIZE_CONFIG, type SanitizedView, type ViewMapping } from '../../src-main/engine/core/types.js';
import { sanitizeView } from '../../src-main/engine/qa/sanitize/sanitizeView.js';
import { newSessionSecret } from '../../src-main/engine/qa/sanitize/sessionSecret.js';
import { filmGraph, subgraphAround } from '../sanitize/fixtures.js';

export const QUESTION = 'Which films did Wren Halvorsen direct that starred Juno Marquez?';

export interface Scenario {
  graph: MemoryGraph;
  view: SanitizedView;
  mapping: ViewMapping;
  paths: ViewPath[];
  analysis: BrainPayload;
  ranking: BrainPayload;
}

/** One- and two-hop paths from the anchor token over the view's edges (both directions). */
function pathsFrom(view: SanitizedView, anchor: string, limit: number): ViewPath[] {
  const out: ViewPath[] = [];
  const steps = (t: string) => [
    ...view.edges.filter((e) => e.head === t).map((e) => ({ to: e.tail, relation: e.relation, direction: 'out' as const })),
    ...view.edges.filter((e) => e.tail === t).map((e) => ({ to: e.head, relation: e.relation, direction: 'in' as const })),
  ];
  for (const a of steps(anchor)) {
    out.push({ nodes: [anchor, a.to], edges: [{ relation: a.relation, direction: a.direction }] });
    for (const b of steps(a.to)) if (b.to !== anchor) out.push({ nodes: [anchor, a.to, b.to], edges: [{ relation: a.relation, direction: a.direction }, { relation: b.relation, direction: b.direction }] });
  }
  return out.slice(0, limit);
}

export function scenario(width = 8): Scenario {
  const graph = filmGraph();
  const wren = graph.indexOf('p:wren')!;
  const start = QUESTION.indexOf('Wren Halvorsen');
  const { view, mapping } = sanitizeView({
    graph,
    subgraph: subgraphAround(graph, [wren], 2),
    question: QUESTION,
    topics: [{ entity: wren, mention: 'Wren Halvorsen', start, end: start + 'Wren Halvorsen'.length, score: 1 }],
    config: { ...DEFAULT_SANITIZE_CONFIG, k: 1 },
    secret: newSessionSecret(),
  });
  const anchor = view.anchors[0];
  const paths = pathsFrom(view, anchor, width);
  const ranking = rankingPayload({
    view,
    indicator: { anchors: [anchor], chain: [{ relation: 'directed_by', direction: 'in' }], answerPosition: 1, dPredict: 1 },
    paths,
    width,
  });
  return { graph, view, mapping, paths, analysis: analysisPayload(view), ranking };
}
