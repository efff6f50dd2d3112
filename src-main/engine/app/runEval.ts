// `ctrlg eval`: runs a question file through the ask service (each question's hooks answer it) and writes, in input order,
//   DIR/predictions.jsonl  {"i","question","answers" (a "how many" count first, then "count": {"value","complete"}),
//                           "gold","hit1","latency_ms","stages_ms","exposure","payloads",
//                           "tree": {"nodes","modes","depth"},"memory_hits","view" ("sanitized" or "masked"),
//                           "exposed_entities": {"eligible","built_single_token","built_any_token",
//                           "sent_single_token","sent_any_token"} (this question's G_Q^raw entities, and how many
//                           became visible in its payloads as built and as sent),
//                           and with per-question hooks (ctrlg eval): "selector","brain_calls","brain_denied",
//                           "brain_tokens","brain_fallbacks","hand": {"calls","tokens_in","tokens_out","fallbacks"}}
//                           "payloads" holds each payload's exact text; candidate paths are lines
//                           "P<n>. TOKEN -[relation]-> TOKEN <-[relation]- TOKEN".
//   DIR/summary.json       Hits@1, latency p50/p95, per-stage p50, mean exposure, "view"; "selector", "brain" and
//                           "hand" totals; "node_exposure" {"definition", "built": {...}, "sent": {...} (only when a
//                           Brain was configured)}, each {"single_token","any_token"} of {"eligible_entities",
//                           "sessions","exposed_entities","p50","p99","max","top1_percent_share"} (evalNodeExposure.ts);
//                           and "exposure" (the exposure ledger's statistics, all sessions of this data dir) after a
//                           Brain that leaves the machine was used
//   DIR/views.jsonl        (only with revealMapping) the view as tokens and the token → entity mapping:
//                           {"i","question","anchors","nodes","edges","mapping": {token: [member names]}}.
// These names are read by outside checks: keep them exactly.
import { mkdirSync, writeFileSync, appendFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AskResult, ExposureSummary } from '../../common/answerTypes.js';
import type { LedgerSummary } from '../../common/brainTypes.js';
import type { HandQuestionUsage } from '../qa/hand/accounting.js';
import type { AskOptions } from '../qa/qaEngine.js';
import type { QuestionExposure, SanitizedView, ViewKind } from '../core/types.js';
import { NodeExposureTally, type EvalNodeExposure, type QuestionExposureCounts } from './evalNodeExposure.js';
import { hitAt1, quantile, type EvalQuestion } from '../import/questionsFile.js';
import { answerNames } from '../../common/answerNames.js';

export interface EvalOptions {
  questions: EvalQuestion[];
  outDir: string;
  limit?: number;
  dMax?: number;
  relations?: 'labels' | 'clustered';
  /** The view payloads are built from: sanitized (default) or the masked baseline (names replaced by tokens only). */
  view?: ViewKind;
  /** A Brain was configured for the run: node exposure also counts what was actually sent. */
  brain?: boolean;
  /** Evaluation only: also write views.jsonl with the token → entity mapping. */
  revealMapping?: boolean;
  /** Questions whose latency is left out of the percentiles (warm-up: vector loads, first-call JIT). */
  warmup?: number;
  onProgress?: (done: number, total: number, hits: number) => void;
  /** Which selector the engine was built with, recorded on every line and in the summary ("path" or "grasp"). */
  selector?: string;
  /**
   * Called before each question: how to answer it (the ask service's run, with that question's own Brain and Hand
   * accounting) and the fields its prediction line gains once it is answered (or failed).
   */
  perQuestion: (i: number, question: string) => QuestionHooks;
  /** The exposure ledger's statistics after the run; undefined when no Brain left the machine. */
  exposure?: () => LedgerSummary | undefined | Promise<LedgerSummary | undefined>;
}

/** What the eval passes to each question's ask. */
export type EvalAskOptions = Pick<AskOptions, 'dMax' | 'relations' | 'revealView' | 'view' | 'onExposure'>;

export interface QuestionHooks {
  ask(options: EvalAskOptions): Promise<AskResult>;
  fields?(): PredictionExtras;
}

/** Per-question accounting of the Brain (BrainCallCounter.predictionFields + fallbacks) and of the Hand's model. */
export interface PredictionExtras {
  brain_calls?: number;
  brain_denied?: number;
  brain_tokens?: number;
  brain_fallbacks?: number;
  hand?: HandQuestionUsage;
}

