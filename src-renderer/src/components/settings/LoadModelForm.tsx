// Load / Unload the Hand: which model, GPU or CPU, GPU layers, threads and context size, with the fit
// estimate for exactly these settings shown before loading and the load's progress while it runs.
import { useEffect, type FormEvent } from 'react';
import { useDebouncedValue } from '../../hooks/useDebouncedValue.js';
import { useSettingsStore } from '../../stores/settingsStore.js';
import { ErrorNotice } from '../ErrorNotice.js';
import { FitEstimateNote } from './FitEstimateNote.js';
import { LOAD_PHASE_LABEL } from './modelFormat.js';

export function LoadModelForm() {
  const form = useSettingsStore((s) => s.form);
  // Select the list itself: a fresh `?? []` per call would make zustand re-render forever.
  const models = useSettingsStore((s) => s.list)?.models ?? [];
  const loading = useSettingsStore((s) => s.loading);
  const unloading = useSettingsStore((s) => s.unloading);
  const loadError = useSettingsStore((s) => s.loadError);
  const loaded = useSettingsStore((s) => s.status?.hand ?? null);
  const { setForm, estimateFit, load, unload } = useSettingsStore.getState();
  const usable = models.filter((m) => m.info && !m.info.isEmbeddingModel);
  const busy = loading !== null || unloading;
  const fit = useSettingsStore((s) => s.fit);
  const layers = usable.find((m) => m.fileName === form.fileName)?.info?.layers ?? 0;
  // "auto" sits where the estimate put it (all layers when nothing is known yet).
  const typed = Number(form.gpuLayers);
  const sliderValue = form.gpuLayers.trim() !== '' && form.gpuLayers !== 'auto' && Number.isInteger(typed) ? Math.min(layers, Math.max(0, typed)) : Math.min(layers, fit?.gpuLayers ?? layers);

  // Estimate again once the settings stop changing (typing a context size should not start one per key).
  const settled = useDebouncedValue(JSON.stringify(form), 400);
  useEffect(() => {
    void estimateFit();
  }, [settled, estimateFit]);

  function submit(e: FormEvent) {
    e.preventDefault();
    void load();
  }

  return (
    <form className="card load-form" onSubmit={submit} data-testid="load-form">
      <h3>Load a model</h3>
      <label className="field">
        <span>Model</span>
        <select
          className="input"
          value={form.fileName}
          onChange={(e) => setForm({ fileName: e.target.value })}
          disabled={busy || usable.length === 0}
          data-testid="load-model"
        >
          {usable.length === 0 && <option value="">No loadable models</option>}
          {usable.map((m) => (
            <option key={m.path} value={m.fileName}>
              {m.fileName}
            </option>
          ))}
        </select>
      </label>
      <div className="load-settings">
        <label className="field">
          <span>Compute</span>
          <select
            className="input"
            value={form.gpu}
            onChange={(e) => setForm({ gpu: e.target.value as 'auto' | 'cpu' })}
            disabled={busy}
            data-testid="load-gpu"
          >
            <option value="auto">GPU if available</option>
            <option value="cpu">CPU only</option>
          </select>
        </label>
        <label className="field">
          <span>GPU layers</span>
          <input
            className="input"
            value={form.gpuLayers}
            onChange={(e) => setForm({ gpuLayers: e.target.value })}
            disabled={busy || form.gpu === 'cpu'}
            placeholder="auto"
            data-testid="load-gpu-layers"
          />
          {/* The same setting as a slider over the model's layers; the fit estimate below follows it (VRAM/RAM). */}
          {layers > 0 && (
            <input
              type="range"
              min={0}
              max={layers}
              step={1}
              value={sliderValue}
              onChange={(e) => setForm({ gpuLayers: e.target.value })}
              disabled={busy || form.gpu === 'cpu'}
              aria-label={`GPU layers, 0 to ${layers}`}
              data-testid="load-gpu-layers-slider"
            />
          )}
        </label>
        <label className="field">
          <span>Threads</span>
          <input
            className="input"
            value={form.threads}
            onChange={(e) => setForm({ threads: e.target.value })}
            disabled={busy}
            placeholder="all cores"
            inputMode="numeric"
            data-testid="load-threads"
          />
        </label>
        <label className="field">
          <span>Context size</span>
          <input
            className="input"
            value={form.contextSize}
            onChange={(e) => setForm({ contextSize: e.target.value })}
            disabled={busy}
            placeholder="model default"
            inputMode="numeric"
            data-testid="load-context-size"
          />
        </label>
      </div>
      <FitEstimateNote />
      {loading && (
        <div className="import-progress" data-testid="load-progress" data-phase={loading.phase}>
          <div className="progress-head">
            <span>{LOAD_PHASE_LABEL[loading.phase]}</span>
            <span>{Math.round(loading.fraction * 100)}%</span>
          </div>
          <div className="progress-track running" role="progressbar" aria-valuenow={Math.round(loading.fraction * 100)}>
            <span className="progress-fill" style={{ width: `${loading.fraction * 100}%` }} />
          </div>
        </div>
      )}
      {loadError && <ErrorNotice error={loadError} testId="load-error" />}
      <div className="row">
        <button type="submit" className="button primary" disabled={busy || !form.fileName} data-testid="load-submit">
          {loading ? 'Loading…' : loaded ? 'Load (replaces current)' : 'Load'}
        </button>
        <button type="button" className="button" onClick={() => void unload()} disabled={busy || !loaded} data-testid="unload">
          {unloading ? 'Unloading…' : 'Unload'}
        </button>
      </div>
    </form>
  );
}
