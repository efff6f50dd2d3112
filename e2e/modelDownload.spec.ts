// Model downloads as an analyst meets them (issue 13, item 6): offline, a download fails in seconds with a message
// that says why, in view at 900 px; a running download shows bytes, speed and ETA; and the job lives in the engine,
// so a reload of the page shows it again (running, or how it ended) and can still cancel it.
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { startGgufServer } from '../test/llm/ggufServer.js';
import { expect, test } from './fixtures.js';
import { SettingsPage } from './pages/SettingsPage.js';

/** A loopback port nothing listens on: what an unreachable model host looks like (the e2e hosts are loopback). */
async function refusingPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

test.use({ viewport: { width: 1280, height: 900 } });

test('an offline download fails in < 10 s with a message, in view, and still shows after a reload', async ({ app, host }) => {
  const page = app.page;
  const port = await refusingPort();
  const settings = new SettingsPage(page);
  await settings.open();

  const started = Date.now();
  await settings.downloadFrom(`http://127.0.0.1:${port}/offline.gguf`);
  await expect(settings.download).toHaveAttribute('data-status', 'failed', { timeout: 10_000 });
  expect(Date.now() - started).toBeLessThan(10_000);
  await expect(settings.downloadError).toHaveText(`cannot download http://127.0.0.1:${port}/offline.gguf: 127.0.0.1:${port} refused the connection`);
  await expect(settings.download).toBeInViewport();

  await page.reload();
  await app.open(host.url);
  await settings.open();
  await expect(settings.download).toHaveAttribute('data-status', 'failed');
  await expect(settings.downloadError).toContainText(`127.0.0.1:${port} refused the connection`);
});

test('a running download shows bytes, speed and ETA, survives a reload, and cancels from the reloaded page', async ({ app, host }) => {
  const page = app.page;
  // 24 MiB at 16 KiB per 20 ms: a minute or so, so it is still running after the reload.
  const slow = await startGgufServer(Buffer.alloc(24 * 2 ** 20, 1), { chunkBytes: 16 * 1024, delayMs: 20 });
  try {
    const settings = new SettingsPage(page);
    await settings.open();
    await settings.downloadFrom(slow.url('reload-e2e.gguf'));
    await expect(settings.download).toHaveAttribute('data-status', 'running');
    const figures = settings.downloadFigures();
    await expect(figures.bytes).toHaveText(/^[\d.]+ [KMG]?B of 24 MB$/);
    await expect(figures.speed).toHaveText(/^[\d.]+ [KMG]?B\/s$/);
    await expect(figures.eta).toHaveText(/^ETA /);
    await expect(settings.download).toBeInViewport();

    await page.reload();
    await app.open(host.url);
    await settings.open();
    await expect(settings.download).toHaveAttribute('data-status', 'running');
    await expect(settings.download).toContainText('reload-e2e.gguf');
    await expect(settings.downloadFigures().bytes).toHaveText(/ of 24 MB$/);
    await page.getByTestId('download-cancel').click();
    // The reloaded page made no download call of its own: it learns the end from the engine's list.
    await expect(settings.download).toHaveAttribute('data-status', 'cancelled', { timeout: 15_000 });
    expect(slow.bytesSent()).toBeLessThan(24 * 2 ** 20);
  } finally {
    await slow.close();
  }
});
