// The sanitizer's stages one at a time (sanitizeView composes them): each is pure, so each is checked on its own
// inputs, and none may change what it was given.
import { describe, expect, it } from 'vitest';
import { DEFAULT_SANITIZE_CONFIG, type QuestionSubgraph } from '../../src-main/engine/core/types.js';
import { MemoryGraph } from '../../src-main/engine/graph/memoryGraph.js';
import { keepWithinBudget, pruneToBudget } from '../../src-main/engine/qa/sanitize/budgetPruning.js';
import { literalBands, mergeLiteralBands } from '../../src-main/engine/qa/sanitize/literalBands.js';
import { bfsDistances, buildCsr, keptEdge, localSubgraph, UNREACHED, type LocalSubgraph } from '../../src-main/engine/qa/sanitize/localSubgraph.js';
import { visibleRelationLabels } from '../../src-main/engine/qa/sanitize/relationClusters.js';
import { schemaTypes } from '../../src-main/engine/graph/schemaTypes.js';
import { sanitizeView } from '../../src-main/engine/qa/sanitize/sanitizeView.js';
import { mergeSupernodes } from '../../src-main/engine/qa/sanitize/supernodes.js';
import { groupOrder, viewAnchors, viewEdges, viewNodes } from '../../src-main/engine/qa/sanitize/viewGraph.js';
import { compact, initialGroups, nodeFlags, type GroupTable } from '../../src-main/engine/qa/sanitize/viewGroups.js';
import { mappingTables } from '../../src-main/engine/qa/sanitize/viewMapping.js';
import { locateMention, viewQuestion } from '../../src-main/engine/qa/sanitize/viewQuestion.js';
import { viewStats } from '../../src-main/engine/qa/sanitize/viewStats.js';
import { groupTokens } from '../../src-main/engine/qa/sanitize/viewTokens.js';
import { aggregateWlClasses } from '../../src-main/engine/qa/sanitize/wlAggregation.js';
import { filmGraph, subgraphAround } from './fixtures.js';

const secret = (seed = 1): Uint8Array => Uint8Array.from({ length: 32 }, (_, i) => (i + seed) & 255);

/** The film graph around Wren, through stage 5 (every kept node its own group, then literal and supernode merges). */
function upToGroups(options: { budget?: number; protect?: string[] } = {}) {
  const graph = filmGraph();
  const wren = graph.indexOf('p:wren')!;
  const subgraph = subgraphAround(graph, [wren], 2);
  const visibleOf = visibleRelationLabels(graph, 'labels');
  const local = localSubgraph(subgraph, visibleOf);
  const flags = nodeFlags(local, new Set((options.protect ?? []).map((id) => graph.indexOf(id)!)));
  const bands = literalBands(graph, local.entities, 'decade');
  const { kept, reach } = pruneToBudget(local, flags.exempt, options.budget ?? 100);
  const csr = buildCsr(local.entities.length, local.edges.head, local.edges.visible, local.edges.tail, (i) => keptEdge(local.edges, kept, i));
  const table = initialGroups(local, schemaTypes(graph), bands, flags, kept, reach);
  return { graph, wren, subgraph, visibleOf, local, flags, bands, kept, reach, csr, table };
}

const snapshot = (t: GroupTable) => JSON.stringify({ groups: t.groups, groupOf: [...t.groupOf] });
const localOf = (graph: MemoryGraph, local: LocalSubgraph, id: string) => local.localOf.get(graph.indexOf(id)!)!;

