// A private Virtuoso (Debian's virtuoso-opensource) for tests and the SPARQL bench: its own ini in a temp folder,
// SQL and HTTP bound to loopback on free ports, a random dba password, N-Triples bulk-loaded into named graphs,
// and a shutdown that leaves no process behind. Tests skip when `virtuoso-t` is not installed.
import { execFile, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, createWriteStream } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MemoryGraph } from '../../src-main/engine/graph/memoryGraph.js';

export const VIRTUOSO_BIN = 'virtuoso-t';
const ISQL_BIN = 'isql-vt';

/** Whether the Virtuoso server binary is on PATH (CI installs it; locally the tests skip without it). */
export function virtuosoAvailable(): boolean {
  return spawnSync('sh', ['-c', `command -v ${VIRTUOSO_BIN} && command -v ${ISQL_BIN}`], { stdio: 'ignore' }).status === 0;
}

export const SKIP_MESSAGE = `${VIRTUOSO_BIN} not found: the SPARQL tests need Debian's virtuoso-opensource (apt-get install -y virtuoso-opensource)`;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface Virtuoso {
  /** The SPARQL endpoint, http://127.0.0.1:PORT/sparql. */
  endpoint: string;
  dir: string;
  /** Bulk-loads an N-Triples file (in `dir`) into a named graph. */
  load(file: string, graphIri: string): Promise<void>;
  stop(): Promise<void>;
}

function isql(port: number, password: string, sql: string): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(ISQL_BIN, [`127.0.0.1:${port}`, 'dba', password, `exec=${sql}`], { timeout: 120_000 }, (err, stdout, stderr) => {
      // isql reports SQL errors on stdout with status 0 in some versions: look for them too.
      const text = `${stdout}\n${stderr}`;
      if (err || /\*\*\* Error/.test(text)) reject(new Error(`isql failed (${sql}): ${err?.message ?? ''} ${text.slice(0, 500)}`));
      else resolve(stdout);
    });
  });
}

/** Starts a private Virtuoso; resolves once its HTTP endpoint answers. */
export async function startVirtuoso(): Promise<Virtuoso> {
  const dir = mkdtempSync(join(tmpdir(), 'ctrlg-virtuoso-'));
  const [sqlPort, httpPort] = [await freePort(), await freePort()];
  const ini = `[Database]
DatabaseFile = ${dir}/virtuoso.db
ErrorLogFile = ${dir}/virtuoso.log
LockFile = ${dir}/virtuoso.lck
TransactionFile = ${dir}/virtuoso.trx
xa_persistent_file = ${dir}/virtuoso.pxa
ErrorLogLevel = 7
FileExtend = 200
MaxCheckpointRemap = 2000
Striping = 0
TempStorage = TempDatabase

[TempDatabase]
DatabaseFile = ${dir}/virtuoso-temp.db
TransactionFile = ${dir}/virtuoso-temp.trx
MaxCheckpointRemap = 2000
Striping = 0

[Parameters]
ServerPort = 127.0.0.1:${sqlPort}
DisableUnixSocket = 1
MaxClientConnections = 8
CheckpointInterval = 0
CaseMode = 2
DirsAllowed = ., ${dir}
NumberOfBuffers = 85000
MaxDirtyBuffers = 60000
ThreadsPerQuery = 2
MaxQueryMem = 1G

[HTTPServer]
ServerPort = 127.0.0.1:${httpPort}
ServerRoot = ${dir}
MaxClientConnections = 8
ServerThreads = 8
EnabledDavVSP = 0

[SPARQL]
ResultSetMaxRows = 100000
MaxQueryExecutionTime = 120
MaxQueryCostEstimationTime = 0
`;
  const iniFile = join(dir, 'virtuoso.ini');
  writeFileSync(iniFile, ini);
  const log = createWriteStream(join(dir, 'stdout.log'));
  const child: ChildProcess = spawn(VIRTUOSO_BIN, ['-c', iniFile, '+foreground'], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.pipe(log);
  child.stderr!.pipe(log);
  let exited = false;
  const exit = new Promise<void>((resolve) => child.on('exit', () => ((exited = true), resolve())));
  const password = randomBytes(12).toString('hex');
  const endpoint = `http://127.0.0.1:${httpPort}/sparql`;
  const kill = async (): Promise<void> => {
    if (!exited) child.kill('SIGKILL');
    await exit;
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const deadline = Date.now() + 90_000;
    for (;;) {
      if (exited) throw new Error(`virtuoso exited during start-up: ${readLog(dir)}`);
      if (Date.now() > deadline) throw new Error(`virtuoso did not come online in 90 s: ${readLog(dir)}`);
      if (/Server online at/.test(readLog(dir))) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    await isql(sqlPort, 'dba', `user_set_password('dba', '${password}');`);
  } catch (err) {
    await kill();
    throw err;
  }
  return {
    endpoint,
    dir,
    async load(file, graphIri) {
      const name = file.split('/').pop()!;
      await isql(sqlPort, password, `ld_dir('${dir}', '${name}', '${graphIri}'); rdf_loader_run(); checkpoint;`);
    },
    async stop() {
      if (!exited) {
        await isql(sqlPort, password, 'shutdown;').catch(() => undefined);
        const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
        await exit;
        clearTimeout(timer);
      }
      await kill();
    },
  };
}

function readLog(dir: string): string {
  try {
    return readFileSync(join(dir, 'virtuoso.log'), 'utf8').slice(-2000);
  } catch {
    return '';
  }
}

function hasOutEdge(graph: MemoryGraph, i: number): boolean {
  for (let k = graph.offsets[i]; k < graph.offsets[i + 1]; k++) if (graph.edgeDirection[k] === 0) return true;
  return false;
}

/** An IRI-safe local name for an entity index. */
const entityIri = (base: string, i: number) => `${base}e${i}`;

function ntString(text: string): string {
  return `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n').replace(/\r/g, '\\r')}"`;
}

/**
 * The graph as N-Triples, the way a user's store would hold it: each entity an IRI with its name as rdfs:label
 * (its type as rdf:type), each literal entity a plain literal, each relation a predicate IRI under `base`.
 */
export function graphToNTriples(graph: MemoryGraph, base: string): string {
  const lines: string[] = [];
  // RDF has no literal subjects: a literal that heads a triple is written as a named entity.
  const asLiteral = (i: number) => graph.literalOf(i) !== undefined && !hasOutEdge(graph, i);
  const term = (i: number) => (asLiteral(i) ? ntString(graph.names[i]) : `<${entityIri(base, i)}>`);
  for (let i = 0; i < graph.size; i++) {
    if (asLiteral(i)) continue;
    lines.push(`<${entityIri(base, i)}> <http://www.w3.org/2000/01/rdf-schema#label> ${ntString(graph.names[i])} .`);
    if (graph.types[i]) lines.push(`<${entityIri(base, i)}> <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <${base}type/${encodeURIComponent(graph.types[i]!)}> .`);
  }
  for (let i = 0; i < graph.size; i++)
    for (let k = graph.offsets[i]; k < graph.offsets[i + 1]; k++) {
      if (graph.edgeDirection[k] !== 0) continue;
      lines.push(`${term(i)} <${base}rel/${encodeURIComponent(graph.relationLabels[graph.edgeRelation[k]])}> ${term(graph.edgeNeighbor[k])} .`);
    }
  return lines.join('\n') + '\n';
}
