// Test fixtures: one headless host per worker, in-process, over a fresh temp data dir and without the demo
// graph (the tests import it themselves through the UI), plus a temp folder for files a test writes.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base } from '@playwright/test';
import { startHost, type RunningHost } from '../src-main/host/startHost.js';
import { AppPage } from './pages/AppPage.js';

interface WorkerFixtures {
  host: { url: string; dataDir: string; running: RunningHost };
}

interface TestFixtures {
  app: AppPage;
  scratchDir: string;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  host: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const dataDir = await mkdtemp(join(tmpdir(), 'ctrlg-e2e-data-'));
      // Scratch files live in the temp folder, outside the folders a host import may read by default; the host keeps
      // its keys outside the data folder, in a temporary key folder, never the real home's.
      process.env.CTRLG_KEYS ??= await mkdtemp(join(tmpdir(), 'ctrlg-e2e-keys-'));
      // Model downloads come only from the listed hosts: here the specs' loopback file servers.
      process.env.CTRLG_MODEL_HOSTS ??= '127.0.0.1,localhost';
      const running = await startHost({ dataDir, port: 0, openDemo: false, importRoots: [tmpdir()] });
      try {
        await use({ url: running.url, dataDir, running });
      } finally {
        await running.close();
        await rm(dataDir, { recursive: true, force: true });
      }
    },
    { scope: 'worker' },
  ],

  app: async ({ page, host }, use) => {
    const app = new AppPage(page);
    await app.open(host.url);
    await use(app);
  },

  // eslint-disable-next-line no-empty-pattern
  scratchDir: async ({}, use) => {
    const dir = await mkdtemp(join(tmpdir(), 'ctrlg-e2e-files-'));
    try {
      await use(dir);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  },
});

export { expect } from '@playwright/test';
