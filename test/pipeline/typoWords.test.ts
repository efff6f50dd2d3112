// A question word the vectors do not know, one typing slip from a label word, still names the label: "who
// manufatures X" is manufactured_by. Known words and short stems never count as slips.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadGloveDrm } from '../../src-main/engine/drm/gloveDrm.js';
import { createQaEngine } from '../../src-main/engine/qa/qaEngine.js';
import { TYPO_MATCH, typoOf, WordVectors } from '../../src-main/engine/qa/hand/wordSimilarity.js';
import { toyGraph } from '../helpers/toyGraph.js';

type Drm = Awaited<ReturnType<typeof loadGloveDrm>>;
let drm: Drm;

beforeAll(async () => {
  drm = await loadGloveDrm();
}, 120_000);

describe('typoOf', () => {
  it('reads one slip between the stems: a letter left out, added, changed, or two swapped', () => {
    expect(typoOf('manufatures', 'manufactured')).toBe(true);
    expect(typoOf('luminace', 'luminance')).toBe(true);
    expect(typoOf('directde', 'directed')).toBe(true);
    expect(typoOf('spouce', 'spouse')).toBe(true);
    expect(typoOf('manfuactures', 'manufactured')).toBe(true);
  });
  it('not two slips, not short stems, not the same stem', () => {
    expect(typoOf('manfatures', 'manufactured')).toBe(false);
    expect(typoOf('form', 'from')).toBe(false);
    expect(typoOf('directs', 'directed')).toBe(false);
    expect(typoOf('located', 'directed')).toBe(false);
  });
});

describe('WordVectors with a vocabulary', () => {
  it('gives an unknown word one slip from a label word the typo similarity, and a known word none', async () => {
    const words = new WordVectors(drm, undefined, (w) => drm.rankOf(w) !== undefined);
    await words.prepare(['manufatures', 'manufactured', 'manufacturer', 'located']);
    expect(drm.rankOf('manufatures')).toBeUndefined();
    expect(words.similarity('manufatures', 'manufactured')).toBeGreaterThanOrEqual(TYPO_MATCH);
    expect(words.similarity('manufatures', 'located')).toBeLessThan(0.5);
    // A word the vectors know is read as itself, however close its spelling: "county" is not a slip for country.
    await words.prepare(['county', 'country']);
    expect(drm.rankOf('county')).toBeDefined();
    expect(typoOf('county', 'country')).toBe(true);
    expect(words.similarity('county', 'country')).toBeLessThan(TYPO_MATCH);
    // Without a vocabulary nothing is read as a slip.
    const plain = new WordVectors(drm);
    await plain.prepare(['manufatures', 'manufactured']);
    expect(plain.similarity('manufatures', 'manufactured')).toBeLessThan(TYPO_MATCH);
  });
});

describe('a question with a typing slip', () => {
  const g = toyGraph([
    'Nomidral|manufactured_by|Tessaline Pharma',
    'Nomidral|drug_class|JAK inhibitor',
    'Nomidral|distributed_by|Harrow Logistics',
    'Corvelan|manufactured_by|Quillfeather Therapeutics',
    'Corvelan|drug_class|alkylating agent',
    'Corvelan|distributed_by|Harrow Logistics',
    'Tessaline Pharma|headquartered_in|Amberwick',
  ]);
  it('answers as the spelled-out question does', async () => {
    const engine = createQaEngine({ graph: g, drm });
    for (const q of ['who manufactures Nomidral', 'who manufatures Nomidral']) expect((await engine.ask(q)).answers[0]?.name, q).toBe('Tessaline Pharma');
  });
});
