// The renderer is served from a registered app protocol (app://renderer/…) instead of file://: a file:// page is
// granted every file the user can read as "same origin", an app:// page only what this handler serves. The one
// decision, which file a request may get, is a pure function here (no Electron import, tested directly): only
// files under out/renderer, never a `..` (raw or percent-encoded), a backslash or a NUL, never another host.
import { join, normalize } from 'node:path';
import { isInside } from '../engine/node/pathInside.js';

export const APP_SCHEME = 'app';
export const APP_HOST = 'renderer';
export const APP_INDEX_URL = `${APP_SCHEME}://${APP_HOST}/index.html`;

/** The file under `root` a request for `url` may be answered with, or undefined (answer 404). */
export function appRequestPath(url: string, root: string): string | undefined {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return undefined;
  }
  if (u.protocol !== `${APP_SCHEME}:` || u.host !== APP_HOST || u.username || u.password || u.port) return undefined;
  let path: string;
  try {
    path = decodeURIComponent(u.pathname);
  } catch {
    return undefined;
  }
  if (path.includes('\0') || path.includes('\\')) return undefined;
  const segments = path.split('/').filter((s) => s !== '');
  if (segments.some((s) => s === '..' || s === '.')) return undefined;
  const file = normalize(join(root, ...(segments.length ? segments : ['index.html'])));
  return isInside(file, root) ? file : undefined;
}

const TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  json: 'application/json',
  svg: 'image/svg+xml',
  png: 'image/png',
  ico: 'image/x-icon',
  woff2: 'font/woff2',
  woff: 'font/woff',
  wasm: 'application/wasm',
  map: 'application/json',
};

/** Content type by extension; unknown files are served as bytes, never sniffed into something runnable. */
export function appContentType(file: string): string {
  return TYPES[file.slice(file.lastIndexOf('.') + 1).toLowerCase()] ?? 'application/octet-stream';
}
