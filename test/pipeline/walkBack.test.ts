// A chain that walks out and straight back to its anchor (r then r⁻¹, or r then the mirrored relation that stores
// the same facts reversed) answers with the anchor's siblings. schemaPaths marks such a step from the facts, and the
// analysis charges it unless the question asks for it ("same", "co-", "also") or, inside a chain, a word names the
// walk back ("the films written by the writer of X"). Toy graphs with the real GloVe DRM.
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadGloveDrm } from '../../src-main/engine/drm/gloveDrm.js';
import { toyGraph } from '../helpers/toyGraph.js';
import { createQaEngine, type QaEngine } from '../../src-main/engine/qa/qaEngine.js';
import { pipeTriplesGraph } from '../../src-main/engine/import/pipeTriplesGraph.js';
import { AlgorithmicHand } from '../../src-main/engine/qa/hand/algorithmicHand.js';
import { EntityNameIndex } from '../../src-main/engine/qa/stages/entityNameIndex.js';
import { graphAdjacency } from '../../src-main/engine/qa/stages/localAdjacency.js';
import { chainKey, schemaPaths } from '../../src-main/engine/qa/stages/schemaPaths.js';

type Drm = Awaited<ReturnType<typeof loadGloveDrm>>;
let drm: Drm;


beforeAll(async () => {
  drm = await loadGloveDrm();
}, 120_000);

describe('schemaPaths marks a step that walks straight back to the anchor', () => {
  const g = toyGraph([
    'Unit A|system|SI',
    'Unit A|system|Metric',
    'Unit B|system|SI',
    'SI|units|Unit A',
    'SI|units|Unit B',
    'Metric|units|Unit A',
    'Unit A|related|SI',
    'Unit B|related|Metric',
    'Unit A|dimension|Length',
    'Unit C|dimension|Length',
    'Unit A|listed_in|SI',
    'Unit A|listed_in|Catalog',
    'Unit B|listed_in|SI',
  ]);
  const rel = (label: string): number => g.relationLabels.indexOf(label);
  const keyOf = (steps: [string, 'out' | 'in'][]): string => chainKey(steps.map(([l, direction]) => ({ relation: rel(l), direction })));
  const paths = schemaPaths(graphAdjacency(g), g.indexOf('SI')!, { dMax: 2 });
  const keys = new Set(paths.map((p) => chainKey(p.steps)));
  const returns = new Set(paths.filter((p) => p.returns).map((p) => chainKey(p.steps)));

  it('over one relation (r then r⁻¹) and over a mirrored pair stored under two names', () => {
    for (const k of [keyOf([['system', 'in'], ['system', 'out']]), keyOf([['system', 'in'], ['units', 'in']]), keyOf([['units', 'out'], ['system', 'out']])]) {
      expect(keys.has(k)).toBe(true);
      expect(returns.has(k)).toBe(true);
    }
  });
  it('not when only some of the entities it leaves lead back, nor when none do, nor on a first step', () => {
    for (const k of [keyOf([['system', 'in'], ['related', 'out']]), keyOf([['system', 'in'], ['dimension', 'out']])]) {
      expect(keys.has(k)).toBe(true);
      expect(returns.has(k)).toBe(false);
    }
    expect(paths.filter((p) => p.steps.length === 1).length).toBeGreaterThan(0);
    expect(paths.filter((p) => p.steps.length === 1 && p.returns)).toEqual([]);
  });
  it('not when it leads back to the anchor by coincidence, among other places (a director who starred in his films)', () => {
    for (const k of [keyOf([['system', 'in'], ['listed_in', 'out']])]) {
      expect(keys.has(k)).toBe(true);
      expect(returns.has(k)).toBe(false);
    }
  });
});

describe('the analysis charges a walk back the question does not ask for', () => {
  const g = toyGraph([
    'Grand Prix|has_tags|racing',
    'Grand Prix|has_tags|john frankenheimer',
    'Grand Prix|release_year|1966',
    'Grand Prix|in_language|English',
    'Grand Prix|directed_by|John Frankenheimer',
    'Seconds|release_year|1966',
    'Seconds|in_language|English',
    'Seconds|directed_by|John Frankenheimer',
    'Seconds|has_tags|paranoia',
    'Alfie|release_year|1966',
    'Alfie|in_language|French',
    'Blow-Up|release_year|1966',
    'Blow-Up|in_language|Italian',
    'Blow-Up|has_tags|photography',
    'Ronin|directed_by|John Frankenheimer',
    'Ronin|in_language|English',
    'Ronin|has_tags|heist',
  ]);
  async function readings(question: string): Promise<string[]> {
    const hand = await AlgorithmicHand.create(g, drm, EntityNameIndex.build(g));
    const entity = g.indexOf('Grand Prix')!;
    const start = question.indexOf('Grand Prix');
    const paths = schemaPaths(graphAdjacency(g), entity, { dMax: 3 });
    const a = await hand.analyzeQuestion({ question, topics: [{ entity, start, end: start + 'Grand Prix'.length }], schemaPaths: [paths], dMax: 3 });
    expect(a).toBeDefined();
    return a!.ranked.map((c) => c.steps.map((s) => `${g.relationLabels[s.relation]}${s.direction === 'out' ? '>' : '<'}`).join(' '));
  }
  it('"what words describe film X": the tags rank above walking to the films of its year and back out', async () => {
    const r = await readings('what words describe film Grand Prix');
    const tags = r.indexOf('has_tags>');
    const back = r.indexOf('release_year> release_year< in_language>');
    expect(tags).toBeGreaterThanOrEqual(0);
    expect(back).toBeGreaterThanOrEqual(0);
    expect(tags).toBeLessThan(back);
  });
  it('a reciprocal cue still asks for the walk back ("the same release year as X")', async () => {
    const r = await readings('which films have the same release year as Grand Prix');
    expect(r[0]).toBe('release_year> release_year<');
  });
});

describe('a walk back to siblings the answer noun does not ask for (the Freebase fragment)', () => {
  // "which gameplay mode": the mode the hop before lands on, though "video game" names the label a second time. On
  // the whole fragment (../shared/data/grailqa): on a few of its triples the support of each word differs.
  let engine: QaEngine;
  beforeAll(() => {
    engine = createQaEngine({ graph: pipeTriplesGraph(join(import.meta.dirname, '../../../shared/data/grailqa/kb.txt'), 'grailqa'), drm });
  });

  it('answers the mode, not the other games of that mode', async () => {
    const joystick = await engine.ask('which gameplay mode is the video game that supports the peripheral joy stick?');
    expect(joystick.answers[0]?.name).toBe('Multiplayer video game');
    const version = await engine.ask('what is the gameplay mode of the musical game that has the version of wacky worlds?');
    expect(version.answers[0]?.name).toBe('Single-player video game');
  });
  it('a reciprocal cue still asks for the walk back ("which other games share a gameplay mode with …")', async () => {
    const r = await engine.ask('which other games share a gameplay mode with microsoft flight?');
    expect(r.answers[0]?.name).toBe('Space Channel 5: Part 2');
  });
});
