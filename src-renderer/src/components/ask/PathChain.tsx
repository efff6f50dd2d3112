// One path drawn as chips and arrows. The sanitized pane passes tokens (shortened, full token on hover), the
// raw pane passes names; `highlight` marks the answer's position so the two panes can be compared at a glance.
import type { Direction } from '../../../../src-main/common/graphTypes.js';
import { arrow, chainSteps, chainText } from './pathChain.js';

interface Props {
  nodes: string[];
  edges: { relation: string; direction: Direction }[];
  /** What a chip shows for a node (e.g. a shortened token); the full value goes in its title. */
  display?: (node: string) => string;
  highlight?: number;
  testId: string;
}

export function PathChain({ nodes, edges, display = (n) => n, highlight, testId }: Props) {
  return (
    // The aria-label and data-chain carry the whole path as plain text, for screen readers and tests.
    <div className="path-chain" data-testid={testId} data-chain={chainText(nodes, edges)} aria-label={chainText(nodes, edges)}>
      {chainSteps(nodes, edges).map(({ node, edge }, i) => (
        <span className="path-step" key={i}>
          <span className={`path-node${i === highlight ? ' answer' : ''}`} title={node}>
            {display(node)}
          </span>
          {edge && <span className={`path-edge ${edge.direction}`}>{arrow(edge.relation, edge.direction)}</span>}
        </span>
      ))}
    </div>
  );
}
