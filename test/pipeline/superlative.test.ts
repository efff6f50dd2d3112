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
    expect(readSuperlative(words("what was X's first film"))).toMatchObject({ word: 'first', most: false, time: true });
    expect(readSuperlative(words('what is her last album'))).toMatchObject({ word: 'last', most: true });
  });

  it('does not read an ordinal that orders nothing', () => {
    expect(readSuperlative(words('what is the first name of the director of X'))).toBeUndefined();
    expect(readSuperlative(words('who directed X at last'))).toBeUndefined();
    expect(readSuperlative(words('who won the prize the first time'))).toBeUndefined();
    expect(readSuperlative(words('what is his last name'))).toBeUndefined();
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
  const naming = (label?: string) => ({ named: (r: number): boolean => g.relationLabels[r] === label, nearness: (): number => 0 });
  const label = (x: ReturnType<typeof extremeAnswers>): string | undefined => x?.attribute && g.relationLabels[x.attribute.relation];

  it('orders the answers by the date a time word asks for', () => {
    const earliest = extremeAnswers(g, films, readSuperlative(['the', 'earliest'])!, naming());
    expect(earliest?.winners).toEqual([ix('b')]);
    expect(earliest?.value).toBe('1929-05-01');
    expect(label(earliest)).toBe('release_year');
    expect(extremeAnswers(g, films, readSuperlative(['the', 'latest'])!, naming())?.winners).toEqual([ix('c')]);
  });

  it('orders by the one number relation most answers hold, read with its thousands separator, never by a date', () => {
    const longest = extremeAnswers(g, films, readSuperlative(['longest'])!, naming());
    expect(longest?.winners).toEqual([ix('b')]);
    expect(longest?.value).toBe('1,212');
    // A relation only one answer holds orders nothing.
    expect(label(extremeAnswers(g, films, readSuperlative(['greatest'])!, naming('awards')))).toBe('running_time');
  });

  it('compares answers that are values themselves, and needs two comparable answers', () => {
    const years = ['y1', 'y2', 'y3'].map(ix);
    expect(extremeAnswers(g, years, readSuperlative(['earliest'])!, naming())).toEqual({ winners: [ix('y2')], value: '1929-05-01' });
    expect(extremeAnswers(g, [ix('a')], readSuperlative(['earliest'])!, naming())).toBeUndefined();
    expect(extremeAnswers(g, [ix('d'), ix('a')], readSuperlative(['earliest'])!, naming())).toBeUndefined();
  });

  it('reads a relation by the kind most of its values have, and titles that look like years as titles', () => {
    const h = MemoryGraph.fromTriples(
      'hospitals',
      [
        { id: 'h1', name: 'North' },
        { id: 'h2', name: 'South' },
        { id: 'h3', name: 'East' },
        { id: 'film', name: '1408', literal: 'date' },
        { id: 'b1', name: '1500', literal: 'date' },
        { id: 'b2', name: '900', literal: 'number' },
        { id: 'b3', name: '300', literal: 'number' },
        { id: 'o1', name: '1950', literal: 'date' },
        { id: 'o2', name: '0950', literal: 'number' },
        { id: 'o3', name: '1200', literal: 'date' },
        { id: 's1', name: '40', literal: 'number' },
        { id: 's2', name: '20', literal: 'number' },
      ],
      [
        { head: 'h1', relation: 'bed_count', tail: 'b1' },
        { head: 'h2', relation: 'bed_count', tail: 'b2' },
        { head: 'h3', relation: 'bed_count', tail: 'b3' },
        { head: 'h1', relation: 'opened_on', tail: 'o1' },
        { head: 'h2', relation: 'opened_on', tail: 'o2' },
        { head: 'h3', relation: 'opened_on', tail: 'o3' },
        { head: 'film', relation: 'opened_on', tail: 'o1' },
      ],
    );
    const at = (id: string): number => h.indexOf(id)!;
    const all = ['h1', 'h2', 'h3'].map(at);
    const none = { named: (): boolean => false, nearness: (): number => 0 };
    expect(extremeAnswers(h, all, readSuperlative(['largest'])!, none)?.winners).toEqual([at('h1')]);
    expect(extremeAnswers(h, all, readSuperlative(['oldest'])!, none)?.winners).toEqual([at('h2')]);
    // One answer of four named like a year is a title among titles: the answers are compared by their opening dates.
    expect(extremeAnswers(h, [...all, at('film')], readSuperlative(['oldest'])!, none)?.winners).toEqual([at('h2')]);
  });

  it('leaves a number superlative over two unnamed number relations unordered, and takes the one the question names', () => {
    const h = MemoryGraph.fromTriples(
      'two',
      [
        { id: 'p', name: 'P' },
        { id: 'q', name: 'Q' },
        { id: 'b1', name: '10', literal: 'number' },
        { id: 'b2', name: '20', literal: 'number' },
        { id: 's1', name: '400', literal: 'number' },
        { id: 's2', name: '300', literal: 'number' },
      ],
      [
        { head: 'p', relation: 'bed_count', tail: 'b1' },
        { head: 'q', relation: 'bed_count', tail: 'b2' },
        { head: 'p', relation: 'staff_count', tail: 's1' },
        { head: 'q', relation: 'staff_count', tail: 's2' },
      ],
    );
    const pq = [h.indexOf('p')!, h.indexOf('q')!];
    expect(extremeAnswers(h, pq, readSuperlative(['largest'])!, { named: () => false, nearness: () => 0 })).toBeUndefined();
    const byStaff = extremeAnswers(h, pq, readSuperlative(['largest'])!, { named: (r) => h.relationLabels[r] === 'staff_count', nearness: () => 0 });
    expect(byStaff?.winners).toEqual([h.indexOf('p')!]);
  });

  it('reads dates and numbers into comparable values', () => {
    expect(comparableValue('1953', 'date')).toBeLessThan(comparableValue('1953-02-01', 'date'));
    expect(comparableValue('0950', 'date')).toBeLessThan(comparableValue('1200', 'date'));
    expect(comparableValue('1,200', 'number')).toBe(1200);
    expect(Number.isNaN(comparableValue('n/a', 'number'))).toBe(true);
  });
});
