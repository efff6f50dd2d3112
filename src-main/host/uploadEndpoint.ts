// POST /upload: the browser host's way to import a file from the analyst's machine. The body is streamed to
// <data>/uploads/ (0600, never held in memory) and the reply names the path, which graph.import then reads (files
// in the data folder are importable). Token and origin are checked as for the socket; a body over the size limit is
// refused — at once from Content-Length, or as soon as the stream passes it — and the partial file removed. The
// import that reads an upload removes it when it ends (uploadCleanup.ts).
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { tokenMatches } from './hostToken.js';
import { uploadsDir } from './uploadCleanup.js';

export const UPLOAD_PATH = '/upload';
/** Default limit: the largest graph file the import is meant for, with room to spare. */
export const DEFAULT_UPLOAD_LIMIT_BYTES = 2 * 1024 ** 3;
export const TOKEN_HEADER = 'x-ctrlg-token';

export interface UploadOptions {
  dataDir: string;
  token: string;
  limitBytes: number;
  isAllowedOrigin: (origin: string) => boolean;
}

function reply(res: ServerResponse, status: number, body: unknown): void {
  if (res.headersSent) return;
  res.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', Connection: 'close' }).end(JSON.stringify(body));
}

function refuse(res: ServerResponse, status: number, code: string, message: string): void {
  reply(res, status, { ok: false, error: { code, message } });
}

/** Bytes in words: "4 KiB", "1.5 MiB", "2 GiB". */
export function sizeText(n: number): string {
  const units = ['bytes', 'KiB', 'MiB', 'GiB', 'TiB'];
  let v = n;
  let u = 0;
  while (v >= 1024 && u < units.length - 1) (v /= 1024), (u += 1);
  return `${Number.isInteger(v) ? v : v.toFixed(1)} ${units[u]}`;
}

/** A file name safe to keep on disk: the base name, odd characters replaced, at most 100 characters. */
export function safeUploadName(raw: string): string {
  const base = raw.split(/[\\/]/).pop() ?? '';
  const cleaned = base.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^\.+/, '').slice(-100);
  return cleaned || 'upload';
}

export function handleUpload(req: IncomingMessage, res: ServerResponse, options: UploadOptions): void {
  if (req.method !== 'POST') return refuse(res, 405, 'invalid_request', 'Use POST to upload a file.');
  const origin = req.headers.origin;
  if (origin !== undefined && !options.isAllowedOrigin(origin)) return refuse(res, 403, 'forbidden', 'Uploads are accepted from this host’s own page only.');
  if (!tokenMatches(options.token, req.headers[TOKEN_HEADER] as string | undefined))
    return refuse(res, 401, 'forbidden', 'The upload has no valid host token: reload the page from the link the host printed.');
  const url = new URL(req.url ?? '/', 'http://host');
  const name = safeUploadName(url.searchParams.get('name') ?? '');
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > options.limitBytes)
    return refuse(res, 413, 'too_large', `"${name}" is ${sizeText(declared)}: the upload limit is ${sizeText(options.limitBytes)}.`);

  const dir = uploadsDir(options.dataDir);
  const path = join(dir, `${Date.now()}-${randomBytes(4).toString('hex')}-${name}`);
  void (async () => {
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const out = createWriteStream(path, { mode: 0o600 });
    let bytes = 0;
    let failed = false;
    const fail = async (status: number, code: string, message: string): Promise<void> => {
      if (failed) return;
      failed = true;
      req.unpipe(out);
      out.destroy();
      refuse(res, status, code, message);
      req.resume();
      await rm(path, { force: true });
    };
    req.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > options.limitBytes) void fail(413, 'too_large', `"${name}" is larger than the upload limit of ${sizeText(options.limitBytes)}.`);
    });
    req.on('aborted', () => void fail(400, 'cancelled', 'The upload was interrupted.'));
    out.on('error', (e) => void fail(500, 'internal', `Could not store the upload: ${e.message}`));
    out.on('finish', () => {
      if (!failed) reply(res, 200, { ok: true, path, bytes, name });
    });
    req.pipe(out);
  })().catch((e: Error) => refuse(res, 500, 'internal', `Could not store the upload: ${e.message}`));
}
