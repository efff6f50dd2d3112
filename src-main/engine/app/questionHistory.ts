// The question history of each graph: <data>/history/<graph>.json, a JSON list of entries, newest last, written
// whole to a 0600 temporary file and renamed into place (a crash leaves the old or the new file, never half). A file
// that does not parse is reported with its path and the parser's message and is never overwritten: nothing asked
// before is lost because one write failed or someone edited the file.
import { mkdir, readFile, rm } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { AskResult } from '../../common/answerTypes.js';
import type { HistoryEntry } from '../../common/historyContract.js';
import { writeFileAtomic } from '../node/sealedFile.js';
import { ApiError } from './apiError.js';
import { countText } from '../../common/answerNames.js';

export const HISTORY_DIR = 'history';
/** Entries kept per graph: the oldest go first. */
export const MAX_HISTORY = 500;

export class QuestionHistory {
  /** One write at a time per file, so two questions finishing together both land. */
  private chain: Promise<unknown> = Promise.resolve();

  constructor(readonly dir: string) {}

  static inDataDir(dataDir: string): QuestionHistory {
    return new QuestionHistory(join(dataDir, HISTORY_DIR));
  }

  fileOf(graph: string): string {
    return join(this.dir, `${graph}.json`);
  }

  /** Entries, newest first, whose question or answer names contain `query`; `total` counts the graph's entries. */
  async list(graph: string, query = '', limit = 200): Promise<{ entries: HistoryEntry[]; total: number }> {
    const all = await this.read(graph);
    const needle = query.trim().toLowerCase();
    const hits = all.filter((e) => !needle || e.question.toLowerCase().includes(needle) || e.answers.some((a) => a.toLowerCase().includes(needle)));
    return { entries: hits.reverse().slice(0, limit), total: all.length };
  }

  add(graph: string, result: AskResult, at = new Date()): Promise<HistoryEntry> {
    return this.serial(async () => {
      const entries = await this.read(graph);
      const set = result.answers.filter((a) => a.inSet);
      const entry: HistoryEntry = {
        id: randomUUID(),
        graph,
        question: result.question,
        at: at.toISOString(),
        // A "how many" answer is its count first (what the history list shows and searches), then what was counted.
        answers: [...(result.count ? [countText(result.count)] : []), ...(set.length ? set : result.answers.slice(0, 1)).map((a) => a.name)],
        ...(result.answerSet ? { label: result.answerSet.label } : result.abstained ? { label: 'abstained' } : {}),
        result,
      };
      entries.push(entry);
      await this.write(graph, entries.slice(-MAX_HISTORY));
      return entry;
    });
  }

  delete(graph: string, ids: readonly string[]): Promise<{ deleted: number }> {
    return this.serial(async () => {
      const entries = await this.read(graph);
      const drop = new Set(ids);
      const kept = entries.filter((e) => !drop.has(e.id));
      if (kept.length !== entries.length) await this.write(graph, kept);
      return { deleted: entries.length - kept.length };
    });
  }

  /** Drops the graph's whole history (the graph is deleted: a new graph of that name starts with none). */
  forget(graph: string): Promise<void> {
    return this.serial(() => rm(this.fileOf(graph), { force: true }));
  }

  private serial<T>(f: () => Promise<T>): Promise<T> {
    const run = this.chain.then(f);
    this.chain = run.catch(() => undefined);
    return run;
  }

  private async read(graph: string): Promise<HistoryEntry[]> {
    const file = this.fileOf(graph);
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw new ApiError('internal', `Cannot read the question history ${file}: ${(e as Error).message}`);
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (e) {
      throw new ApiError('invalid_request', `The question history ${file} is not valid JSON (${(e as Error).message}); it was left as it is. Fix or move it to start a new history.`);
    }
    if (!Array.isArray(parsed)) throw new ApiError('invalid_request', `The question history ${file} is not a list of entries; it was left as it is.`);
    parsed.forEach((e, i) => {
      const x = e as Partial<HistoryEntry>;
      if (typeof x?.id !== 'string' || typeof x.question !== 'string' || typeof x.at !== 'string' || !Array.isArray(x.answers) || typeof x.result !== 'object')
        throw new ApiError('invalid_request', `The question history ${file}: entry ${i + 1} is malformed (id, question, at, answers, result); the file was left as it is.`);
    });
    return parsed as HistoryEntry[];
  }

  private async write(graph: string, entries: HistoryEntry[]): Promise<void> {
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    await writeFileAtomic(this.fileOf(graph), Buffer.from(JSON.stringify(entries)));
  }
}
