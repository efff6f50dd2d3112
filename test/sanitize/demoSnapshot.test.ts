// A lock on the sanitizer's output: the views and mappings of all 57 demo questions (resources/demo), under a fixed
// secret and a spread of exposure modes π, hash to one fixed value. The inputs are built here from the demo graph
// alone (topics from questions.paths.json, a 2-hop ball around them), so only the sanitizer (and what it reads of
// the graph) can move the hash. A deliberate change to what the sanitizer shows must update EXPECTED, and say so.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { pipeTriplesGraph } from '../../src-main/engine/import/pipeTriplesGraph.js';
import type { MemoryGraph } from '../../src-main/engine/graph/memoryGraph.js';
import { DEFAULT_SANITIZE_CONFIG, type SanitizeConfig, type TopicEntity } from '../../src-main/engine/core/types.js';
import { sanitizeView, type SanitizeInput, type SanitizeResult } from '../../src-main/engine/qa/sanitize/sanitizeView.js';
import { subgraphAround } from './fixtures.js';

/**
 * sha256 over every dump below, in order. Changed once on purpose: nodes and edges are now ordered by the raw
 * entities behind them instead of by token, so answers no longer depend on the session's secret.
 */
const EXPECTED = 'c9a0703b3cd517ec45762bcf05647828c7e9befa43854345b50743e1bd04a498';

const VARIANTS: Partial<SanitizeConfig>[] = [
  {},
  { relations: 'clustered' },
  { k: 1, supernodes: false },
  { k: 3, schemaTypes: false },
  { k: 5, nodeBudget: 25, dates: 'decade' },
  { nodeBudget: 8, tokenLength: 4 },
];

interface PathSpec {
  question: string;
  topics: string[];
  constraint?: { topic: string };
}

/** A fixed, non-zero session secret (every run gets its own copy: discard() would zero it). */
const secret = (): Uint8Array => Uint8Array.from({ length: 32 }, (_, i) => (i * 37 + 11) & 0xff);

function topicOf(graph: MemoryGraph, question: string, name: string): TopicEntity {
  const entity = graph.indexOf(name)!;
  const start = question.toLowerCase().indexOf(name.toLowerCase());
  return { entity, mention: name, start, end: start < 0 ? -1 : start + name.length, score: 1 };
}

/** Everything the view and φ_Q say, through their public surfaces only. */
function dump(graph: MemoryGraph, { view, mapping }: SanitizeResult): string {
  const tokens = mapping.tokens().sort();
  const labels = graph.relationLabels.map((_, r) => mapping.visibleRelation(r));
  return JSON.stringify({
    view,
    members: tokens.map((t) => [t, mapping.members(t)]),
    tokenOf: Array.from({ length: graph.size }, (_, e) => mapping.tokenOf(e) ?? null),
    labels,
    relationsOf: [...new Set(labels)].map((l) => [l, mapping.relationsOf(l)]),
  });
}

describe('sanitizeView on the demo questions', () => {
  let graph: MemoryGraph;
  let specs: PathSpec[];
  beforeAll(() => {
    graph = pipeTriplesGraph('resources/demo/hospital-network.txt', 'demo');
    specs = (JSON.parse(readFileSync('resources/demo/questions.paths.json', 'utf8')) as { questions: PathSpec[] }).questions;
  });

  it('gives the recorded views and mappings for all 57 questions', () => {
    expect(specs).toHaveLength(57);
    const hash = createHash('sha256');
    let views = 0;
    for (const spec of specs) {
      const names = [...spec.topics, ...(spec.constraint ? [spec.constraint.topic] : [])].filter((n, i, all) => all.indexOf(n) === i);
      const topics = names.map((n) => topicOf(graph, spec.question, n));
      const anchors = topics.map((t) => t.entity);
      const subgraph = subgraphAround(graph, anchors, 2);
      // Every seventh non-anchor node protected, as candidate-path entities would be.
      const protect = new Set(subgraph.nodes.filter((e, i) => i % 7 === 3 && !anchors.includes(e)));
      for (const variant of VARIANTS)
        for (const withProtect of [false, true]) {
          const input: SanitizeInput = {
            graph,
            subgraph,
            question: spec.question,
            topics,
            config: { ...DEFAULT_SANITIZE_CONFIG, ...variant },
            secret: secret(),
            ...(withProtect ? { protect } : {}),
          };
          hash.update(dump(graph, sanitizeView(input)));
          views++;
        }
    }
    expect(views).toBe(57 * VARIANTS.length * 2);
    expect(hash.digest('hex')).toBe(EXPECTED);
  });
});