export interface Prediction {
  i: number;
  question: string;
  /** The answers' names, best first; for a "how many" question the count first (see `count`). */
  answers: string[];
  gold: string[];
  hit1: boolean;
  /** "How many …": the count that leads `answers`, and whether every answer was counted. */
  count?: { value: number; complete: boolean };
  latency_ms: number;
  stages_ms: Record<string, number>;
  exposure: MeanExposure;
  payloads: string[];
  /** Reasoning tree: node count, modes used, depth reached, kinds of the notes it left (empty when no tree was built). */
  tree: { nodes: number; modes: string[]; depth: number; notes: string[] };
  /** The answer's calibrated confidence and whether it counts as unsure (0 and true when nothing was analysed). */
  confidence: { p: number; unsure: boolean };
  /** Set when the engine withheld the answer because no reading explains the question (the missing phrases). */
  abstained?: string[];
  /** Experiences the memory returned (0 until a memory is plugged in). */
  memory_hits: number;
  /** The view the payloads were built from. */
  view: ViewKind;
  /** This question's eligible entities and how many of them its payloads showed (built, sent). */
  exposed_entities?: QuestionExposureCounts;
  selector?: string;
  brain_calls?: number;
  brain_denied?: number;
  brain_tokens?: number;
  brain_fallbacks?: number;
  hand?: HandQuestionUsage;
  error?: string;
}

/** Exposure of one question: the sums over its payloads. */
export interface MeanExposure {
  tokens: number;
  entity_tokens: number;
  edges: number;
  relation_labels: number;
  literals: number;
}

export interface EvalSummary {
  questions: number;
  hits_at_1: number;
  hits: number;
  latency_ms: { p50: number; p95: number; mean: number; warmup_excluded: number };
  stages_ms_p50: Record<string, number>;
  mean_exposure: MeanExposure;
  not_found: number;
  errors: number;
  relations: 'labels' | 'clustered';
  d_max: number | null;
  view: ViewKind;
  /** Node exposure as the paper defines it, over this run's questions (evalNodeExposure.ts). */
  node_exposure: EvalNodeExposure;
  selector?: string;
  /** Sums over the prediction lines (present when the lines carry Brain fields). */
  brain?: { calls: number; denied: number; tokens: number; fallbacks: number };
  /** Sums over the prediction lines (present when the lines carry Hand accounting). */
  hand?: HandQuestionUsage;
  exposure?: LedgerExposureStats;
}

/**
 * The exposure ledger's statistics as summary.json writes them: all sessions of this data dir (a session is one
 * question; node exposure over the eligible cohort of the questions asked with a remote Brain), and this run's.
 */
export interface LedgerExposureStats {
  sessions: number;
  calls: number;
  tokens_sent: number;
  tokens_received: number;
  entities_exposed: number;
  eligible_entities: number;
  eligible_sessions: number;
  node_exposure: { p50: number; p99: number; max: number };
  top1_percent_share: number;
  per_relation: Record<string, number>;
  current_session: { calls: number; entities: number; tokens_sent: number; tokens_received: number };
}

export function ledgerExposureStats(s: LedgerSummary): LedgerExposureStats {
  return {
    sessions: s.sessions,
    calls: s.calls,
    tokens_sent: s.tokensSent,
    tokens_received: s.tokensReceived,
    entities_exposed: s.entitiesExposed,
    eligible_entities: s.eligibleEntities,
    eligible_sessions: s.eligibleSessions,
    node_exposure: { p50: round(s.nodeExposure.p50), p99: round(s.nodeExposure.p99), max: round(s.nodeExposure.max) },
    top1_percent_share: round(s.top1PercentShare),
    per_relation: { ...s.perRelation },
    current_session: { calls: s.currentSession.calls, entities: s.currentSession.entities, tokens_sent: s.currentSession.tokensSent, tokens_received: s.currentSession.tokensReceived },
  };
}

export function exposureOfResult(result: Pick<AskResult, 'payloads'>): MeanExposure {
  const sum = (f: (e: ExposureSummary) => number): number => result.payloads.reduce((n, p) => n + f(p.exposure), 0);
  return {
    tokens: sum((e) => e.tokens),
    entity_tokens: new Set(result.payloads.flatMap((p) => p.exposure.entityTokens)).size,
    edges: sum((e) => e.edges),
    relation_labels: new Set(result.payloads.flatMap((p) => p.exposure.relationLabels)).size,
    literals: new Set(result.payloads.flatMap((p) => p.exposure.literals)).size,
  };
}

