// Every test process gets its own key folder (CTRLG_KEYS), so no test writes a key into the real home's
// ~/.config/ctrlg-desktop/keys; a test that checks the default location sets its own HOME / XDG variables. The
// folder goes when the file's tests are done.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

const keys = mkdtempSync(join(tmpdir(), 'ctrlg-test-keys-'));
process.env.CTRLG_KEYS = keys;
afterAll(() => rmSync(keys, { recursive: true, force: true }));
