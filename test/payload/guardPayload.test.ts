// The payload guard trims a ranking payload against the re-identification attack: lowest-ranked paths showing a
// too-identifiable token go first, the best `keep` stay, ids are renumbered and candidate indices kept; with the real
// attack on a toy graph, a payload that lists all of an anchor's edges is cut until the anchor is no longer named.
import { describe, expect, it } from 'vitest';
import type { Triple } from '../../src-main/common/graphTypes.js';
import type { BrainPayload } from '../../src-main/common/brainTypes.js';
import { MemoryGraph } from '../../src-main/engine/graph/memoryGraph.js';
import { payloadRisk } from '../../src-main/engine/egress/exposure/attack/payloadRisk.js';
import { DEFAULT_ROUNDS } from '../../src-main/engine/egress/exposure/attack/attackSession.js';
import { GUARD_ATTACK_ROUNDS, reidentificationRisk } from '../../src-main/engine/egress/exposure/attack/reidentificationRisk.js';
import { finalizePayload } from '../../src-main/engine/payload/brainPayload.js';
import { guardPayload, withPaths } from '../../src-main/engine/payload/guardPayload.js';
import { renderPayloadText } from '../../src-main/engine/payload/payloadText.js';
import { GENERALISED_RELATION_BUCKET, recordedRelation } from '../../src-main/engine/core/tokens.js';

const t = (head: string, relation: string, tail: string): Triple => ({ head, relation, tail });

/** A ranking payload of one-hop paths from `anchor`, in the order given (best first). */
function ranking(anchor: string, steps: [string, string, 'out' | 'in'][]): BrainPayload {
  return finalizePayload({
    role: 'ranking',
    question: `who is related to ${anchor}`,
    anchors: [anchor],
    relations: [],
    indicator: { anchors: [anchor], chain: [{ relation: steps[0][0], direction: steps[0][2] }], answerPosition: 1, dPredict: 1 },
    paths: steps.map(([relation, tail, direction], i) => ({ id: i + 1, candidate: i, nodes: [anchor, tail], edges: [{ relation, direction }], answerAt: 1 })),
    literals: {},
    maxReturn: 3,
    omitted: [],
    view: { k: 2, achievedK: 2 },
  });
}

/** Five one-hop paths, relations r1..r5 to E_0001..E_0005, best first. */
const FIVE_STEPS: [string, string, 'out'][] = [1, 2, 3, 4, 5].map((i) => [`r${i}`, `E_000${i}`, 'out']);

describe('guardPayload', () => {
  const p = ranking('E_aaaa', FIVE_STEPS);

  it('leaves a payload with no risky token as it was (one attack)', () => {
    let calls = 0;
    const g = guardPayload(p, () => (calls++, new Map([['E_aaaa', 0.05]])), { maxRisk: 0.1, keep: 2, rounds: 4 });
    expect(g.payload).toBe(p);
    expect(g.dropped).toBe(0);
    expect(calls).toBe(1);
  });

  it('drops the lower-ranked half of the paths showing a risky token, never the best `keep`, renumbering ids', () => {
    // E_4 and E_5 are risky while both are shown (each narrows the other); only paths beyond keep=2 that show them
    // may go: P4, P5 → the lower half (P5) first, and then neither is risky.
    const pair = (text: string): Map<string, number> => new Map(['E_0004', 'E_0005'].filter((x) => text.includes('E_0004') && text.includes('E_0005')).map((x) => [x, 0.9]));
    const g = guardPayload(p, pair, { maxRisk: 0.1, keep: 2, rounds: 1 });
    expect(g.dropped).toBe(1);
    expect(g.payload.paths.map((x) => x.nodes[1])).toEqual(['E_0001', 'E_0002', 'E_0003', 'E_0004']);
    expect(g.payload.paths.map((x) => x.id)).toEqual([1, 2, 3, 4]);
    expect(g.payload.paths.map((x) => x.candidate)).toEqual([0, 1, 2, 3]);
    expect(g.payload.text).toBe(renderPayloadText(g.payload));
    expect(g.payload.text).not.toContain('E_0005');
    expect(g.risky).toBe(0);
    // Each alone risky: more rounds remove the rest of what shows a risky token, and stop when nothing risky is left.
    const risk = (text: string): Map<string, number> => new Map(['E_0004', 'E_0005'].filter((x) => text.includes(x)).map((x) => [x, 0.9]));
    const all = guardPayload(p, risk, { maxRisk: 0.1, keep: 2, rounds: 4 });
    expect(all.payload.paths.map((x) => x.nodes[1])).toEqual(['E_0001', 'E_0002', 'E_0003']);
    expect(all.risky).toBe(0);
  });

  it('when the halving rounds run out with a token still risky, every path beyond `keep` showing it goes at once', () => {
    const risk = (text: string): Map<string, number> => new Map(['E_0004', 'E_0005'].filter((x) => text.includes(x)).map((x) => [x, 0.9]));
    // One round halves (P5 goes); E_4 is still risky, so P4 goes in the final pass; P3 shows no risky token and stays.
    const g = guardPayload(p, risk, { maxRisk: 0.1, keep: 2, rounds: 1 });
    expect(g.dropped).toBe(2);
    expect(g.payload.paths.map((x) => x.nodes[1])).toEqual(['E_0001', 'E_0002', 'E_0003']);
    expect(g.risky).toBe(0);
    // A risky anchor is on every path: the final pass leaves exactly the kept paths, and says the anchor is still risky.
    const anchor = guardPayload(p, () => new Map([['E_aaaa', 1]]), { maxRisk: 0.1, keep: 2, rounds: 1 });
    expect(anchor.payload.paths.map((x) => x.nodes[1])).toEqual(['E_0001', 'E_0002']);
    expect(anchor.risky).toBe(1);
  });

  it('a risky anchor (on every path) shrinks the payload round by round down to the kept paths', () => {
    const g = guardPayload(p, () => new Map([['E_aaaa', 1]]), { maxRisk: 0.1, keep: 2, rounds: 10 });
    expect(g.payload.paths.map((x) => x.nodes[1])).toEqual(['E_0001', 'E_0002']);
    expect(g.risky).toBe(1);
  });

  it('withPaths drops literals of tokens no path shows any more', () => {
    const lit = finalizePayload({ ...p, literals: { E_0005: '1990s', E_0001: '2000s' } });
    const cut = withPaths(lit, lit.paths.slice(0, 2));
    expect(cut.literals).toEqual({ E_0001: '2000s' });
  });
});

