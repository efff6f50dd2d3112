// Where the window's page comes from, and whether a URL belongs to it. No Electron import: the
// sender check is a pure function, so it is testable without an Electron binary. The built renderer is served from
// the app protocol (app://renderer/index.html, appProtocol.ts), never from file://.
import { dirname } from 'node:path';
import { APP_HOST, APP_INDEX_URL, APP_SCHEME } from './appProtocol.js';

export type RendererTarget = { kind: 'app'; url: string; root: string } | { kind: 'dev'; url: string };

/** The built renderer (out/renderer, served as app://renderer/), or electron-vite's dev server when it runs (never in a packaged app). */
export function rendererTarget(indexHtml: string, devUrl: string | undefined, packaged: boolean): RendererTarget {
  return devUrl && !packaged ? { kind: 'dev', url: devUrl } : { kind: 'app', url: APP_INDEX_URL, root: dirname(indexHtml) };
}

/** True only for our own page: app://renderer/index.html (any hash), or the dev server's origin. */
export function isTrustedRendererUrl(url: string | undefined, target: RendererTarget): boolean {
  if (!url) return false;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (target.kind === 'dev') return parsed.origin === new URL(target.url).origin;
  return parsed.protocol === `${APP_SCHEME}:` && parsed.host === APP_HOST && parsed.pathname === '/index.html' && !parsed.username && !parsed.port;
}
