import { describe, expect, it } from 'vitest';
import { clusterRelations } from '../../src-main/engine/qa/sanitize/relationClusters.js';
import { relationSignatures } from '../../src-main/engine/graph/relationSignatures.js';
import { schemaTypes } from '../../src-main/engine/graph/schemaTypes.js';
import { filmGraph } from './fixtures.js';

describe('schemaTypes', () => {
  it('types entities by the roles their relations give them, literals by kind; memoised', () => {
    const g = filmGraph();
    const types = schemaTypes(g);
    const t = (id: string) => types[g.indexOf(id)!];
    // Films share a type, directors another, genres another; nothing here is a raw label.
    expect(t('f:night')).toBe(t('f:winter'));
    expect(t('f:salt')).toBe(t('f:iron'));
    expect(t('f:night')).toMatch(/^T\d+$/);
    expect(t('p:wren')).not.toBe(t('f:night'));
    expect(t('g:noir')).toBe(t('g:comedy'));
    expect(t('d:1')).toBe('date');
    expect(t('y:1')).toBe('date');
    expect(t('r:1')).toBe('number');
    expect(schemaTypes(g)).toBe(types);
  });
});

describe('clusterRelations', () => {
  const labels = ['directed_by', 'written_by', 'rating', 'votes'];
  const v = (...x: number[]) => Float32Array.from(x);
  const signatures = [
    { headType: 'T1', tailType: 'T2', literalTail: false },
    { headType: 'T1', tailType: 'T2', literalTail: false },
    { headType: 'T1', tailType: 'number', literalTail: true },
    { headType: 'T1', tailType: 'number', literalTail: true },
  ];

  it('merges relations close in meaning with the same signature, under neutral labels', () => {
    const vectors = [v(1, 0, 0), v(0.95, 0.31, 0), v(0, 0, 1), v(0, 1, 0)];
    const { labelOf } = clusterRelations(labels, vectors, signatures, { threshold: 0.8 });
    expect(labelOf[0]).toBe(labelOf[1]);
    expect(labelOf[2]).not.toBe(labelOf[3]);
    expect(new Set(labelOf).size).toBe(3);
    for (const l of labelOf) expect(l).toMatch(/^R\d+$/);
    expect(labelOf[0]).toBe('R1');
  });

  it('never merges across signatures, however similar the vectors', () => {
    const same = [v(1, 0), v(1, 0), v(1, 0), v(1, 0)];
    const { labelOf } = clusterRelations(labels, same, signatures);
    expect(labelOf[0]).toBe(labelOf[1]);
    expect(labelOf[2]).toBe(labelOf[3]);
    expect(labelOf[0]).not.toBe(labelOf[2]);
  });

  it('derives signatures from the graph', () => {
    const g = filmGraph();
    const sig = relationSignatures(g);
    const of = (label: string) => sig[g.relationIndexOf(label)!];
    expect(of('rating')).toMatchObject({ literalTail: true, tailType: 'number' });
    expect(of('release_date')).toMatchObject({ literalTail: true, tailType: 'date' });
    expect(of('directed_by').literalTail).toBe(false);
    expect(of('directed_by').headType).toBe(of('has_genre').headType);
  });
});
