// The read-only gate of the Cypher console. The database is opened read-only as well (Kuzu then refuses every
// write); this gate refuses before Kuzu sees the text what read-only mode still lets through: COPY … TO and
// EXPORT write files, INSTALL/LOAD fetch extensions, ATTACH opens other databases, CALL can change settings.
// Keywords are looked for outside strings, quoted names and comments, so `WHERE r.label = 'create'` passes.

/** Clauses that change the graph, the disk, the session or the extensions. */
const REFUSED = [
  'CREATE', 'MERGE', 'SET', 'DELETE', 'DETACH', 'REMOVE', 'DROP', 'ALTER', 'COPY', 'LOAD', 'INSTALL', 'UNINSTALL',
  'ATTACH', 'USE', 'EXPORT', 'IMPORT', 'BEGIN', 'COMMIT', 'ROLLBACK', 'CHECKPOINT',
] as const;

/** How a read query may start. */
const FIRST_WORDS = new Set(['MATCH', 'OPTIONAL', 'UNWIND', 'WITH', 'RETURN', 'CALL']);

/** Table functions that only describe the database. */
const READ_ONLY_CALLS = new Set(['SHOW_TABLES', 'TABLE_INFO', 'SHOW_CONNECTION', 'DB_VERSION', 'SHOW_FUNCTIONS', 'CURRENT_SETTING']);

export type CypherVerdict = { ok: true } | { ok: false; reason: string };

/** The query with string literals, `quoted names` and comments blanked out (lengths kept), or an error. */
export function blankLiterals(query: string): { text: string } | { error: string } {
  let out = '';
  let i = 0;
  while (i < query.length) {
    const c = query[i];
    const next = query[i + 1];
    if (c === '/' && next === '/') {
      const end = query.indexOf('\n', i);
      const stop = end === -1 ? query.length : end;
      out += ' '.repeat(stop - i);
      i = stop;
    } else if (c === '/' && next === '*') {
      const end = query.indexOf('*/', i + 2);
      if (end === -1) return { error: 'a /* comment is not closed' };
      out += ' '.repeat(end + 2 - i);
      i = end + 2;
    } else if (c === "'" || c === '"' || c === '`') {
      let j = i + 1;
      while (j < query.length && query[j] !== c) j += query[j] === '\\' && c !== '`' ? 2 : 1;
      if (j >= query.length) return { error: `a ${c === '`' ? 'quoted name' : 'string'} is not closed (${c})` };
      out += c + ' '.repeat(j - i - 1) + c;
      i = j + 1;
    } else {
      out += c;
      i += 1;
    }
  }
  return { text: out };
}

/** Accepts one read-only statement; otherwise says which clause is refused and why. */
export function checkReadOnlyCypher(query: string): CypherVerdict {
  const blanked = blankLiterals(query);
  if ('error' in blanked) return { ok: false, reason: `The query cannot be read: ${blanked.error}.` };
  const text = blanked.text.trim().replace(/;\s*$/, '');
  if (!text) return { ok: false, reason: 'The query is empty.' };
  if (text.includes(';')) return { ok: false, reason: 'Run one statement at a time (the query holds a ";").' };
  const words = text.toUpperCase().match(/[A-Z_][A-Z0-9_]*/g) ?? [];
  const refused = words.find((w) => (REFUSED as readonly string[]).includes(w));
  if (refused)
    return { ok: false, reason: `The console is read-only: ${refused} is refused (it would change the graph, write a file or change the session).` };
  if (!FIRST_WORDS.has(words[0] ?? ''))
    return { ok: false, reason: `The console runs read queries only: start with MATCH, OPTIONAL MATCH, UNWIND, WITH, RETURN or CALL (not ${words[0] ?? 'this'}).` };
  // Each CALL's name is read from the original text (blanking keeps offsets), so a `quoted name` is checked too;
  // a CALL whose name cannot be read is refused with the others.
  const allowed = [...READ_ONLY_CALLS].map((c) => c.toLowerCase()).join(', ');
  for (const m of blanked.text.matchAll(/\bCALL\b\s*/gi)) {
    // `e.call` is a property, not the clause.
    if (blanked.text.slice(0, m.index).trimEnd().endsWith('.')) continue;
    const name = calledName(query, blanked.text, (m.index ?? 0) + m[0].length);
    if (name === undefined || !READ_ONLY_CALLS.has(name.toUpperCase()))
      return { ok: false, reason: `CALL ${name === undefined ? 'without a plain name' : name} is refused: the console calls only ${allowed}.` };
  }
  return { ok: true };
}

/** The name after a CALL at `at`: a plain name, or the text of a `quoted name`; undefined when there is neither. */
function calledName(query: string, blanked: string, at: number): string | undefined {
  if (blanked[at] === '`') {
    const end = blanked.indexOf('`', at + 1);
    return end === -1 ? undefined : query.slice(at + 1, end);
  }
  return /^[A-Za-z_][A-Za-z0-9_]*/.exec(blanked.slice(at))?.[0];
}
