// Superlatives: which word asks for which extreme, and which answers hold it, on a small hand-built graph.
import { describe, expect, it } from 'vitest';
import { MemoryGraph } from '../../src-main/engine/graph/memoryGraph.js';
import { comparableValue, extremeAnswers, readSuperlative } from '../../src-main/engine/qa/stages/superlative.js';

const words = (q: string): string[] => q.match(/[\p{L}\p{N}]+/gu) ?? [];

describe('readSuperlative', () => {
  it('reads which way a superlative points and whether it asks for a date', () => {
    expect(readSuperlative(words('what is the earliest film directed by X'))).toMatchObject({ word: 'earliest', most: false, time: true });
    expect(readSuperlative(words('what was the last movie X starred in'))).toMatchObject({ word: 'last', most: true, time: true });
    expect(readSuperlative(words('which is the most recent album of X'))).toMatchObject({ word: 'most recent', most: true, time: true });
    expect(readSuperlative(words('who is the tallest player of X'))).toMatchObject({ word: 'tallest', base: 'tall', most: true, time: false });
    expect(readSuperlative(words('which hospital of X has the smallest staff'))).toMatchObject({ most: false, time: false });
  });

  it('does not read an ordinal that orders nothing', () => {
    expect(readSuperlative(words('what is the first name of the director of X'))).toBeUndefined();
    expect(readSuperlative(words('who directed X at last'))).toBeUndefined();
    expect(readSuperlative(words('which films did X direct'))).toBeUndefined();
  });
});

describe('extremeAnswers', () => {
  const g = MemoryGraph.fromTriples(
    'films',
    [
      { id: 'a', name: 'Alpha' },
      { id: 'b', name: 'Beta' },
      { id: 'c', name: 'Gamma' },
      { id: 'd', name: 'Delta' },
      { id: 'y1', name: '1953', literal: 'date' },
      { id: 'y2', name: '1929-05-01', literal: 'date' },
      { id: 'y3', name: '1968', literal: 'date' },
      { id: 'n1', name: '118', literal: 'number' },
      { id: 'n2', name: '1,212', literal: 'number' },
      { id: 'n3', name: '95', literal: 'number' },
      { id: 'n4', name: '7', literal: 'number' },
    ],
    [
      { head: 'a', relation: 'release_year', tail: 'y1' },
      { head: 'b', relation: 'release_year', tail: 'y2' },
      { head: 'c', relation: 'release_year', tail: 'y3' },
      { head: 'a', relation: 'running_time', tail: 'n1' },
      { head: 'b', relation: 'running_time', tail: 'n2' },
      { head: 'c', relation: 'running_time', tail: 'n3' },
      { head: 'd', relation: 'awards', tail: 'n4' },
    ],
  );
  const ix = (id: string): number => g.indexOf(id)!;
  const films = ['a', 'b', 'c', 'd'].map(ix);
  const near = (label: string) => (r: number): number => (g.relationLabels[r] === label ? 1 : 0);

  it('orders the answers by the date a time word asks for', () => {
    const earliest = extremeAnswers(g, films, readSuperlative(['the', 'earliest'])!, near(''));
    expect(earliest?.winners).toEqual([ix('b')]);
    expect(earliest?.value).toBe('1929-05-01');
    expect(g.relationLabels[earliest!.attribute!.relation]).toBe('release_year');
    expect(extremeAnswers(g, films, readSuperlative(['the', 'latest'])!, near(''))?.winners).toEqual([ix('c')]);
  });

  it('orders by the number relation nearest the word, read with its thousands separator, never by a date', () => {
    const longest = extremeAnswers(g, films, readSuperlative(['longest'])!, near('running_time'));
    expect(longest?.winners).toEqual([ix('b')]);
    expect(longest?.value).toBe('1,212');
    // A relation only one answer holds orders nothing.
    const greatest = extremeAnswers(g, films, readSuperlative(['greatest'])!, near('awards'));
    expect(g.relationLabels[greatest!.attribute!.relation]).toBe('running_time');
  });

  it('compares answers that are values themselves, and needs two comparable answers', () => {
    const years = ['y1', 'y2', 'y3'].map(ix);
    expect(extremeAnswers(g, years, readSuperlative(['earliest'])!, near(''))).toEqual({ winners: [ix('y2')], value: '1929-05-01' });
    expect(extremeAnswers(g, [ix('a')], readSuperlative(['earliest'])!, near(''))).toBeUndefined();
    expect(extremeAnswers(g, [ix('d'), ix('a')], readSuperlative(['earliest'])!, near(''))).toBeUndefined();
  });

  it('reads dates and numbers into comparable values', () => {
    expect(comparableValue('1953', 'date')).toBeLessThan(comparableValue('1953-02-01', 'date'));
    expect(comparableValue('1,200', 'number')).toBe(1200);
    expect(Number.isNaN(comparableValue('n/a', 'number'))).toBe(true);
  });
});
