// The graphs on this machine: <dataDir>/graphs/<name>/{graph.kuzu, meta.json}, or only meta.json for a graph that
// lives in the user's SPARQL store (meta.sparql: endpoint, graph IRI, label predicate; nothing of it is copied here).
// Owns every open handle, so an import can close a graph's handle before swapping a freshly built database into its
// place.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { CsvColumns, GraphInfo, ImportFormat, ImportProgress, ImportResult, ImportSource, SparqlSource } from '../../common/graphTypes.js';
import { sha256File } from './fileHash.js';
import { guardImport } from './importGuard.js';
import { ImportCancelledError, ImportError } from './importErrors.js';
import type { ImportLimits } from './importLimits.js';
import { resolveImportFormat } from './importFormat.js';
import { assertGraphName, UnknownGraphError } from '../graph/graphErrors.js';
import type { GraphStore } from '../graph/graphStore.js';
import { KUZU_FILE } from '../graph/kuzuSchema.js';
import { KuzuGraphStore } from '../graph/kuzuGraphStore.js';
import { consoleQuery, type ConsoleQueryOptions } from '../graph/consoleQuery.js';
import type { ConsoleChildLauncher } from '../graph/consoleChild.js';
import { CypherRefusedError } from '../graph/cypherErrors.js';
import type { CypherResult } from '../../common/cypherTypes.js';
import { MemoryGraph } from '../graph/memoryGraph.js';
import { SparqlGraphStore } from '../graph/sparqlGraphStore.js';
import { parseSparqlSource, sparqlOptionsFromEnv } from '../graph/sparqlSource.js';
import { SNAPSHOT_FILE } from '../graph/graphSnapshot.js';
import { readSnapshotFile, writeSnapshotFile } from '../graph/snapshotFile.js';
import { builtMemoryGraph } from './builtMemoryGraph.js';

export const META_FILE = 'meta.json';

export interface ImportOptions {
  format?: ImportFormat;
  lenient?: boolean;
  /** Start from an empty graph instead of merging into the existing one. */
  replace?: boolean;
  csv?: CsvColumns;
  /** Term and line limits (defaults: 1 M characters a term, 4 M a line). */
  limits?: Partial<ImportLimits>;
  signal?: AbortSignal;
  onProgress?: (p: ImportProgress) => void;
}

/** `.import-<graph>-<pid>-<hex>`: the pid says whether the import that owns the folder may still be running. */
const WORK_DIR = /^\.import-.+-(\d+)-[0-9a-f]{8}$/;
/** Work folders from before the pid was in the name, and half-finished deletes. */
const STALE_DIR = /^\.(import|deleted)-.+-[0-9a-f]{8}$/;

/** Work folders of imports running in this process (a restarted container may reuse a killed one's pid). */
const activeWork = new Set<string>();

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists, under another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A leftover of a killed import or delete (its plaintext CSV copy included), safe to remove now. */
export function isStaleWorkDir(entry: string, alive: (pid: number) => boolean = processAlive): boolean {
  const work = WORK_DIR.exec(entry);
  if (work) return !alive(Number(work[1]));
  return STALE_DIR.test(entry);
}

/**
 * The caller hears of a cancel at once, whatever step is running: Kuzu cannot interrupt a COPY, so that step ends
 * in the background, under the graph's lock, and removes its work folder (close() waits for it). Once the swap
 * has started the import completes, and the caller gets its real outcome.
 */
