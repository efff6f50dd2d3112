// The GGUF files the engine can see, with their metadata; broken files are listed with why they cannot load.
// Clicking a usable row picks it in the load form.
import { formatBytes, formatCount } from '../../api/formatters.js';
import { useSettingsStore } from '../../stores/settingsStore.js';
import { ErrorNotice } from '../ErrorNotice.js';
import { PROBLEM_ADVICE, formatParameters } from './modelFormat.js';

export function ModelTable() {
  const list = useSettingsStore((s) => s.list);
  const error = useSettingsStore((s) => s.listError);
  const selected = useSettingsStore((s) => s.form.fileName);
  const loaded = useSettingsStore((s) => s.status?.hand?.fileName ?? null);
  const setForm = useSettingsStore((s) => s.setForm);

  if (error) return <ErrorNotice error={error} testId="models-list-error" />;
  if (!list) return <p className="muted">Reading model files…</p>;

  return (
    <>
      <p className="muted small">
        Added and downloaded models live in <span className="mono">{list.modelsDir}</span>.
      </p>
      {list.models.length === 0 ? (
        <p className="muted" data-testid="models-empty">
          No models yet: add a GGUF file below or download a recommended one.
        </p>
      ) : (
        <table className="model-table" data-testid="model-table">
          <thead>
            <tr>
              <th>File</th>
              <th>Architecture</th>
              <th className="num">Parameters</th>
              <th>Quantisation</th>
              <th className="num">Context</th>
              <th className="num">Size</th>
            </tr>
          </thead>
          <tbody>
            {list.models.map((m) => {
              const usable = Boolean(m.info) && !m.info?.isEmbeddingModel;
              const classes = [m.fileName === selected ? 'selected' : '', m.error ? 'broken' : '', usable ? 'pickable' : '']
                .filter(Boolean)
                .join(' ');
              return (
                <tr
                  key={m.path}
                  className={classes}
                  data-testid={`model-row-${m.fileName}`}
                  data-state={m.error ? 'broken' : 'ok'}
                  onClick={usable ? () => setForm({ fileName: m.fileName }) : undefined}
                  title={m.path}
                >
                  <td>
                    <span className="mono">{m.fileName}</span>
                    {m.fileName === loaded && <span className="tag loaded-tag">loaded</span>}
                    {m.source === 'development' && <span className="tag">dev</span>}
                    {m.info?.isEmbeddingModel && <span className="tag">embedding</span>}
                  </td>
                  {m.info ? (
                    <>
                      <td data-testid="model-architecture">{m.info.architecture}</td>
                      <td className="num" title={formatCount(m.info.parameters)}>
                        {formatParameters(m.info.parameters)}
                      </td>
                      <td>{m.info.quantisation}</td>
                      <td className="num">{m.info.contextLength ? formatCount(m.info.contextLength) : '—'}</td>
                    </>
                  ) : (
                    <td colSpan={4} className="model-problem" data-testid="model-problem" data-problem={m.error?.problem}>
                      <strong>{PROBLEM_ADVICE[m.error?.problem ?? 'corrupt']}</strong> {m.error?.message}
                    </td>
                  )}
                  <td className="num">{formatBytes(m.sizeBytes)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </>
  );
}
