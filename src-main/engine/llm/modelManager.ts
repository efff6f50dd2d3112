// Where the Hand's model files live and how they get there. Two folders: the repo's `models/` (development) and
// `<dataDir>/models` (what users add or download). Every file is checked with inspectModelFile before it counts.
//
// NETWORK: this is the only module in the engine that downloads anything (model files, on the user's request,
// through node-llama-cpp's downloader). The egress check allow-lists this file; keep all download code here.
// Every download passes the download policy first (downloadPolicy.ts: configured hosts only, https, nothing but
// the URL), is recorded before it starts (a download that cannot be recorded is not made) and when it ends, and
// holds the runtime guard's permits (node/egressGuard.ts) for its hosts only while it runs. Before the downloader
// starts, one TCP connection to the host checks that it can be reached at all (hostReachable), so an offline machine
// learns it in seconds rather than after the downloader's minutes of retries; and a cancel (or the engine closing)
// ends a download at once in every phase, the downloader's start included.
import { copyFile, mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { connect } from 'node:net';
import { basename, join, resolve } from 'node:path';
import type { createModelDownloader, Llama } from 'node-llama-cpp';
import { ModelFileError, type ModelFileErrorCode } from './modelFileError.js';
import { permitEgress } from '../node/egressGuard.js';
import { downloadPermits, downloadPolicyFromEnv, downloadRefusal, type DownloadPolicy } from './downloadPolicy.js';
import type { ModelFileInfo } from './modelFiles.js';

// node-llama-cpp takes seconds to load: the file checks and the downloader load on first use, so a process that
// only imports this module (every CLI command that can take --hand) does not pay for them.
const inspectModelFile: typeof import('./modelFiles.js').inspectModelFile = async (...args) => (await import('./modelFiles.js')).inspectModelFile(...args);

export type ModelSource = 'development' | 'data';

export interface ModelListEntry {
  path: string;
  fileName: string;
  source: ModelSource;
  sizeBytes: number;
  /** Present when the file checked out. */
  info?: ModelFileInfo;
  /** Present when it did not: the file is listed (so the user can remove it) but cannot be loaded. */
  error?: { code: ModelFileErrorCode; message: string };
}

export interface ModelManagerOptions {
  /** The app's data folder; models go to `<dataDir>/models`. */
  dataDir: string;
  /** The development models folder; defaults to `./models` under the working directory. null: none. */
  developmentModelsDir?: string | null;
  /** Pass the runtime's Llama to check architectures against the actual llama.cpp build. */
  llama?: Llama;
  /** Where downloads may come from; default CTRLG_MODEL_HOSTS or Hugging Face (downloadPolicy.ts). */
  downloadPolicy?: DownloadPolicy;
  /** Records each download in the audit log ("download" events); a failure to record the start refuses the download. */
  recordDownload?: (event: DownloadRecord) => Promise<void>;
  /** How long a model host may take to accept a connection; default CONNECT_TIMEOUT_MS. */
  connectTimeoutMs?: number;
  /** How long a download may go without a new byte (its start included) before it fails; default STALL_TIMEOUT_MS. */
  stallTimeoutMs?: number;
}

/** What the audit log keeps of a download: where from, under which policy, and how it ended. Never graph data. */
export interface DownloadRecord {
  phase: 'refused' | 'start' | 'done' | 'failed';
  source: string;
  /** The hosts the policy allowed when it ran. */
  hosts: readonly string[];
  fileName?: string;
  bytes?: number;
  reason?: string;
}

export interface DownloadProgress {
  downloadedBytes: number;
  totalBytes: number;
  /** 0..1, or 0 while the total is unknown. */
  fraction: number;
  bytesPerSecond: number;
}

export interface DownloadOptions {
  onProgress?: (progress: DownloadProgress) => void;
  signal?: AbortSignal;
  /** Name to save under (defaults to the remote file name). */
  fileName?: string;
  /** When known exactly (e.g. from a manifest), the finished file must be this size. */
  expectedSizeBytes?: number;
  headers?: Record<string, string>;
}

export type ModelDownloadErrorCode =
  /** Cancelled by signal or cancel(); the partial file is kept so the next download of the same file resumes. */
  | 'cancelled'
  /** The finished file is not the size the server announced (or the caller expected). The file is deleted. */
  | 'size_mismatch'
  /** The download completed but is not a usable GGUF. The file is deleted. */
  | 'invalid_file'
  /** Not an http(s) URL or hf: URI. */
  | 'unsupported_source'
  /** Refused by the download policy (a host that is not a model host, plain http, a query, extra headers). */
  | 'not_allowed'
  /** The audit log could not record the download, so it was not made. */
  | 'not_recorded'
  /** The model host cannot be reached (its name does not resolve, it refuses, or it does not answer in time). */
  | 'unreachable'
  /** The transfer itself failed. */
  | 'network';

/** How long a model host may take to accept a connection before its download fails as unreachable. */
export const CONNECT_TIMEOUT_MS = 6_000;

/** How long a download may go without receiving a byte (its start included) before it fails as stalled. */
export const STALL_TIMEOUT_MS = 30_000;

/** The host and port a download connects to first (an hf: URI resolves on huggingface.co). */
export function downloadEndpoint(uri: string): { host: string; port: number } {
  if (/^hf:/i.test(uri)) return { host: 'huggingface.co', port: 443 };
  const url = new URL(uri);
  return { host: url.hostname.replace(/^\[|\]$/g, ''), port: Number(url.port) || (url.protocol === 'https:' ? 443 : 80) };
}

/** Why a connection to host:port failed, in words a user can act on (pure: tested directly). */
export function unreachableReason(host: string, port: number, code: string | undefined, message: string, timeoutMs = CONNECT_TIMEOUT_MS): string {
  switch (code) {
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'EAI_FAIL':
    case 'EAI_NONAME':
      return `the name ${host} does not resolve (no network, or no DNS)`;
    case 'ECONNREFUSED':
      return `${host}:${port} refused the connection`;
    case 'ETIMEDOUT':
      return `${host}:${port} did not answer within ${timeoutMs / 1000} s`;
    case 'ENETUNREACH':
    case 'EHOSTUNREACH':
      return `there is no route to ${host} (no network)`;
    default:
      return `cannot connect to ${host}:${port} (${message})`;
  }
}

/**
 * Resolves once host:port accepts a TCP connection (closed at once, nothing sent); rejects with an 'unreachable'
 * ModelDownloadError when the name does not resolve, the port refuses or nothing answers within `timeoutMs`.
 */
export function hostReachable(uri: string, timeoutMs = CONNECT_TIMEOUT_MS, signal?: AbortSignal): Promise<void> {
  const { host, port } = downloadEndpoint(uri);
  return new Promise((resolvePromise, reject) => {
    const socket = connect({ host, port });
    const finish = (error?: { code?: string; message: string }): void => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      socket.destroy();
      if (!error) return resolvePromise();
      reject(new ModelDownloadError('unreachable', `cannot download ${uri}: ${unreachableReason(host, port, error.code, error.message, timeoutMs)}`, { cause: error }));
    };
    const onAbort = (): void => finish({ code: 'ABORT_ERR', message: 'cancelled' });
    const timer = setTimeout(() => finish({ code: 'ETIMEDOUT', message: 'timed out' }), timeoutMs);
    signal?.addEventListener('abort', onAbort, { once: true });
    socket.once('connect', () => finish());
    socket.once('error', (e: NodeJS.ErrnoException) => finish({ code: e.code, message: e.message }));
  });
}