/** The prediction line's tree fields from a result's reasoning tree. */
export function treeFields(result: Pick<AskResult, 'tree'>): Prediction['tree'] {
  const t = result.tree;
  return t
    ? { nodes: t.nodes.length, modes: [...t.modes], depth: t.depthReached, notes: [...new Set(t.nodes.flatMap((n) => n.notes.map((x) => x.kind)))] }
    : { nodes: 0, modes: [], depth: 0, notes: [] };
}

function viewRecord(i: number, view: SanitizedView, membersOf: (t: string) => string[], payloadTokens: readonly string[]): object {
  const mapping: Record<string, string[]> = {};
  // Payload-only tokens (hub aggregates) too: every token a payload shows is in the mapping.
  for (const t of [...view.nodes.map((n) => n.token), ...payloadTokens]) mapping[t] = membersOf(t);
  return {
    i,
    question: view.question,
    anchors: view.anchors,
    nodes: view.nodes.map((n) => ({ token: n.token, kind: n.kind, size: n.size, ...(n.schemaType ? { schema_type: n.schemaType } : {}), ...(n.literal !== undefined ? { literal: n.literal } : {}) })),
    edges: view.edges.map((e) => [e.head, e.relation, e.tail]),
    mapping,
  };
}

export async function runEval(options: EvalOptions): Promise<EvalSummary> {
  const questions = options.questions.slice(0, options.limit ?? options.questions.length);
  mkdirSync(options.outDir, { recursive: true });
  const predPath = join(options.outDir, 'predictions.jsonl');
  const viewsPath = join(options.outDir, 'views.jsonl');
  writeFileSync(predPath, '');
  if (options.revealMapping) writeFileSync(viewsPath, '');
  const preds: Prediction[] = [];
  let notFound = 0;
  let errors = 0;
  const viewKind: ViewKind = options.view ?? 'sanitized';
  const nodeExposure = new NodeExposureTally();
  for (const [i, q] of questions.entries()) {
    const t0 = performance.now();
    let pred: Prediction;
    let view: object | undefined;
    const hooks = options.perQuestion(i, q.question);
    const tagged = { view: viewKind, ...(options.selector !== undefined ? { selector: options.selector } : {}) };
    const readings: QuestionExposure[] = [];
    try {
      const r = await hooks.ask({
        dMax: options.dMax,
        relations: options.relations,
        view: viewKind,
        onExposure: (record) => readings.push(record),
        ...(options.revealMapping ? { revealView: (v: SanitizedView, m: (t: string) => string[], extra: readonly string[]) => (view = viewRecord(i, v, m, extra)) } : {}),
      });
      const answers = answerNames(r);
      if (r.notFound) notFound++;
      pred = {
        i,
        question: q.question,
        answers,
        gold: q.gold,
        hit1: hitAt1(answers, q.gold),
        latency_ms: round(performance.now() - t0),
        stages_ms: Object.fromEntries(Object.entries(r.stagesMs).map(([k, v]) => [k, round(v)])),
        exposure: exposureOfResult(r),
        payloads: r.payloads.map((p) => p.text),
        tree: treeFields(r),
        confidence: { p: round(r.confidence?.p ?? 0), unsure: r.confidence?.unsure ?? true },
        ...(r.abstained ? { abstained: r.abstained.missing } : {}),
        ...(r.count ? { count: { value: r.count.value, complete: r.count.complete } } : {}),
        memory_hits: r.memoryHits ?? 0,
        ...tagged,
        ...hooks.fields?.(),
      };
    } catch (e) {
      errors++;
      pred = {
        i,
        question: q.question,
        answers: [],
        gold: q.gold,
        hit1: false,
        latency_ms: round(performance.now() - t0),
        stages_ms: {},
        exposure: { tokens: 0, entity_tokens: 0, edges: 0, relation_labels: 0, literals: 0 },
        payloads: [],
        tree: { nodes: 0, modes: [], depth: 0, notes: [] },
        confidence: { p: 0, unsure: true },
        memory_hits: 0,
        ...tagged,
        ...hooks.fields?.(),
        error: (e as Error).message,
      };
    }
    pred.exposed_entities = nodeExposure.add(readings);
    preds.push(pred);
    appendFileSync(predPath, JSON.stringify(pred) + '\n');
    if (options.revealMapping) appendFileSync(viewsPath, JSON.stringify(view ?? { i, question: q.question, nodes: [], edges: [], mapping: {} }) + '\n');
    options.onProgress?.(i + 1, questions.length, preds.filter((p) => p.hit1).length);
  }
  const summary: EvalSummary = {
    // The masked baseline always shows raw labels (the engine ignores clustering for it): say what was shown.
    ...summarize(preds, options.warmup ?? Math.min(3, Math.floor(preds.length / 10)), notFound, errors, viewKind === 'masked' ? 'labels' : (options.relations ?? 'labels'), options.dMax ?? null),
    view: viewKind,
    node_exposure: nodeExposure.summary(options.brain ?? false),
  };
  if (options.selector !== undefined) summary.selector = options.selector;
  const ledger = await options.exposure?.();
  if (ledger) summary.exposure = ledgerExposureStats(ledger);
  writeFileSync(join(options.outDir, 'summary.json'), JSON.stringify(summary, null, 2) + '\n');
  return summary;
}

