// Serves the built renderer (out/renderer) read-only: GET/HEAD only, no path escapes the root,
// typed by extension, with the CSP and no-sniff headers.
import { createReadStream } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, resolve, sep } from 'node:path';
import { hostCsp } from './hostCsp.js';

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
};

export function mimeTypeOf(path: string): string {
  return MIME[extname(path).toLowerCase()] ?? 'application/octet-stream';
}

/** The file a URL path names inside root, or null when it would leave root or is malformed. */
export function resolveStaticPath(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath.split('?')[0].split('#')[0]);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\') || !decoded.startsWith('/')) return null;
  if (decoded.split('/').some((part) => part === '..')) return null;
  const base = resolve(root);
  const file = resolve(base, '.' + (decoded.endsWith('/') ? decoded + 'index.html' : decoded));
  return file === base || file.startsWith(base + sep) ? file : null;
}

function send(res: ServerResponse, status: number, text: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff', ...headers });
  res.end(text);
}

export async function serveStatic(req: IncomingMessage, res: ServerResponse, root: string): Promise<void> {
  if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'Method Not Allowed', { Allow: 'GET, HEAD' });
  const file = resolveStaticPath(root, req.url ?? '/');
  if (!file) return send(res, 400, 'Bad Request');
  try {
    // realpath catches a symlink inside the root that points outside it.
    const [real, realRoot] = await Promise.all([realpath(file), realpath(root)]);
    if (real !== realRoot && !real.startsWith(realRoot + sep)) return send(res, 404, 'Not Found');
    const info = await stat(real);
    if (!info.isFile()) return send(res, 404, 'Not Found');
    res.writeHead(200, {
      'Content-Type': mimeTypeOf(real),
      'Content-Length': String(info.size),
      'Content-Security-Policy': hostCsp(req.headers.host ?? '127.0.0.1'),
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
      'Cross-Origin-Opener-Policy': 'same-origin',
      'Cache-Control': 'no-store',
    });
    if (req.method === 'HEAD') return void res.end();
    createReadStream(real)
      .on('error', () => res.destroy())
      .pipe(res);
  } catch {
    send(res, 404, 'Not Found');
  }
}
