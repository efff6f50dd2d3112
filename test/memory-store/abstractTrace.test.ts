import { describe, expect, it } from 'vitest';
import { abstractTrace, indicatorText, roleQuestion } from '../../src-main/engine/memory/abstractTrace.js';
import { memoryBucket } from '../../src-main/engine/memory/memoryBuckets.js';
import { LeakyTraceError } from '../../src-main/engine/memory/memoryErrors.js';
import { assertAbstract, findLeaks } from '../../src-main/engine/memory/traceLeaks.js';
import { nameScanner } from '../../src-main/engine/core/nameScanner.js';
import { ANCHOR, CLUSTERED, sessionTrace } from './fixtures.js';

describe('abstractTrace', () => {
  it('replaces session tokens by roles, buckets literals and keeps the role question', () => {
    const t = abstractTrace(sessionTrace());
    expect(t.question).toBe('which films released in 1990s share a director with ANCHOR_1');
    expect(t.indicator.anchors).toEqual(['ANCHOR_1']);
    expect(t.templates.map((x) => x.text)).toEqual([
      'ANCHOR_1 -directed_by-> BRIDGE_1 <-directed_by- ANSWER',
      'ANCHOR_1 -release_year-> LITERAL_1 <-release_year- ANSWER',
    ]);
    expect(t.templates.every((x) => x.seen === 1)).toBe(true);
    expect(t.literals).toEqual([{ role: 'LITERAL_1', bucket: '1990s' }]);
    expect(t.failures).toEqual([{ mode: 'Topic', depth: 1, chain: 'ANCHOR_1 -starred_actors-> ANSWER', reason: 'nothing verified next to ANCHOR_1' }]);
    expect(JSON.stringify(t)).not.toMatch(/[ESLA]_[0-9a-f]{6,}/);
    expect(findLeaks(t, { names: nameScanner(['Top Hat', 'Mark Sandrich']) })).toEqual([]);
  });

  it('uses schema labels under clustered π and numbers bridges per path', () => {
    const t = abstractTrace(sessionTrace({ exposure: CLUSTERED, schemaLabelOf: (l) => (l === 'directed_by' ? 'R_direction' : 'R_time') }));
    expect(t.templates[0].text).toBe('ANCHOR_1 -R_direction-> BRIDGE_1 <-R_direction- ANSWER');
    expect(t.indicator.chain.map((s) => s.relation)).toEqual(['R_direction', 'R_direction']);
    // Labels mode keeps visible labels even when a mapping is supplied.
    expect(abstractTrace(sessionTrace({ schemaLabelOf: () => 'X' })).templates[0].steps[0].relation).toBe('directed_by');
  });

  it('maps unknown tokens to ENTITY and buckets numbers in free text', () => {
    expect(roleQuestion(`films of ${ANCHOR} with E_99999999aaaa rated 7.5 and 12,000 votes on 2001-09-11`, [ANCHOR])).toBe(
      'films of ANCHOR_1 with ENTITY rated 7–8 and 10k–100k votes on 2000s',
    );
    expect(memoryBucket('1994')).toBe('1990s');
    expect(memoryBucket('7–8')).toBe('7–8');
    expect(memoryBucket('1987-05-01')).toBe('1980s');
    expect(indicatorText({ chain: [{ relation: 'directed_by', direction: 'in' }] })).toBe('directed by of');
  });
});

describe('leak validator', () => {
  const clean = abstractTrace(sessionTrace());

  it('rejects a record containing an entity name', () => {
    const leaky = { ...clean, question: 'which films share a director with Top Hat' };
    const leaks = findLeaks(leaky, { names: nameScanner(['Top Hat']) });
    expect(leaks).toEqual([{ kind: 'name', field: 'question' }]);
    expect(() => assertAbstract(leaky, { names: nameScanner(['Top Hat']) })).toThrow(LeakyTraceError);
  });

  it('rejects a session token and a raw year, and names the field but not the value', () => {
    const leaky = {
      ...clean,
      templates: [{ ...clean.templates[0], text: `${ANCHOR} -directed_by-> ANSWER` }],
      failures: [{ ...clean.failures[0], reason: 'nothing released in 1994' }],
    };
    expect(findLeaks(leaky)).toEqual([
      { kind: 'token', field: 'templates[0].text' },
      { kind: 'literal', field: 'failures[0].reason' },
    ]);
    try {
      assertAbstract(leaky);
      expect.unreachable();
    } catch (e) {
      expect((e as Error).message).toMatch(/token in templates\[0\]\.text/);
      expect((e as Error).message).not.toContain(ANCHOR);
    }
  });

  it('accepts buckets and roles, and ignores everyday words that are also names', () => {
    const ok = { ...clean, question: 'films of ANCHOR_1 rated 7–8 with 100–1k votes in the 1990s' };
    expect(findLeaks(ok, { names: nameScanner(['film', 'Anchor', 'Answer', 'Bridge']) })).toEqual([]);
    expect(findLeaks({ ...clean, question: 'rated 7.5' })).toEqual([{ kind: 'literal', field: 'question' }]);
  });
});
