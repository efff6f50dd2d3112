// The reasoning-tree controller: builds T_Q from the analysis (bridge nodes for the subquestions on the way, one
// answer node for the last), traverses it top-down and, at the answer node, runs explore → prune → optional Brain
// ranking → ground → verify, then NextStep (stop, deepen within D_max, switch Topic → Refine → Predict, or prune
// early on a failure warning). InitPolicy sets the answer node's mode and depth from experience and D_predict.
// Topic mode is exactly the single-pass pipeline's deepening loop, so Refine and Predict only ever run on
// questions that pipeline left unanswered.
import type { ReasoningTreeSummary } from '../../../common/answerTypes.js';
import type { Analysis, FollowUpQuestionSkill } from '../../core/handSkills.js';
import { followUpQuestion, visibleChainKey } from '../hand/followUpQuestion.js';
import type { GroundedPath } from '../../core/types.js';
import type { CandidatePath, GroundedAnswer } from '../../core/types.js';
import { propagateBridges } from './bridgeCheck.js';
import { type BrainPolicy, type BrainStep } from '../../core/brainStep.js';
import { applyBrainRanking, localConfidence } from './brainRanking.js';
import { guidesOf } from './chainGuides.js';
import { chainSignature, matchingWarning, NO_EXPERIENCE, type ExperienceReport } from '../../core/experienceProvider.js';
import { applyMemoryRanking, withReusedChains } from './memoryReuse.js';
import { initPolicy } from './initPolicy.js';
import { nextStep } from './nextStep.js';
import { MAX_PREDICTED_ANCHORS, planPrediction, predictedPaths } from './predictMode.js';
import { groundAndVerify, recordRankingPayload, runRound, type PayloadRecord, type QuestionSession } from './questionSession.js';
import { ReasoningTree, SKIPPED_NOTE, summarizeTree, type ReasoningMode, type ReasoningNode } from './reasoningTree.js';
import { wholeQuestionCheck } from './wholeQuestionCheck.js';
import { graspNode, groundedShort, mergeByChainScore, type GraspModeOptions } from './graspMode.js';

export interface ControllerOptions {
  /** Retrieved experience for this question (NO_EXPERIENCE without a provider). */
  experience?: ExperienceReport;
  /** Brain ranking, asked only when the local choice is not confident. */
  brainStep?: BrainStep;
  /** Top-2 margin below which the local choice is not confident (see localConfidence). */
  confidenceMargin?: number;
  /** 'always' asks the Brain at every verified answer round (default 'whenUnsure'). */
  brainPolicy?: BrainPolicy;
  /**
   * Trained GraSP selector: its selection answers (with one inferred edge at most) when Topic verified nothing, or
   * competes by chain score when Topic verified only a shorter or weaker chain than the best-scoring one.
   */
  grasp?: GraspModeOptions;
  /** Live progress: the tree after every change. */
  onTreeUpdate?: (tree: ReasoningTreeSummary) => void;
  /**
   * The calibrated unsure state of a round's answers (see confidence.ts): under 'whenUnsure' the Brain ranks only
   * when the top-2 margin is small AND this says unsure. Without it the margin alone decides.
   */
  unsure?: (answers: readonly GroundedAnswer[], analysis: Analysis) => boolean;
}

export interface ControllerResult {
  answers: GroundedAnswer[];
  tree: ReasoningTree;
  /**
   * How often the Brain step was asked and how often its ranking was applied; `saved`: Brain ranking calls a
   * confident memory match stood in for (the local choice was unsure, and the reused chains decided instead).
   */
  brain: { asked: number; applied: number; saved: number };
}

const arrow = (s: { visible: string; direction: string }): string => (s.direction === 'out' ? `-${s.visible}->` : `<-${s.visible}-`);

/** Anonymised subquestion of chain steps [from, to): tokens and visible labels only. */
export function subquestionText(analysis: Analysis, anchorTokens: readonly string[], from: number, to: number): string {
  const start = from === 0 ? anchorTokens[0] ?? 'ANCHOR' : `bridge ${from}`;
  const steps = analysis.chain.slice(from, to).map(arrow).join(' … ');
  const target = to >= analysis.answerPosition ? (anchorTokens[1] ? `the answer, joined with ${anchorTokens[1]}` : 'the answer') : `bridge ${to}`;
  return `From ${start}, follow ${steps || 'the chain'} to ${target}`;
}