/** Settles as `work` does, or rejects with `cancelled()` as soon as `signal` aborts (the work is left to end alone). */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal, cancelled: () => Error): Promise<T> {
  if (signal.aborted) return Promise.reject(cancelled());
  return new Promise<T>((resolvePromise, reject) => {
    const onAbort = (): void => reject(cancelled());
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolvePromise, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

export class ModelDownloadError extends Error {
  override readonly name = 'ModelDownloadError';
  constructor(readonly code: ModelDownloadErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

/** A running download; `done` settles with the verified file, or rejects with a ModelDownloadError. */
export interface ModelDownload {
  readonly done: Promise<ModelFileInfo>;
  cancel(): void;
}

export class ModelManager {
  readonly dataModelsDir: string;
  readonly developmentModelsDir: string | null;
  private readonly llama?: Llama;
  readonly downloadPolicy: DownloadPolicy;
  private readonly recordDownload: NonNullable<ModelManagerOptions['recordDownload']>;
  private readonly connectTimeoutMs: number;
  private readonly stallTimeoutMs: number;

  constructor(options: ModelManagerOptions) {
    this.downloadPolicy = options.downloadPolicy ?? downloadPolicyFromEnv();
    this.recordDownload = options.recordDownload ?? (async () => undefined);
    this.dataModelsDir = join(resolve(options.dataDir), 'models');
    this.developmentModelsDir =
      options.developmentModelsDir === null ? null : resolve(options.developmentModelsDir ?? join(process.cwd(), 'models'));
    this.llama = options.llama;
    this.connectTimeoutMs = options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS;
    this.stallTimeoutMs = options.stallTimeoutMs ?? STALL_TIMEOUT_MS;
  }

  /** Every .gguf in both folders, with metadata or with the reason it cannot be used. */
  async list(): Promise<ModelListEntry[]> {
    const dirs: [string, ModelSource][] = [[this.dataModelsDir, 'data']];
    if (this.developmentModelsDir && this.developmentModelsDir !== this.dataModelsDir) dirs.unshift([this.developmentModelsDir, 'development']);
    const entries: ModelListEntry[] = [];
    for (const [dir, source] of dirs) {
      let names: string[];
      try {
        names = await readdir(dir);
      } catch {
        continue; // a folder that does not exist yet holds no models
      }
      for (const fileName of names.sort()) {
        if (!fileName.toLowerCase().endsWith('.gguf')) continue;
        const path = join(dir, fileName);
        const s = await stat(path).catch(() => undefined);
        if (!s?.isFile()) continue;
        const entry: ModelListEntry = { path, fileName, source, sizeBytes: s.size };
        try {
          entry.info = await inspectModelFile(path, { llama: this.llama });
        } catch (e) {
          if (!(e instanceof ModelFileError)) throw e;
          entry.error = { code: e.code, message: e.message };
        }
        entries.push(entry);
      }
    }
    return entries;
  }

  /** Copies a GGUF the user picked into `<dataDir>/models`, after checking it (and checks the copy again). */
  async addFromDisk(sourcePath: string, options: { overwrite?: boolean } = {}): Promise<ModelFileInfo> {
    const source = resolve(sourcePath);
    await inspectModelFile(source, { llama: this.llama }); // throws ModelFileError before anything is copied
    const dest = join(this.dataModelsDir, basename(source));
    if (dest === source) return inspectModelFile(dest, { llama: this.llama });
    await mkdir(this.dataModelsDir, { recursive: true });
    if (!options.overwrite && (await stat(dest).catch(() => undefined)))
      throw new Error(`a model named ${basename(source)} is already in ${this.dataModelsDir}`);
    // Copy under a temporary name and rename, so a crash never leaves a half-copied .gguf that list() would show.
    const temp = `${dest}.partial`;
    try {
      await copyFile(source, temp);
      await rename(temp, dest);
    } catch (e) {
      await rm(temp, { force: true });
      throw e;
    }
    return inspectModelFile(dest, { llama: this.llama });
  }

  /** Deletes a model from `<dataDir>/models` (never from the development folder). */
  async remove(fileName: string): Promise<void> {
    if (basename(fileName) !== fileName) throw new Error(`not a plain file name: ${fileName}`);
    await rm(join(this.dataModelsDir, fileName), { force: true });
  }

  /** Downloads a model (http(s) URL or hf: URI) into `<dataDir>/models`; see startDownload. */
  download(uriOrUrl: string, options: DownloadOptions = {}): Promise<ModelFileInfo> {
    return this.startDownload(uriOrUrl, options).done;
  }

  /**
   * Starts a download through node-llama-cpp's downloader (ipull: resumable, ranged requests). A cancelled
   * download keeps its partial file, and downloading the same file again resumes from it. The finished file is
   * size-checked and inspected; a bad one is deleted.
   */
  startDownload(uriOrUrl: string, options: DownloadOptions = {}): ModelDownload {
    const controller = new AbortController();
    const onOuterAbort = () => controller.abort(options.signal?.reason);
    if (options.signal?.aborted) controller.abort(options.signal.reason);
    else options.signal?.addEventListener('abort', onOuterAbort, { once: true });
    const done = this.runDownload(uriOrUrl, options, controller.signal).finally(() =>
      options.signal?.removeEventListener('abort', onOuterAbort),
    );
    return { done, cancel: () => controller.abort(new ModelDownloadError('cancelled', 'download cancelled')) };
  }

  private async runDownload(uri: string, options: DownloadOptions, signal: AbortSignal): Promise<ModelFileInfo> {
    if (!/^(https?:\/\/|hf:)/i.test(uri))
      throw new ModelDownloadError('unsupported_source', `cannot download ${uri}: use an http(s) URL or an hf: URI`);
    const hosts = this.downloadPolicy.hosts;
    const extraHeaders = Object.keys(options.headers ?? {}).filter((h) => h.toLowerCase() !== 'authorization');
    const refusal = extraHeaders.length ? `headers other than Authorization (${extraHeaders.join(', ')}) are not sent` : downloadRefusal(uri, this.downloadPolicy);
    if (refusal) {
      await this.recordDownload({ phase: 'refused', source: uri, hosts, reason: refusal }).catch(() => undefined);
      throw new ModelDownloadError('not_allowed', `cannot download ${uri}: ${refusal}`);
    }
    try {
      await this.recordDownload({ phase: 'start', source: uri, hosts });
    } catch (e) {
      throw new ModelDownloadError('not_recorded', `the download of ${uri} was not made: it could not be recorded in the audit log (${(e as Error).message})`, { cause: e });
    }
    const releases = downloadPermits(this.downloadPolicy).map(permitEgress);
    try {
      await hostReachable(uri, this.connectTimeoutMs, signal).catch((e: unknown) => {
        if (signal.aborted) throw new ModelDownloadError('cancelled', `download of ${uri} was cancelled`, { cause: signal.reason });
        throw e;
      });
      const info = await this.transfer(uri, options, signal);
      await this.recordDownload({ phase: 'done', source: uri, hosts, fileName: info.fileName, bytes: info.fileSizeBytes }).catch(() => undefined);
      return info;
    } catch (e) {
      await this.recordDownload({ phase: 'failed', source: uri, hosts, reason: (e as Error).message }).catch(() => undefined);
      throw e;
    } finally {
      for (const release of releases) release();
    }
  }

  private async transfer(uri: string, options: DownloadOptions, signal: AbortSignal): Promise<ModelFileInfo> {
    const cancelled = () => new ModelDownloadError('cancelled', `download of ${uri} was cancelled`, { cause: signal.reason });
    if (signal.aborted) throw cancelled();
    await mkdir(this.dataModelsDir, { recursive: true });

    // A host that connects and then sends nothing (no answer to the first request, or a transfer that stops) would
    // keep the downloader retrying for minutes: no new byte for stallTimeoutMs ends the download as a network failure.
    const stall = new AbortController();
    const active = AbortSignal.any([signal, stall.signal]);
    let lastByteAt = Date.now();
    let lastBytes = -1;
    const watchdog = setInterval(() => {
      if (Date.now() - lastByteAt > this.stallTimeoutMs) stall.abort();
    }, Math.max(50, Math.min(1000, this.stallTimeoutMs / 4)));
    const ended = (): ModelDownloadError =>
      signal.aborted ? cancelled() : new ModelDownloadError('network', `downloading ${uri} stalled: no data for ${this.stallTimeoutMs / 1000} s`);

    let downloader: Awaited<ReturnType<typeof createModelDownloader>>;
    let path: string;
    try {
      try {
        const { createModelDownloader } = await import('node-llama-cpp');
        // The downloader's start (file info, with its own long retries) takes no signal: a cancel stops waiting for it.
        downloader = await untilAborted(
          createModelDownloader({
            modelUri: uri,
            dirPath: this.dataModelsDir,
            fileName: options.fileName,
            headers: options.headers,
            showCliProgress: false,
            // Keep partial data on cancel: resuming a multi-GB download beats starting over.
            deleteTempFileOnCancel: false,
            skipExisting: true,
            onProgress: (s) => {
              if (s.downloadedSize !== lastBytes) [lastBytes, lastByteAt] = [s.downloadedSize, Date.now()];
              options.onProgress?.({
                downloadedBytes: s.downloadedSize,
                totalBytes: s.totalSize,
                fraction: s.totalSize > 0 ? s.downloadedSize / s.totalSize : 0,
                bytesPerSecond: s.averageSpeed,
              });
            },
          }),
          active,
          ended,
        );
      } catch (e) {
        if (active.aborted) throw ended();
        throw new ModelDownloadError('network', `cannot start downloading ${uri}: ${(e as Error).message}`, { cause: e });
      }
      // The file's size is known: the clock of the transfer itself starts now.
      lastByteAt = Date.now();
      try {
        path = await downloader.download({ signal: active });
      } catch (e) {
        if (active.aborted) throw ended();
        throw new ModelDownloadError('network', `downloading ${uri} failed: ${(e as Error).message}`, { cause: e });
      }
      // ipull resolves (rather than rejects) a download that was closed by cancel.
      if (active.aborted) throw ended();
    } finally {
      clearInterval(watchdog);
    }

    // The server said how big each file is; a file of another size is damaged whatever its header says.
    for (const f of downloader.filesInfo) {
      const actual = (await stat(f.filePath).catch(() => undefined))?.size ?? -1;
      if (f.totalSize > 0 && actual !== f.totalSize) {
        await rm(f.filePath, { force: true });
        throw new ModelDownloadError('size_mismatch', `${f.fileName} is ${actual} bytes, the server announced ${f.totalSize}`);
      }
    }
    if (options.expectedSizeBytes !== undefined) {
      const total = downloader.filesInfo.reduce((a, f) => a + f.totalSize, 0);
      if (total !== options.expectedSizeBytes) {
        for (const f of downloader.filesInfo) await rm(f.filePath, { force: true });
        throw new ModelDownloadError('size_mismatch', `${basename(path)} is ${total} bytes, expected ${options.expectedSizeBytes}`);
      }
    }
    try {
      return await inspectModelFile(path, { llama: this.llama });
    } catch (e) {
      if (!(e instanceof ModelFileError)) throw e;
      for (const f of downloader.filesInfo) await rm(f.filePath, { force: true });
      throw new ModelDownloadError('invalid_file', `downloaded ${basename(path)} is not a usable model: ${e.message}`, { cause: e });
    }
  }
}
