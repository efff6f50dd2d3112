// "-in-law" kinship compounds spelled out before the question is read, mention spans moved with the text.
import { describe, expect, it } from 'vitest';
import { spellOutInLaws, spellOutKinOfKin, spellOutMates } from '../../src-main/engine/qa/hand/inLawCompounds.js';
import { spellOutCollocations } from '../../src-main/engine/qa/hand/verbCollocations.js';

const span = (q: string, m: string) => ({ start: q.indexOf(m), end: q.indexOf(m) + m.length });

describe('spellOutInLaws', () => {
  it('a parent-in-law is a spouse\'s parent, a son-in-law a daughter\'s husband; the mention moves with the text', () => {
    const q = "who was Edith Hale's father-in-law";
    const r = spellOutInLaws(q, [span(q, 'Edith Hale')]);
    expect(r.question).toBe("who was Edith Hale's spouse's father");
    expect(r.question.slice(r.mentions[0].start, r.mentions[0].end)).toBe('Edith Hale');
    expect(spellOutInLaws("who are Silas Vane's sons-in-law", []).question).toBe("who are Silas Vane's daughter's husband");
    expect(spellOutInLaws("who are Silas Vane's children-in-law", []).question).toBe("who are Silas Vane's children-in-law");
    expect(spellOutInLaws("who is Silas Vane's child-in-law", []).question).toBe("who is Silas Vane's child's spouse");
  });
  it('without a possessive: "the father-in-law of X", and a mention after the rewrite keeps its text', () => {
    const q = 'who is the sister-in-law of Ann Lee';
    const r = spellOutInLaws(q, [span(q, 'Ann Lee')]);
    expect(r.question).toBe('who is the sister of the spouse of Ann Lee');
    expect(r.question.slice(r.mentions[0].start, r.mentions[0].end)).toBe('Ann Lee');
    expect(spellOutInLaws('the daughter in law of Ann Lee', []).question).toBe('the wife of the son of Ann Lee');
  });
  it('leaves questions without a compound, and compounds inside a mention, as they are', () => {
    const q = 'who wrote Mother-in-Law Blues';
    const m = [span(q, 'Mother-in-Law Blues')];
    expect(spellOutInLaws(q, m)).toEqual({ question: q, mentions: m });
    expect(spellOutInLaws('who is the father of Ann', []).question).toBe('who is the father of Ann');
  });
});

describe('spellOutMates', () => {
  // As the Hand's lexicon answers it: "teammate" and "classmate" name people, "checkmate" does not.
  const person = (word: string): boolean => /^(teammates?|classmates?)$/.test(word);
  it('spells a "-mate" of a person out as "fellow <thing>" and moves the mention after it', () => {
    const q = 'name the teammates of Iker Quintero';
    const r = spellOutMates(q, [span(q, 'Iker Quintero')], person);
    expect(r.question).toBe('name the fellow team of Iker Quintero');
    expect(r.question.slice(r.mentions[0].start, r.mentions[0].end)).toBe('Iker Quintero');
    expect(spellOutMates("who are Ethan Naylor's classmates", [], person).question).toBe("who are Ethan Naylor's fellow class");
  });
  it('leaves other "-mate" words and names alone', () => {
    expect(spellOutMates('which move is a checkmate', [], person).question).toBe('which move is a checkmate');
    const q = 'who coached Teammates United';
    expect(spellOutMates(q, [span(q, 'Teammates United')], person)).toEqual({ question: q, mentions: [span(q, 'Teammates United')] });
  });
});

describe('spellOutCollocations', () => {
  const lexicon = new Map([['laid to rest', 'bury'], ['passed away', 'die'], ['pass away', 'die']]);
  const single = (words: readonly string[]) => lexicon.get(words.join(' '));
  it('replaces the longest collocation outside the mentions and moves the mentions after it', () => {
    const q = 'where was the father of Pass Away Smith laid to rest, and where did Ann Fell pass away';
    const r = spellOutCollocations(q, [span(q, 'Pass Away Smith'), span(q, 'Ann Fell')], single);
    expect(r.question).toBe('where was the father of Pass Away Smith bury, and where did Ann Fell die');
    expect(r.mentions.map((m) => r.question.slice(m.start, m.end))).toEqual(['Pass Away Smith', 'Ann Fell']);
  });
  it('words split by punctuation are no collocation', () => {
    expect(spellOutCollocations('did they pass, away from home', [], single).question).toBe('did they pass, away from home');
  });
});

describe('spellOutKinOfKin', () => {
  const define = (w: string) => (w === 'grandfather' || w === 'grandfathers' ? { kin: 'father', of: ['father', 'mother'] } : undefined);
  const pertains = (m: string) => (m === 'paternal' ? ['father'] : m === 'maternal' ? ['mother'] : []);
  it('a modifier pertaining to one alternative picks it, and goes with the noun; the mention moves with the text', () => {
    const q = "who is Ann Lee's maternal grandfather";
    const r = spellOutKinOfKin(q, [span(q, 'Ann Lee')], define, pertains);
    expect(r.question).toBe("who is Ann Lee's mother's father");
    expect(r.question.slice(r.mentions[0].start, r.mentions[0].end)).toBe('Ann Lee');
    expect(spellOutKinOfKin('name the paternal grandfather of Ann Lee', [], define, pertains).question).toBe('name the father of the father of Ann Lee');
  });
  it('no modifier, or one that names no alternative: the first alternative, the other words kept', () => {
    expect(spellOutKinOfKin('the late grandfather of Ann Lee', [], define, pertains).question).toBe('the late father of the father of Ann Lee');
    expect(spellOutKinOfKin("who is Ann Lees' grandfather", [], define, pertains).question).toBe("who is Ann Lees' father's father");
  });
  it('a plural, a hyphenated word and a compound stay as they are', () => {
    expect(spellOutKinOfKin('who are the grandfathers of Ann Lee', [], define, pertains).question).toBe('who are the grandfathers of Ann Lee');
    expect(spellOutKinOfKin("who is Ann Lee's great-grandfather", [], define, pertains).question).toBe("who is Ann Lee's great-grandfather");
    const compound = (a: string, b: string) => a === 'great' && b === 'grandfather';
    expect(spellOutKinOfKin("who is Ann Lee's great grandfather", [], define, pertains, compound).question).toBe("who is Ann Lee's great grandfather");
  });
  it('a noun inside a mention stays', () => {
    const q = 'who wrote Grandfather Frost';
    expect(spellOutKinOfKin(q, [span(q, 'Grandfather Frost')], (w) => define(w.toLowerCase()), pertains).question).toBe(q);
  });
});
