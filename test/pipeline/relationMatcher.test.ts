// How a question word points at relation labels: similarity less the word's mean over the graph's labels, and the
// inflections of one stem among the labels read alike ("plays" / "played"), so only the words a label adds set two
// labels of one verb apart. Real GloVe vectors.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadGloveDrm } from '../../src-main/engine/drm/gloveDrm.js';
import { inflectionBase, RelationMatcher } from '../../src-main/engine/qa/hand/relationMatcher.js';
import { relationWords } from '../../src-main/engine/qa/hand/relationWords.js';
import { WordVectors } from '../../src-main/engine/qa/hand/wordSimilarity.js';

const LABELS = ['plays_for', 'previously_played_for', 'nationality', 'head_coach', 'home_stadium', 'founded_year'];
let matcher: RelationMatcher;
let words: WordVectors;

beforeAll(async () => {
  words = new WordVectors(await loadGloveDrm());
  const rw = LABELS.map(relationWords);
  await words.prepare([...rw.flat(), 'club', 'team', 'played', 'plays', 'previously', 'coach']);
  matcher = new RelationMatcher(words, rw);
}, 120_000);

describe('RelationMatcher', () => {
  it('knows the words a label adds to a plainer one of the graph, and whether the question names them', () => {
    const played = LABELS.indexOf('previously_played_for');
    expect(matcher.marked(played)).toEqual(['previously']);
    expect(matcher.marked(LABELS.indexOf('plays_for'))).toEqual([]);
    expect(matcher.marked(LABELS.indexOf('head_coach'))).toEqual([]);
    expect(matcher.unnamedMarked(played, ['club', 'team'])).toBe(1);
    expect(matcher.unnamedMarked(played, ['club', 'previously'])).toBe(0);
  });

  it('a word is as close to "plays" as to "played": the two labels of one verb tie on it', () => {
    const plays = LABELS.indexOf('plays_for');
    const played = LABELS.indexOf('previously_played_for');
    for (const w of ['club', 'team'])
      expect(matcher.raw(w, plays)).toBeCloseTo(Math.max(words.similarity(w, 'plays'), words.similarity(w, 'played')), 6);
    expect(matcher.raw('club', plays)).toBeCloseTo(matcher.raw('club', played), 6);
    expect(matcher.contrast('team', plays)).toBeCloseTo(matcher.contrast('team', played), 6);
  });
  it('the words a label adds stay its own: "previously" names only the label that says it', () => {
    const plays = LABELS.indexOf('plays_for');
    const played = LABELS.indexOf('previously_played_for');
    expect(matcher.raw('previously', played)).toBe(1);
    expect(matcher.raw('previously', plays)).toBeLessThan(0.9);
    expect(matcher.unnamed(played, ['club', 'plays'])).toBe(1);
    expect(matcher.unnamed(plays, ['club', 'plays'])).toBe(0);
  });
  it('only inflections of one base are read alike, never derived nouns', () => {
    expect(inflectionBase('plays')).toBe(inflectionBase('played'));
    expect(inflectionBase('stars')).toBe(inflectionBase('starred'));
    expect(inflectionBase('carries')).toBe(inflectionBase('carried'));
    expect(inflectionBase('player')).not.toBe(inflectionBase('plays'));
    expect(inflectionBase('director')).not.toBe(inflectionBase('directed'));
    expect(inflectionBase('class')).toBe('class');
  });
  it('a word of another stem is unaffected', () => {
    const coach = LABELS.indexOf('head_coach');
    expect(matcher.raw('coach', coach)).toBe(1);
  });
});
