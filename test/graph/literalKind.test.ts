import { describe, expect, it } from 'vitest';
import { detectLiteralKind, rdfLiteralKind } from '../../src-main/engine/graph/literalKind.js';

describe('detectLiteralKind', () => {
  it('reads years in range and ISO dates as dates', () => {
    for (const s of ['1971', '2100', '1000', '2008-05', '2008-05-17', '2008-05-17T10:00:00Z']) expect(detectLiteralKind(s), s).toBe('date');
  });
  it('reads integers, decimals, ratings and grouped counts as numbers', () => {
    for (const s of ['42', '7.5', '-3', '0.25', '1,234', '12,345,678', '3.2e5', '999', '2101']) expect(detectLiteralKind(s), s).toBe('number');
  });
  it('reads a share as a number ("59.4%", "12 %"), not a bare percent sign', () => {
    for (const s of ['59.4%', '12 %', '100%']) expect(detectLiteralKind(s), s).toBe('number');
    for (const s of ['%', 'x%', '12%%']) expect(detectLiteralKind(s), s).toBeUndefined();
  });
  it('leaves names alone', () => {
    for (const s of ['$9.99', "'71", 'Top Hat', '2008-13', '2008-02-40', '1,23', 'R2D2', '', '7.5 stars'])
      expect(detectLiteralKind(s), s).toBeUndefined();
  });
});

describe('rdfLiteralKind', () => {
  const xsd = (t: string) => `http://www.w3.org/2001/XMLSchema#${t}`;
  it('maps XSD datatypes', () => {
    expect(rdfLiteralKind(xsd('date'))).toBe('date');
    expect(rdfLiteralKind(xsd('dateTime'))).toBe('date');
    expect(rdfLiteralKind(xsd('gYear'))).toBe('date');
    expect(rdfLiteralKind(xsd('integer'))).toBe('number');
    expect(rdfLiteralKind(xsd('double'))).toBe('number');
    expect(rdfLiteralKind(xsd('string'))).toBe('string');
    expect(rdfLiteralKind('http://www.w3.org/1999/02/22-rdf-syntax-ns#langString')).toBe('string');
  });
});
