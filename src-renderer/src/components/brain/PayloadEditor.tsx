// Edit mode: checkboxes to drop candidate paths and optional fields. Each change asks the engine for the edited
// payload's report (brain.previewEdit), so what the dialog shows is always what would be sent.
// For long payloads: keep the top N paths (in the order the Hand ranked them), or tick all / none at once.
import { useState } from 'react';
import type { ExposureReport, PayloadField } from '../../../../src-main/common/brainTypes.js';
import { pathsBeyondTop, useBrainStore } from '../../stores/brainStore.js';

const FIELD_LABEL: Record<PayloadField, string> = {
  indicator: 'Indicator (relation sketch)',
  literals: 'Literal values',
  relations: 'Relation vocabulary',
};

export function PayloadEditor({ report }: { report: ExposureReport }) {
  const draft = useBrainStore((s) => s.draft);
  const problem = useBrainStore((s) => s.previewProblem);
  const toggleDrop = useBrainStore((s) => s.toggleDrop);
  const setDropPaths = useBrainStore((s) => s.setDropPaths);
  const [keep, setKeep] = useState(Math.min(5, report.paths.length));
  const keepTop = (): void => void setDropPaths(pathsBeyondTop(report, keep));
  return (
    <div className="payload-editor" data-testid="payload-editor">
      <p className="muted small">Tick what to drop. The report and the payload text update to the edited payload.</p>
      {report.droppable.length > 0 && (
        <fieldset className="edit-group">
          <legend>Fields</legend>
          {report.droppable.map((f) => (
            <label key={f} className="check">
              <input type="checkbox" checked={draft.dropFields.includes(f)} onChange={() => void toggleDrop({ field: f })} data-testid={`drop-field-${f}`} />
              Drop {FIELD_LABEL[f]}
            </label>
          ))}
        </fieldset>
      )}
      <fieldset className="edit-group edit-paths">
        <legend>
          Candidate paths ({report.paths.length}, {report.paths.length - draft.dropPaths.length} kept)
        </legend>
        {report.paths.length > 1 && (
          <div className="row path-bulk">
            <label className="small">
              Keep top{' '}
              <input
                type="number"
                min={1}
                max={report.paths.length}
                value={keep}
                onChange={(e) => setKeep(Number(e.target.value))}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') keepTop();
                }}
                data-testid="keep-top-n"
                className="keep-top-input"
              />{' '}
              paths
            </label>
            <button type="button" className="button small" onClick={keepTop} data-testid="keep-top-apply">
              Keep top {keep}
            </button>
            <button type="button" className="button small" onClick={() => void setDropPaths(report.paths.map((p) => p.id))} data-testid="drop-all-paths">
              Tick all
            </button>
            <button type="button" className="button small" onClick={() => void setDropPaths([])} data-testid="drop-no-paths">
              Tick none
            </button>
          </div>
        )}
        {report.paths.map((p) => (
          <label key={p.id} className="check path-check">
            <input type="checkbox" checked={draft.dropPaths.includes(p.id)} onChange={() => void toggleDrop({ path: p.id })} data-testid="drop-path" data-path={p.id} />
            {/* Before the text, which is cut to one line: the mark must stay visible. */}
            {(p.unique?.length ?? 0) > 0 && (
              <span className="tag tag-unique" data-testid="path-unique" title={`Shows ${p.unique!.join(', ')}: only one entity of your graph fits`}>
                unique
              </span>
            )}
            <span className="mono ellipsis" title={p.text}>
              {p.text}
            </span>
          </label>
        ))}
      </fieldset>
      {problem && (
        <p className="warning small" data-testid="edit-problem">
          {problem}
        </p>
      )}
    </div>
  );
}
