// GetExp: the W_exp experiences closest to a question under the same exposure mode π, by the dual-key score
// λq·cos(Q, q_j) + λI·cos(I, I_j), nudged by each record's weight. The store keeps q_j ‖ I_j as one vector, so
// one dot-product search with (λq·Q ‖ λI·I) computes the dual-key score exactly. Failure notes of the hits come
// back as warnings. A HotBuffer answers repeated and near-identical lookups without touching LanceDB.
import { dot } from '../drm/cosine.js';
import { renderTemplate, chainRoles } from './abstractTrace.js';
import type { RecordOutcome } from '../../common/memoryContract.js';
import type { ExperienceWarning } from '../core/experienceProvider.js';
import { exposureKey, type ExperienceRecord, type ExposureMode } from './experienceRecord.js';
import type { ExperienceChange, ExperienceStore } from './experienceStore.js';
import type { ExperienceRow } from './experienceRecord.js';
import { HotBuffer, type HotBufferOptions } from './hotBuffer.js';

/** The retriever's query: the two DRM keys of a question (the provider's ExperienceQuery, embedded) and its π. */
export interface ExperienceKeyQuery {
  /** DRM vector of the role-substituted question (unit length; see roleQuestion). */
  questionVector: Float32Array;
  /** DRM vector of a first indicator's text (see indicatorText); absent → question key only. */
  indicatorVector?: Float32Array;
  exposure: ExposureMode;
}

export interface RetrieveOptions {
  /** W_exp: experiences returned (default 5). */
  limit: number;
  lambdaQ: number;
  lambdaI: number;
  /** Ranking = score + weightBoost · weight (default 0.1): proven records win near-ties. */
  weightBoost: number;
  /** Candidates taken from the vector search before re-ranking by weight (default 4 · limit). */
  candidates?: number;
}

export const DEFAULT_RETRIEVE_OPTIONS: RetrieveOptions = { limit: 5, lambdaQ: 0.6, lambdaI: 0.4, weightBoost: 0.1 };

export interface RetrievedExperience {
  record: ExperienceRecord;
  /** Dual-key similarity (λ-normalised, in [-1, 1]); the gate compares this with τ. */
  score: number;
  questionSimilarity: number;
  indicatorSimilarity: number;
  /** score + weightBoost · weight: the order of hits. */
  rank: number;
}

/** A failed branch of an earlier, similar question (core's ExperienceWarning), with the record it comes from. */
export interface RetrievedWarning extends ExperienceWarning {
  recordId: string;
  outcome: RecordOutcome;
  depth: number;
}

export interface Retrieval {
  hits: RetrievedExperience[];
  warnings: RetrievedWarning[];
  source: 'buffer' | 'store';
}

/** λs normalised to sum 1; without an indicator vector all weight goes to the question key. */
export function dualKeyWeights(options: Pick<RetrieveOptions, 'lambdaQ' | 'lambdaI'>, hasIndicator: boolean): { q: number; i: number } {
  if (!hasIndicator) return { q: 1, i: 0 };
  const sum = options.lambdaQ + options.lambdaI;
  return sum > 0 ? { q: options.lambdaQ / sum, i: options.lambdaI / sum } : { q: 0.5, i: 0.5 };
}

/** The search vector λq·Q ‖ λI·I (its dot product with q_j ‖ I_j is the dual-key score). */
export function dualKeyQuery(q: Float32Array, i: Float32Array | undefined, w: { q: number; i: number }): Float32Array {
  const out = new Float32Array(2 * q.length);
  for (let k = 0; k < q.length; k++) out[k] = w.q * q[k];
  if (i) for (let k = 0; k < i.length; k++) out[q.length + k] = w.i * i[k];
  return out;
}

/** Scores one stored key (q_j ‖ I_j) against a query. Pure. */
export function scoreRow(
  key: Float32Array,
  q: Float32Array,
  i: Float32Array | undefined,
  w: { q: number; i: number },
): { score: number; questionSimilarity: number; indicatorSimilarity: number } {
  const dim = q.length;
  const questionSimilarity = dot(key.subarray(0, dim), q);
  const indicatorSimilarity = i ? dot(key.subarray(dim), i) : 0;
  return { score: w.q * questionSimilarity + w.i * indicatorSimilarity, questionSimilarity, indicatorSimilarity };
}

/** Failure notes (and failed outcomes without notes) of the hits, best hit first. */
export function warningsOf(hits: RetrievedExperience[]): RetrievedWarning[] {
  const out: RetrievedWarning[] = [];
  for (const h of hits) {
    const r = h.record;
    for (const f of r.failures) out.push({ recordId: r.id, score: h.score, outcome: r.outcome, ...f });
    if (r.outcome !== 'verified' && r.failures.length === 0) {
      const last = r.trajectory[r.trajectory.length - 1];
      out.push({
        recordId: r.id,
        score: h.score,
        outcome: r.outcome,
        mode: last?.mode ?? 'Topic',
        depth: last?.depth ?? r.indicator.dPredict,
        chain: renderTemplate(chainRoles(r.indicator.chain.length, r.indicator.answerPosition), r.indicator.chain),
        reason: r.outcome === 'failed' ? 'no verified answer' : 'left unanswered',
      });
    }
  }
  return out;
}