/** The summary's figures read off the prediction lines (runEval adds the view and node exposure). */
export function summarize(preds: Prediction[], warmup: number, notFound: number, errors: number, relations: 'labels' | 'clustered', dMax: number | null): Omit<EvalSummary, 'view' | 'node_exposure'> {
  const hits = preds.filter((p) => p.hit1).length;
  const warm = preds.slice(warmup);
  const lat = warm.map((p) => p.latency_ms);
  const stages = new Map<string, number[]>();
  for (const p of warm) for (const [k, v] of Object.entries(p.stages_ms)) (stages.get(k) ?? stages.set(k, []).get(k)!).push(v);
  const mean = (f: (e: MeanExposure) => number): number => (preds.length ? round(preds.reduce((n, p) => n + f(p.exposure), 0) / preds.length) : 0);
  return {
    questions: preds.length,
    hits_at_1: preds.length ? round(hits / preds.length) : 0,
    hits,
    latency_ms: { p50: round(quantile(lat, 0.5)), p95: round(quantile(lat, 0.95)), mean: lat.length ? round(lat.reduce((a, b) => a + b, 0) / lat.length) : 0, warmup_excluded: Math.min(warmup, preds.length) },
    stages_ms_p50: Object.fromEntries([...stages].map(([k, v]) => [k, round(quantile(v, 0.5))])),
    mean_exposure: {
      tokens: mean((e) => e.tokens),
      entity_tokens: mean((e) => e.entity_tokens),
      edges: mean((e) => e.edges),
      relation_labels: mean((e) => e.relation_labels),
      literals: mean((e) => e.literals),
    },
    not_found: notFound,
    errors,
    relations,
    d_max: dMax,
    ...accountingTotals(preds),
  };
}

/** Brain and Hand totals over the lines that carry them. */
function accountingTotals(preds: Prediction[]): Pick<EvalSummary, 'brain' | 'hand'> {
  const out: Pick<EvalSummary, 'brain' | 'hand'> = {};
  const sum = <T>(xs: T[], f: (x: T) => number | undefined): number => xs.reduce((n, x) => n + (f(x) ?? 0), 0);
  const withBrain = preds.filter((p) => p.brain_calls !== undefined);
  if (withBrain.length)
    out.brain = {
      calls: sum(withBrain, (p) => p.brain_calls),
      denied: sum(withBrain, (p) => p.brain_denied),
      tokens: sum(withBrain, (p) => p.brain_tokens),
      fallbacks: sum(withBrain, (p) => p.brain_fallbacks),
    };
  const withHand = preds.flatMap((p) => (p.hand ? [p.hand] : []));
  if (withHand.length)
    out.hand = {
      calls: sum(withHand, (h) => h.calls),
      tokens_in: sum(withHand, (h) => h.tokens_in),
      tokens_out: sum(withHand, (h) => h.tokens_out),
      fallbacks: sum(withHand, (h) => h.fallbacks),
    };
  return out;
}

function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}

export { readQuestionsFile } from '../import/questionsFile.js';
