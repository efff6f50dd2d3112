import { describe, expect, it } from 'vitest';
import { abstractTrace } from '../../src-main/engine/memory/abstractTrace.js';
import type { ExperienceRecord } from '../../src-main/engine/memory/experienceRecord.js';
import { gateDecision, templatesForRemote } from '../../src-main/engine/memory/memoryGate.js';
import type { RetrievedExperience } from '../../src-main/engine/memory/retrieveExperience.js';
import { newExperienceRecord } from '../../src-main/engine/memory/writeExperience.js';
import { sessionTrace, unit } from './fixtures.js';

function record(seen: number[], outcome: ExperienceRecord['outcome'] = 'verified'): ExperienceRecord {
  const t = abstractTrace(sessionTrace({ outcome }));
  return newExperienceRecord({ ...t, templates: t.templates.map((x, i) => ({ ...x, seen: seen[i] ?? 0 })) }, { questionVector: unit(4, 0), indicatorVector: unit(4, 1) });
}
const hit = (r: ExperienceRecord, score: number): RetrievedExperience => ({ record: r, score, questionSimilarity: score, indicatorSimilarity: score, rank: score });
const NOW = ['E_aaaaaaaaaaaa'];

describe('memory gate', () => {
  it('binds a confident match to this session’s anchor and the most-seen template', () => {
    const d = gateDecision([hit(record([1, 3]), 0.95)], { anchors: NOW }, { tau: 0.9, minSeen: 2 });
    expect(d.confident).toBe(true);
    if (!d.confident) return;
    expect(d.analysis.anchors).toEqual(NOW);
    expect(d.analysis.chain.map((s) => `${s.relation}:${s.direction}`)).toEqual(['release_year:out', 'release_year:in']);
    expect(d.analysis.answerPosition).toBe(2);
    expect(d.analysis.dPredict).toBe(2);
    expect(d.analysis.mode).toBe('Topic');
    expect(d.analysis.depth).toBe(2);
    expect(d.analysis.templates.map((t) => t.text)).toEqual(['E_aaaaaaaaaaaa -release_year-> LITERAL_1 <-release_year- ANSWER']);
    expect(d.analysis.templates[0].nodes).toEqual(['E_aaaaaaaaaaaa', undefined, undefined]);
  });

  it('is not confident below τ, for failed records, rare templates, other anchor counts or missing relations', () => {
    expect(gateDecision([hit(record([5, 5]), 0.85)], { anchors: NOW }, { tau: 0.9 })).toMatchObject({ confident: false, reason: /< τ/ });
    expect(gateDecision([hit(record([5, 5], 'failed'), 0.99)], { anchors: NOW })).toMatchObject({ confident: false, reason: /failed/ });
    expect(gateDecision([hit(record([1, 1]), 0.99)], { anchors: NOW }, { minSeen: 2 })).toMatchObject({ confident: false, reason: /seen fewer than 2/ });
    expect(gateDecision([hit(record([3, 3]), 0.99)], { anchors: [...NOW, 'E_bbbbbbbbbbbb'] })).toMatchObject({ confident: false, reason: /anchor count/ });
    expect(gateDecision([hit(record([3, 3]), 0.99)], { anchors: NOW, visibleRelations: new Set(['starred_actors']) })).toMatchObject({
      confident: false,
      reason: /not in this view/,
    });
    expect(gateDecision([], { anchors: NOW })).toMatchObject({ confident: false });
    // A later hit that qualifies is used when the best one does not.
    const d = gateDecision([hit(record([1, 1]), 0.99), hit(record([2, 0]), 0.93)], { anchors: NOW, visibleRelations: new Set(['directed_by']) });
    expect(d.confident && d.analysis.chain.map((s) => s.relation)).toEqual(['directed_by', 'directed_by']);
  });

  it('keeps templates seen fewer than k times out of remote payloads (counts summed across records)', () => {
    const remote = templatesForRemote([record([1, 1]), record([1, 0])], 2);
    expect(remote.map((t) => t.text)).toEqual(['ANCHOR_1 -directed_by-> BRIDGE_1 <-directed_by- ANSWER']);
    expect(remote[0].seen).toBe(2);
    expect(templatesForRemote([record([1, 1])], 2)).toEqual([]);
  });
});
