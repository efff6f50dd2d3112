// A small library graph and every input a Hand skill takes, built the way qaEngine builds them (subgraph,
// sanitized view, schema paths, exploration, grounding) with the algorithmic Hand and a hashed word DRM, so the
// model tests need neither GloVe nor a real model.
import { MemoryGraph } from '../../src-main/engine/graph/memoryGraph.js';
import { AlgorithmicHand } from '../../src-main/engine/qa/hand/algorithmicHand.js';
import type { Analysis, AnalysisRequest } from '../../src-main/engine/core/handSkills.js';
import { EntityNameIndex } from '../../src-main/engine/qa/stages/entityNameIndex.js';
import { exploreTopicPaths } from '../../src-main/engine/qa/stages/exploreTopicPaths.js';
import { groundPath } from '../../src-main/engine/qa/stages/groundPaths.js';
import { type GroundedPath } from '../../src-main/engine/core/types.js';
import { LocalAdjacency } from '../../src-main/engine/qa/stages/localAdjacency.js';
import { buildQuestionSubgraph } from '../../src-main/engine/qa/stages/questionSubgraph.js';
import { embedRelations } from '../../src-main/engine/qa/stages/relationVectors.js';
import { schemaPaths } from '../../src-main/engine/qa/stages/schemaPaths.js';
import { DEFAULT_SANITIZE_CONFIG, type CandidatePath, type Drm, type SanitizedView, type ViewMapping } from '../../src-main/engine/core/types.js';
import { viewAdjacency } from '../../src-main/engine/qa/stages/viewAdjacency.js';
import { sanitizeView } from '../../src-main/engine/qa/sanitize/sanitizeView.js';
import { newSessionSecret } from '../../src-main/engine/qa/sanitize/sessionSecret.js';

export const TRIPLES = [
  ['Moonfall', 'written_by', 'Ilse Varga'],
  ['Moonfall', 'published_by', 'Harrow House'],
  ['Moonfall', 'genre', 'Fantasy'],
  ['Tidewater', 'written_by', 'Ilse Varga'],
  ['Tidewater', 'published_by', 'Northlight'],
  ['Tidewater', 'genre', 'Mystery'],
  ['Glass Orchard', 'written_by', 'Ilse Varga'],
  ['Glass Orchard', 'published_by', 'Harrow House'],
  ['Ashen Road', 'written_by', 'Tomas Bry'],
  ['Ashen Road', 'published_by', 'Harrow House'],
  ['Ilse Varga', 'born_in', 'Kelmar'],
  ['Tomas Bry', 'born_in', 'Ostra'],
  ['Harrow House', 'located_in', 'Kelmar'],
  ['Northlight', 'located_in', 'Ostra'],
].map(([head, relation, tail]) => ({ head, relation, tail }));

export const QUESTION = 'which publishers published the books written by Ilse Varga';

/** Bag of hashed word vectors: equal words are similar, nothing else is — enough for the algorithmic Hand here. */
export function hashedWordDrm(dim = 32): Drm {
  const wordVector = (w: string): Float32Array => {
    let h = 2166136261;
    for (const c of w) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
    const v = new Float32Array(dim);
    for (let d = 0; d < dim; d++) {
      h ^= h << 13;
      h ^= h >>> 17;
      h ^= h << 5;
      v[d] = ((h >>> 0) / 0xffffffff) * 2 - 1;
    }
    return v;
  };
  return {
    name: 'hashed-words',
    dim,
    async embed(texts) {
      return texts.map((t) => {
        const v = new Float32Array(dim);
        for (const w of t.toLowerCase().match(/[a-z0-9]+/g) ?? []) wordVector(w).forEach((x, d) => (v[d] += x));
        const n = Math.hypot(...v) || 1;
        return v.map((x) => x / n);
      });
    },
  };
}

export interface HandFixture {
  graph: MemoryGraph;
  index: EntityNameIndex;
  algorithmic: AlgorithmicHand;
  question: string;
  analysisRequest: AnalysisRequest;
  analysis: Analysis;
  view: SanitizedView;
  mapping: ViewMapping;
  candidates: CandidatePath[];
  refined: CandidatePath[];
  grounded: GroundedPath[];
}

export async function buildHandFixture(question = QUESTION, dMax = 2): Promise<HandFixture> {
  const graph = MemoryGraph.fromTriples('library', [], TRIPLES);
  const drm = hashedWordDrm();
  const index = EntityNameIndex.build(graph);
  const algorithmic = await AlgorithmicHand.create(graph, drm, index);
  const link = await algorithmic.extractEntities(question);
  const topics = [...link.topics].sort((a, b) => a.start - b.start);
  if (!topics.length) throw new Error(`fixture question names no entity: ${question}`);
  const anchors = [...new Set(topics.map((t) => t.entity))];
  const anchorTopics = anchors.map((a) => topics.find((t) => t.entity === a)!);
  const [qVec] = await drm.embed([question]);
  const subgraph = buildQuestionSubgraph(graph, anchors, qVec, await embedRelations(graph, drm), { dMax });
  const { view, mapping } = sanitizeView({
    graph,
    subgraph,
    question,
    topics: anchorTopics,
    config: { ...DEFAULT_SANITIZE_CONFIG, relations: 'labels' },
    secret: newSessionSecret(),
  });
  const adj = new LocalAdjacency(subgraph.edges);
  const analysisRequest: AnalysisRequest = {
    question,
    topics: anchorTopics,
    schemaPaths: anchors.map((a) => schemaPaths(adj, a, { dMax, exclude: new Set(anchors) })),
    dMax,
    visibleRelation: (r) => mapping.visibleRelation(r),
  };
  const analysis = (await algorithmic.analyzeQuestion(analysisRequest))!;
  const anchorTokens = analysis.anchorOrder.map((a) => mapping.tokenOf(a)!);
  const candidates = exploreTopicPaths(viewAdjacency(view), {
    anchors: anchorTokens,
    guides: [{ steps: analysis.chain.map((s) => ({ visible: s.visible, direction: s.direction })), answerPosition: analysis.answerPosition, weight: 1 }],
    depth: analysis.dPredict,
    multi: new Set(view.nodes.filter((n) => n.size > 1).map((n) => n.token)),
  });
  const refined = await algorithmic.refineEvidence({ paths: candidates, indicator: analysis, width: 80 });
  const grounded = refined.flatMap((p) => {
    const g = groundPath(p, mapping, graph, { anchors: analysis.anchorOrder });
    return g.ok ? g.paths : [];
  });
  return { graph, index, algorithmic, question, analysisRequest, analysis, view, mapping, candidates, refined, grounded };
}
