// The approval gate's face: opens when a Brain call waits (brain.approvalRequested) and shows exactly what
// would leave — the payload text, the exposure report and a picture of the exposed subgraph — with Approve,
// Edit and Deny. Nothing is sent until the analyst approves; closing the window is not approving. When the report
// flags uniquely identifiable tokens, one button drafts the edit that drops every path showing them.
// Keyboard: Enter approves (outside form controls), Escape asks to confirm a denial and a second Escape denies.
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { pathsExposingUnique, useBrainStore } from '../../stores/brainStore.js';
import { useAskStore } from '../../stores/askStore.js';
import { ErrorNotice } from '../ErrorNotice.js';
import { ExposedSubgraphCanvas } from './ExposedSubgraphCanvas.js';
import { ExposureReportView } from './ExposureReportView.js';
import { FullRequestView } from './FullRequestView.js';
import { PayloadEditor } from './PayloadEditor.js';

export function ApprovalDialog() {
  const request = useBrainStore((s) => s.queue[0]);
  const waiting = useBrainStore((s) => s.queue.length);
  const editing = useBrainStore((s) => s.editing);
  const draft = useBrainStore((s) => s.draft);
  const preview = useBrainStore((s) => s.preview);
  const problem = useBrainStore((s) => s.previewProblem);
  const deciding = useBrainStore((s) => s.deciding);
  const error = useBrainStore((s) => s.error);
  const approveAll = useBrainStore((s) => (request ? (s.approveAll[request.questionId] ?? false) : false));
  const { decide, startEdit, cancelEdit, setApproveAll, dropUnique } = useBrainStore.getState();
  // The question this call belongs to, when this window asked it: it can be cancelled from here.
  const ownQuestion = useAskStore((s) => s.running && s.questionId === request?.questionId);
  const cancelQuestion = useAskStore((s) => s.cancel);
  const dialogRef = useRef<HTMLDivElement>(null);
  const [confirmDeny, setConfirmDeny] = useState(false);

  useEffect(() => {
    setConfirmDeny(false);
    if (request) dialogRef.current?.focus();
  }, [request?.id]);

  if (!request) return null;
  const drafted = draft.dropPaths.length + draft.dropFields.length > 0;
  // In edit mode with something ticked, everything shown is the edited payload's report.
  const report = editing && preview ? preview : request.report;
  const canSendEdit = editing && drafted && preview !== null && !problem;
  const uniquePaths = pathsExposingUnique(request.report);
  const edited = request.edited;

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>): void => {
    if (deciding) return;
    if (e.key === 'Escape') {
      e.preventDefault();
      if (confirmDeny) void decide('deny');
      else setConfirmDeny(true);
      return;
    }
    // Enter in a field, on a button or a summary does what that control does; elsewhere it approves.
    const target = e.target as HTMLElement;
    if (e.key !== 'Enter' || editing || confirmDeny || target.closest('input, textarea, select, button, summary, a')) return;
    e.preventDefault();
    void decide('approve');
  };

  return (
    <div className="modal-backdrop">
      <div
        className="modal approval-modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby="approval-title"
        data-testid="approval-dialog"
        data-request={request.id}
        data-edited={edited ? 'true' : 'false'}
        tabIndex={-1}
        ref={dialogRef}
        onKeyDown={onKeyDown}
      >
        <header className="modal-head">
          <h2 id="approval-title">
            Approve {edited ? 'edited ' : ''}Brain call {request.call} <span className="muted small">({report.role})</span>
          </h2>
          {edited && (
            <span className="tag tag-edited" data-testid="approval-edited">
              edited: dropped {[...edited.dropPaths.map((id) => `P${id}`), ...edited.dropFields].join(', ')}
            </span>
          )}
          <span className="muted small">{waiting > 1 ? `${waiting - 1} more waiting · ` : ''}nothing leaves until you approve</span>
        </header>
        <div className="modal-body approval-body">
          <div className="approval-columns">
            <section className="approval-left">
              <h3>
                Payload text {editing && preview && <span className="tag tag-edited">edit preview</span>}
                {!editing && edited && <span className="tag tag-edited">edited payload</span>}
              </h3>
              <pre className="payload-text" data-testid="approval-payload">
                {report.text}
              </pre>
              {report.request && <FullRequestView request={report.request} />}
              {editing && <PayloadEditor report={request.report} />}
            </section>
            <section className="approval-right">
              <h3>Exposed subgraph</h3>
              <ExposedSubgraphCanvas subgraph={report.subgraph} />
              <ExposureReportView report={report} />
            </section>
          </div>
          {error && <ErrorNotice error={error} testId="approval-error" />}
          {confirmDeny && (
            <div className="warning deny-confirm" role="alert" data-testid="deny-confirm">
              Deny this call? Nothing is sent and the question goes on locally. Press Escape again to deny.
              <button type="button" className="button danger" onClick={() => void decide('deny')} data-testid="deny-confirm-yes">
                Deny
              </button>
              <button type="button" className="button" onClick={() => setConfirmDeny(false)} data-testid="deny-confirm-no">
                Keep reviewing
              </button>
            </div>
          )}
        </div>
        <footer className="approval-foot">
          <label className={`check approve-all${approveAll ? ' approve-all-on' : ''}`} data-testid="approve-all-label">
            <input type="checkbox" checked={approveAll} onChange={(e) => setApproveAll(request.questionId, e.target.checked)} data-testid="approve-all" />
            Approve all further calls for this question
            {approveAll && <strong className="approve-all-flag"> · ON: later calls of this question will not ask</strong>}
          </label>
          <div className="row">
            {editing ? (
              <>
                <button type="button" className="button" onClick={cancelEdit} disabled={deciding}>
                  Cancel edit
                </button>
                <button type="button" className="button primary" onClick={() => void decide('edit')} disabled={deciding || !canSendEdit} data-testid="approval-apply-edit">
                  Use edited payload
                </button>
              </>
            ) : (
              <>
                {ownQuestion && (
                  <button type="button" className="button" onClick={() => void cancelQuestion()} disabled={deciding} data-testid="approval-cancel-question" title="Stops the question; nothing is sent">
                    Cancel question
                  </button>
                )}
                <button type="button" className="button danger" onClick={() => void decide('deny')} disabled={deciding} data-testid="approval-deny">
                  Deny
                </button>
                <button type="button" className="button" onClick={startEdit} disabled={deciding} data-testid="approval-edit">
                  Edit…
                </button>
                {uniquePaths.length > 0 && (
                  <button
                    type="button"
                    className="button warn"
                    onClick={() => void dropUnique()}
                    disabled={deciding}
                    data-testid="drop-unique"
                    title={`Drafts an edit dropping ${uniquePaths.map((id) => `P${id}`).join(', ')}; review it, then use the edited payload`}
                  >
                    Drop paths exposing unique tokens ({uniquePaths.length})
                  </button>
                )}
                <button
                  type="button"
                  className="button primary"
                  onClick={() => void decide('approve')}
                  disabled={deciding}
                  data-testid="approval-approve"
                  title="Enter"
                >
                  {approveAll ? 'Approve (and all later calls)' : 'Approve and send'}
                </button>
              </>
            )}
          </div>
        </footer>
      </div>
    </div>
  );
}
