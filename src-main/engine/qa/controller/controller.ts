// The reasoning-tree controller: builds T_Q from the analysis (bridge nodes for the subquestions on the way, one
// answer node for the last), traverses it top-down and, at the answer node, runs its mode's strategy (explore →
// prune → ground → verify; strategies/), ranks a verified round (memory, else the Brain when unsure) and checks it
// against the whole question, then NextStep (stop, deepen within D_max, switch Topic → Refine → Predict, or prune
// early on a failure warning). InitPolicy sets the answer node's mode and depth from experience and D_predict.
// Topic mode is exactly the single-pass pipeline's deepening loop, so Refine and Predict only ever run on
// questions that pipeline left unanswered; the GraSP selection steps in on incomplete graphs (steps/graspFallback).
import type { ReasoningTreeSummary } from '../../../common/answerTypes.js';
import { NO_EXPERIENCE, type ExperienceReport } from '../../core/experienceProvider.js';
import type { GroundedAnswer } from '../../core/types.js';
import type { GraspModeOptions } from './graspMode.js';
import { initPolicy } from './initPolicy.js';
import { nodeNote } from './nodeNotes.js';
import type { QuestionSession } from './questionSession.js';
import { ReasoningTree, summarizeTree, type ReasoningNode } from './reasoningTree.js';
import { addBridgeNodes } from './steps/bridgeNodes.js';
import { failureWarning } from './steps/failureWarning.js';
import { graspBeforeCostlierModes, graspCompetes, graspFallback, graspOnShortChain } from './steps/graspFallback.js';
import { decideNext, emptyTrail, followDecision, settleNode } from './steps/nextNode.js';
import { NO_BRAIN_CALLS, rankVerifiedRound, tallyBrain, type BrainTally, type RankingOptions } from './steps/rankVerifiedRound.js';
import { runNode } from './strategies/modeStrategies.js';
import { nodeContextOf } from './strategies/nodeStrategy.js';
import { subquestionText } from './subquestionText.js';

export interface ControllerOptions extends RankingOptions {
  /** Retrieved experience for this question (NO_EXPERIENCE without a provider). */
  experience?: ExperienceReport;
  /**
   * Trained GraSP selector: its selection answers (with one inferred edge at most) when Topic verified nothing, or
   * competes by chain score when Topic verified only a shorter or weaker chain than the best-scoring one.
   */
  grasp?: GraspModeOptions;
  /** Live progress: the tree after every change. */
  onTreeUpdate?: (tree: ReasoningTreeSummary) => void;
}

export interface ControllerResult {
  answers: GroundedAnswer[];
  tree: ReasoningTree;
  /**
   * How often the Brain step was asked and how often its ranking was applied; `saved`: Brain ranking calls a
   * confident memory match stood in for (the local choice was unsure, and the reused chains decided instead).
   */
  brain: BrainTally;
}

export async function runController(s: QuestionSession, options: ControllerOptions = {}): Promise<ControllerResult> {
  const { analysis } = s;
  const experience = options.experience ?? NO_EXPERIENCE;
  const tree = new ReasoningTree();
  let brain = NO_BRAIN_CALLS;
  const emit = (): void => options.onTreeUpdate?.(summarizeTree(tree));
  const done = (answers: GroundedAnswer[]): ControllerResult => (emit(), { answers, tree, brain });

  const bridges = addBridgeNodes(s, tree);
  if (bridges.count > 0) emit();

  // The answer node: InitPolicy, then its mode's strategy → ranking → whole-question check → NextStep.
  const init = initPolicy({ dPredict: analysis.dPredict, dMax: s.dMax, experience });
  const ctx = nodeContextOf(analysis, experience, bridges);
  const whole = subquestionText(analysis, s.anchorTokens, bridges.count, analysis.chain.length);
  const reuse = experience.reuse;
  let node: ReasoningNode = tree.add({ parent: bridges.parent, subquestion: whole, role: { kind: 'answer' }, depth: init.depth, mode: init.mode, notes: [init.note, ...(reuse ? [nodeNote.memoryReuse(reuse)] : [])] });
  const trail = emptyTrail();
  let graspTried = false;
  for (;;) {
    emit();
    const warning = failureWarning(analysis, experience, node);
    if (warning) node.notes.push(nodeNote.skipped(warning));
    const round = warning ? undefined : await runNode(s, node, ctx);
    if (round && round.answers.length > 0) {
      const r = await rankVerifiedRound(s, node, round, reuse, options);
      round.answers = r.answers;
      brain = tallyBrain(brain, r.ranked);
    }
    const found = round?.answers ?? [];
    settleNode(node, found, trail);
    if (found.length > 0) {
      if (!options.grasp || graspTried || !graspCompetes(s, node, found)) return done(found);
      return done(await graspOnShortChain(s, tree, node, whole, options.grasp, found));
    }
    const decision = await decideNext(s, node, trail, init.depth);
    if (options.grasp && !graspTried && graspBeforeCostlierModes(node, decision)) {
      graspTried = true;
      const g = await graspFallback(s, tree, node, whole, options.grasp);
      node = g.node;
      if (g.answers.length > 0) return done(g.answers);
    }
    const next = followDecision(tree, node, decision, whole);
    if (!next) return done([]);
    node = next;
  }
}
