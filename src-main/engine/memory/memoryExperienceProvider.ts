// The experience memory as the controller's ExperienceProvider. Retrieval embeds the ROLE question
// ("what films did ANCHOR_1 act in") and the indicator's label text with the DRM — never a raw name — and asks the
// ExperienceRetriever; relevant hits become suggestions (mode, depth, indicator), failure notes become warnings,
// and a confident memory gate becomes a reuse the controller explores first and lets stand in for the Brain's
// ranking. Write-back abstracts the question's session trace and stores it (success or failure), refusing a trace
// that still names anything this question touched; a reused record gets its counters advanced.
import type {
  ExperienceOutcome,
  ExperienceProvider,
  ExperienceQuery,
  ExperienceReport,
  ExperienceReuse,
  ExperienceSuggestion,
  ExperienceWarning,
  ExperienceWriteResult,
} from '../core/experienceProvider.js';
import type { Drm } from '../core/types.js';
import { abstractTrace, ANSWER_ROLE, chainRoles, indicatorText, renderTemplate, roleQuestion, type SessionTrace } from './abstractTrace.js';
import { exposureOf, type ExperienceRecord } from './experienceRecord.js';
import type { ExperienceStore } from './experienceStore.js';
import { gateDecision, templatesForRemote, DEFAULT_GATE_OPTIONS, type GateDecision, type GateOptions } from './memoryGate.js';
import { writeBackDictionaries } from './leakDictionaries.js';
import { LeakyTraceError, UnknownExperienceError } from './memoryErrors.js';
import { ExperienceRetriever, type RetrievedExperience, type RetrieveOptions } from './retrieveExperience.js';
import { recordReuse, writeExperience } from './writeExperience.js';

export interface MemoryProviderOptions {
  retrieve?: Partial<RetrieveOptions>;
  /** τ and k of the memory gate (default τ 0.9, k 2). */
  gate?: Partial<GateOptions>;
  /** Least dual-key score of a hit that counts, suggests or warns at all (default 0.6): the rest is noise. */
  minScore?: number;
  /** Least score of a verified hit whose mode and depth InitPolicy may take (default 0.85). */
  suggestScore?: number;
  /** Least score of a failed experience whose warning may prune a branch (default 0.85). */
  warnScore?: number;
  /** Writes between compactions of the store (default 100; 0 never). */
  compactEvery?: number;
}

/** What retrieve() learned about one question, kept for its write-back. */
interface Pending {
  questionVector: Float32Array;
  indicatorVector: Float32Array;
  /** Relevant records, so write-back merges into the same experience instead of duplicating it. */
  similar: ExperienceRecord[];
}

function unitize(v: Float32Array): Float32Array {
  let n = 0;
  for (const x of v) n += x * x;
  n = Math.sqrt(n);
  return n > 0 ? v.map((x) => x / n) : v;
}

/** Mode and depth of the round that verified last in a record. */
function verifiedRound(record: ExperienceRecord): { mode: ExperienceSuggestion['mode']; depth: number } | undefined {
  const t = [...record.trajectory].reverse().find((x) => x.verified);
  return t ? { mode: t.mode, depth: t.depth } : undefined;
}

/** `rel>` / `rel<` steps of a chain: equal for the same relation sketch. */
const chainKey = (chain: readonly { relation: string; direction: string }[], answerPosition: number): string => `${answerPosition}|${chain.map((s) => `${s.relation}${s.direction === 'out' ? '>' : '<'}`).join(' ')}`;

/**
 * The reuse the controller gets from a confident gate: the bound templates that start at ANCHOR_1 — provided
 * one of them is this question's own first indicator. Role questions that differ in one word ("directed" vs
 * "wrote") embed almost alike, so a close score alone would hand one question type's chain to another; the
 * structural agreement is what makes a match safe to stand in for the Brain.
 */