function answerCancelAtOnce<T>(run: Promise<T>, file: string, signal: AbortSignal | undefined, swap: { started: boolean }): Promise<T> {
  if (!signal) return run;
  return new Promise<T>((resolvePromise, reject) => {
    const onAbort = (): void => {
      if (!swap.started) reject(new ImportCancelledError(file));
    };
    signal.addEventListener('abort', onAbort, { once: true });
    run.then(resolvePromise, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

export interface GraphLibraryOptions {
  /** Told when a graph's snapshot could not be used and was rebuilt from the database (default: a process warning). */
  onNotice?: (message: string) => void;
  /** How the Cypher console and a big import's database load start their child (default Node; the Electron shell passes its own). */
  consoleLauncher?: ConsoleChildLauncher;
}

/**
 * What the snapshot must have been made from: the import that wrote meta.json (time and counts) and the database
 * file's size. A graph re-imported by an older build, or a database replaced by hand, gets a fresh snapshot.
 */
export function snapshotStamp(info: GraphInfo, kuzuBytes: number): string {
  return JSON.stringify([info.updatedAt, info.entities, info.triples, kuzuBytes]);
}

export class GraphLibrary {
  readonly graphsDir: string;
  private readonly stores = new Map<string, Promise<GraphStore>>();
  private readonly memory = new Map<string, Promise<MemoryGraph>>();
  /** Per-graph chain: imports and deletes of one graph run one after another. */
  private readonly locks = new Map<string, Promise<unknown>>();
  private readonly fileGraphs = new Map<string, Promise<string>>();
  private recovered: Promise<void> | undefined;

  private readonly notice: (message: string) => void;

  constructor(
    readonly dataDir: string,
    private readonly libraryOptions: GraphLibraryOptions = {},
  ) {
    this.graphsDir = join(resolve(dataDir), 'graphs');
    this.notice = libraryOptions.onNotice ?? ((message) => process.emitWarning(message, 'GraphSnapshotWarning'));
  }

  private dirOf(name: string): string {
    return join(this.graphsDir, name);
  }

  /**
   * A crash between the two renames of a swap leaves `.old-<name>-*` and no `<name>`: put it back. A killed
   * import leaves its `.import-*` work folder (a half-built database and a plaintext CSV copy): remove it,
   * unless the process that owns it is still running (another face importing into the same data folder).
   */
  private recover(): Promise<void> {
    this.recovered ??= (async () => {
      let names: string[];
      try {
        names = await readdir(this.graphsDir);
      } catch {
        return;
      }
      for (const entry of names) {
        const path = join(this.graphsDir, entry);
        if (isStaleWorkDir(entry, (pid) => (pid === process.pid ? activeWork.has(path) : processAlive(pid)))) {
          await rm(path, { recursive: true, force: true });
          continue;
        }
        const m = /^\.old-(.+)-[0-9a-f]{8}$/.exec(entry);
        if (!m) continue;
        if (!existsSync(this.dirOf(m[1]))) await rename(join(this.graphsDir, entry), this.dirOf(m[1]));
        else await rm(join(this.graphsDir, entry), { recursive: true, force: true });
      }
    })();
    return this.recovered;
  }

  private withLock<T>(name: string, fn: () => Promise<T>): Promise<T> {
    const run = (this.locks.get(name) ?? Promise.resolve()).then(fn);
    this.locks.set(name, run.catch(() => undefined));
    return run;
  }

  private async readMeta(name: string): Promise<GraphInfo | undefined> {
    try {
      return JSON.parse(await readFile(join(this.dirOf(name), META_FILE), 'utf8')) as GraphInfo;
    } catch {
      return undefined;
    }
  }

  async list(): Promise<GraphInfo[]> {
    await this.recover();
    let entries: string[];
    try {
      entries = await readdir(this.graphsDir);
    } catch {
      return [];
    }
    const infos: GraphInfo[] = [];
    for (const entry of entries.sort()) {
      if (entry.startsWith('.')) continue; // imports in progress, swaps
      const meta = await this.readMeta(entry);
      if (meta && (meta.sparql || existsSync(join(this.dirOf(entry), KUZU_FILE)))) infos.push(meta);
    }
    return infos;
  }

  async exists(name: string): Promise<boolean> {
    assertGraphName(name);
    await this.recover();
    if (!existsSync(join(this.dirOf(name), META_FILE))) return false;
    return existsSync(join(this.dirOf(name), KUZU_FILE)) || (await this.readMeta(name))?.sparql !== undefined;
  }

  async info(name: string): Promise<GraphInfo> {
    if (!(await this.exists(name))) throw await this.unknown(name);
    return (await this.readMeta(name))!;
  }

  private async unknown(name: string): Promise<UnknownGraphError> {
    return new UnknownGraphError(name, (await this.list()).map((g) => g.name));
  }

  /** The graph's store, opened read-only once and shared; valid until the graph is re-imported or deleted. */
  async open(name: string): Promise<GraphStore> {
    if (!(await this.exists(name))) throw await this.unknown(name);
    let store = this.stores.get(name);
    if (!store) {
      const meta = await this.readMeta(name);
      store = meta?.sparql
        ? Promise.resolve(new SparqlGraphStore(name, meta.sparql, sparqlOptionsFromEnv()))
        : KuzuGraphStore.open(name, join(this.dirOf(name), KUZU_FILE), { readOnly: true, triples: meta?.triples });
      this.stores.set(name, store);
      store.catch(() => this.stores.delete(name));
    }
    return store;
  }

  /** One read-only Cypher query from the console, on the graph's read-only database (see KuzuGraphStore). */
  async consoleQuery(name: string, query: string, options: ConsoleQueryOptions): Promise<CypherResult> {
    if (!(await this.exists(name))) throw await this.unknown(name);
    const sparql = (await this.readMeta(name))?.sparql;
    // The console speaks Cypher to the graph's Kuzu database; a SPARQL graph has none (its store has its own console).
    if (sparql) throw new CypherRefusedError(`graph "${name}" lives in the SPARQL store ${sparql.endpoint}: the Cypher console works on imported graphs`);
    const launch = options.launch ?? this.libraryOptions.consoleLauncher;
    return consoleQuery(join(this.dirOf(name), KUZU_FILE), query, { ...options, ...(launch ? { launch } : {}) });
  }

  /**
   * The whole graph in memory (the QA hot path), once per version of the graph: read from its snapshot, or, when
   * that is missing, stale or damaged, built from the database (in pages) and the snapshot written again.
   */
  async memoryGraph(name: string): Promise<MemoryGraph> {
    let g = this.memory.get(name);
    if (!g) {
      g = this.loadMemoryGraph(name);
      this.memory.set(name, g);
      g.catch(() => this.memory.delete(name));
    }
    return g;
  }

  private async loadMemoryGraph(name: string): Promise<MemoryGraph> {
    if (!(await this.exists(name))) throw await this.unknown(name);
    const dir = this.dirOf(name);
    const meta = await this.readMeta(name);
    // A SPARQL graph has no snapshot: the store of record is the user's, and it may change under us.
    const stamp = meta && !meta.sparql ? snapshotStamp(meta, (await stat(join(dir, KUZU_FILE))).size) : undefined;
    const file = join(dir, SNAPSHOT_FILE);
    if (stamp !== undefined) {
      const read = await readSnapshotFile(file, name, stamp);
      if (read.kind === 'ok') return read.graph;
      if (read.kind === 'unusable') this.notice(read.error.message);
    }
    const graph = await MemoryGraph.fromStore(await this.open(name));
    // A graph folder this process may not write still answers, from the database, as before snapshots.
    if (stamp !== undefined)
      await writeSnapshotFile(file, graph, stamp).catch((err: Error) => this.notice(`The graph snapshot ${file} could not be written (${(err as NodeJS.ErrnoException).code ?? err.message}).`));
    return graph;
  }

  private async release(name: string): Promise<void> {
    this.memory.delete(name);
    const store = this.stores.get(name);
    this.stores.delete(name);
    if (store) await store.then((s) => s.close()).catch(() => undefined);
  }

  /**
   * Imports a file into the graph (merging unless `replace`). The new database is built beside the graph
   * and swapped in by rename; on any error or cancel the previous graph is left exactly as it was.
   */
  importFile(name: string, file: string, options: ImportOptions = {}): Promise<ImportResult> {
    assertGraphName(name);
    const path = resolve(file);
    const swap = { started: false };
    const run = this.withLock(name, () => this.importLocked(name, path, options, swap));
    return answerCancelAtOnce(run, path, options.signal, swap);
  }

  private async importLocked(name: string, file: string, options: ImportOptions, swap: { started: boolean }): Promise<ImportResult> {
    const started = Date.now();
    const format = resolveImportFormat(file, options.format);
    await this.recover();
    await mkdir(this.graphsDir, { recursive: true });
    const work = join(this.graphsDir, `.import-${name}-${process.pid}-${randomBytes(4).toString('hex')}`);
    await mkdir(work);
    activeWork.add(work);
    try {
      const sha256 = await sha256File(file, options.signal).catch((err: Error): never => {
        if (err.name === 'AbortError') throw new ImportCancelledError(file);
        throw new ImportError(file, undefined, `cannot read the file (${(err as NodeJS.ErrnoException).code ?? err.message})`);
      });
      const merging = !options.replace && (await this.exists(name));
      const previousMeta = merging ? await this.readMeta(name) : undefined;
      if (previousMeta?.sparql)
        throw new ImportError(file, undefined, `graph "${name}" is read from the SPARQL endpoint ${previousMeta.sparql.endpoint}; load the file into that store, or import under another name`);
      const previous = merging ? await this.open(name) : undefined;
      // The parsers (n3, csv-parse) load for an import only, not with every command that opens a graph.
      const { buildGraphDatabase } = await import('./buildGraphDatabase.js');
      const outcome = await guardImport(
        file,
        (signal) =>
          buildGraphDatabase({
            file,
            format,
            lenient: options.lenient,
            csv: options.csv,
            limits: options.limits,
            signal,
            onProgress: options.onProgress,
            previous,
            dbPath: join(work, KUZU_FILE),
            workDir: work,
            launch: this.libraryOptions.consoleLauncher,
          }),
        options.signal,
      );

      const now = new Date().toISOString();
      const source: ImportSource = { file, sha256, format, triples: outcome.triplesRead, importedAt: now };
      const info: GraphInfo = {
        name,
        entities: outcome.entitiesTotal,
        triples: outcome.triplesTotal,
        createdAt: previousMeta?.createdAt ?? now,
        updatedAt: now,
        // Re-importing the same content replaces its entry rather than listing it twice.
        sources: [...(previousMeta?.sources ?? []).filter((s) => !(s.sha256 === sha256 && s.file === file)), source],
      };
      await writeFile(join(work, META_FILE), JSON.stringify(info, null, 2) + '\n');
      if (options.signal?.aborted) throw new ImportCancelledError(file);
      // The snapshot of the new database, from the columns still in memory: the next process opens it in one read.
      const kuzuBytes = (await stat(join(work, KUZU_FILE))).size;
      await writeSnapshotFile(join(work, SNAPSHOT_FILE), builtMemoryGraph(name, outcome.built, outcome.nameIndex), snapshotStamp(info, kuzuBytes));
      if (options.signal?.aborted) throw new ImportCancelledError(file);
      // From here the import completes even if cancelled: the caller is told the outcome, not "unchanged".
      swap.started = true;

      options.onProgress?.({ phase: 'swap', lines: 0, bytes: 0, totalBytes: 0, triples: outcome.triplesRead, rate: 0, etaSeconds: 0 });
      await this.release(name);
      await this.swapIn(name, work);
      const result: ImportResult = {
        graph: name,
        file,
        format,
        triplesRead: outcome.triplesRead,
        triplesAdded: outcome.triplesTotal - outcome.triplesBefore,
        triplesTotal: outcome.triplesTotal,
        entitiesTotal: outcome.entitiesTotal,
        skipped: outcome.skipped,
        ms: Date.now() - started,
      };
      options.onProgress?.({ phase: 'done', lines: 0, bytes: 0, totalBytes: 0, triples: outcome.triplesRead, rate: 0, etaSeconds: 0 });
      return result;
    } finally {
      await rm(work, { recursive: true, force: true });
      activeWork.delete(work);
    }
  }

  /** Two renames: old graph aside, new one in; a crash in between is undone by recover(). */
  private async swapIn(name: string, work: string): Promise<void> {
    const target = this.dirOf(name);
    const aside = join(this.graphsDir, `.old-${name}-${randomBytes(4).toString('hex')}`);
    const hadOld = existsSync(target);
    if (hadOld) await rename(target, aside);
    try {
      await rename(work, target);
    } catch (err) {
      if (hadOld) await rename(aside, target);
      throw err;
    }
    if (hadOld) await rm(aside, { recursive: true, force: true });
  }

  /**
   * Adds (or with `replace`, re-points) a graph read from a SPARQL 1.1 endpoint. The endpoint is asked how large the
   * graph is before anything is written, so a wrong URL or graph IRI fails here with the endpoint's own answer.
   */
  addSparql(name: string, input: { endpoint: string; graphIri?: string; labelPredicate?: string }, options: { replace?: boolean } = {}): Promise<GraphInfo> {
    assertGraphName(name);
    const source: SparqlSource = parseSparqlSource(input);
    return this.withLock(name, async () => {
      await this.recover();
      if (!options.replace && (await this.exists(name))) throw new ImportError(source.endpoint, undefined, `a graph named "${name}" exists already (delete it first, or replace it)`);
      const store = new SparqlGraphStore(name, source, sparqlOptionsFromEnv());
      const stats = await store.stats();
      if (stats.triples === 0)
        throw new ImportError(source.endpoint, undefined, `no triples ${source.graphIri ? `in graph <${source.graphIri}>` : 'in the default graph'} (check the graph IRI)`);
      const now = new Date().toISOString();
      const info: GraphInfo = { name, entities: stats.entities, triples: stats.triples, createdAt: now, updatedAt: now, sources: [], sparql: source };
      await mkdir(this.graphsDir, { recursive: true });
      const work = join(this.graphsDir, `.import-${name}-${process.pid}-${randomBytes(4).toString('hex')}`);
      await mkdir(work);
      activeWork.add(work);
      try {
        await writeFile(join(work, META_FILE), JSON.stringify(info, null, 2) + '\n');
        await this.release(name);
        await this.swapIn(name, work);
      } finally {
        await rm(work, { recursive: true, force: true });
        activeWork.delete(work);
      }
      return info;
    });
  }

  delete(name: string): Promise<boolean> {
    assertGraphName(name);
    return this.withLock(name, async () => {
      if (!(await this.exists(name))) throw await this.unknown(name);
      await this.release(name);
      // Rename first so a half-finished delete never looks like a (broken) graph.
      const aside = join(this.graphsDir, `.deleted-${name}-${randomBytes(4).toString('hex')}`);
      await rename(this.dirOf(name), aside);
      await rm(aside, { recursive: true, force: true });
      return true;
    });
  }

  /**
   * A graph holding exactly this triples file, imported once and reused: named by the file's content hash,
   * so an edited file gets a new graph and an unchanged one is never re-imported.
   */
  graphForFile(file: string, options: Omit<ImportOptions, 'replace'> = {}): Promise<string> {
    const path = resolve(file);
    let pending = this.fileGraphs.get(path);
    if (!pending) {
      pending = (async () => {
        const sha256 = await sha256File(path, options.signal);
        const name = `kb-${sha256.slice(0, 12)}`;
        const meta = (await this.exists(name)) ? await this.readMeta(name) : undefined;
        if (!meta?.sources.some((s) => s.sha256 === sha256)) await this.importFile(name, path, { ...options, replace: true });
        return name;
      })();
      this.fileGraphs.set(path, pending);
      // Only a finished lookup is cached; the file may change later, so the hash is re-checked next time.
      pending.finally(() => this.fileGraphs.delete(path)).catch(() => undefined);
    }
    return pending;
  }

  /** Resolves when every import and delete started so far has ended, a cancelled one's background step included. */
  async settled(): Promise<void> {
    await Promise.all([...this.locks.values()]);
  }

  async close(): Promise<void> {
    await this.settled();
    await Promise.all([...this.stores.keys()].map((n) => this.release(n)));
  }
}
