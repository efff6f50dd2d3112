// Where the window's page comes from, and whether a URL belongs to it. No Electron import: the
// sender check is a pure function, so it is testable without an Electron binary.
import { pathToFileURL } from 'node:url';

export type RendererTarget = { kind: 'file'; indexHtml: string } | { kind: 'dev'; url: string };

/** The built index.html, or electron-vite's dev server when it runs (never in a packaged app). */
export function rendererTarget(indexHtml: string, devUrl: string | undefined, packaged: boolean): RendererTarget {
  return devUrl && !packaged ? { kind: 'dev', url: devUrl } : { kind: 'file', indexHtml };
}

/** True only for our own page: the exact index.html file, or the dev server's origin. */
export function isTrustedRendererUrl(url: string | undefined, target: RendererTarget): boolean {
  if (!url) return false;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (target.kind === 'dev') return parsed.origin === new URL(target.url).origin;
  const expected = pathToFileURL(target.indexHtml);
  return parsed.protocol === 'file:' && parsed.pathname === expected.pathname && parsed.host === expected.host;
}
