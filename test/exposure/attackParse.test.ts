// What the attacker reads: Brain payload text only, parsed back into paths, anchors, bands and one observed graph
// per session. Shapes are those payload/payloadText.ts renders (ranking and selection payloads).
import { describe, expect, it } from 'vitest';
import { parsePathText, parsePayloadText, tokenKind } from '../../src-main/engine/egress/exposure/attack/observedPayload.js';
import { entityTokens, observeSession } from '../../src-main/engine/egress/exposure/attack/observedSession.js';

const ANALYSIS = ['QUESTION: who manufactures the drug being trialled in the E_43b81b5f90f3 study', 'ANCHORS: E_43b81b5f90f3', 'RELATIONS: ["manufactured_by","tests_drug"]'].join('\n');

const RANKING = [
  'QUESTION: who manufactures the drug being trialled in the E_43b81b5f90f3 study',
  'ANCHORS: E_43b81b5f90f3',
  'INDICATOR: E_43b81b5f90f3 -[tests_drug]-> ? -[manufactured_by]-> ANSWER (D_predict=2)',
  'RETURN AT MOST: 3',
  'CANDIDATES (4):',
  'P1. E_43b81b5f90f3 -[tests_drug]-> E_879d214583bf -[manufactured_by]-> E_87ed9d901cfc',
  'P2. E_43b81b5f90f3 -[tests_drug]-> E_879d214583bf -[dosage_mg]-> A_1a7fb9f0b31e(100–1k)',
  'P3. E_43b81b5f90f3 -[tests_drug]-> E_879d214583bf <-[prescribed]- S_291628f3e155',
  'P4. E_43b81b5f90f3 -[start_date]-> L_92b183e5c91a(2019)',
].join('\n');

const SELECTION = [
  'QUESTION: where is E_aa01aa01aa01',
  'ANCHORS: E_aa01aa01aa01',
  'ROUND: 1 OF 2',
  'CANDIDATES (3), ranked by the graph encoder (path from a topic entity; probability):',
  'P1. E_aa01aa01aa01 -[located_in]-> E_bb02bb02bb02 (p=0.912)',
  'P2. E_aa01aa01aa01 -[bed_count]-> L_cc03cc03cc03(-(10–100)) (p=0.050)',
  'E_aa01aa01aa01 <-[works_at]- E_dd04dd04dd04 (p=0.038)',
  'INFERRED (the question\'s chain reaches them only with one edge missing from the graph): none',
].join('\n');

describe('payload parser', () => {
  it('reads anchors, candidate paths with their edge directions, and literal bands from a ranking payload', () => {
    const p = parsePayloadText(RANKING);
    expect(p.anchors).toEqual(['E_43b81b5f90f3']);
    expect(p.malformed).toBe(0);
    expect(p.paths).toHaveLength(4);
    expect(p.paths[0].nodes).toEqual(['E_43b81b5f90f3', 'E_879d214583bf', 'E_87ed9d901cfc']);
    expect(p.paths[0].edges).toEqual([
      { head: 'E_43b81b5f90f3', label: 'tests_drug', tail: 'E_879d214583bf' },
      { head: 'E_879d214583bf', label: 'manufactured_by', tail: 'E_87ed9d901cfc' },
    ]);
    // `<-[r]-` means the next token is the head.
    expect(p.paths[2].edges[1]).toEqual({ head: 'S_291628f3e155', label: 'prescribed', tail: 'E_879d214583bf' });
    expect(p.bands.get('A_1a7fb9f0b31e')).toBe('100–1k');
    expect(p.bands.get('L_92b183e5c91a')).toBe('2019');
  });

  it('reads selection lines: the probability suffix is dropped, a path may lack its P<n>. prefix, bands may nest', () => {
    const p = parsePayloadText(SELECTION);
    expect(p.paths.map((x) => x.nodes.length)).toEqual([2, 2, 2]);
    expect(p.paths[2].edges[0]).toEqual({ head: 'E_dd04dd04dd04', label: 'works_at', tail: 'E_aa01aa01aa01' });
    expect(p.bands.get('L_cc03cc03cc03')).toBe('-(10–100)');
    expect(p.malformed).toBe(0);
  });

  it('skips and counts malformed path lines, and ignores lines it does not know', () => {
    const p = parsePayloadText(['ANCHORS: E_aa01aa01aa01', 'P1. E_aa01aa01aa01 -[r]> E_bb02bb02bb02', 'P2. nothing here', 'P3. E_aa01aa01aa01 -[r]-> ', 'SOMETHING NEW: E_aa01aa01aa01', 'P4. E_aa01aa01aa01(open -[r]-> E_bb02bb02bb02', 'P5. E_aa01aa01aa01 -[r]-> E_bb02bb02bb02'].join('\n'));
    expect(p.malformed).toBe(4);
    expect(p.paths).toHaveLength(1);
    expect(p.paths[0].edges).toEqual([{ head: 'E_aa01aa01aa01', label: 'r', tail: 'E_bb02bb02bb02' }]);
  });

  it('reads a path of one node, and labels with spaces or brackets', () => {
    const bands = new Map<string, string>();
    expect(parsePathText('E_aa01aa01aa01', bands)).toEqual({ nodes: ['E_aa01aa01aa01'], edges: [] });
    expect(parsePathText('E_aa01aa01aa01 -[place of birth]-> E_bb02bb02bb02', bands)?.edges[0].label).toBe('place of birth');
    expect(parsePathText('E_aa01aa01aa01 -[a[1]]-> E_bb02bb02bb02 <-[b]x]- E_cc03cc03cc03', bands)?.edges).toEqual([
      { head: 'E_aa01aa01aa01', label: 'a[1]', tail: 'E_bb02bb02bb02' },
      { head: 'E_cc03cc03cc03', label: 'b]x', tail: 'E_bb02bb02bb02' },
    ]);
  });

  it('tells token kinds by prefix', () => {
    expect(['E_ab12', 'S_ab12', 'L_ab12', 'A_ab12', 'X_ab12'].map(tokenKind)).toEqual(['entity', 'supernode', 'literal', 'aggregate', undefined]);
  });
});

describe('observed session', () => {
  it('merges the payloads of one question into one graph: tokens, deduplicated edges, anchors and bridges', () => {
    const s = observeSession([ANALYSIS, RANKING, RANKING]);
    expect(s.payloads).toBe(3);
    expect(s.anchors).toEqual(['E_43b81b5f90f3']);
    // P1–P3 share their first edge: 5 distinct edges, not 7 (and not 14 with the repeated payload).
    expect(s.edges).toHaveLength(5);
    expect([...s.bridges]).toEqual(['E_879d214583bf']);
    expect(entityTokens(s)).toEqual(['E_43b81b5f90f3', 'E_879d214583bf', 'E_87ed9d901cfc']);
    expect(s.tokens.get('S_291628f3e155')).toBe('supernode');
    expect(s.bands.get('L_92b183e5c91a')).toBe('2019');
  });
});
