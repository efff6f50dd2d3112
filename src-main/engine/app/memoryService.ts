// The app's experience memory: one ExperienceStore under <data>/memory, opened on first use and shared by the
// question service (retrieval, gate, write-back) and the memory browser (list, delete, audit). The key comes from
// the KeyStore the caller supplies — the Electron shell's is backed by safeStorage — or, headless, from the 0600
// key file next to the store.
import { join } from 'node:path';
import type { MemoryAuditView, MemoryListView, MemoryRecordView } from '../../common/memoryContract.js';
import type { GraphLibrary } from '../import/graphLibrary.js';
import { chainRoles, renderTemplate } from '../memory/abstractTrace.js';
import { auditMemory } from '../memory/auditMemory.js';
import { exposureKey, type ExperienceRecord } from '../memory/experienceRecord.js';
import type { ExperienceStore } from '../memory/experienceStore.js';
import { experienceTableExists } from '../memory/experienceTable.js';
import { graphDictionaries } from '../memory/graphDictionaries.js';
import type { KeyStore } from '../core/keyStore.js';
import { memoryKeyStore } from '../memory/memoryKey.js';
import { leakDictionaries } from '../memory/leakDictionaries.js';
import { assertLocalPath } from '../node/localPath.js';
import { judgeRecord, type Verdict } from '../memory/judgeRecord.js';
import { ApiError } from './apiError.js';

export const MEMORY_DIR = 'memory';

export interface MemoryServiceOptions {
  dataDir: string;
  /** The store's folder; default <data>/memory (`ctrlg eval --memory DIR` names its own). */
  dir?: string;
  /** Key source; default the 0600 key file memory.key in the store's folder. */
  keyStore?: KeyStore;
}

/** A record as the browser shows it: the abstract trace, counters and dates; no vectors. */
export function recordView(r: ExperienceRecord): MemoryRecordView {
  return {
    id: r.id,
    question: r.question,
    indicator: renderTemplate(chainRoles(r.indicator.chain.length, r.indicator.answerPosition), r.indicator.chain),
    templates: r.templates.map((t) => ({ text: t.text, seen: t.seen })),
    outcome: r.outcome,
    failures: r.failures.map((f) => ({ ...f })),
    trajectory: r.trajectory.map((t) => ({ ...t })),
    literals: r.literals.map((l) => ({ ...l })),
    counters: { ...r.counters },
    weight: r.weight,
    exposure: exposureKey(r.exposure),
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
    ...(r.lastUsedAt !== undefined ? { lastUsedAt: r.lastUsedAt } : {}),
    ...(r.judged ? { judged: r.judged } : {}),
  };
}

export class MemoryService {
  readonly dir: string;
  private readonly keyStore: KeyStore;
  private opened: Promise<ExperienceStore> | undefined;
  private closed = false;

  constructor(options: MemoryServiceOptions) {
    this.dir = assertLocalPath(options.dir ?? join(options.dataDir, MEMORY_DIR), 'The memory folder');
    this.keyStore = options.keyStore ?? memoryKeyStore(this.dir, { create: !experienceTableExists(this.dir) });
  }

  /** The store, opened once (a failed open is retried on the next call: the key may come back). */
  store(): Promise<ExperienceStore> {
    if (this.closed) return Promise.reject(new Error('The experience memory is closed.'));
    // LanceDB loads with the first use of the memory, not with the engine.
    this.opened ??= import('../memory/experienceStore.js').then(({ ExperienceStore }) => ExperienceStore.open(this.dir, { keyStore: this.keyStore })).catch((e: unknown) => {
      this.opened = undefined;
      throw e;
    });
    return this.opened;
  }

  async list(limit: number): Promise<MemoryListView> {
    const records = (await (await this.store()).list()).sort((a, b) => b.updatedAt - a.updatedAt);
    return { records: records.slice(0, limit).map(recordView), total: records.length, dir: this.dir, keyStorage: this.keyStore.description };
  }

  async delete(ids: string[]): Promise<{ deleted: number }> {
    return { deleted: await (await this.store()).delete(ids) };
  }

  /** Audits against the names and ids of every graph on this machine (what the memory may have seen). */
  async audit(library: GraphLibrary): Promise<MemoryAuditView> {
    const { names, ids, graphs } = await graphDictionaries(library);
    const report = await auditMemory(await this.store(), leakDictionaries(names, ids));
    return { records: report.records, counts: report.counts, rareTemplates: report.rareTemplates, k: report.k, clean: report.clean, graphs, findings: report.findings.slice(0, 200) };
  }

  /**
   * The analyst's verdict on the answer a record came from: wrong turns the record into a failure warning, right
   * confirms it. An unknown id (deleted meanwhile) is a clear error.
   */
  async judge(id: string, verdict: Verdict): Promise<MemoryRecordView> {
    const store = await this.store();
    const record = await store.get(id);
    if (!record) throw new ApiError('invalid_request', `No experience record "${id}" (deleted from the Memory tab?).`, { id });
    const judged = judgeRecord(record, verdict, Date.now());
    await store.put(judged);
    return recordView(judged);
  }

  async close(): Promise<void> {
    this.closed = true;
    const opened = this.opened;
    this.opened = undefined;
    (await opened?.catch(() => undefined))?.close();
  }
}
