// When two records are the same experience, and how they combine. Same π, same abstract indicator and same
// verified template set → one record: counters and template seen counts add up, failure notes are united, the
// keys become the normalised mean (the merged record answers for both phrasings).
import { indicatorKey } from './abstractTrace.js';
import { exposureKey, type ExperienceRecord, type FailureNote, type PathTemplate } from './experienceRecord.js';
import { markedWrongChains } from './judgeRecord.js';

/** Failure notes kept per record: the first ones say enough; the rest only grow the payload. */
export const MAX_FAILURE_NOTES = 8;

export function redundancyKey(r: Pick<ExperienceRecord, 'exposure' | 'indicator' | 'templates'>): string {
  const templates = r.templates.map((t) => t.text).sort();
  return `${exposureKey(r.exposure)}\n${indicatorKey(r.indicator)}\n${templates.join('\n')}`;
}

function meanUnit(a: Float32Array, wa: number, b: Float32Array, wb: number): Float32Array {
  const out = new Float32Array(a.length);
  let norm = 0;
  for (let i = 0; i < a.length; i++) {
    out[i] = wa * a[i] + wb * b[i];
    norm += out[i] * out[i];
  }
  norm = Math.sqrt(norm);
  if (norm > 0) for (let i = 0; i < out.length; i++) out[i] /= norm;
  return out;
}

function mergeTemplates(a: PathTemplate[], b: PathTemplate[]): PathTemplate[] {
  const out = a.map((t) => ({ ...t }));
  for (const t of b) {
    const same = out.find((x) => x.text === t.text);
    if (same) same.seen += t.seen;
    else out.push({ ...t });
  }
  return out;
}

function mergeFailures(a: FailureNote[], b: FailureNote[]): FailureNote[] {
  const out = [...a];
  for (const f of b)
    if (!out.some((x) => x.mode === f.mode && x.depth === f.depth && x.chain === f.chain && x.reason === f.reason)) out.push(f);
  return out.slice(0, MAX_FAILURE_NOTES);
}

/** Combines `b` into `a` (a's id stays). Pure. */
export function mergeRecords(a: ExperienceRecord, b: ExperienceRecord): ExperienceRecord {
  const wa = Math.max(1, a.templates.reduce((s, t) => s + t.seen, 0));
  const wb = Math.max(1, b.templates.reduce((s, t) => s + t.seen, 0));
  const newer = b.updatedAt > a.updatedAt ? b : a;
  const lastUsedAt = Math.max(a.lastUsedAt ?? 0, b.lastUsedAt ?? 0);
  // A chain the analyst marked wrong stays a failure: a later session along it does not make it a template again.
  const wrong = new Set([...markedWrongChains(a), ...markedWrongChains(b)]);
  const templates = mergeTemplates(a.templates, b.templates).filter((t) => !wrong.has(t.text));
  const judged = a.judged === 'wrong' || b.judged === 'wrong' ? 'wrong' : (a.judged ?? b.judged);
  return {
    ...a,
    question: newer.question,
    trajectory: newer.trajectory,
    indicator: newer.indicator,
    templates,
    literals: a.literals.length ? a.literals : b.literals,
    outcome: wrong.size && !templates.length ? 'failed' : a.outcome === 'verified' || b.outcome === 'verified' ? 'verified' : newer.outcome,
    ...(judged ? { judged } : {}),
    failures: mergeFailures(a.failures, b.failures),
    questionVector: meanUnit(a.questionVector, wa, b.questionVector, wb),
    indicatorVector: meanUnit(a.indicatorVector, wa, b.indicatorVector, wb),
    counters: { uses: a.counters.uses + b.counters.uses, successes: a.counters.successes + b.counters.successes },
    createdAt: Math.min(a.createdAt, b.createdAt),
    updatedAt: Math.max(a.updatedAt, b.updatedAt),
    ...(lastUsedAt > 0 ? { lastUsedAt } : {}),
  };
}
