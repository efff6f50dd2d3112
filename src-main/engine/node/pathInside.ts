// Whether one path is a folder or lies inside it (lexically, after resolving both; resolve symlinks first where a
// link could lead out): a key folder must not be inside the data it protects, a served file must be inside its root.
import { isAbsolute, relative, resolve } from 'node:path';

export function isInside(inner: string, outer: string): boolean {
  const rel = relative(resolve(outer), resolve(inner));
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}
