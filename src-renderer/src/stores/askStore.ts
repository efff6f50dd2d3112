// Question answering state: the draft question, the run in flight, its result or typed error, and which
// answer's evidence is on screen. One question runs at a time; a result belongs to the graph it was asked on.
import { create } from 'zustand';
import type { ReasoningTreeSummary } from '../../../src-main/common/answerTypes.js';
import type { ApiErrorBody, Responses } from '../../../src-main/common/contract.js';
import type { SelectorKind } from '../../../src-main/common/graspContract.js';
import { callChannel } from '../api/callChannel.js';
import { subscribe } from '../api/subscribe.js';

interface AskState {
  draft: string;
  /** Graph, its revision (graphsStore) and question of the run in flight or of the result on screen. */
  graph: string | null;
  revision: number;
  asked: string | null;
  running: boolean;
  /** performance.now() when the run started, for the live elapsed time. */
  startedAt: number | null;
  /** Wall time of the last finished run, as the user waited for it (transport included). */
  elapsedMs: number | null;
  result: Responses['qa.ask'] | null;
  /** The reasoning tree as it grows (qa.treeUpdate of the run in flight), then the result's final tree. */
  tree: ReasoningTreeSummary | null;
  error: ApiErrorBody | null;
  selectedAnswer: string | null;
  /** Questions finished so far (answered or failed): lets a caller wait for "the next one is done". */
  finished: number;
  /** The selector the analyst chose (the Ask tab sends 'path' while the graph has no trained GraSP model). */
  selector: SelectorKind;
  setDraft(text: string): void;
  setSelector(kind: SelectorKind): void;
  /** `brainPolicy: 'always'`: ask the configured Brain for this question even if the local answer is sure. */
  ask(graph: string, revision: number, question: string, selector?: SelectorKind, brainPolicy?: 'always'): Promise<void>;
  selectAnswer(id: string): void;
  /** The analyst's verdict on the answer on screen, applied to the memory record its question wrote. */
  verdict: { verdict: 'right' | 'wrong'; outcome: string } | null;
  verdictError: ApiErrorBody | null;
  judge(recordId: string, verdict: 'right' | 'wrong'): Promise<void>;
  /** Id of the question in flight (qa.cancel names it). */
  questionId: string | null;
  /** Cancels the question in flight; it ends with the error code 'cancelled'. */
  cancel(): Promise<void>;
}

export const useAskStore = create<AskState>()((set, get) => ({
  draft: '',
  graph: null,
  revision: 0,
  asked: null,
  running: false,
  startedAt: null,
  elapsedMs: null,
  result: null,
  tree: null,
  error: null,
  selectedAnswer: null,
  finished: 0,
  selector: 'path',
  verdict: null,
  verdictError: null,
  questionId: null,

  setDraft(text) {
    set({ draft: text });
  },

  setSelector(kind) {
    set({ selector: kind });
  },

  async ask(graph, revision, question, selector = 'path', brainPolicy) {
    const text = question.trim();
    if (!text || get().running) return;
    const startedAt = performance.now();
    set({ graph, revision, asked: text, draft: text, running: true, startedAt, elapsedMs: null, result: null, tree: null, error: null, selectedAnswer: null, verdict: null, verdictError: null });
    // Tree updates of this question only: the id ties events to the run that asked.
    const questionId = `q${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
    set({ questionId });
    const unsubscribe = subscribe('qa.treeUpdate', (e) => {
      if (e.questionId === questionId && get().running) set({ tree: e.tree });
    });
    const res = await callChannel('qa.ask', { graph, question: text, questionId, selector, ...(brainPolicy ? { brainPolicy } : {}) }).finally(unsubscribe);
    const elapsedMs = performance.now() - startedAt;
    if (res.ok) {
      set((s) => ({ running: false, questionId: null, elapsedMs, result: res.value, tree: res.value.tree ?? s.tree, selectedAnswer: res.value.answers.find((a) => a.inSet)?.id ?? res.value.answers[0]?.id ?? null, finished: s.finished + 1 }));
    } else {
      set((s) => ({ running: false, questionId: null, elapsedMs, error: res.error, finished: s.finished + 1 }));
    }
  },

  selectAnswer(id) {
    set({ selectedAnswer: id });
  },

  async cancel() {
    const { questionId, running } = get();
    if (!running || !questionId) return;
    await callChannel('qa.cancel', { questionId });
  },

  async judge(recordId, verdict) {
    set({ verdictError: null });
    const res = await callChannel('memory.judge', { id: recordId, verdict });
    set(res.ok ? { verdict: { verdict, outcome: res.value.outcome } } : { verdictError: res.error });
  },
}));