export function reuseOf(decision: GateDecision, query?: Pick<ExperienceQuery, 'indicator'>): ExperienceReuse | undefined {
  if (!decision.confident) return undefined;
  const a = decision.analysis;
  const chains = a.templates
    .filter((t) => t.template.roles[0] === 'ANCHOR_1' && t.template.roles.includes(ANSWER_ROLE))
    .map((t) => ({ steps: t.template.steps.map((s) => ({ relation: s.relation, direction: s.direction })), answerPosition: t.template.roles.indexOf(ANSWER_ROLE), seen: t.template.seen }));
  if (chains.length === 0) return undefined;
  if (query) {
    // The same shape: this question's reading is one the record verified, or the very reading the record's question
    // started from (a reading a Brain had to correct: its verified template is the Brain's chain).
    const own = chainKey(query.indicator.chain, query.indicator.answerPosition);
    const asked = decision.hit.record.indicator;
    if (!chains.some((c) => chainKey(c.steps, c.answerPosition) === own) && chainKey(asked.chain, asked.answerPosition) !== own) return undefined;
  }
  return { recordId: a.recordId, score: a.score, mode: a.mode, depth: a.depth, chains };
}

/**
 * Failure notes of similar questions that may prune here: close enough, and not contradicted by a relevant
 * verified experience whose template is the very chain that failed (it verified elsewhere, so the failure was
 * about that question's entities, not its shape).
 */
export function warningsFor(hits: readonly RetrievedExperience[], warnScore: number): ExperienceWarning[] {
  const verified = hits.filter((h) => h.record.outcome === 'verified').map((h) => h.record);
  const verifiedChains = new Set([
    ...verified.flatMap((r) => r.templates.map((t) => t.text)),
    ...verified.map((r) => renderTemplate(chainRoles(r.indicator.chain.length, r.indicator.answerPosition), r.indicator.chain)),
  ]);
  const out: ExperienceWarning[] = [];
  for (const h of hits) {
    if (h.score < warnScore) continue;
    for (const f of h.record.failures) {
      if (verifiedChains.has(f.chain)) continue;
      if (out.some((w) => w.mode === f.mode && w.depth === f.depth && w.chain === f.chain)) continue;
      out.push({ score: h.score, mode: f.mode, depth: f.depth, chain: f.chain, reason: f.reason });
    }
  }
  return out;
}

export class MemoryExperienceProvider implements ExperienceProvider {
  readonly retriever: ExperienceRetriever;
  private readonly gate: GateOptions;
  private readonly minScore: number;
  private readonly suggestScore: number;
  private readonly warnScore: number;
  private readonly pending = new WeakMap<ExperienceReport, Pending>();
  private readonly compactEvery: number;
  private writes = 0;

  constructor(
    readonly store: ExperienceStore,
    private readonly drm: Drm,
    options: MemoryProviderOptions = {},
  ) {
    this.retriever = new ExperienceRetriever(store, options.retrieve);
    this.gate = { ...DEFAULT_GATE_OPTIONS, ...options.gate };
    this.minScore = options.minScore ?? 0.6;
    this.suggestScore = options.suggestScore ?? 0.85;
    this.warnScore = options.warnScore ?? 0.85;
    this.compactEvery = options.compactEvery ?? 100;
  }

  /** The two DRM keys of a question: its role question and its first indicator's label text. */
  private async keys(query: ExperienceQuery): Promise<{ questionVector: Float32Array; indicatorVector: Float32Array; hasIndicator: boolean }> {
    const text = indicatorText({ chain: query.indicator.chain });
    const [q, i] = await this.drm.embed([roleQuestion(query.anonymizedQuestion, query.anchors), text || ' ']);
    const indicatorVector = text ? unitize(i) : new Float32Array(q.length);
    return { questionVector: unitize(q), indicatorVector, hasIndicator: text !== '' };
  }

