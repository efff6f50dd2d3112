// Playwright e2e against the headless host (started in-process by e2e/fixtures.ts) with Debian's Chromium:
// Playwright's own browser downloads are not available here. Artifacts stay under e2e/artifacts/ (git-ignored).
import { existsSync, readdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

const CHROMIUM = process.env.CTRLG_CHROMIUM ?? '/usr/bin/chromium';

/** Video needs Playwright's ffmpeg build; record only where it is installed, instead of failing every test. */
function hasPlaywrightFfmpeg(): boolean {
  const dir = process.env.PLAYWRIGHT_BROWSERS_PATH ?? join(homedir(), '.cache', 'ms-playwright');
  return existsSync(dir) && readdirSync(dir).some((name) => name.startsWith('ffmpeg'));
}

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  outputDir: 'e2e/artifacts/test-results',
  timeout: 90_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list'], ['html', { outputFolder: 'e2e/artifacts/report', open: 'never' }]],
  use: {
    browserName: 'chromium',
    viewport: { width: 1440, height: 900 },
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    video: hasPlaywrightFfmpeg() ? 'retain-on-failure' : 'off',
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