describe('guardPayload with the attacker (reidentificationRisk)', () => {
  // Hub has five distinct relations; many entities have one or two of them, only Hub has all five.
  const triples: Triple[] = [
    ...['r1', 'r2', 'r3', 'r4', 'r5'].map((r, i) => t('Hub', r, `T${i}`)),
    ...Array.from({ length: 12 }, (_, i) => [t(`X${i}`, 'r1', `U${i}`), t(`X${i}`, 'r2', `V${i}`)]).flat(),
  ];
  const graph = MemoryGraph.fromTriples('toy', [], triples);
  const hub = graph.indexOf('Hub')!;
  const risk = reidentificationRisk(graph);
  const members = (token: string): number[] => (token === 'E_aaaa' ? [hub] : token.startsWith('E_000') ? [graph.indexOf(`T${Number(token.slice(5)) - 1}`)!] : []);
  const p = ranking('E_aaaa', FIVE_STEPS);

  it('the full payload names the hub at rank 1; the guarded one leaves it among a dozen look-alikes', () => {
    expect(risk.tokenRisk(p.text, members).get('E_aaaa')).toBe(1);
    const g = guardPayload(p, (text) => risk.tokenRisk(text, members), { maxRisk: 0.1, keep: 2, rounds: 4 });
    expect(g.payload.paths.length).toBe(2);
    // Thirteen entities show r1 and r2; the twelve that have nothing else fit the two paths better than the hub.
    expect(risk.tokenRisk(g.payload.text, members).get('E_aaaa')).toBeLessThan(0.1);
    expect(payloadRisk(g.payload.text, graph).find((r) => r.token === 'E_aaaa')).toMatchObject({ anonymitySet: 13, unique: false });
    expect(payloadRisk(p.text, graph).find((r) => r.token === 'E_aaaa')).toMatchObject({ anonymitySet: 1, unique: true });
  });
});

describe('guardPayload: generalising labels that single a token out', () => {
  // Only Rare has relation `rare_rel`; twenty entities have `common_rel`. One path with the rare label names Rare.
  const graph = MemoryGraph.fromTriples('toy', [], [t('Rare', 'rare_rel', 'Thing'), ...Array.from({ length: 20 }, (_, i) => t(`C${i}`, 'common_rel', `D${i}`))]);
  const risk = reidentificationRisk(graph);
  const members = (token: string): number[] => (token === 'E_aaaa' ? [graph.indexOf('Rare')!] : token === 'E_0001' ? [graph.indexOf('Thing')!] : []);
  const p = ranking('E_aaaa', [['rare_rel', 'E_0001', 'out']]);

  it('cannot trim below the kept paths, so the rare label becomes the generalised one, in paths and indicator alike', () => {
    expect(risk.tokenRisk(p.text, members).get('E_aaaa')).toBe(1);
    const g = guardPayload(p, (text) => risk.tokenRisk(text, members), { maxRisk: 0.1, keep: 2, rounds: 4 }, (l) => (l === 'rare_rel' ? 'R_c1' : undefined));
    expect(g.generalized).toBe(1);
    expect([...g.relabel]).toEqual([['rare_rel', 'R_c1']]);
    expect(g.payload.text).not.toContain('rare_rel');
    expect(g.payload.paths[0].edges[0].relation).toBe('R_c1');
    expect(g.payload.indicator?.chain[0].relation).toBe('R_c1');
    expect(g.payload.text).toBe(renderPayloadText(g.payload));
    const after = risk.tokenRisk(g.payload.text, members);
    expect(after.get('E_aaaa')).toBeLessThan(0.1);
    expect(after.get('E_0001')).toBeLessThan(0.1);
    expect(g.risky).toBe(0);
  });

  it('leaves labels alone when nothing is risky, and when no coarser label exists', () => {
    const calm = guardPayload(p, () => new Map(), { maxRisk: 0.1, keep: 2, rounds: 4 }, () => 'R_x');
    expect(calm.payload.text).toContain('rare_rel');
    const stuck = guardPayload(p, (text) => risk.tokenRisk(text, members), { maxRisk: 0.1, keep: 2, rounds: 4 }, () => undefined);
    expect(stuck).toMatchObject({ generalized: 0, risky: 2 }); // Rare and Thing, the only rare_rel tail
  });
});

