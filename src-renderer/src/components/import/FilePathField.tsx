// Path of the file to import, on the machine that runs the engine: typed, picked with the native dialog
// (Electron), or filled with the bundled demo graph. The browser host has no native dialog, so Browse…
// disables itself once the engine answers with no path there.
import { useState } from 'react';
import type { ApiErrorBody } from '../../../../src-main/common/contract.js';
import { callChannel } from '../../api/callChannel.js';
import { useGraphsStore } from '../../stores/graphsStore.js';
import { useImportStore } from '../../stores/importStore.js';
import { ErrorNotice } from '../ErrorNotice.js';
import { DropPath } from './DropPath.js';
import { FileUpload } from './FileUpload.js';

export function FilePathField({ disabled }: { disabled: boolean }) {
  const file = useImportStore((s) => s.form.file);
  const graphName = useImportStore((s) => s.form.graph);
  const setForm = useImportStore((s) => s.setForm);
  const appInfo = useGraphsStore((s) => s.appInfo);
  const [browseUnavailable, setBrowseUnavailable] = useState(false);
  const [browseError, setBrowseError] = useState<ApiErrorBody | null>(null);

  async function browse() {
    setBrowseError(null);
    const res = await callChannel('dialog.openFile', {});
    if (!res.ok) {
      if (res.error.code === 'not_available') setBrowseUnavailable(true);
      else setBrowseError(res.error);
      return;
    }
    if (res.value.path) setForm({ file: res.value.path, graph: graphName || graphNameFromPath(res.value.path) });
    else if (appInfo?.transport === 'host') setBrowseUnavailable(true); // null here means "no dialog", not "cancelled"
  }

  function useDemo() {
    if (!appInfo) return;
    setForm({ file: appInfo.demoFile, graph: appInfo.demoGraph, format: 'auto' });
  }

  return (
    <div className="field">
      <span>File on the engine machine</span>
      <div className="row">
        <input
          className="input grow mono"
          value={file}
          onChange={(e) => setForm({ file: e.target.value })}
          placeholder="/path/to/triples.txt"
          required
          disabled={disabled}
          data-testid="import-file"
          spellCheck={false}
        />
        {!browseUnavailable && (
          <button type="button" className="button" onClick={() => void browse()} disabled={disabled} data-testid="import-browse">
            Browse…
          </button>
        )}
      </div>
      {browseUnavailable && (
        <p className="muted small" data-testid="browse-unavailable">
          No file dialog in the browser host: type the path, or upload the file.
        </p>
      )}
      {appInfo?.transport === 'electron' && <DropPath disabled={disabled} onPath={(path) => setForm({ file: path, graph: graphName || graphNameFromPath(path) })} />}
      {appInfo?.transport === 'host' && (
        <FileUpload disabled={disabled} onUploaded={(path, name) => setForm({ file: path, graph: graphName || graphNameFromPath(name) })} />
      )}
      {browseError && <ErrorNotice error={browseError} testId="browse-error" />}
      <button
        type="button"
        className="link-button"
        onClick={useDemo}
        disabled={disabled || !appInfo}
        data-testid="import-use-demo"
        title={appInfo?.demoFile}
      >
        Use bundled demo graph
      </button>
    </div>
  );
}

/** A valid graph name suggested from a file name (letters, digits, ".", "_", "-"). */
export function graphNameFromPath(path: string): string {
  const base = path.split(/[\\/]/).pop() ?? '';
  const stem = base.replace(/\.[^.]+$/, '');
  return stem.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[^A-Za-z0-9]+/, '').slice(0, 64);
}