interface Buffered {
  retrieval: Retrieval;
  pi: string;
  w: { q: number; i: number };
}

export class ExperienceRetriever {
  readonly options: RetrieveOptions;
  readonly buffer: HotBuffer<Buffered>;
  private readonly unsubscribe: () => void;

  constructor(
    readonly store: ExperienceStore,
    options: Partial<RetrieveOptions> = {},
    buffer: HotBufferOptions = {},
  ) {
    this.options = { ...DEFAULT_RETRIEVE_OPTIONS, ...options };
    this.buffer = new HotBuffer<Buffered>(buffer);
    this.unsubscribe = store.onChange((change) => this.invalidate(change));
  }

  /** Stops listening to the store (the buffer stays as it is). */
  dispose(): void {
    this.unsubscribe();
  }

  /**
   * Keeps buffered answers exact across writes without going back to LanceDB: the dual-key score of a written
   * record against a buffered query is computable from the record's own vectors, so changed records are re-scored
   * in place and new ones inserted where they rank. Only when a listed record falls below the full list's floor (an
   * unlisted one might now belong in it), leaves the π, or is deleted is the entry dropped. Write-back after every
   * question therefore keeps the buffer warm for the very questions that keep recurring.
   */
  private invalidate(change: ExperienceChange): void {
    const { limit, weightBoost } = this.options;
    if ('deleted' in change) {
      const gone = new Set(change.deleted);
      this.buffer.retain((b) => !b.retrieval.hits.some((h) => gone.has(h.record.id)));
      return;
    }
    const byId = new Map(change.upserted.map((r) => [r.id, r]));
    this.buffer.update((b, q, i) => {
      const rescore = (record: ExperienceRecord): RetrievedExperience => {
        const questionSimilarity = dot(record.questionVector, q);
        const indicatorSimilarity = i ? dot(record.indicatorVector, i) : 0;
        const score = b.w.q * questionSimilarity + (i ? b.w.i * indicatorSimilarity : 0);
        return { record, score, questionSimilarity, indicatorSimilarity, rank: score + weightBoost * record.weight };
      };
      // Records outside a full list rank at most as high as its last entry: an updated record that stays at or above
      // that floor is still ahead of all of them, so the list stays exact; below it, an unseen record might overtake.
      const hits0 = b.retrieval.hits;
      const floor = hits0.length >= limit ? hits0[hits0.length - 1].rank : -Infinity;
      const kept: RetrievedExperience[] = [];
      for (const h of hits0) {
        const updated = byId.get(h.record.id);
        if (!updated) kept.push(h);
        else if (exposureKey(updated.exposure) === b.pi) {
          const next = rescore(updated);
          if (next.rank < floor) return undefined;
          kept.push(next);
        } else if (hits0.length >= limit) return undefined;
      }
      const listed = new Set(b.retrieval.hits.map((h) => h.record.id));
      for (const record of change.upserted)
        if (!listed.has(record.id) && exposureKey(record.exposure) === b.pi) kept.push(rescore(record));
      const hits = kept.sort((x, y) => y.rank - x.rank).slice(0, limit);
      return { ...b, retrieval: { ...b.retrieval, hits, warnings: warningsOf(hits) } };
    });
  }

  async retrieve(query: ExperienceKeyQuery): Promise<Retrieval> {
    const { limit, weightBoost } = this.options;
    const pi = exposureKey(query.exposure);
    const context = `${pi}|${limit}|${this.options.lambdaQ}|${this.options.lambdaI}|${weightBoost}`;
    const generation = this.store.generation;
    const cached = this.buffer.get(context, query.questionVector, query.indicatorVector);
    if (cached) return { ...cached.retrieval, source: 'buffer' };

    const w = dualKeyWeights(this.options, query.indicatorVector !== undefined);
    const rows = await this.store.search(dualKeyQuery(query.questionVector, query.indicatorVector, w), pi, this.options.candidates ?? 4 * limit);
    const ranked = rows
      .map((row) => ({ row, ...scoreRow(row.key, query.questionVector, query.indicatorVector, w) }))
      .map((x) => ({ ...x, rank: x.score + weightBoost * x.row.weight }))
      .sort((a, b) => b.rank - a.rank)
      .slice(0, limit);
    // Only the kept rows are decrypted.
    const hits: RetrievedExperience[] = ranked.map((x: { row: ExperienceRow; score: number; questionSimilarity: number; indicatorSimilarity: number; rank: number }) => ({
      record: this.store.decrypt(x.row),
      score: x.score,
      questionSimilarity: x.questionSimilarity,
      indicatorSimilarity: x.indicatorSimilarity,
      rank: x.rank,
    }));
    const result: Retrieval = { hits, warnings: warningsOf(hits), source: 'store' };
    // A write that landed during the search must not be cached under the old generation's answer.
    if (this.store.generation === generation) this.buffer.set(context, query.questionVector, query.indicatorVector, { retrieval: result, pi, w });
    return result;
  }
}
