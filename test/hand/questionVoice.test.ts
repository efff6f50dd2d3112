// The mention's role for a verb beside it, and what it does to the direction of a hop over that verb's relation when
// people supervise people (both directions reach people).
import { beforeAll, describe, expect, it } from 'vitest';
import { tokenizeText } from '../../src-main/engine/drm/tokenize.js';
import { loadGloveDrm } from '../../src-main/engine/drm/gloveDrm.js';
import { createQaEngine, type QaEngine } from '../../src-main/engine/qa/qaEngine.js';
import { mentionVoice } from '../../src-main/engine/qa/hand/questionVoice.js';
import { toyGraph } from '../helpers/toyGraph.js';

const role = (q: string): string | undefined => {
  const words = tokenizeText(q);
  const verbs = ['supervise', 'supervised', 'supervises', 'supervising', 'play', 'plays', 'direct', 'directed', 'head', 'born'];
  return mentionVoice(words, words.indexOf('ann'), (w) => verbs.includes(w), /ann['’]s/i.test(q));
};

describe('mentionVoice', () => {
  it('reads the mention as the agent beside an active verb or after "by"', () => {
    expect(role('who did Ann supervise')).toBe('agent');
    expect(role('which club does Ann play for')).toBe('agent');
    expect(role('who are the other players of the club Ann plays for')).toBe('agent');
    expect(role('who was supervised by Ann')).toBe('agent');
    expect(role('which films has Ann directed')).toBe('agent');
    expect(role('name the students Ann is supervising')).toBe('agent');
  });
  it('reads it as the patient after an active verb and in a passive', () => {
    expect(role('who supervised Ann')).toBe('patient');
    expect(role('who was Ann supervised by')).toBe('patient');
    expect(role('when was Ann directed')).toBe('patient');
    expect(role('Ann was supervised by whom')).toBe('patient');
  });
  it('says nothing when the word beside the mention is no verb of its clause', () => {
    // A noun after "of", or after the mention in a noun phrase ("the Ann head") or a possessive.
    expect(role('who is the head of Ann')).toBeUndefined();
    expect(role('who is the Ann head')).toBeUndefined();
    expect(role("who else was supervised by Ann's supervisor")).toBeUndefined();
    expect(role('whom did the supervisor of Ann supervise')).toBeUndefined();
  });
});

describe('the direction of a hop over a verb label between people', () => {
  let engine: QaEngine;
  beforeAll(async () => {
    // Bea supervised Ann; Ann supervised Cal and Dan.
    const graph = toyGraph(['Ann|supervised_by|Bea', 'Cal|supervised_by|Ann', 'Dan|supervised_by|Ann', 'Ann|born_in|Oslo', 'Bea|born_in|Rome']);
    engine = createQaEngine({ graph, drm: await loadGloveDrm() });
  }, 120_000);
  it('"who supervised Ann" answers her supervisor, "who did Ann supervise" her students', async () => {
    expect((await engine.ask('who supervised Ann')).answers[0]?.name).toBe('Bea');
    expect((await engine.ask('who was Ann supervised by')).answers[0]?.name).toBe('Bea');
    expect((await engine.ask('who did Ann supervise')).answers.slice(0, 2).map((a) => a.name).sort()).toEqual(['Cal', 'Dan']);
    expect((await engine.ask('who was supervised by Ann')).answers.slice(0, 2).map((a) => a.name).sort()).toEqual(['Cal', 'Dan']);
  });
});
