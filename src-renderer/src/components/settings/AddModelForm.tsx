// "Add model file…": a GGUF path on the engine machine (typed, or picked with the native dialog in the desktop
// app), checked and copied into the models folder. The browser host has no dialog, so Browse… gives way to a hint.
import { useState, type FormEvent } from 'react';
import type { ApiErrorBody } from '../../../../src-main/common/contract.js';
import { callChannel } from '../../api/callChannel.js';
import { useGraphsStore } from '../../stores/graphsStore.js';
import { useSettingsStore } from '../../stores/settingsStore.js';
import { ErrorNotice } from '../ErrorNotice.js';

export function AddModelForm() {
  const path = useSettingsStore((s) => s.addPath);
  const adding = useSettingsStore((s) => s.adding);
  const error = useSettingsStore((s) => s.addError);
  const added = useSettingsStore((s) => s.added);
  const setPath = useSettingsStore((s) => s.setAddPath);
  const addModel = useSettingsStore((s) => s.addModel);
  const transport = useGraphsStore((s) => s.appInfo?.transport);
  const [browseUnavailable, setBrowseUnavailable] = useState(false);
  const [browseError, setBrowseError] = useState<ApiErrorBody | null>(null);

  async function browse() {
    setBrowseError(null);
    const res = await callChannel('dialog.openFile', { kind: 'model' });
    if (!res.ok) {
      if (res.error.code === 'not_available') setBrowseUnavailable(true);
      else setBrowseError(res.error);
      return;
    }
    if (res.value.path) setPath(res.value.path);
    else if (transport === 'host') setBrowseUnavailable(true); // null here means "no dialog", not "cancelled"
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    void addModel();
  }

  return (
    <form className="add-model" onSubmit={submit} data-testid="add-model">
      <label className="field">
        <span>Add model file… (a .gguf on the engine machine; it is checked, then copied into the models folder)</span>
        <div className="row">
          <input
            className="input grow mono"
            value={path}
            onChange={(e) => setPath(e.target.value)}
            placeholder="/path/to/model.gguf"
            disabled={adding}
            data-testid="add-model-path"
            spellCheck={false}
          />
          {!browseUnavailable && (
            <button type="button" className="button" onClick={() => void browse()} disabled={adding} data-testid="add-model-browse">
              Browse…
            </button>
          )}
          <button type="submit" className="button primary" disabled={adding || !path.trim()} data-testid="add-model-submit">
            {adding ? 'Checking…' : 'Add'}
          </button>
        </div>
      </label>
      {browseUnavailable && (
        <p className="muted small" data-testid="add-model-browse-unavailable">
          No file dialog in the browser host: type the path.
        </p>
      )}
      {browseError && <ErrorNotice error={browseError} testId="add-model-browse-error" />}
      {error && <ErrorNotice error={error} testId="add-model-error" />}
      {added && (
        <p className="success small" data-testid="add-model-done">
          Added {added}.
        </p>
      )}
    </form>
  );
}
