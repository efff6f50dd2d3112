// The bridge nodes of T_Q: one per subquestion before the answer's, top-down along the indicator chain. A bridge
// whose step has no raw edge is pruned, and the answer node then searches from the first position that broke.
import { propagateBridges } from '../bridgeCheck.js';
import { nodeNote } from '../nodeNotes.js';
import type { QuestionSession } from '../questionSession.js';
import type { ReasoningTree } from '../reasoningTree.js';
import { subquestionText } from '../subquestionText.js';

export interface BridgeNodes {
  /** Chain positions before the answer's (0 for a single-hop chain: no bridge nodes). */
  count: number;
  /** The last bridge node: the answer node's parent (null without bridges). */
  parent: number | null;
  /** First chain position whose bridge was not found (the answer position when every bridge was). */
  focus: number;
  /** Tokens of each bridge position the chain reached (Refine re-anchors on the last one before the break). */
  bridgeTokens: Map<number, string[]>;
}

export function addBridgeNodes(s: QuestionSession, tree: ReasoningTree): BridgeNodes {
  const { analysis, anchorTokens } = s;
  const count = Math.max(0, analysis.answerPosition - 1);
  const out: BridgeNodes = { count, parent: null, focus: analysis.answerPosition, bridgeTokens: new Map() };
  if (count === 0) return out;
  const layers = propagateBridges({
    vAdj: s.vAdj,
    mapping: s.mapping,
    graph: s.graph,
    anchorToken: anchorTokens[0],
    anchor: analysis.anchorOrder[0],
    anchorTokens,
    steps: analysis.chain.slice(0, count),
  });
  s.lap('bridges');
  for (const layer of layers) {
    const node = tree.add({ parent: out.parent, subquestion: subquestionText(analysis, anchorTokens, layer.position - 1, layer.position), role: { kind: 'bridge', position: layer.position }, depth: layer.position, mode: 'Topic' });
    node.candidates = layer.tokens.slice(0, 50);
    node.evidence = layer.raw;
    if (layer.raw.length > 0) {
      node.status = 'verified';
      out.bridgeTokens.set(layer.position, layer.tokens);
    } else {
      node.status = 'pruned';
      node.notes.push(nodeNote.bridgeMissing(layer.position, analysis.chain[layer.position - 1].visible));
      out.focus = Math.min(out.focus, layer.position);
    }
    out.parent = node.id;
  }
  return out;
}
