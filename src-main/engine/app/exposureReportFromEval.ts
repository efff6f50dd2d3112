// The exposure report's figures from evaluation folders: an eval folder (summary.json, predictions.jsonl, and
// attack.json from `ctrlg attack --out` when present), or a folder of such runs (bench:exposure writes one per view:
// masked/, sanitized/). Reads counts only; views.jsonl (the revealed mapping) is used to count new entities along the
// stream and never copied into the report.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import type { AttackFigures, ExposureReportData, ExposureRunFigures, NodeExposureFigures } from '../../common/exposureReportTypes.js';

export class ExposureReportInputError extends Error {
  constructor(
    readonly file: string,
    readonly line: number | undefined,
    reason: string,
  ) {
    super(`${file}${line !== undefined ? `:${line}` : ''}: ${reason}`);
    this.name = 'ExposureReportInputError';
  }
}

type Json = Record<string, unknown>;

function readJson(file: string): Json {
  const text = readText(file);
  try {
    const v = JSON.parse(text) as unknown;
    if (v && typeof v === 'object' && !Array.isArray(v)) return v as Json;
  } catch {
    /* reported below */
  }
  throw new ExposureReportInputError(file, undefined, 'is not a JSON object');
}

function readText(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (e) {
    throw new ExposureReportInputError(file, undefined, `cannot be read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
}

function readJsonLines(file: string): Json[] {
  if (!existsSync(file)) return [];
  const out: Json[] = [];
  readText(file)
    .split('\n')
    .forEach((line, i) => {
      if (!line.trim()) return;
      try {
        const v = JSON.parse(line) as unknown;
        if (v && typeof v === 'object' && !Array.isArray(v)) return void out.push(v as Json);
      } catch {
        /* reported below */
      }
      throw new ExposureReportInputError(file, i + 1, 'is not a JSON object');
    });
  return out;
}

const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const obj = (v: unknown): Json | undefined => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : undefined);

/** summary.json's node_exposure counting (single_token: visible alone, the paper's sense) → report figures. */
function exposureFigures(counting: unknown): NodeExposureFigures | undefined {
  const f = obj(obj(counting)?.single_token);
  if (!f) return undefined;
  const cdf = Array.isArray(f.cdf) ? f.cdf.filter((x): x is number => typeof x === 'number') : [];
  return {
    eligible: num(f.eligible_entities) ?? 0,
    exposed: num(f.exposed_entities) ?? 0,
    sessions: num(f.sessions) ?? 0,
    p50: num(f.p50) ?? 0,
    p99: num(f.p99) ?? 0,
    max: num(f.max) ?? 0,
    top1PercentShare: num(f.top1_percent_share) ?? 0,
    values: cdf,
  };
}

/** attack.json (ctrlg attack --out) → report figures; targets are anchors and bridges together. */
function attackFigures(a: Json): AttackFigures | undefined {
  const ab = obj(a.anchors_bridges);
  const an = obj(a.anchors);
  const br = obj(a.bridges);
  if (!ab || !an || !br) return undefined;
  const unique = num(obj(ab.anonymity)?.unique_share);
  const linkage = num(obj(a.linkage)?.asr_at_1);
  return {
    asr1: num(ab.asr_at_1) ?? 0,
    asr5: num(ab.asr_at_5) ?? 0,
    anchors: { tokens: num(an.scored) ?? 0, asr1: num(an.asr_at_1) ?? 0 },
    bridges: { tokens: num(br.scored) ?? 0, asr1: num(br.asr_at_1) ?? 0 },
    unique: unique ?? 0,
    ...(linkage !== undefined ? { linkage } : {}),
  };
}

// Entity, supernode and aggregate tokens: every raw entity behind any of them counts as shown.
const TOKEN = /\b[ESA]_[0-9a-f]{4,64}\b/g;

/** Per question: Brain calls, and entities seen for the first time in the run (built payloads, names via views.jsonl). */
function streamOf(dir: string, preds: Json[]): ExposureRunFigures['stream'] {
  if (!preds.length) return undefined;
  const views = new Map<number, Json>();
  for (const v of readJsonLines(join(dir, 'views.jsonl'))) if (typeof v.i === 'number') views.set(v.i, obj(v.mapping) ?? {});
  const seen = new Set<string>();
  const brainCalls: number[] = [];
  const newEntities: number[] = [];
  for (const p of preds) {
    brainCalls.push(num(p.brain_calls) ?? 0);
    const mapping = typeof p.i === 'number' ? views.get(p.i) : undefined;
    let fresh = 0;
    if (mapping) {
      const texts = Array.isArray(p.payloads) ? p.payloads.filter((t): t is string => typeof t === 'string') : [];
      for (const token of new Set(texts.flatMap((t) => t.match(TOKEN) ?? []))) {
        const names = mapping[token];
        if (!Array.isArray(names)) continue;
        for (const name of names)
          if (typeof name === 'string' && !seen.has(name)) {
            seen.add(name);
            fresh++;
          }
      }
    }
    newEntities.push(fresh);
  }
  return { brainCalls, newEntities };
}

/** One eval folder's figures. */
export function runFigures(dir: string): ExposureRunFigures {
  const summary = readJson(join(dir, 'summary.json'));
  const preds = readJsonLines(join(dir, 'predictions.jsonl'));
  const attackPath = join(dir, 'attack.json');
  const attack = existsSync(attackPath) ? attackFigures(readJson(attackPath)) : undefined;
  const ne = obj(summary.node_exposure);
  const built = exposureFigures(ne?.built);
  const sent = exposureFigures(ne?.sent);
  const perRelation = obj(obj(summary.exposure)?.per_relation);
  const stream = streamOf(dir, preds);
  return {
    view: typeof summary.view === 'string' ? summary.view : basename(dir),
    questions: num(summary.questions) ?? preds.length,
    ...(num(summary.hits_at_1) !== undefined ? { hitsAt1: num(summary.hits_at_1) } : {}),
    ...(attack ? { attack } : {}),
    ...(built || sent ? { nodeExposure: { ...(built ? { built } : {}), ...(sent ? { sent } : {}) } } : {}),
    ...(perRelation ? { perRelation: Object.fromEntries(Object.entries(perRelation).filter((e): e is [string, number] => typeof e[1] === 'number')) } : {}),
    ...(stream ? { stream } : {}),
  };
}

/** The eval folders under `dir`: itself when it holds a summary.json, else its subfolders that do (masked first). */
export function evalRunDirs(dir: string): string[] {
  const root = resolve(dir);
  if (!existsSync(root) || !statSync(root).isDirectory()) throw new ExposureReportInputError(root, undefined, 'is not a folder');
  if (existsSync(join(root, 'summary.json'))) return [root];
  const isDir = (p: string): boolean => {
    try {
      return statSync(p).isDirectory();
    } catch {
      return false; // a dangling link or a file that vanished: not a run
    }
  };
  const runs = readdirSync(root)
    .map((n) => join(root, n))
    .filter((p) => isDir(p) && existsSync(join(p, 'summary.json')));
  if (!runs.length) throw new ExposureReportInputError(root, undefined, 'holds no summary.json (run `ctrlg eval --out` into it first)');
  const rank = (p: string): number => (basename(p) === 'masked' ? 0 : basename(p) === 'sanitized' ? 1 : 2);
  return runs.sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

export function reportFromEval(dir: string, now: Date = new Date()): ExposureReportData {
  const dirs = evalRunDirs(dir);
  // The folder's own name only: a report meant to be shared should not carry the analyst's home path.
  return { title: 'Ctrl-G exposure report', generatedAt: now.toISOString(), source: `evaluation ${basename(resolve(dir))}`, runs: dirs.map(runFigures) };
}
