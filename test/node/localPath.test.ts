// Graphs and memory are stored on this machine only: a URI (s3://, gs://, memory://, file://) given where a folder is
// expected is refused with a typed error before any storage client (LanceDB, Kuzu) sees it — LanceDB would open
// s3://bucket/x as remote storage, and resolving it already made a DNS query. Nothing is created for it.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { KuzuGraphStore } from '../../src-main/engine/graph/kuzuGraphStore.js';
import { ExperienceStore } from '../../src-main/engine/memory/experienceStore.js';
import { resolveDataDir } from '../../src-main/engine/node/dataDir.js';
import { assertLocalPath, NotALocalPathError, uriScheme } from '../../src-main/engine/node/localPath.js';
import { runCliCaptured } from '../helpers/runCliCaptured.js';

let cwd: string;
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'ctrlg-local-'));
  cwd = process.cwd();
  process.chdir(dir);
});
afterEach(() => {
  process.chdir(cwd);
  rmSync(dir, { recursive: true, force: true });
});

describe('local paths only', () => {
  it('tells a URI from a path (a Windows drive letter is a path)', () => {
    for (const uri of ['s3://bucket/x', 'gs://b/x', 'az://c/x', 'memory://', 'file:///tmp/x', 'http://example.com/db', 'S3://B/X'])
      expect(() => assertLocalPath(uri, '--memory'), uri).toThrow(NotALocalPathError);
    for (const path of ['/tmp/x', 'relative/dir', './x:y', 'C:\\Users\\me\\memory', 'c:/data', 'my folder'])
      expect(assertLocalPath(path, '--memory'), path).toBe(path);
    expect(uriScheme('s3://bucket/x')).toBe('s3');
  });

  it('the memory store and the graph store refuse a URI before opening anything', async () => {
    const memory = await ExperienceStore.open('s3://bucket/x').catch((e: unknown) => e);
    expect(memory).toBeInstanceOf(NotALocalPathError);
    expect((memory as Error).message).toBe('The experience memory must be a folder or file on this machine, not the s3: URI "s3://bucket/x" (nothing is stored anywhere else).');
    await expect(KuzuGraphStore.open('films', 'gs://bucket/graph.kuzu')).rejects.toBeInstanceOf(NotALocalPathError);
    // Nothing was created for them, not even a folder named after the URI.
    expect(existsSync(join(dir, 's3:'))).toBe(false);
    expect(existsSync(join(dir, 'gs:'))).toBe(false);
    expect(() => resolveDataDir('s3://bucket/data')).toThrow(/--data must be a folder or file on this machine/);
  });

  it('ctrlg memory --memory s3://… fails with one clear line', async () => {
    const run = await runCliCaptured(['memory', 'list', '--memory', 's3://bucket/x', '--data', join(dir, 'data')]);
    expect(run.code).toBe(1);
    expect(run.err).toBe('ctrlg memory: --memory must be a folder or file on this machine, not the s3: URI "s3://bucket/x" (nothing is stored anywhere else).\n');
    expect(existsSync(join(dir, 's3:'))).toBe(false);
  });
});