  async retrieve(query: ExperienceQuery): Promise<ExperienceReport> {
    const keys = await this.keys(query);
    const t0 = performance.now();
    const retrieval = await this.retriever.retrieve({
      questionVector: keys.questionVector,
      ...(keys.hasIndicator ? { indicatorVector: keys.indicatorVector } : {}),
      exposure: exposureOf(query.exposure),
    });
    const lookupMs = performance.now() - t0;
    const relevant = retrieval.hits.filter((h) => h.score >= this.minScore);
    const decision = gateDecision(relevant, { anchors: query.anchors, ...(query.anchorTypes ? { anchorTypes: query.anchorTypes } : {}), ...(query.visibleRelations ? { visibleRelations: new Set(query.visibleRelations) } : {}) }, this.gate);
    const reuse = reuseOf(decision, query);
    const own = chainKey(query.indicator.chain, query.indicator.answerPosition);

    // Suggested indicators come only from templates enough sessions verified (the same k as for remote use).
    const shared = new Set(templatesForRemote(relevant.map((h) => h.record), this.gate.minSeen).map((t) => t.text));
    const suggestions: ExperienceSuggestion[] = [];
    if (reuse) suggestions.push({ score: reuse.score, mode: reuse.mode, depth: reuse.depth, indicator: { chain: reuse.chains[0].steps, answerPosition: reuse.chains[0].answerPosition } });
    for (const h of relevant) {
      // Only experiences that started from the same first indicator say anything about this question's depth.
      if (h.record.outcome !== 'verified' || h.score < this.suggestScore || h.record.id === reuse?.recordId) continue;
      if (chainKey(h.record.indicator.chain, h.record.indicator.answerPosition) !== own) continue;
      const round = verifiedRound(h.record);
      const template = h.record.templates.filter((t) => shared.has(t.text) && t.roles[0] === 'ANCHOR_1').sort((a, b) => b.seen - a.seen)[0];
      suggestions.push({
        score: h.score,
        ...(round ? { mode: round.mode, depth: round.depth } : {}),
        ...(template ? { indicator: { chain: template.steps.map((s) => ({ ...s })), answerPosition: template.roles.indexOf(ANSWER_ROLE) } } : {}),
      });
    }

    const report: ExperienceReport = {
      suggestions,
      warnings: warningsFor(relevant, this.warnScore),
      hits: relevant.length,
      ...(reuse ? { reuse } : {}),
      source: retrieval.source,
      lookupMs,
    };
    this.pending.set(report, { questionVector: keys.questionVector, indicatorVector: keys.indicatorVector, similar: relevant.map((h) => h.record) });
    return report;
  }

  async writeBack(report: ExperienceReport, outcome: ExperienceOutcome): Promise<ExperienceWriteResult> {
    if (outcome.trajectory.length === 0) return { status: 'skipped', reason: 'no answer node ran' };
    const q = outcome.query;
    const session: SessionTrace = {
      anonymizedQuestion: q.anonymizedQuestion,
      anchors: q.anchors,
      ...(q.anchorTypes ? { anchorTypes: q.anchorTypes } : {}),
      indicator: { chain: q.indicator.chain, answerPosition: q.indicator.answerPosition, dPredict: q.indicator.dPredict },
      trajectory: outcome.trajectory,
      verifiedPaths: outcome.verified ? outcome.verifiedPaths : [],
      failures: outcome.failures,
      outcome: outcome.verified ? 'verified' : 'failed',
      exposure: exposureOf(q.exposure),
      ...(outcome.literalValue ? { literalValue: outcome.literalValue } : {}),
    };
    const trace = abstractTrace(session);
    const pending = this.pending.get(report) ?? { ...(await this.keys(q)), similar: [] };
    let result: ExperienceWriteResult;
    try {
      // The audit's dictionaries (the graph's names and ids) plus the names this question touched.
      const dictionaries = writeBackDictionaries(outcome.vocabulary, outcome.names);
      const written = await writeExperience(this.store, trace, pending, { ...dictionaries, similar: pending.similar });
      result = { status: written.merged ? 'merged' : 'new', id: written.id };
    } catch (e) {
      // A trace that still names something is simply not remembered; the answer stands.
      if (!(e instanceof LeakyTraceError)) throw e;
      result = { status: 'skipped', reason: e.message };
    }
    if (report.reuse) {
      try {
        await recordReuse(this.store, report.reuse.recordId, outcome.verified);
        result.reuseRecorded = true;
      } catch (e) {
        // Deleted from the Memory tab while the question ran: nothing left to credit.
        if (!(e instanceof UnknownExperienceError)) throw e;
      }
    }
    this.pending.delete(report);
    if (result.status !== 'skipped' && this.compactEvery > 0 && ++this.writes % this.compactEvery === 0) await this.store.compact();
    return result;
  }

  dispose(): void {
    this.retriever.dispose();
  }
}

/** The QA engine's `memory` option over a store: the engine supplies its own DRM, so keys match its vectors. */
export function experienceMemory(store: ExperienceStore, options?: MemoryProviderOptions): (drm: Drm) => ExperienceProvider {
  return (drm) => new MemoryExperienceProvider(store, drm, options);
}
