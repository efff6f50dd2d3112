// A reading's exposure record, read off φ_Q: G_Q^raw's entities (literal values left out) and, per payload, the
// entities behind its tokens — alone behind an E_ token, or behind any token (supernode members too).
import { describe, expect, it } from 'vitest';
import { questionExposure } from '../../src-main/engine/qa/questionExposure.js';
import { literalKinds } from '../../src-main/engine/graph/literalBuckets.js';
import { subgraphAround } from '../sanitize/fixtures.js';
import { scenario } from '../brain/fixtures.js';

describe('questionExposure', () => {
  it('lists the subgraph entities as eligible and, per payload, who is visible alone or behind any token', () => {
    const s = scenario(1000);
    const subgraph = subgraphAround(s.graph, [s.graph.indexOf('p:wren')!], 2);
    const record = questionExposure(s.graph, subgraph, s.mapping, [
      { payload: s.analysis, status: 'local' },
      { payload: s.ranking, status: 'sent' },
    ]);
    const codes = literalKinds(s.graph);
    const raw = new Set([...subgraph.nodes, ...subgraph.edges.flatMap((e) => [e.head, e.tail])]);
    expect(record.eligible).toEqual([...raw].filter((e) => codes[e] === 0).sort((a, b) => a - b));
    expect(record.eligible.length).toBeLessThan(raw.size);
    expect(record.payloads.map((p) => p.status)).toEqual(['local', 'sent']);
    const [analysis, ranking] = record.payloads;
    const wren = s.graph.indexOf('p:wren')!;
    // The analysis payload: the anchor alone, and Juno Marquez (named in the question) behind her supernode's token.
    const juno = s.graph.indexOf('p:juno')!;
    const junoToken = s.mapping.tokenOf(juno)!;
    expect(junoToken).toMatch(/^S_/);
    expect(s.analysis.text).toContain(junoToken);
    expect(analysis.alone).toEqual([wren]);
    expect(analysis.any).toEqual([wren, ...s.mapping.members(junoToken)].sort((a, b) => a - b));
    // The ranking payload: every E_ token's entity alone; supernode members only behind any token.
    const tokens = new Set(s.ranking.paths.flatMap((p) => p.nodes));
    const single = [...tokens].filter((t) => t.startsWith('E_')).map((t) => s.mapping.members(t)[0]);
    const grouped = [...tokens].filter((t) => t.startsWith('S_') || t.startsWith('A_')).flatMap((t) => s.mapping.members(t));
    expect(grouped.length).toBeGreaterThan(0);
    expect(ranking.alone).toEqual([...new Set(single)].sort((a, b) => a - b));
    for (const e of grouped) expect(ranking.any).toContain(e);
    for (const e of grouped) expect(ranking.alone).not.toContain(e);
    for (const e of ranking.any) expect(record.eligible).toContain(e);
  });
});
