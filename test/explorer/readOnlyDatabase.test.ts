// The console's second lock: with the read-only gate bypassed, the database opened read-only refuses writes itself.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CypherFailedError } from '../../src-main/engine/graph/cypherErrors.js';
import { runOnReadOnlyDatabase } from '../../src-main/engine/graph/consoleQuery.js';
import { KUZU_FILE } from '../../src-main/engine/graph/kuzuSchema.js';
import { GraphLibrary } from '../../src-main/engine/import/graphLibrary.js';
import { SMALL_TRIPLES } from '../service/engineFixture.js';

let root: string;
let library: GraphLibrary;
let db: string;
const options = { maxRows: 100, timeoutMs: 10_000 };

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'ctrlg-readonly-'));
  library = new GraphLibrary(join(root, 'data'));
  const file = join(root, 'small.txt');
  writeFileSync(file, SMALL_TRIPLES);
  await library.importFile('small', file);
  db = join(root, 'data', 'graphs', 'small', KUZU_FILE);
});
afterAll(async () => {
  await library.close();
  rmSync(root, { recursive: true, force: true });
});

const count = async (): Promise<unknown> => (await runOnReadOnlyDatabase(db, 'MATCH (e:Entity) RETURN count(e)', options)).rows[0][0];

describe('the read-only database, without the gate', () => {
  it('refuses writes on its own and stays as it was', async () => {
    expect(await count()).toBe(8);
    for (const q of ["CREATE (:Entity {id: 'intruder', name: 'x', norm: 'x', degree: 0})", "MATCH (e:Entity) SET e.name = 'changed'", 'MATCH (e:Entity) DETACH DELETE e']) {
      const err = await runOnReadOnlyDatabase(db, q, options).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(err, q).toBeInstanceOf(CypherFailedError);
      expect((err as Error).message, q).toMatch(/read.only/i);
    }
    expect(await count()).toBe(8);
  });
});
