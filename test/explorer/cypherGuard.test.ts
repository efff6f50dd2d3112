import { describe, expect, it } from 'vitest';
import { blankLiterals, checkReadOnlyCypher } from '../../src-main/engine/graph/cypherGuard.js';

const refusal = (q: string): string => {
  const v = checkReadOnlyCypher(q);
  if (v.ok) throw new Error(`accepted: ${q}`);
  return v.reason;
};

describe('checkReadOnlyCypher', () => {
  it('accepts read queries, a trailing semicolon and the describing table functions', () => {
    for (const q of [
      'MATCH (e:Entity) RETURN e.name LIMIT 5',
      'optional match (a)-[r:Rel]->(b) return a, r, b;',
      'UNWIND [1,2,3] AS x RETURN x',
      'WITH 1 AS one RETURN one',
      'RETURN 1',
      'CALL show_tables() RETURN *',
    ])
      expect(checkReadOnlyCypher(q), q).toEqual({ ok: true });
  });

  it('ignores keywords inside strings, quoted names and comments', () => {
    expect(checkReadOnlyCypher("MATCH (a)-[r:Rel]->(b) WHERE r.label = 'created; set delete' RETURN a")).toEqual({ ok: true });
    expect(checkReadOnlyCypher('MATCH (e) RETURN e.`set` AS x // DELETE this\n')).toEqual({ ok: true });
    expect(checkReadOnlyCypher('MATCH (e) /* MERGE ; */ RETURN e')).toEqual({ ok: true });
    // A word that only contains a keyword is not that keyword.
    expect(checkReadOnlyCypher('MATCH (e) WHERE e.created_by = 1 RETURN e.settings')).toEqual({ ok: true });
  });

  it('refuses every write and side-effect clause, wherever it stands, naming it', () => {
    expect(refusal("CREATE (:Entity {id: 'x'})")).toMatch(/read-only: CREATE is refused/);
    expect(refusal("MATCH (e:Entity) SET e.name = 'x'")).toMatch(/SET is refused/);
    expect(refusal('MATCH (e) DETACH DELETE e')).toMatch(/DETACH is refused/);
    expect(refusal("MATCH (e) MERGE (f:Entity {id: 'y'})")).toMatch(/MERGE is refused/);
    expect(refusal("MATCH (e) REMOVE e.name")).toMatch(/REMOVE is refused/);
    expect(refusal("COPY (MATCH (e) RETURN e.id) TO '/tmp/out.csv'")).toMatch(/COPY is refused/);
    expect(refusal("EXPORT DATABASE '/tmp/x'")).toMatch(/EXPORT is refused/);
    expect(refusal('INSTALL httpfs')).toMatch(/INSTALL is refused/);
    expect(refusal("LOAD FROM '/etc/passwd' RETURN *")).toMatch(/LOAD is refused/);
    expect(refusal("ATTACH '/tmp/other' AS o (dbtype kuzu)")).toMatch(/ATTACH is refused/);
    expect(refusal('DROP TABLE Rel')).toMatch(/DROP is refused/);
    expect(refusal('create (:Entity {id: "x"})')).toMatch(/CREATE is refused/);
  });

  it('refuses more than one statement, other first words, unknown CALLs, and unclosed strings', () => {
    expect(refusal('MATCH (e) RETURN e; MATCH (f) RETURN f')).toMatch(/one statement/);
    expect(refusal('EXPLAIN MATCH (e) RETURN e')).toMatch(/read queries only/);
    expect(refusal("CALL threads=1")).toMatch(/CALL threads is refused/);
    // A `quoted name` is a name all the same: read from the original text, not let through blank.
    expect(refusal('CALL `threads`=1')).toMatch(/CALL threads is refused/);
    expect(refusal('CALL `show_tables`() RETURN * UNION CALL `clear_warnings`() RETURN *')).toMatch(/CALL clear_warnings is refused/);
    expect(refusal('CALL /* x */ `enable_semi_mask` = true')).toMatch(/CALL enable_semi_mask is refused/);
    expect(refusal('MATCH (e) CALL { RETURN 1 } RETURN e')).toMatch(/CALL without a plain name is refused/);
    expect(checkReadOnlyCypher('CALL `SHOW_TABLES`() RETURN *')).toEqual({ ok: true });
    expect(checkReadOnlyCypher('MATCH (e) RETURN e.call AS c')).toEqual({ ok: true });
    expect(refusal("MATCH (e) WHERE e.name = 'open RETURN e")).toMatch(/string is not closed/);
    expect(refusal('   ')).toMatch(/empty/);
  });
});

describe('blankLiterals', () => {
  it('keeps the length and the quotes, blanks what is inside', () => {
    const r = blankLiterals(`a 'b\\'c' "d" \`e\` // f`);
    expect(r).toEqual({ text: `a '    ' " " \` \`     ` });
  });
});
