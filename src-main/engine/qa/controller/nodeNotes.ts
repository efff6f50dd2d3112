// The notes a reasoning node collects, typed: each says what happened (its kind, the fields a reader needs) and
// carries the human text the Ask panel and the eval show. Readers match `kind`, never the text; the text of every
// note is written here, once. The kinds are the contract's (ReasoningNoteKind in common/answerTypes.ts): a kind
// without fields here, or a note of a kind the contract does not name, fails to compile.
import type { ReasoningMode, ReasoningNote, ReasoningNoteKind } from '../../../common/answerTypes.js';
import type { ExperienceReuse, ExperienceWarning } from '../../core/experienceProvider.js';
import type { LocalConfidence } from '../../core/brainStep.js';

/** How an inferred (GraSP, one edge missing) answer and its edge are labelled, in notes and in evidence. */
export const INFERRED_NOTE = 'inferred (missing edge)';

/** How a GraSP round of the two-stage loop ended. */
export type GraspRoundDecision =
  | { decision: 'none' }
  | { decision: 'sufficient' }
  | { decision: 'final'; answers: number }
  | { decision: 'expand'; token: string }
  | { decision: 'expandRefused' };

/** Each kind's own fields (besides kind and text). */
type NoteFields = {
  init: { mode: ReasoningMode; depth: number } & ({ from: 'experience'; score: number } | { from: 'dPredict'; dPredict: number });
  memoryReuse: { recordId: string; score: number; chains: number };
  skipped: { warning: Pick<ExperienceWarning, 'mode' | 'depth' | 'reason'> };
  memoryRanking: { recordId: string; margin: number; threshold: number; brainCallSaved: boolean };
  brainRanking: { margin: number; threshold: number };
  bridgeMissing: { position: number; relation: string };
  noFollowUp: object;
  followUp: { focus: number; answerConstraint: boolean; alternatives: number };
  reanchored: { bridges: number; position: number };
  anchorRetry: object;
  verifiedAtDepth: { depth: number };
  predictUnsupported: object;
  noPrediction: object;
  predicted: { anchors: number; position: number; answers: boolean };
  grasp:
    | { step: 'start'; why: string }
    | { step: 'noChain' }
    | { step: 'vote'; proposals: number }
    | ({ step: 'round'; round: number } & GraspRoundDecision)
    | { step: 'ungrounded' }
    | { step: 'selection'; chains: number; grounded: number; inferred: number };
  deepen: { depth: number };
  switch: { mode: ReasoningMode; depth: number };
  stop: { reason: string };
};

/** One note of a reasoning node: its kind, its typed fields and the text people read. */
export type NodeNote = { [K in ReasoningNoteKind]: { kind: K; text: string } & NoteFields[K] }[ReasoningNoteKind];

export type NoteOf<K extends ReasoningNoteKind> = Extract<NodeNote, { kind: K }>;

/** The note as it crosses IPC and goes into eval files: kind and text only. */
export const noteSummary = (n: NodeNote): ReasoningNote => ({ kind: n.kind, text: n.text });

export const hasNote = (notes: readonly NodeNote[], kind: ReasoningNoteKind): boolean => notes.some((n) => n.kind === kind);

const margin = (c: Pick<LocalConfidence, 'margin' | 'threshold'>): string => `local top-2 margin ${c.margin.toFixed(3)} < ${c.threshold}`;

