// Small fixture files and helpers for the graph/import/CLI tests.
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ParsedRecord, ReadCounters } from '../../src-main/engine/import/parsedRecord.js';

export interface TempDir {
  path: string;
  file(name: string, text: string): string;
  remove(): void;
}

export function tempDir(prefix = 'ctrlg-test-'): TempDir {
  const path = mkdtempSync(join(tmpdir(), prefix));
  return {
    path,
    file(name, text) {
      const p = join(path, name);
      writeFileSync(p, text);
      return p;
    },
    remove: () => rmSync(path, { recursive: true, force: true }),
  };
}

export function counters(): ReadCounters {
  return { bytes: 0, lines: 0 };
}

/** Every record a parser yields, its batches flattened in order. */
export async function collect(gen: AsyncIterable<ParsedRecord[]>): Promise<ParsedRecord[]> {
  const out: ParsedRecord[] = [];
  for await (const batch of gen) out.push(...batch);
  return out;
}

export const triplesOf = (recs: ParsedRecord[]) =>
  recs.flatMap((r) => (r.kind === 'triple' ? [[r.head.id, r.relation, r.tail.id]] : []));

export const issuesOf = (recs: ParsedRecord[]) => recs.flatMap((r) => (r.kind === 'issue' ? [r.issue] : []));

/** A tiny movie graph in the pipe format (names with diacritics, underscores, a hub, literals). */
export const MOVIES = [
  'Top Hat|directed_by|Mark Sandrich',
  'Top Hat|starred_actors|Ginger Rogers',
  'Top Hat|starred_actors|Fred Astaire',
  'Top Hat|release_year|1935',
  'Top Hat|has_genre|Musical',
  'Swing Time|starred_actors|Ginger Rogers',
  'Swing Time|starred_actors|Fred Astaire',
  'Swing Time|release_year|1936',
  'Swing Time|has_genre|Musical',
  'Amélie|starred_actors|Audrey Tautou',
  'Amélie|release_year|2001',
  'Amélie|has_imdb_rating|7.5',
  'Le_Mans|release_year|1971',
  'Le_Mans|has_genre|Musical',
  'Carefree|starred_actors|Ginger Rogers',
  'Carefree|has_genre|Musical',
  '1984|release_year|1956',
].join('\n') + '\n';

/** Every file below a folder, names and bytes hashed: equal before and after means byte-identical. */
export function folderDigest(dir: string): string {
  const hash = createHash('sha256');
  const walk = (d: string): void => {
    for (const name of readdirSync(d).sort()) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else hash.update(name).update(readFileSync(p));
    }
  };
  walk(dir);
  return hash.digest('hex');
}
