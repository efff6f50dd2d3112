// The masked baseline (eval --view masked): every raw node of G_Q^raw behind its own session token, raw labels,
// exact literal values, nothing merged or pruned; the sanitized view of the same subgraph hides more.
import { describe, expect, it } from 'vitest';
import { DEFAULT_SANITIZE_CONFIG, type TopicEntity } from '../../src-main/engine/core/types.js';
import { TOKEN_PATTERN } from '../../src-main/engine/core/tokens.js';
import { maskView } from '../../src-main/engine/qa/sanitize/maskView.js';
import { sanitizeView } from '../../src-main/engine/qa/sanitize/sanitizeView.js';
import { newSessionSecret } from '../../src-main/engine/qa/sanitize/sessionSecret.js';
import { filmGraph, subgraphAround } from './fixtures.js';

const QUESTION = 'Which films did Wren Halvorsen direct that starred Juno Marquez?';

function input() {
  const graph = filmGraph();
  const wren = graph.indexOf('p:wren')!;
  const start = QUESTION.indexOf('Wren Halvorsen');
  const topics: TopicEntity[] = [{ entity: wren, mention: 'Wren Halvorsen', start, end: start + 'Wren Halvorsen'.length, score: 1 }];
  // Small budget and clustered relations: what the sanitizer would use to hide, and masking must ignore.
  const config = { ...DEFAULT_SANITIZE_CONFIG, relations: 'clustered' as const, nodeBudget: 6 };
  return { graph, subgraph: subgraphAround(graph, [wren], 2), question: QUESTION, topics, config, secret: newSessionSecret() };
}

describe('maskView', () => {
  it('puts every raw node of the subgraph behind a token of its own, with raw labels and exact literals, pruning nothing', () => {
    const i = input();
    const { view, mapping } = maskView(i);
    const raw = new Set([...i.subgraph.nodes, ...i.subgraph.edges.flatMap((e) => [e.head, e.tail])]);
    expect(raw.size).toBeGreaterThan(10);
    expect(view.nodes).toHaveLength(raw.size);
    expect(view.nodes.every((n) => n.size === 1 && (n.kind === 'entity' || n.kind === 'literal'))).toBe(true);
    const tokens = [...raw].map((e) => mapping.tokenOf(e));
    expect(new Set(tokens).size).toBe(raw.size);
    for (const e of raw) expect(mapping.members(mapping.tokenOf(e)!)).toEqual([e]);
    // Literals carry their exact value, entities only a token.
    const literals = view.nodes.filter((n) => n.kind === 'literal');
    expect(literals.length).toBeGreaterThan(0);
    for (const n of literals) expect(n.literal).toBe(i.graph.names[mapping.members(n.token)[0]]);
    expect(literals.map((n) => n.literal)).toContain('1994-05-12');
    // Every distinct raw edge, with its raw label.
    const rawEdges = new Set(i.subgraph.edges.map((e) => `${mapping.tokenOf(e.head)}|${i.graph.relationLabels[e.relation]}|${mapping.tokenOf(e.tail)}`));
    expect(new Set(view.edges.map((e) => `${e.head}|${e.relation}|${e.tail}`))).toEqual(rawEdges);
    expect(view.stats).toMatchObject({ rawNodes: raw.size, nodes: raw.size, supernodes: 0, pruned: 0, k: 1 });
    // Names are still replaced: the question carries the anchor's token, no name of the subgraph.
    expect(view.question).toContain(mapping.tokenOf(i.topics[0].entity)!);
    expect(view.question).not.toMatch(/Wren|Juno/);
    expect(view.question.match(TOKEN_PATTERN)?.length).toBeGreaterThan(0);
  });

  it('differs from the sanitized view of the same subgraph, which merges, bands and clusters', () => {
    const i = input();
    const masked = maskView({ ...i, secret: newSessionSecret() }).view;
    const sanitized = sanitizeView({ ...i, secret: newSessionSecret() }).view;
    expect(sanitized.nodes.length).toBeLessThan(masked.nodes.length);
    expect(sanitized.nodes.some((n) => n.size > 1) || sanitized.stats.pruned > 0).toBe(true);
    expect(sanitized.edges.every((e) => /^R\d+$/.test(e.relation))).toBe(true);
    expect(masked.edges.some((e) => e.relation === 'directed_by')).toBe(true);
    expect(sanitized.nodes.filter((n) => n.kind === 'literal').map((n) => n.literal)).not.toContain('1994-05-12');
  });

  it('the same secret gives the same view', () => {
    const i = input();
    const a = maskView({ ...i, secret: Uint8Array.from(i.secret) }).view;
    const b = maskView({ ...i, secret: Uint8Array.from(i.secret) }).view;
    expect(a).toEqual(b);
  });
});