describe('sanitizer stages', () => {
  it('1. numbers the subgraph locally, anchors first, and drops duplicate edges', () => {
    const graph = filmGraph();
    const wren = graph.indexOf('p:wren')!;
    const sub = subgraphAround(graph, [wren], 1);
    const doubled: QuestionSubgraph = { ...sub, edges: [...sub.edges, ...sub.edges] };
    const local = localSubgraph(doubled, graph.relationLabels);
    expect(local.entities[0]).toBe(wren);
    expect(local.anchors).toEqual([0]);
    expect(local.edges.head).toHaveLength(sub.edges.length);
    // Visible labels are numbered in order of first use; the CSR holds each edge twice (once per end).
    expect(local.visibleLabels[local.edges.visible[0]]).toBe(graph.relationLabels[sub.edges[0].relation]);
    expect(local.csr.offsets[local.entities.length]).toBe(2 * sub.edges.length);
    const dist = bfsDistances(local.entities.length, local.csr, local.anchors);
    expect(dist[0]).toBe(0);
    expect([...dist].every((d) => d <= 1)).toBe(true);
  });

  it('2. shows raw labels, or cluster labels in clustered mode', () => {
    const graph = filmGraph();
    expect(visibleRelationLabels(graph, 'labels')).toEqual(graph.relationLabels);
    const labelOf = graph.relationLabels.map((_, r) => (r === 0 ? 'R7' : `R${r % 2}`));
    labelOf.length = 1; // relations without a cluster read R0
    const clustered = visibleRelationLabels(graph, 'clustered', { labelOf });
    expect(clustered[0]).toBe('R7');
    expect(clustered.slice(1).every((l) => l === 'R0')).toBe(true);
    expect(visibleRelationLabels(graph, 'clustered').every((l) => /^R\d+$/.test(l))).toBe(true);
  });

  it('3. marks anchors and protected entities, and bands literals', () => {
    const { graph, local, flags, bands } = upToGroups({ protect: ['f:night'] });
    expect(flags.anchor[0]).toBe(1);
    expect(flags.exempt[localOf(graph, local, 'f:night')]).toBe(1);
    expect(flags.exempt[localOf(graph, local, 'f:salt')]).toBe(0);
    expect(bands.band[localOf(graph, local, 'd:1')]).toBe('1990s');
    expect(bands.kind[localOf(graph, local, 'd:1')]).toBe('date');
    expect(bands.kind[localOf(graph, local, 'f:night')]).toBeUndefined();
  });

  it('4. keeps the budget ring by ring, exempt nodes always, and nothing cut off from the anchors', () => {
    const { graph, local, flags } = upToGroups();
    const exempt = flags.exempt.slice();
    const pruned = pruneToBudget(local, exempt, 5);
    expect(pruned.kept.reduce((s, x) => s + x, 0)).toBe(5);
    expect(exempt).toEqual(flags.exempt);
    for (const id of ['f:night', 'f:salt', 'f:glass', 'f:winter']) expect(pruned.kept[localOf(graph, local, id)]).toBe(1);
    // A node with no path to an anchor goes, whatever the budget.
    const lone: QuestionSubgraph = { anchors: [0], nodes: [0, 1, 2], edges: [{ head: 0, relation: 0, tail: 1 }], distance: new Map(), cut: [] };
    const l2 = localSubgraph(lone, graph.relationLabels);
    const p2 = pruneToBudget(l2, new Uint8Array(3), 10);
    expect([...p2.kept]).toEqual([1, 1, 0]);
    expect(p2.reach[2]).toBe(UNREACHED);
    // The overflowing ring keeps its best-connected nodes.
    const csr = buildCsr(4, [0, 0, 1, 2], [0, 0, 0, 0], [1, 2, 3, 3]);
    expect([...keepWithinBudget(4, csr, Int32Array.from([0, 1, 1, 2]), Uint8Array.from([1, 0, 0, 0]), 2)]).toEqual([1, 1, 0, 0]);
  });

  it('5. merges same-band literals and interchangeable entities, leaving the input table alone', () => {
    const { graph, local, csr, table } = upToGroups();
    const before = snapshot(table);
    const literals = mergeLiteralBands(table, csr);
    const merged = mergeSupernodes(literals, csr);
    expect(snapshot(table)).toBe(before);
    const salt = localOf(graph, local, 'f:salt');
    const glass = localOf(graph, local, 'f:glass');
    expect(merged.groupOf[salt]).toBe(merged.groupOf[glass]);
    expect(merged.groups[merged.groupOf[salt]]).toMatchObject({ kind: 'supernode', members: [salt, glass].sort((a, b) => a - b) });
    expect(table.groupOf[salt]).not.toBe(table.groupOf[glass]);
    expect(compact(merged).groups.length).toBe(merged.groups.filter((g) => g).length);
  });

  it('6. aggregates WL classes until each covers k raw entities, without touching its inputs', () => {
    const { local, flags, kept, csr, table } = upToGroups();
    const merged = mergeSupernodes(mergeLiteralBands(table, csr), csr);
    const before = snapshot(merged);
    const keptBefore = kept.slice();
    const wl = aggregateWlClasses({ local, table: merged, kept, exempt: flags.exempt, k: 2, showTypes: true });
    expect(snapshot(merged)).toBe(before);
    expect(kept).toEqual(keptBefore);
    expect(wl.groups.groups.some((g) => g.kind === 'aggregate')).toBe(true);
    wl.groups.groups.forEach((g, i) => {
      if (!g.exempt) expect(wl.classWeight[i]).toBeGreaterThanOrEqual(2);
    });
    // k = 1 asks for nothing.
    const loose = aggregateWlClasses({ local, table: merged, kept, exempt: flags.exempt, k: 1, showTypes: true });
    expect(loose.groups.groups).toHaveLength(merged.groups.filter((g) => g).length);
    expect(loose.kept).toEqual(kept);
  });

  it('7. tokens, nodes, edges, anchors and φ_Q tables', () => {
    const { graph, wren, local, flags, kept, csr, table, visibleOf } = upToGroups();
    const wl = aggregateWlClasses({ local, table: mergeSupernodes(mergeLiteralBands(table, csr), csr), kept, exempt: flags.exempt, k: 2, showTypes: true });
    const { groups } = wl.groups;
    const tokens = groupTokens(groups, local.entities, graph.ids, secret(), 12);
    expect(new Set(tokens).size).toBe(tokens.length);
    expect(groupTokens(groups, local.entities, graph.ids, secret(), 12)).toEqual(tokens);
    groups.forEach((g, i) => expect(tokens[i][0]).toBe(g.members.length === 1 ? (g.kind === 'literal' ? 'L' : 'E') : g.kind === 'supernode' ? 'S' : 'A'));
    const order = groupOrder(groups, local.entities);
    const nodes = viewNodes(groups, tokens, true, order);
    expect(nodes[0].anchor).toBe(true);
    // After the anchors, nodes follow the raw entities behind them, whatever the session's tokens.
    const keyOf = new Map(tokens.map((t, i) => [t, order[i]]));
    const keys = nodes.slice(1).map((n) => keyOf.get(n.token)!);
    expect(keys.length).toBeGreaterThan(1);
    expect(keys).toEqual([...keys].sort((a, b) => a - b));
    const other = groupTokens(groups, local.entities, graph.ids, secret(7), 12);
    expect(viewNodes(groups, other, true, order).map((n) => other.indexOf(n.token))).toEqual(nodes.map((n) => tokens.indexOf(n.token)));
    expect(viewNodes(groups, tokens, false, order).some((n) => n.schemaType)).toBe(false);
    const edges = viewEdges(local, wl.kept, wl.groups, tokens, order);
    expect(edges.every((e) => tokens.includes(e.head) && tokens.includes(e.tail) && graph.relationLabels.includes(e.relation))).toBe(true);
    expect(new Set(edges.map((e) => `${e.head}|${e.relation}|${e.tail}`)).size).toBe(edges.length);
    const anchors = viewAnchors(local, wl.groups, tokens);
    const tables = mappingTables(groups, local.entities, tokens, visibleOf);
    expect(anchors).toEqual([tables.tokenOf.get(wren)]);
    expect(tables.members.get(anchors[0])).toEqual([wren]);
    expect(tables.relationsOf.get('directed_by')).toEqual([graph.relationIndexOf('directed_by')]);
  });

  it('8. anonymises the question and mints tokens for names the view does not hold', () => {
    const graph = filmGraph();
    const wren = graph.indexOf('p:wren')!;
    const juno = graph.indexOf('p:juno')!;
    const question = 'Did Wren Halvorsen work with juno marquez?';
    const q = viewQuestion({
      graph,
      question,
      topics: [{ entity: wren, mention: 'Wren Halvorsen', start: 4, end: 18, score: 1 }],
      subgraphEntities: new Set([wren, juno]),
      tokenOf: (e) => (e === wren ? 'E_wren' : undefined),
      secret: secret(),
      tokenLength: 12,
    });
    expect(q.minted).toHaveLength(1);
    const [[token, entity]] = q.minted;
    expect(entity).toBe(juno);
    expect(q.question).toBe(`Did E_wren work with ${token}?`);
    // A span off by a few characters is found again by its mention; a mention not in the question is dropped.
    expect(locateMention(question, { entity: wren, mention: 'Wren Halvorsen', start: 0, end: 14, score: 1 })).toEqual({ start: 4, end: 18 });
    expect(locateMention(question, { entity: wren, mention: 'Oskar', start: -1, end: -1, score: 1 })).toBeUndefined();
  });

  it('9. stats: achievedK is the smallest judged class, or k when none is judged', () => {
    const base = { rawNodes: 3, rawEdges: 2, nodes: [], edges: [], kept: Uint8Array.from([1, 1, 0]), k: 2 };
    const group = (exempt: boolean) => ({ members: [0], kind: 'entity' as const, type: 'T1', dist: 0, exempt, anchor: exempt });
    expect(viewStats({ ...base, groups: [group(true)], classWeight: Float64Array.from([1]) })).toMatchObject({ achievedK: 2, pruned: 1 });
    expect(viewStats({ ...base, groups: [group(true), group(false)], classWeight: Float64Array.from([1, 3]) }).achievedK).toBe(3);
  });

  it('composes to sanitizeView', () => {
    const { graph, wren, subgraph } = upToGroups();
    const r = sanitizeView({ graph, subgraph, question: 'q', topics: [], config: { ...DEFAULT_SANITIZE_CONFIG, dates: 'decade' }, secret: secret() });
    const { local, flags, kept, csr, table } = upToGroups();
    const wl = aggregateWlClasses({ local, table: mergeSupernodes(mergeLiteralBands(table, csr), csr), kept, exempt: flags.exempt, k: 2, showTypes: true });
    const tokens = groupTokens(wl.groups.groups, local.entities, graph.ids, secret(), 12);
    const order = groupOrder(wl.groups.groups, local.entities);
    expect(r.view.nodes).toEqual(viewNodes(wl.groups.groups, tokens, true, order));
    expect(r.view.edges).toEqual(viewEdges(local, wl.kept, wl.groups, tokens, order));
    expect(r.view.anchors).toEqual([r.mapping.tokenOf(wren)]);
  });
});
