// The reasoning tree T_Q of a question: live while the controller runs (qa.treeUpdate), final with the result.
// Each node shows its anonymised subquestion, mode, depth budget, status and how much evidence verified there,
// with its latest note (every note on hover); children are indented under their parent, so deepening and mode
// switches read top-down.
import type { ReasoningNodeSummary, ReasoningTreeSummary } from '../../../../src-main/common/answerTypes.js';

function depthOf(node: ReasoningNodeSummary, byId: Map<number, ReasoningNodeSummary>): number {
  let d = 0;
  for (let p = node.parent; p !== null && d < 50; p = byId.get(p)?.parent ?? null) d++;
  return d;
}

function TreeNode({ node: n, indent }: { node: ReasoningNodeSummary; indent: number }) {
  const last = n.notes[n.notes.length - 1];
  return (
    <li
      className={`tree-node ${n.status}`}
      data-testid="tree-node"
      data-status={n.status}
      data-mode={n.mode}
      style={{ marginLeft: `${indent * 1.2}em` }}
      title={n.notes.map((x) => x.text).join('\n')}
    >
      <span className={`tree-status ${n.status}`}>{n.status === 'verified' ? '✓' : n.status === 'pruned' ? '✗' : '…'}</span>{' '}
      <span className="tree-mode">{n.mode}</span> <span className="tree-depth">d={n.depth}</span>{' '}
      <span className="tree-subquestion">{n.subquestion}</span>{' '}
      <span className="muted small" data-testid="tree-evidence">
        evidence {n.evidence}
      </span>
      {last && (
        <div className="muted small tree-notes" data-testid="tree-note" data-kind={last.kind}>
          {last.text}
        </div>
      )}
    </li>
  );
}

export function ReasoningTreeCard({ tree, live = false }: { tree: ReasoningTreeSummary | null | undefined; live?: boolean }) {
  if (!tree) return null;
  const byId = new Map(tree.nodes.map((n) => [n.id, n]));
  return (
    <div className="card reasoning-tree" data-testid="reasoning-tree" data-live={live}>
      <h3>
        Reasoning tree{live && <span className="muted small"> (running…)</span>}
      </h3>
      <div className="muted small">
        {tree.nodes.length} node{tree.nodes.length === 1 ? '' : 's'} · modes {tree.modes.join(' → ') || '—'} · depth reached {tree.depthReached}
      </div>
      <ul className="tree-nodes">
        {tree.nodes.map((n) => (
          <TreeNode key={n.id} node={n} indent={depthOf(n, byId)} />
        ))}
      </ul>
    </div>
  );
}
