import { describe, expect, it } from 'vitest';
import { coarsenLiteral, literalKindOfText, numberBand } from '../../src-main/engine/graph/literalBuckets.js';

describe('literal coarsening', () => {
  it('reads dates as a year or a decade', () => {
    expect(coarsenLiteral('date', '1994-05-12', 'year')).toBe('1994');
    // A share keeps its percent sign, banded like any number.
    expect(literalKindOfText('59.4%')).toBe('number');
    expect(coarsenLiteral('number', '59.4%', 'year')).toBe(`${numberBand(59.4)}%`);
    expect(coarsenLiteral('date', '1994-05-12', 'decade')).toBe('1990s');
    expect(coarsenLiteral('date', '2003', 'decade')).toBe('2000s');
    expect(coarsenLiteral('date', '2003-02-14T10:00:00Z', 'year')).toBe('2003');
    expect(coarsenLiteral('date', 'sometime', 'year')).toBe('date');
  });

  it('bands numbers: unit bands under ten, powers of ten above', () => {
    expect(numberBand(7.3)).toBe('7–8');
    expect(numberBand(0.5)).toBe('0–1');
    expect(numberBand(10)).toBe('10–100');
    expect(numberBand(999)).toBe('100–1k');
    expect(numberBand(1000)).toBe('1k–10k');
    expect(numberBand(123456)).toBe('100k–1M');
    expect(numberBand(-42)).toBe('-(10–100)');
    expect(coarsenLiteral('number', '1,234', 'year')).toBe('1k–10k');
    expect(coarsenLiteral('string', 'a secret note', 'year')).toBe('text');
  });

  it('recognises literal-like names', () => {
    expect(literalKindOfText('1987')).toBe('date');
    expect(literalKindOfText('2001-09-11')).toBe('date');
    expect(literalKindOfText('7.3')).toBe('number');
    expect(literalKindOfText('12,000')).toBe('number');
    expect(literalKindOfText('Blade Runner 2049')).toBeUndefined();
  });
});
