// Brain settings: none / local (the loaded Hand) / remote (an OpenAI-compatible endpoint). The API key field is
// write-only: the engine never sends the key back, only whether one is stored. Remote mode cannot be saved
// without an endpoint and a model.
import { useEffect, useState, type FormEvent } from 'react';
import type { BrainMode, BrainPolicySetting } from '../../../../src-main/common/brainContract.js';
import { useBrainStore } from '../../stores/brainStore.js';
import { ErrorNotice } from '../ErrorNotice.js';

const MODES: { value: BrainMode; label: string }[] = [
  { value: 'none', label: 'None — answer everything locally' },
  { value: 'local', label: 'Local — the loaded Hand model (no network)' },
  { value: 'openai', label: 'Remote — OpenAI-compatible endpoint (every call needs approval)' },
];

export function BrainSettingsCard() {
  const config = useBrainStore((s) => s.config);
  const error = useBrainStore((s) => s.configError);
  const { loadConfig, saveConfig } = useBrainStore.getState();
  const [mode, setMode] = useState<BrainMode>('none');
  const [url, setUrl] = useState('');
  const [model, setModel] = useState('');
  const [apiKey, setApiKey] = useState('');
  const [policy, setPolicy] = useState<BrainPolicySetting>('whenUnsure');
  const [saved, setSaved] = useState(false);
  // Once the analyst changes a field, a settings load that lands later must not overwrite the choice (it used to snap
  // the mode back to "None" when the first load raced a quick selection).
  const [edited, setEdited] = useState(false);
  const edit =
    <T,>(set: (v: T) => void) =>
    (v: T): void => {
      setEdited(true);
      setSaved(false);
      set(v);
    };

  useEffect(() => void loadConfig(), [loadConfig]);
  useEffect(() => {
    if (!config || edited) return;
    setMode(config.mode);
    setUrl(config.url ?? '');
    setModel(config.model ?? '');
    setPolicy(config.policy);
  }, [config, edited]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setSaved(false);
    const ok = await saveConfig({ mode, policy, ...(url.trim() ? { url: url.trim() } : {}), ...(model.trim() ? { model: model.trim() } : {}), ...(apiKey ? { apiKey } : {}) });
    if (ok) {
      setApiKey('');
      setSaved(true);
      setEdited(false);
    }
  }

  return (
    <form className="card brain-settings" onSubmit={(e) => void submit(e)} data-testid="brain-settings">
      <h3>Brain</h3>
      <p className="muted small" data-testid="brain-describe">
        {config?.describe ?? 'Loading…'}
      </p>
      <label className="field">
        <span>Mode</span>
        <select className="input" value={mode} onChange={(e) => edit(setMode)(e.target.value as BrainMode)} disabled={!config} data-testid="brain-mode">
          {MODES.map((m) => (
            <option key={m.value} value={m.value}>
              {m.label}
            </option>
          ))}
        </select>
      </label>
      {mode === 'openai' && (
        <div className="form-grid">
          <label className="field">
            <span>Endpoint URL</span>
            <input className="input" value={url} onChange={(e) => edit(setUrl)(e.target.value)} placeholder="https://api.openai.com/v1" data-testid="brain-url" />
          </label>
          <label className="field">
            <span>Model</span>
            <input className="input" value={model} onChange={(e) => edit(setModel)(e.target.value)} placeholder="gpt-4o-mini" data-testid="brain-model" />
          </label>
          <label className="field">
            <span>
              API key {config?.hasKey ? <span className="tag">stored</span> : <span className="tag">none</span>}
            </span>
            <input
              className="input"
              type="password"
              autoComplete="off"
              value={apiKey}
              onChange={(e) => edit(setApiKey)(e.target.value)}
              disabled={config ? !config.keyWritable : false}
              placeholder={config && !config.keyWritable ? 'set CTRLG_BRAIN_API_KEY for the host' : config?.hasKey ? 'leave empty to keep the stored key' : 'sk-…'}
              data-testid="brain-key"
            />
          </label>
          <label className="field">
            <span>Ask the Brain</span>
            <select className="input" value={policy} onChange={(e) => edit(setPolicy)(e.target.value as BrainPolicySetting)} data-testid="brain-policy">
              <option value="whenUnsure">Only when the local choice is unsure</option>
              <option value="always">At every answer round</option>
            </select>
          </label>
        </div>
      )}
      {config && mode === 'openai' && (
        <p className="muted small">
          Key storage: {config.keyStorage === 'safeStorage' ? 'OS keychain (Electron safeStorage)' : config.keyStorage === 'env' ? 'environment variable CTRLG_BRAIN_API_KEY' : 'memory'}. The key is never shown again.
        </p>
      )}
      {error && <ErrorNotice error={error} testId="brain-settings-error" />}
      <div className="row">
        <button type="submit" className="button primary" data-testid="brain-save">
          Save Brain settings
        </button>
        {saved && (
          <span className="success small" data-testid="brain-saved">
            Saved.
          </span>
        )}
      </div>
    </form>
  );
}
