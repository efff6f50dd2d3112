// One reading's exposure record (core's QuestionExposure): the entities of G_Q^raw, and per payload built the
// entities behind the tokens its exact text carries. Read off the text, not the structure, because the text is what
// a Brain receives; resolved through φ_Q, so it must run before the mapping is discarded.
import type { PayloadStatus } from '../../common/answerTypes.js';
import type { BrainPayload } from '../../common/brainTypes.js';
import { TOKEN_PREFIX } from '../core/tokens.js';
import type { QuestionExposure, QuestionSubgraph, ViewMapping } from '../core/types.js';
import { literalKinds } from '../graph/literalBuckets.js';
import type { MemoryGraph } from '../graph/memoryGraph.js';
import { tokensIn } from '../payload/exposureReport.js';

/** Pure (reads φ_Q). Literal values are left out on both sides: node exposure is about entities. */
export function questionExposure(
  graph: MemoryGraph,
  subgraph: QuestionSubgraph,
  mapping: ViewMapping,
  payloads: readonly { payload: BrainPayload; status: PayloadStatus }[],
): QuestionExposure {
  const codes = literalKinds(graph);
  const isEntity = (e: number): boolean => codes[e] === 0;
  const eligible = new Set<number>();
  for (const e of subgraph.anchors) eligible.add(e);
  for (const e of subgraph.nodes) eligible.add(e);
  for (const ed of subgraph.edges) eligible.add(ed.head).add(ed.tail);
  return {
    eligible: [...eligible].filter(isEntity).sort((a, b) => a - b),
    payloads: payloads.map(({ payload, status }) => {
      const alone = new Set<number>();
      const any = new Set<number>();
      for (const token of tokensIn(payload.text)) {
        const members = mapping.members(token).filter(isEntity);
        for (const e of members) any.add(e);
        if (token.startsWith(TOKEN_PREFIX.entity) && members.length === 1) alone.add(members[0]);
      }
      return { status, alone: [...alone].sort((a, b) => a - b), any: [...any].sort((a, b) => a - b) };
    }),
  };
}
