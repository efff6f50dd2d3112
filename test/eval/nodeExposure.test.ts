// Node exposure as the paper defines it, on a hand-computed stream: per entity, exposed sessions / eligible
// sessions over every eligible entity (never-exposed ones included), counted as built and as sent.
import { describe, expect, it } from 'vitest';
import type { QuestionExposure } from '../../src-main/engine/core/types.js';
import { NodeExposureTally } from '../../src-main/engine/app/evalNodeExposure.js';
import { evenTopShare, nodeExposureStats } from '../../src-main/engine/egress/exposure/exposureStats.js';

// Entities 1..4. Q1 sends a payload showing 1 alone and 2 behind an aggregate; Q2 builds one (kept local) showing
// 2; Q3's payload showing 4 alone was denied; Q4 linked nothing (no subgraph: not a session).
const stream: QuestionExposure[][] = [
  [{ eligible: [1, 2, 3], payloads: [{ status: 'sent', alone: [1], any: [1, 2] }] }],
  [{ eligible: [1, 2], payloads: [{ status: 'local', alone: [], any: [2] }] }],
  [
    { eligible: [1], payloads: [] },
    // A second reading of the same question: its entities join the same session.
    { eligible: [1, 4], payloads: [{ status: 'denied', alone: [4], any: [4] }] },
  ],
  [],
];

function tally(): NodeExposureTally {
  const t = new NodeExposureTally();
  for (const q of stream) t.add(q);
  return t;
}

describe('node exposure', () => {
  it('built: entity 1 eligible in 3 questions and shown in 1 counts 1/3; the never-shown entity 3 counts 0', () => {
    const { built } = tally().summary(false);
    // any token: 1 → 1/3, 2 → 2/2, 3 → 0/1, 4 → 1/1; sorted 0, 1/3, 1, 1.
    expect(built.any_token).toMatchObject({ eligible_entities: 4, sessions: 3, exposed_entities: 3, p50: 0.3333, p99: 1, max: 1, top1_percent_share: 0.5 });
    // alone: 1 → 1/3, 4 → 1/1, 2 and 3 → 0; 2 instances, the top 1% (one entity, 4) holds one.
    expect(built.single_token).toMatchObject({ eligible_entities: 4, sessions: 3, exposed_entities: 2, p50: 0, p99: 1, max: 1, top1_percent_share: 0.5 });
    // The CDF at whole percentiles (nearest rank over 0, 1/3, 1, 1): 0 up to 25%, 1/3 up to 50%, then 1.
    const cdf = built.any_token.cdf;
    expect(cdf).toHaveLength(101);
    expect([cdf[0], cdf[25], cdf[26], cdf[50], cdf[51], cdf[100]]).toEqual([0, 0, 0.3333, 0.3333, 1, 1]);
  });

  it('sent counts only payloads a Brain received, and is left out when no Brain was configured', () => {
    expect(tally().summary(false)).not.toHaveProperty('sent');
    const { sent } = tally().summary(true);
    // Only Q1 was sent: any token 1 → 1/3, 2 → 1/2; alone 1 → 1/3.
    expect(sent!.any_token).toMatchObject({ eligible_entities: 4, sessions: 3, exposed_entities: 2, p50: 0, p99: 0.5, max: 0.5, top1_percent_share: 0.5 });
    expect(sent!.single_token).toMatchObject({ eligible_entities: 4, sessions: 3, exposed_entities: 1, p50: 0, p99: 0.3333, max: 0.3333, top1_percent_share: 1 });
  });

  it('says per question how many of its eligible entities became visible (the prediction line)', () => {
    const t = new NodeExposureTally();
    expect(stream.map((q) => t.add(q))).toEqual([
      { eligible: 3, built_single_token: 1, built_any_token: 2, sent_single_token: 1, sent_any_token: 2 },
      { eligible: 2, built_single_token: 0, built_any_token: 1, sent_single_token: 0, sent_any_token: 0 },
      { eligible: 2, built_single_token: 1, built_any_token: 1, sent_single_token: 0, sent_any_token: 0 },
      { eligible: 0, built_single_token: 0, built_any_token: 0, sent_single_token: 0, sent_any_token: 0 },
    ]);
  });

  it('the top 1% is ranked by exposure fraction, ties by instances, over at least one entity', () => {
    // 200 eligible entities: the top 1% is two. One was shown in 1 of 1 session, one in 5 of 5, one in 3 of 6.
    const counts = [{ eligible: 1, exposed: 1 }, { eligible: 5, exposed: 5 }, { eligible: 6, exposed: 3 }, ...Array.from({ length: 197 }, () => ({ eligible: 2, exposed: 0 }))];
    const s = nodeExposureStats(counts);
    expect(s).toMatchObject({ entities: 200, exposedEntities: 3, p50: 0, max: 1 });
    expect(s.p99).toBe(0.5);
    expect(s.top1PercentShare).toBeCloseTo(6 / 9);
    // Entities never eligible are not in the cohort; an empty cohort is all zeros.
    expect(nodeExposureStats([{ eligible: 0, exposed: 0 }])).toMatchObject({ entities: 0, exposedEntities: 0, p50: 0, p99: 0, max: 0, top1PercentShare: 0, top1PercentEven: 0 });
  });

  it('says what the top 1% would hold were the same instances spread evenly: the floor of the share', () => {
    // 9 instances over 200 entities: at best 9 entities shown once each, so the top two hold 2 of 9.
    const counts = [{ eligible: 1, exposed: 1 }, { eligible: 5, exposed: 5 }, { eligible: 6, exposed: 3 }, ...Array.from({ length: 197 }, () => ({ eligible: 2, exposed: 0 }))];
    expect(nodeExposureStats(counts).top1PercentEven).toBeCloseTo(2 / 9);
    // A sparse stream: 300 entities shown once each in a cohort of 10,000 (top 1% = 100): share = floor = 1/3.
    const sparse = Array.from({ length: 10_000 }, (_, i) => ({ eligible: 3, exposed: i < 300 ? 1 : 0 }));
    const s = nodeExposureStats(sparse);
    expect(s.top1PercentShare).toBeCloseTo(1 / 3);
    expect(s.top1PercentEven).toBeCloseTo(1 / 3);
    // More instances than entities: each holds ⌊n/N⌋ or one more.
    expect(evenTopShare(250, 100, 1)).toBeCloseTo(3 / 250);
    expect(evenTopShare(250, 100, 60)).toBeCloseTo((60 * 2 + 50) / 250);
    expect(evenTopShare(0, 100, 1)).toBe(0);
  });
});
