// Every test process gets its own key folder (CTRLG_KEYS), so no test writes a key into the real home's
// ~/.config/ctrlg-desktop/keys; a test that checks the default location sets its own HOME / XDG variables.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

process.env.CTRLG_KEYS = mkdtempSync(join(tmpdir(), 'ctrlg-test-keys-'));
