// Derived mention forms: general English morphology only; whether a form names anything is the index's call.
import { describe, expect, it } from 'vitest';
import { acronymsOf, adjectiveBases, derivedForms, singularForms } from '../../src-main/engine/qa/stages/mentionVariants.js';

describe('mentionVariants', () => {
  it('gives singular forms of plurals', () => {
    expect(singularForms('rivers')).toContain('river');
    expect(singularForms('countries')).toContain('country');
    expect(singularForms('churches')).toContain('church');
    expect(singularForms('bus')).toEqual([]);
  });

  it('derives place names from demonyms and relational adjectives by suffix', () => {
    const cases: [string, string][] = [
      ['jamaican', 'jamaica'],
      ['jamaicans', 'jamaica'],
      ['brazilian', 'brazil'],
      ['mexican', 'mexico'],
      ['german', 'germany'],
      ['italian', 'italy'],
      ['japanese', 'japan'],
      ['chinese', 'china'],
      ['swedish', 'sweden'],
      ['english', 'england'],
      ['israeli', 'israel'],
      ['icelandic', 'iceland'],
    ];
    for (const [word, base] of cases) expect(adjectiveBases(word)).toContain(base);
    // Too little is left of a short word to stand for a name.
    expect(adjectiveBases('man')).toEqual([]);
  });

  it('groups derived forms, singular first, and never returns the word itself', () => {
    const groups = derivedForms('indians');
    expect(groups[0]).toContain('indian');
    expect(groups[1]).toContain('india');
    expect(groups.flat()).not.toContain('indians');
    expect(derivedForms('p-59')).toEqual([]);
  });

  it('spells acronyms of multi-word names with and without their function words', () => {
    expect(acronymsOf(['entertainment', 'software', 'rating', 'board'])).toEqual(['esrb']);
    expect(acronymsOf(['international', 'system', 'of', 'units'])).toEqual(['isou', 'isu']);
    expect(acronymsOf(['germany'])).toEqual([]);
  });
});