describe('recordedRelation', () => {
  it('keeps a raw label, and counts every per-question generalised name as one bucket across questions', () => {
    expect(recordedRelation('directed_by')).toBe('directed_by');
    expect(recordedRelation('R_a1b2c3')).toBe(GENERALISED_RELATION_BUCKET);
    expect(recordedRelation('R_a1b2c')).toBe('R_a1b2c'); // not the guard's shape
  });
});

describe('guardPayload: the guard attacks with as many rounds as the measurement', () => {
  // The anchor A0 has eleven p-children B0..B10, each -q-> C -w-> D; twelve look-alikes Ai have three p-children
  // each, whose q-children have no w. A low-ranked path A0 -p-> B2 -q-> C2 -w-> D2 names A0 only two hops of
  // refinement away (its B must be a B whose C has a w): one round sees thirteen A's that fit, and ranks the
  // look-alikes first (no edges beyond the visible ones); two rounds leave A0 alone.
  const triples: Triple[] = [
    ...Array.from({ length: 11 }, (_, k) => [t('A0', 'p', `B${k}`), t(`B${k}`, 'q', `C${k}`), t(`C${k}`, 'w', `D${k}`)]).flat(),
    ...Array.from({ length: 12 }, (_, i) => [1, 2, 3].flatMap((j) => [t(`A${i + 1}`, 'p', `E${i}_${j}`), t(`E${i}_${j}`, 'q', `F${i}_${j}`)])).flat(),
  ];
  const graph = MemoryGraph.fromTriples('toy', [], triples);
  const names: Record<string, string> = { E_aaaa: 'A0', E_0001: 'B0', E_0002: 'B1', E_0003: 'B2', E_0004: 'C2', E_0005: 'D2' };
  const members = (token: string): number[] => (names[token] ? [graph.indexOf(names[token])!] : []);
  const oneHop = ranking('E_aaaa', [['p', 'E_0001', 'out'], ['p', 'E_0002', 'out']]);
  const p = finalizePayload({
    ...oneHop,
    paths: [
      ...oneHop.paths,
      { id: 3, candidate: 2, nodes: ['E_aaaa', 'E_0003', 'E_0004', 'E_0005'], edges: (['p', 'q', 'w'] as const).map((relation) => ({ relation, direction: 'out' as const })), answerAt: 1 },
    ],
  });
  const measured = reidentificationRisk(graph, DEFAULT_ROUNDS);
  const guardWith = (rounds: number) => guardPayload(p, (text) => reidentificationRisk(graph, rounds).tokenRisk(text, members), { maxRisk: 0.1, keep: 2, rounds: 4 });

  it('a one-round guard lets the three-hop path through and the two-round attacker names the anchor', () => {
    expect(measured.tokenRisk(p.text, members).get('E_aaaa')).toBe(1);
    const one = guardWith(1);
    expect(one.dropped).toBe(0);
    expect(measured.tokenRisk(one.payload.text, members).get('E_aaaa')).toBe(1);
  });

  it(`the guard's rounds (GUARD_ATTACK_ROUNDS = ${GUARD_ATTACK_ROUNDS}) see it: the path goes and no token is above the bound`, () => {
    expect(GUARD_ATTACK_ROUNDS).toBeGreaterThanOrEqual(DEFAULT_ROUNDS);
    const g = guardWith(GUARD_ATTACK_ROUNDS);
    expect(g.payload.paths.map((x) => x.nodes.at(-1))).toEqual(['E_0001', 'E_0002']);
    const risks = measured.tokenRisk(g.payload.text, members);
    expect(risks.size).toBeGreaterThan(0);
    expect(risks.get('E_aaaa') ?? 0).toBeLessThanOrEqual(0.1);
    expect(Math.max(...risks.values())).toBeLessThanOrEqual(0.1);
  });
});
