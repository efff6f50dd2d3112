import { describe, expect, it } from 'vitest';
import { correctTypos, intendedWord, type TypoLexicon } from '../../src-main/engine/qa/hand/typoCorrection.js';

// A toy lexicon: WordNet's words, frequency ranks (lower: more common), and the graph's label words.
const RANKS: Record<string, number> = {
  the: 0, which: 37, born: 364, form: 646, university: 210, label: 2841, able: 631, table: 1702, songs: 1408, hub: 9000, sponsored: 3343,
  wesley: 9893, univeristy: 144_930, norm: 9995, released: 800, has: 30, drama: 2500, rewatch: 60_000, rematch: 9000,
};
const LISTED = new Set(['born', 'form', 'university', 'label', 'able', 'table', 'songs', 'hub', 'sponsored', 'norm', 'the', 'which', 'released', 'has', 'drama', 'rematch']);
function lexicon(labels: string[] = []): TypoLexicon {
  return { listed: (w) => LISTED.has(w), rank: (w) => RANKS[w], labelWord: (w) => labels.includes(w) };
}

describe('typing slips in questions', () => {
  it('reads a swap of two letters as the common word it spells', () => {
    expect(intendedWord('lable', lexicon())).toBe('label');
    expect(intendedWord('sogns', lexicon())).toBe('songs');
    // In the vocabulary, but as a rare form far down the list.
    expect(intendedWord('univeristy', lexicon())).toBe('university');
  });

  it('takes any one edit to a label word, but not to any common word under six letters', () => {
    expect(intendedWord('borm', lexicon())).toBeUndefined();
    expect(intendedWord('borm', lexicon(['born', 'in']))).toBe('born');
    expect(intendedWord('sponsered', lexicon())).toBe('sponsored');
  });

  it('leaves words, their inflections, rare words and names, and bare contractions alone', () => {
    expect(intendedWord('born', lexicon())).toBeUndefined();
    expect(intendedWord('hubbed', lexicon(['hub']))).toBeUndefined();
    expect(intendedWord('qorvath', lexicon())).toBeUndefined();
    expect(intendedWord('the', lexicon())).toBeUndefined();
    // In the vocabulary (if rare): only a swap or a label word corrects it.
    expect(intendedWord('rewatch', lexicon())).toBeUndefined();
    // A first letter is seldom the slip.
    expect(intendedWord('kdrama', lexicon())).toBeUndefined();
    expect(intendedWord('hasnt', lexicon(['has']))).toBeUndefined();
    expect(correctTypos("Which movies hasn't Tom Hanks acted in?", [], lexicon(['has'])).question).toBe("Which movies hasn't Tom Hanks acted in?");
  });

  it('corrects outside the mentions only, keeps the case, and moves the mention spans by the change in length', () => {
    const q = 'Which lable releasd Sogns of Lable Street, and where was its founder borm?';
    const name = 'Sogns of Lable Street';
    const mentions = [{ start: q.indexOf(name), end: q.indexOf(name) + name.length, text: name }];
    const out = correctTypos(q, mentions, lexicon(['born']));
    expect(out.question).toBe('Which label released Sogns of Lable Street, and where was its founder born?');
    expect(out.mentions[0].start).toBe(mentions[0].start + 1);
    expect(out.question.slice(out.mentions[0].start, out.mentions[0].end)).toBe(name);
    expect(correctTypos('Lable?', [], lexicon()).question).toBe('Label?');
    expect(correctTypos('WHICH LABLE?', [], lexicon()).question).toBe('WHICH LABEL?');
  });

  it('never corrects letters joined to a non-ASCII letter or a digit ("Délable", "x2lable")', () => {
    expect(correctTypos('lable', [], lexicon()).question).toBe('label');
    expect(correctTypos('Who is Délable?', [], lexicon()).question).toBe('Who is Délable?');
    expect(correctTypos('what is x2lable', [], lexicon()).question).toBe('what is x2lable');
  });
});
