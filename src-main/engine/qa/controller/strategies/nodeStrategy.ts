// What a mode strategy is: one function that runs an answer node in its mode (Topic, Refine, Predict) and returns
// what its round verified, or undefined when the mode had nothing to try (the node is then pruned). Strategies
// write the node's candidates, subquestion and notes; the controller settles its status and evidence.
import type { ExperienceReport } from '../../../core/experienceProvider.js';
import type { Analysis } from '../../../core/handSkills.js';
import type { CandidatePath, GroundedAnswer, GroundedPath } from '../../../core/types.js';
import { visibleChainKey } from '../../hand/followUpQuestion.js';
import type { ChainGuide } from '../../stages/exploreTopicPaths.js';
import { guidesOf } from '../chainGuides.js';
import { withReusedChains } from '../memoryReuse.js';
import type { PayloadRecord, QuestionSession } from '../questionSession.js';
import type { ReasoningNode } from '../reasoningTree.js';

/** What the answer nodes of one question share: the guides Topic explores and where the bridges broke. */
export interface NodeContext {
  topicGuides: ChainGuide[];
  /** Visible chains Topic mode explored (Refine looks past them). */
  exhausted: ReadonlySet<string>;
  /** First chain position whose bridge was not found (the answer position when every bridge was). */
  focus: number;
  /** Tokens of each bridge position that verified. */
  bridgeTokens: ReadonlyMap<number, readonly string[]>;
}

/**
 * The context of a question's answer nodes. A confident memory match's verified chains go first: exploration's
 * beam favours them from the first depth.
 */
export function nodeContextOf(analysis: Analysis, experience: ExperienceReport, bridges: Pick<NodeContext, 'focus' | 'bridgeTokens'>): NodeContext {
  const topicGuides = withReusedChains(guidesOf(analysis), experience);
  const exhausted = new Set(topicGuides.map((g) => visibleChainKey(g.steps)));
  return { topicGuides, exhausted, focus: bridges.focus, bridgeTokens: bridges.bridgeTokens };
}

/** What a node's round verified, the candidates it kept, the indicator it verified with and their payload. */
export interface NodeRound {
  answers: GroundedAnswer[];
  grounded: GroundedPath[];
  kept: CandidatePath[];
  analysis: Analysis;
  payload: PayloadRecord;
}

export type NodeStrategy = (s: QuestionSession, node: ReasoningNode, ctx: NodeContext) => Promise<NodeRound | undefined>;

/** A node's anonymised candidate set: ids of the kept candidate paths. */
export const pathIds = (kept: readonly CandidatePath[]): string[] => kept.map((_p, i) => `P${i + 1}`);