export async function runController(s: QuestionSession, options: ControllerOptions = {}): Promise<ControllerResult> {
  const { analysis, anchorTokens } = s;
  const experience = options.experience ?? NO_EXPERIENCE;
  const tree = new ReasoningTree();
  const brain = { asked: 0, applied: 0, saved: 0 };
  const emit = (): void => options.onTreeUpdate?.(summarizeTree(tree));

  // ---- bridge nodes: one per subquestion before the answer's, top-down along the indicator chain ----
  const bridgeCount = Math.max(0, analysis.answerPosition - 1);
  let parent: number | null = null;
  let focus = analysis.answerPosition;
  /** Tokens of each bridge position the chain reached (Refine re-anchors on the last one before the break). */
  const bridgeTokens = new Map<number, string[]>();
  if (bridgeCount > 0) {
    const layers = propagateBridges({
      vAdj: s.vAdj,
      mapping: s.mapping,
      graph: s.graph,
      anchorToken: anchorTokens[0],
      anchor: analysis.anchorOrder[0],
      anchorTokens,
      steps: analysis.chain.slice(0, bridgeCount),
    });
    s.lap('bridges');
    for (const layer of layers) {
      const node = tree.add({ parent, subquestion: subquestionText(analysis, anchorTokens, layer.position - 1, layer.position), role: { kind: 'bridge', position: layer.position }, depth: layer.position, mode: 'Topic' });
      node.candidates = layer.tokens.slice(0, 50);
      node.evidence = layer.raw;
      if (layer.raw.length > 0) {
        node.status = 'verified';
        bridgeTokens.set(layer.position, layer.tokens);
      }
      else {
        node.status = 'pruned';
        node.notes.push(`no raw edge for "${analysis.chain[layer.position - 1].visible}" here: the answer node searches the other chains`);
        focus = Math.min(focus, layer.position);
      }
      parent = node.id;
    }
    emit();
  }

  // ---- answer node: InitPolicy, then explore → prune → (Brain) → ground → verify → NextStep ----
  const init = initPolicy({ dPredict: analysis.dPredict, dMax: s.dMax, experience });
  // A confident memory match's verified chains go first: exploration's beam favours them from the first depth.
  const topicGuides = withReusedChains(guidesOf(analysis), experience);
  const exhausted = new Set(topicGuides.map((g) => visibleChainKey(g.steps)));
  const modesTried = new Set<ReasoningMode>();
  const triedDepths: number[] = [];
  const whole = subquestionText(analysis, anchorTokens, bridgeCount, analysis.chain.length);
  const reuse = experience.reuse;
  const reuseNote = reuse ? [`memory: reusing the analysis of ${reuse.recordId} (score ${reuse.score.toFixed(2)}): ${reuse.chains.length} verified chain(s) explored first`] : [];
  let node: ReasoningNode = tree.add({ parent, subquestion: whole, role: { kind: 'answer' }, depth: init.depth, mode: init.mode, notes: [init.note, ...reuseNote] });
  let answers: GroundedAnswer[] = [];
  let graspTried = false;
  for (;;) {
    emit();
    const signature = chainSignature(
      analysis.chain.map((x) => ({ relation: x.visible, direction: x.direction })),
      analysis.answerPosition,
    );
    const warning = matchingWarning(experience.warnings, { mode: node.mode, depth: node.depth, chain: signature });
    let round: NodeRound | undefined;
    if (warning) node.notes.push(`${SKIPPED_NOTE} experience warns ${warning.mode} at depth ${warning.depth ?? 'any'} failed on a similar question (${warning.reason})`);
    else round = await runNode(s, node, { topicGuides, exhausted, focus, bridgeTokens });

    if (round && round.answers.length > 0) {
      const confidence = localConfidence(round.answers, options.confidenceMargin, options.brainPolicy);
      // Memory-gated Brain: a confident match whose chains support some answer decides instead of the Brain.
      // Brain policy 'always' means the analyst wants the Brain asked at every round, so memory does not stand in.
      const byMemory = !confidence.confident && options.brainPolicy !== 'always' && reuse ? applyMemoryRanking(round.answers, round.grounded, reuse) : undefined;
      if (byMemory) {
        round.answers = byMemory;
        if (options.brainStep) brain.saved++;
        node.notes.push(
          `memory ranking applied from ${reuse!.recordId} (local top-2 margin ${confidence.margin.toFixed(3)} < ${confidence.threshold})${options.brainStep ? '; Brain ranking call saved' : ''}`,
        );
      } else if (options.brainStep && !confidence.confident && (options.brainPolicy === 'always' || (options.unsure?.(round.answers, round.analysis) ?? true))) {
        brain.asked++;
        const ranking = await options.brainStep({
          payload: round.payload.payload,
          view: s.view,
          indicator: { anchors: anchorTokens, chain: round.analysis.chain.map((x) => ({ relation: x.visible, direction: x.direction })), answerPosition: round.analysis.answerPosition, dPredict: round.analysis.dPredict },
          paths: round.kept,
          width: s.pruneWidth,
          node: { id: node.id, subquestion: node.subquestion, mode: node.mode, depth: node.depth },
          confidence,
          mapping: s.mapping,
          graph: s.graph,
        });
        s.lap('brain');
        if (ranking) {
          round.payload.status = ranking.status ?? 'sent';
          if (ranking.payload) round.payload.payload = ranking.payload;
        }
        if (ranking && ranking.ranked.length > 0) {
          brain.applied++;
          round.answers = applyBrainRanking(round.answers, round.grounded, round.kept, ranking);
          node.notes.push(`Brain ranking applied (local top-2 margin ${confidence.margin.toFixed(3)} < ${confidence.threshold})`);
        }
      }
      // Combined evidence against the whole question: every answer must still meet its anchors and constraints.
      round.answers = wholeQuestionCheck(round.answers, round.grounded, analysis.anchorOrder);
    }
    const found = round?.answers ?? [];
    node.evidence = found.map((a) => a.entity);
    node.status = found.length > 0 ? 'verified' : 'pruned';
    modesTried.add(node.mode);
    if (node.mode === 'Topic') triedDepths.push(node.depth);
    if (found.length > 0) {
      answers = found;
      // Incomplete graphs: a verified chain shorter or weaker than the best-scoring one may be a bridge (or a
      // neighbouring relation) standing in for the answer; the encoder selection's answers compete by chain score.
      if (options.grasp && !graspTried && node.mode === 'Topic' && groundedShort(s, found)) {
        graspTried = true;
        const g = await graspNode(s, tree, node, whole, options.grasp, 'Topic verified a shorter or weaker chain than the best-scoring one');
        if (g.answers.length > 0) answers = mergeByChainScore(s, found, g.answers);
      }
      emit();
      break;
    }
    const followUp = node.mode === 'Topic' ? await s.hand.followUp({ analysis, triedDepths, dMax: s.dMax }) : undefined;
    const decision = nextStep({ verified: false, mode: node.mode, followUp, modesTried, dMax: s.dMax, topicDepth: init.depth });
    // Incomplete graphs: once Topic has nothing left, the encoder's selection goes before the costlier modes.
    if (options.grasp && !graspTried && node.mode === 'Topic' && decision.kind !== 'deepen') {
      graspTried = true;
      const g = await graspNode(s, tree, node, whole, options.grasp);
      node = g.node;
      if (g.answers.length > 0) {
        answers = g.answers;
        emit();
        break;
      }
    }
    if (decision.kind === 'stop') {
      node.notes.push(`stop: ${decision.reason}`);
      emit();
      break;
    }
    const mode = decision.kind === 'deepen' ? node.mode : decision.mode;
    node.notes.push(decision.kind === 'deepen' ? `deepen to ${decision.depth}` : `switch to ${decision.mode}`);
    node = tree.add({ parent: node.id, subquestion: whole, role: { kind: 'answer' }, depth: decision.depth, mode });
  }
  return { answers, tree, brain };
}

