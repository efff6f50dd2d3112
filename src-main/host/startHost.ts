// The headless host: the engine behind one loopback HTTP server that serves the built renderer and a
// token-guarded WebSocket. Used by `npm run host`, by tests, and by Playwright (in-process).
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { assemble } from '../engine/app/assemble.js';
import { engineOf, type AskFunction, type Engine } from '../engine/app/createEngine.js';
import { resolveDataDir } from '../engine/node/dataDir.js';
import { privateFileModes, protectDataDir } from '../engine/node/privateFiles.js';
import { assertBindAllowed, isLoopbackHost } from './hostOptions.js';
import { createToken } from './hostToken.js';
import { serveStatic } from './staticFiles.js';
import { DEFAULT_UPLOAD_LIMIT_BYTES, handleUpload, UPLOAD_PATH } from './uploadEndpoint.js';
import { clearUploads, removingUploads } from './uploadCleanup.js';
import { createWsEndpoint } from './wsEndpoint.js';

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface HostOptions {
  /** Data dir; default --data / CTRLG_DATA / the platform folder, as resolveDataDir decides. */
  dataDir?: string;
  /** Interface to bind; default 127.0.0.1. Anything not loopback needs allowRemote. */
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  allowRemote?: boolean;
  /** The built renderer; default out/renderer. */
  rendererDir?: string;
  /** Default resources/ in the repository. */
  resourcesDir?: string;
  /** Import the demo graph into an empty data dir before serving (default true). */
  openDemo?: boolean;
  version?: string;
  /** Folders graph.import may read beside the data, home and resources folders (tests, e2e scratch). */
  importRoots?: string[];
  /** Replaces the built-in question service (tests inject a stub). */
  ask?: AskFunction;
  /** Largest file POST /upload accepts (default 2 GiB). */
  uploadLimitBytes?: number;
}

export interface RunningHost {
  /** Page URL with the token in the hash, e.g. http://127.0.0.1:PORT/#token=… */
  url: string;
  port: number;
  token: string;
  engine: Engine;
  close(): Promise<void>;
}

function packageVersion(): string {
  try {
    return (JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string }).version;
  } catch {
    return '0.0.0';
  }
}

/** True when a Host header (or an Origin's host) names this server: loopback names on our port. */
function namesThisServer(hostHeader: string, port: number, allowRemote: boolean): boolean {
  let url: URL;
  try {
    url = new URL(`http://${hostHeader}`);
  } catch {
    return false;
  }
  if (Number(url.port || 80) !== port) return false;
  // Loopback-only names defeat DNS rebinding: a foreign domain resolving to 127.0.0.1 is refused.
  return allowRemote || isLoopbackHost(url.hostname);
}

export async function startHost(options: HostOptions = {}): Promise<RunningHost> {
  const host = options.host ?? '127.0.0.1';
  const allowRemote = options.allowRemote ?? false;
  assertBindAllowed(host, allowRemote);
  const rendererDir = options.rendererDir ?? join(REPO_ROOT, 'out', 'renderer');
  const dataDir = resolveDataDir(options.dataDir);
  // Graphs, ledgers and memory are this user's alone: 0600 files in a 0700 data folder.
  privateFileModes();
  protectDataDir(dataDir);
  // The whole object graph, as the shell and the CLI build it. Headless, the Brain's API key comes from
  // CTRLG_BRAIN_API_KEY; the ledger's, the audit log's and the memory's keys from 0600 files in the key folder, away
  // from the data (engine/node/keyFolder.ts), or from CTRLG_*_KEY variables (no keychain to keep them in).
  const parts = assemble({ dataDir, ...(options.ask ? { ask: options.ask } : {}) });
  // Uploads of an earlier run are stale: their imports ended with that run.
  await clearUploads(dataDir);
  const engine = removingUploads(engineOf(parts, {
    resourcesDir: options.resourcesDir ?? join(REPO_ROOT, 'resources'),
    version: options.version ?? packageVersion(),
    transport: 'host',
    ...(options.importRoots ? { importRoots: options.importRoots } : {}),
  }), dataDir);
  if (options.openDemo ?? true) {
    await engine.ensureDemoGraph().catch((err: unknown) => console.error('ctrlg host: demo graph import failed:', err));
  }

  const token = createToken();
  let port = 0;
  const isAllowedOrigin = (origin: string): boolean => {
    try {
      const url = new URL(origin);
      return url.protocol === 'http:' && namesThisServer(url.host, port, allowRemote);
    } catch {
      return false;
    }
  };
  const ws = createWsEndpoint({ engine, token, isAllowedOrigin });

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    if (!namesThisServer(req.headers.host ?? '', port, allowRemote)) {
      res.writeHead(421, { 'Content-Type': 'text/plain' }).end('Misdirected Request');
      return;
    }
    if (!existsSync(join(rendererDir, 'index.html'))) {
      res.writeHead(503, { 'Content-Type': 'text/plain' }).end('The renderer is not built: run `npm run build:renderer`.');
      return;
    }
    if ((req.url ?? '').split('?')[0] === UPLOAD_PATH) {
      handleUpload(req, res, { dataDir, token, limitBytes: options.uploadLimitBytes ?? DEFAULT_UPLOAD_LIMIT_BYTES, isAllowedOrigin });
      return;
    }
    void serveStatic(req, res, rendererDir);
  });
  server.on('upgrade', (req, socket, head) => {
    socket.on('error', () => socket.destroy());
    if (!namesThisServer(req.headers.host ?? '', port, allowRemote)) {
      socket.end('HTTP/1.1 421 Misdirected Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    ws.handleUpgrade(req, socket, head);
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  }).catch(async (err: unknown) => {
    await engine.close();
    throw err;
  });
  port = (server.address() as AddressInfo).port;
  const urlHost = host.includes(':') ? `[${host}]` : host;

  let closing: Promise<void> | undefined;
  return {
    url: `http://${urlHost}:${port}/#token=${token}`,
    port,
    token,
    engine,
    close: () =>
      (closing ??= (async () => {
        await ws.close();
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
        await engine.close();
      })()),
  };
}
