// The selected answer's evidence, side by side and row-aligned: left what a Brain could see (tokens, visible
// relation labels), right the same path in the raw graph. The raw side never leaves this machine, and says so.
import { Fragment, useState } from 'react';
import { NOT_IN_VIEW } from '../../../../src-main/common/answerExport.js';
import type { RankedAnswer } from '../../../../src-main/common/answerTypes.js';
import { shortToken } from './askFormat.js';
import { PathChain } from './PathChain.js';

const INITIAL_PATHS = 5;
const INFERRED_LABEL = 'inferred (missing edge)';

export function EvidencePanes({ answer }: { answer: RankedAnswer }) {
  const [showAll, setShowAll] = useState(false);
  // A raw path may have no sanitized counterpart (a superlative's walk over the whole graph found it locally).
  const count = answer.rawPaths.length;
  const shown = showAll ? count : Math.min(count, INITIAL_PATHS);
  const rows = Array.from({ length: shown }, (_, i) => i);

  return (
    <div className="evidence" data-testid="evidence">
      <div className="evidence-head view-side" data-testid="evidence-view-head">
        <span className="side-badge view">Brain-visible</span>
        <span>Sanitized view (what a Brain could see)</span>
      </div>
      <div className="evidence-head raw-side" data-testid="evidence-raw-head">
        <span className="side-badge raw">Local only</span>
        <span>Raw graph (local only)</span>
      </div>
      {rows.map((i) => {
        const raw = answer.rawPaths[i]!;
        const view = answer.viewPaths[i];
        const at = raw.entities.indexOf(answer.name);
        // One grid row per pair, so a sanitized path sits level with the raw path it stands for.
        return (
          <Fragment key={i}>
            <div className="evidence-cell view-side">
              {view ? (
                <PathChain
                  nodes={view.nodes}
                  edges={view.edges}
                  display={shortToken}
                  highlight={view.nodes.length === raw.entities.length ? at : undefined}
                  testId="view-path"
                />
              ) : (
                <p className="muted small" data-testid="view-path-none">
                  {NOT_IN_VIEW}
                </p>
              )}
            </div>
            <div className="evidence-cell raw-side">
              {/* An inferred step is labelled as on the sanitized side: the raw graph has no such edge. */}
              <PathChain nodes={raw.entities} edges={raw.edges.map((e) => (e.inferred ? { ...e, relation: `${e.relation} [${INFERRED_LABEL}]` } : e))} highlight={at} testId="raw-path" />
            </div>
          </Fragment>
        );
      })}
      {count === 0 && <p className="muted small evidence-empty">No supporting path was kept for this answer.</p>}
      {count > INITIAL_PATHS && (
        <button type="button" className="link-button evidence-more" onClick={() => setShowAll((v) => !v)}>
          {showAll ? 'Show fewer paths' : `Show all ${count} paths`}
        </button>
      )}
    </div>
  );
}
