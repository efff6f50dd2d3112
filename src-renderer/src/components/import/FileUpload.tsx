// Browser host: pick a file or drop it here; it is streamed to the engine's data folder and the import form gets
// the stored path. The host refuses files over its size limit with a message saying the limit.
import { useState } from 'react';
import type { ApiErrorBody } from '../../../../src-main/common/contract.js';
import { formatBytes } from '../../api/formatters.js';
import { uploadFile } from '../../transport/uploadFile.js';
import { ErrorNotice } from '../ErrorNotice.js';
import { DropZone } from './DropZone.js';

export function FileUpload({ disabled, onUploaded }: { disabled: boolean; onUploaded(path: string, fileName: string): void }) {
  const [progress, setProgress] = useState<{ sent: number; total: number } | null>(null);
  const [error, setError] = useState<ApiErrorBody | null>(null);
  const [done, setDone] = useState<string | null>(null);

  async function send(file: File | undefined): Promise<void> {
    if (!file || disabled || progress) return;
    setError(null);
    setDone(null);
    setProgress({ sent: 0, total: file.size });
    const outcome = await uploadFile(file, (sent, total) => setProgress({ sent, total }));
    setProgress(null);
    if (!outcome.ok) return setError(outcome.error);
    setDone(`${file.name} (${formatBytes(outcome.bytes)}) uploaded`);
    onUploaded(outcome.path, file.name);
  }

  return (
    <DropZone testId="import-drop-zone" onFile={(file) => void send(file)}>
      <label className="button small">
        Upload a file…
        <input type="file" hidden disabled={disabled} onChange={(e) => void send(e.target.files?.[0])} data-testid="import-upload-input" />
      </label>
      <span className="muted small">or drop it here (sent to the engine's data folder, not elsewhere)</span>
      {progress && (
        <span className="small" data-testid="import-upload-progress">
          Uploading {formatBytes(progress.sent)} of {formatBytes(progress.total)}…
        </span>
      )}
      {done && (
        <span className="small success" data-testid="import-upload-done">
          {done}
        </span>
      )}
      {error && <ErrorNotice error={error} testId="import-upload-error" />}
    </DropZone>
  );
}
