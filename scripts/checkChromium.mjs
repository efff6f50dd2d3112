#!/usr/bin/env node
// Runs before the e2e suite: Playwright drives Debian's Chromium (its own browser downloads are not used), so say how
// to get one instead of failing every spec with "executable doesn't exist".
import { existsSync } from 'node:fs';

const path = process.env.CTRLG_CHROMIUM ?? '/usr/bin/chromium';
if (!existsSync(path)) {
  process.stderr.write(
    `The end-to-end tests need Chromium at ${path}, and it is not there.\n` +
      '  Debian/Ubuntu:  sudo apt-get install -y chromium\n' +
      '  elsewhere:      CTRLG_CHROMIUM=/path/to/chromium npm test\n' +
      'The unit tests (npm run test:unit) need no browser.\n',
  );
  process.exit(1);
}
