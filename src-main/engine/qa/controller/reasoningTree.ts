// The reasoning tree T_Q: one node per subquestion of the analysis (a single-hop question is a one-node tree),
// grown by NextStep with children that deepen or switch mode. Nodes hold only anonymised material (view tokens,
// visible labels, path ids) plus counts, so a summary of the tree can cross IPC and go into eval files as is.
import type { ReasoningMode, ReasoningNodeStatus, ReasoningNodeSummary, ReasoningTreeSummary } from '../../../common/answerTypes.js';
import { hasNote, noteSummary, type NodeNote } from './nodeNotes.js';

export type { ReasoningMode, ReasoningNodeStatus };

/** What a node asks for: a bridge on the way (its chain position) or the answer of the whole question. */
export type NodeRole = { kind: 'bridge'; position: number } | { kind: 'answer' };

export interface ReasoningNode {
  id: number;
  parent: number | null;
  /** Anonymised subquestion (session tokens and visible relation labels only). */
  subquestion: string;
  role: NodeRole;
  /** Depth budget d_v: the path length explored at this node. */
  depth: number;
  /** Mode m_v. */
  mode: ReasoningMode;
  /** Anonymised candidate set: view tokens (bridge nodes) or ids of the kept candidate paths (answer nodes). */
  candidates: string[];
  /** Verified evidence: raw entities that passed verification (indexes; never leave the engine). */
  evidence: number[];
  status: ReasoningNodeStatus;
  /** What happened here, in order (typed; see nodeNotes.ts). */
  notes: NodeNote[];
}

/** Whether a node ran: it settled (verified or pruned) and was not skipped on a failure warning before it ran. */
export const nodeRan = (n: Pick<ReasoningNode, 'status' | 'notes'>): boolean => n.status !== 'active' && !hasNote(n.notes, 'skipped');

export class ReasoningTree {
  readonly nodes: ReasoningNode[] = [];

  add(node: Omit<ReasoningNode, 'id' | 'candidates' | 'evidence' | 'status' | 'notes'> & Partial<Pick<ReasoningNode, 'notes'>>): ReasoningNode {
    const full: ReasoningNode = { candidates: [], evidence: [], status: 'active', notes: [], ...node, id: this.nodes.length };
    this.nodes.push(full);
    return full;
  }

  get(id: number): ReasoningNode {
    const n = this.nodes[id];
    if (!n) throw new Error(`no reasoning node ${id}`);
    return n;
  }

  children(id: number): ReasoningNode[] {
    return this.nodes.filter((n) => n.parent === id);
  }

  /** Active nodes whose parent is settled (verified or pruned) or who have none: the traversal's frontier. */
  frontier(): ReasoningNode[] {
    return this.nodes.filter((n) => n.status === 'active' && (n.parent === null || this.get(n.parent).status !== 'active'));
  }
}

/** The tree as AskResult carries it: counts instead of raw evidence. */
export function summarizeTree(tree: ReasoningTree): ReasoningTreeSummary {
  const modes: ReasoningMode[] = [];
  let depthReached = 0;
  const nodes: ReasoningNodeSummary[] = tree.nodes.map((n) => {
    // Only nodes that ran count: an active node never ran, a node pruned by a failure warning was skipped.
    if (nodeRan(n)) {
      if (!modes.includes(n.mode)) modes.push(n.mode);
      depthReached = Math.max(depthReached, n.depth);
    }
    return { id: n.id, parent: n.parent, subquestion: n.subquestion, mode: n.mode, depth: n.depth, status: n.status, evidence: n.evidence.length, notes: n.notes.map(noteSummary) };
  });
  return { nodes, modes, depthReached };
}