interface NodeContext {
  topicGuides: ReturnType<typeof guidesOf>;
  /** Visible chains Topic mode explored (Refine looks past them). */
  exhausted: ReadonlySet<string>;
  /** First chain position whose bridge was not found (the answer position when every bridge was). */
  focus: number;
  /** Tokens of each bridge position that verified. */
  bridgeTokens: ReadonlyMap<number, readonly string[]>;
}

/** Runs one answer node in its mode; undefined when the mode has nothing to try (the node is pruned). */
/** What a node's round verified, the candidates it kept, the indicator it verified with and their payload. */
interface NodeRound {
  answers: GroundedAnswer[];
  grounded: GroundedPath[];
  kept: CandidatePath[];
  analysis: Analysis;
  payload: PayloadRecord;
}

async function runNode(s: QuestionSession, node: ReasoningNode, ctx: NodeContext): Promise<NodeRound | undefined> {
  const { analysis, anchorTokens } = s;
  if (node.mode === 'Topic') {
    const r = await runRound(s, { anchors: anchorTokens, guides: ctx.topicGuides, depth: node.depth, analysis });
    node.candidates = r.kept.map((_p, i) => `P${i + 1}`);
    return { ...r, analysis };
  }
  if (node.mode === 'Refine') {
    const skill = (s.hand as Partial<FollowUpQuestionSkill>).followUpQuestion?.bind(s.hand) ?? (async (r: Parameters<typeof followUpQuestion>[0]) => followUpQuestion(r));
    // With one anchor and the bridge before the break in hand, the follow-up starts from that bridge.
    const reached = anchorTokens.length === 1 ? (ctx.bridgeTokens.get(ctx.focus - 1) ?? []) : [];
    const bridges = reached.length > 0 && reached.length <= MAX_PREDICTED_ANCHORS ? [...reached] : undefined;
    const fq = await skill({ analysis, focus: ctx.focus, anchorTokens, exhausted: ctx.exhausted, question: s.view.question, ...(bridges ? { bridgeTokens: bridges } : {}) });
    s.lap('refine');
    if (!fq || fq.anchors.length === 0) {
      node.notes.push('no follow-up: every chain the analysis considered was explored');
      return undefined;
    }
    node.subquestion = fq.question;
    node.notes.push(`follow-up for ${ctx.focus >= analysis.answerPosition ? 'the answer constraint' : `bridge ${ctx.focus}`}: ${fq.analysis.ranked.length} alternative chain(s)`);
    if (fq.bridgePosition !== undefined) {
      // Explored from the follow-up's own anchors (the bridges) over the rest of the hop budget; each path is joined
      // to its verified prefix from the question's anchor and verified against the follow-up's chains.
      node.notes.push(`re-anchored on ${fq.anchors.length} bridge(s) at position ${fq.bridgePosition}`);
      const paths = predictedPaths(s, fq.analysis, { position: fq.bridgePosition, anchors: fq.anchors });
      s.lap('explore');
      const kept = await s.hand.refineEvidence({ paths, indicator: fq.analysis, width: s.pruneWidth });
      s.lap('prune');
      const payload = recordRankingPayload(s, fq.analysis, anchorTokens, kept);
      node.candidates = kept.map((_p, i) => `P${i + 1}`);
      const { grounded, answers } = await groundAndVerify(s, kept, fq.analysis);
      if (answers.length > 0) return { answers, grounded, kept, analysis: fq.analysis, payload };
      node.notes.push('nothing verified from the bridges; trying from the anchor');
    }
    const guides = guidesOf(fq.analysis);
    // Deeper: every depth up to this node's budget, with a wider beam than Topic used.
    for (let d = 1; d <= node.depth; d++) {
      const r = await runRound(s, { anchors: fq.bridgePosition !== undefined ? anchorTokens : fq.anchors, guides, depth: d, analysis: fq.analysis, beam: 2 * s.beam });
      if (r.answers.length > 0) {
        node.candidates = r.kept.map((_p, i) => `P${i + 1}`);
        node.notes.push(`verified at depth ${d}`);
        return { ...r, analysis: fq.analysis };
      }
    }
    return undefined;
  }
  // Predict
  if (anchorTokens.length !== 1) {
    node.notes.push('prediction seeds single-anchor chains only');
    return undefined;
  }
  const predicted = await s.hand.predictNodes({ view: { ...s.view, anchors: anchorTokens }, indicator: analysis });
  const plan = planPrediction(predicted, analysis.answerPosition);
  s.lap('predict');
  if (!plan) {
    node.notes.push('the prediction proposed no bridge or answer to anchor on');
    return undefined;
  }
  node.notes.push(`${plan.anchors.length} predicted ${plan.position < analysis.answerPosition ? `bridge(s) at position ${plan.position}` : 'answer(s)'} as new anchors`);
  const paths = predictedPaths(s, analysis, plan);
  s.lap('explore');
  // Verification accepts the analysis' chains that keep the predicted prefix (the follow-up indicator at the
  // position after the proposals), so a proposal is answered only along a chain the question supports.
  const verifyWith = followUpQuestion({ analysis, focus: plan.position + 1, anchorTokens, exhausted: new Set() })?.analysis ?? analysis;
  const kept = await s.hand.refineEvidence({ paths, indicator: verifyWith, width: s.pruneWidth });
  s.lap('prune');
  const payload = recordRankingPayload(s, verifyWith, anchorTokens, kept);
  node.candidates = kept.map((_p, i) => `P${i + 1}`);
  const { grounded, answers } = await groundAndVerify(s, kept, verifyWith);
  return { answers, grounded, kept, analysis: verifyWith, payload };
}
