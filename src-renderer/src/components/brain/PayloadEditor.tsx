// Edit mode: checkboxes to drop candidate paths and optional fields. Each change asks the engine for the edited
// payload's report (brain.previewEdit), so what the dialog shows is always what would be sent.
import type { ExposureReport, PayloadField } from '../../../../src-main/common/brainTypes.js';
import { useBrainStore } from '../../stores/brainStore.js';

const FIELD_LABEL: Record<PayloadField, string> = {
  indicator: 'Indicator (relation sketch)',
  literals: 'Literal values',
  relations: 'Relation vocabulary',
};

export function PayloadEditor({ report }: { report: ExposureReport }) {
  const draft = useBrainStore((s) => s.draft);
  const problem = useBrainStore((s) => s.previewProblem);
  const toggleDrop = useBrainStore((s) => s.toggleDrop);
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
        <legend>Candidate paths ({report.paths.length})</legend>
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
