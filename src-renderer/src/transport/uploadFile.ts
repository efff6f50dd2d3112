// Sends a file the analyst picked or dropped to the browser host's POST /upload (streamed to the engine's data
// folder) and resolves to the path graph.import can read, or to the host's error. Browser host only.
import type { ApiErrorBody } from '../../../src-main/common/contract.js';
import { readHostToken } from './getBridge.js';

export type UploadOutcome = { ok: true; path: string; bytes: number } | { ok: false; error: ApiErrorBody };

export function uploadFile(file: File, onProgress: (sent: number, total: number) => void): Promise<UploadOutcome> {
  let storage: Storage | undefined;
  try {
    storage = window.sessionStorage;
  } catch {
    storage = undefined;
  }
  const token = readHostToken(window.location.hash, storage);
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/upload?name=${encodeURIComponent(file.name)}`);
    xhr.setRequestHeader('X-Ctrlg-Token', token);
    xhr.upload.addEventListener('progress', (e) => onProgress(e.loaded, e.lengthComputable ? e.total : file.size));
    xhr.addEventListener('load', () => {
      try {
        const body = JSON.parse(xhr.responseText) as { ok: boolean; path?: string; bytes?: number; error?: { code: string; message: string } };
        if (body.ok && body.path) resolve({ ok: true, path: body.path, bytes: body.bytes ?? file.size });
        else resolve({ ok: false, error: { code: 'import_failed', message: body.error?.message ?? `Upload failed (HTTP ${xhr.status}).`, details: { code: body.error?.code } } });
      } catch {
        resolve({ ok: false, error: { code: 'import_failed', message: `Upload failed (HTTP ${xhr.status}).` } });
      }
    });
    xhr.addEventListener('error', () => resolve({ ok: false, error: { code: 'import_failed', message: 'The upload could not reach the host (connection closed).' } }));
    xhr.send(file);
  });
}
