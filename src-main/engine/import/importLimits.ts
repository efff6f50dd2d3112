// Size limits an import enforces before any term reaches the parser's regexes or the database: a hostile
// or broken file (a 10 MB IRI, a file with no line breaks) fails with a line-numbered error instead of
// overflowing the stack or holding the whole file in memory.

export interface ImportLimits {
  /** Longest term (IRI, literal, name, relation) in UTF-16 code units. */
  maxTermChars: number;
  /** Longest physical line; a line holds a statement's three terms, so this bounds what is buffered. */
  maxLineChars: number;
}

export const DEFAULT_IMPORT_LIMITS: ImportLimits = {
  maxTermChars: 1 << 20,
  maxLineChars: 4 << 20,
};

export function resolveImportLimits(partial?: Partial<ImportLimits>): ImportLimits {
  const term = partial?.maxTermChars ?? DEFAULT_IMPORT_LIMITS.maxTermChars;
  // The line limit follows a raised term limit, so a statement of three maximal terms still fits.
  const line = partial?.maxLineChars ?? Math.max(DEFAULT_IMPORT_LIMITS.maxLineChars, 3 * term + 1024);
  for (const [name, v] of [['maxTermChars', term], ['maxLineChars', line]] as const)
    if (!Number.isInteger(v) || v < 1) throw new RangeError(`${name} must be a positive integer, got ${v}`);
  return { maxTermChars: term, maxLineChars: line };
}

/** "1 MB" style size for messages (never the offending text itself). */
export function describeSize(chars: number): string {
  if (chars >= 1 << 20) return `${+(chars / (1 << 20)).toFixed(1)} M characters`;
  if (chars >= 1 << 10) return `${+(chars / (1 << 10)).toFixed(1)} K characters`;
  return `${chars} characters`;
}