/** The notes, one constructor per kind (GraSP's by step): the only place their text is written. */
export const nodeNote = {
  initFromExperience: (mode: ReasoningMode, depth: number, score: number): NoteOf<'init'> => ({ kind: 'init', from: 'experience', mode, depth, score, text: `experience (score ${score.toFixed(2)}) suggests ${mode} at depth ${depth}` }),
  initFromDPredict: (depth: number, dPredict: number): NoteOf<'init'> => ({ kind: 'init', from: 'dPredict', mode: 'Topic', depth, dPredict, text: `D_predict = ${dPredict}` }),
  memoryReuse: (reuse: Pick<ExperienceReuse, 'recordId' | 'score' | 'chains'>): NoteOf<'memoryReuse'> => ({
    kind: 'memoryReuse',
    recordId: reuse.recordId,
    score: reuse.score,
    chains: reuse.chains.length,
    text: `memory: reusing the analysis of ${reuse.recordId} (score ${reuse.score.toFixed(2)}): ${reuse.chains.length} verified chain(s) explored first`,
  }),
  skipped: (w: Pick<ExperienceWarning, 'mode' | 'depth' | 'reason'>): NoteOf<'skipped'> => ({
    kind: 'skipped',
    warning: { mode: w.mode, ...(w.depth !== undefined ? { depth: w.depth } : {}), reason: w.reason },
    text: `skipped: experience warns ${w.mode} at depth ${w.depth ?? 'any'} failed on a similar question (${w.reason})`,
  }),
  memoryRanking: (recordId: string, c: Pick<LocalConfidence, 'margin' | 'threshold'>, brainCallSaved: boolean): NoteOf<'memoryRanking'> => ({
    kind: 'memoryRanking',
    recordId,
    margin: c.margin,
    threshold: c.threshold,
    brainCallSaved,
    text: `memory ranking applied from ${recordId} (${margin(c)})${brainCallSaved ? '; Brain ranking call saved' : ''}`,
  }),
  brainRanking: (c: Pick<LocalConfidence, 'margin' | 'threshold'>): NoteOf<'brainRanking'> => ({ kind: 'brainRanking', margin: c.margin, threshold: c.threshold, text: `Brain ranking applied (${margin(c)})` }),
  bridgeMissing: (position: number, relation: string): NoteOf<'bridgeMissing'> => ({ kind: 'bridgeMissing', position, relation, text: `no raw edge for "${relation}" here: the answer node searches the other chains` }),
  noFollowUp: (): NoteOf<'noFollowUp'> => ({ kind: 'noFollowUp', text: 'no follow-up: every chain the analysis considered was explored' }),
  followUp: (focus: number, answerPosition: number, alternatives: number): NoteOf<'followUp'> => {
    const answerConstraint = focus >= answerPosition;
    return { kind: 'followUp', focus, answerConstraint, alternatives, text: `follow-up for ${answerConstraint ? 'the answer constraint' : `bridge ${focus}`}: ${alternatives} alternative chain(s)` };
  },
  reanchored: (bridges: number, position: number): NoteOf<'reanchored'> => ({ kind: 'reanchored', bridges, position, text: `re-anchored on ${bridges} bridge(s) at position ${position}` }),
  anchorRetry: (): NoteOf<'anchorRetry'> => ({ kind: 'anchorRetry', text: 'nothing verified from the bridges; trying from the anchor' }),
  verifiedAtDepth: (depth: number): NoteOf<'verifiedAtDepth'> => ({ kind: 'verifiedAtDepth', depth, text: `verified at depth ${depth}` }),
  predictUnsupported: (): NoteOf<'predictUnsupported'> => ({ kind: 'predictUnsupported', text: 'prediction seeds single-anchor chains only' }),
  noPrediction: (): NoteOf<'noPrediction'> => ({ kind: 'noPrediction', text: 'the prediction proposed no bridge or answer to anchor on' }),
  predicted: (anchors: number, position: number, answerPosition: number): NoteOf<'predicted'> => {
    const answers = position >= answerPosition;
    return { kind: 'predicted', anchors, position, answers, text: `${anchors} predicted ${answers ? 'answer(s)' : `bridge(s) at position ${position}`} as new anchors` };
  },
  graspStart: (why: string): NoteOf<'grasp'> => ({ kind: 'grasp', step: 'start', why, text: `encoder selection (GraSP): ${why}` }),
  graspNoChain: (): NoteOf<'grasp'> => ({ kind: 'grasp', step: 'noChain', text: 'encoder selection: no single-anchor chain to ground along' }),
  graspVote: (proposals: number): NoteOf<'grasp'> => ({ kind: 'grasp', step: 'vote', proposals, text: `peer vote: ${proposals} proposal(s) where a chain breaks` }),
  graspRound: (round: number, d: GraspRoundDecision): NoteOf<'grasp'> => {
    const said =
      d.decision === 'none'
        ? 'no Brain decision; local ranking'
        : d.decision === 'sufficient'
          ? 'Brain: sufficient'
          : d.decision === 'final'
            ? `Brain named ${d.answers} final answer(s)`
            : d.decision === 'expand'
              ? `Brain asked to expand ${d.token}`
              : 'Brain asked to expand an unknown or anchor token; stopping';
    return { kind: 'grasp', step: 'round', round, ...d, text: `round ${round}: ${said}` };
  },
  graspUngrounded: (): NoteOf<'grasp'> => ({ kind: 'grasp', step: 'ungrounded', text: "the Brain's final answer did not ground; local ranking kept" }),
  graspSelection: (chains: number, grounded: number, inferred: number): NoteOf<'grasp'> => ({
    kind: 'grasp',
    step: 'selection',
    chains,
    grounded,
    inferred,
    text: `encoder selection over ${chains} chain(s): ${grounded} grounded, ${inferred} ${INFERRED_NOTE}`,
  }),
  /** NextStep's decision (nextStep.ts) on the node it was taken at. */
  nextStep: (d: { kind: 'stop'; reason: string } | { kind: 'deepen'; depth: number } | { kind: 'switch'; mode: ReasoningMode; depth: number }): NoteOf<'deepen' | 'switch' | 'stop'> =>
    d.kind === 'stop'
      ? { kind: 'stop', reason: d.reason, text: `stop: ${d.reason}` }
      : d.kind === 'deepen'
        ? { kind: 'deepen', depth: d.depth, text: `deepen to ${d.depth}` }
        : { kind: 'switch', mode: d.mode, depth: d.depth, text: `switch to ${d.mode}` },
};
