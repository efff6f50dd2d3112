// The one door, enforced at run time: in an engine process (the CLI, the host, the shell's main process) every
// outbound socket goes through net.Socket.prototype.connect (net.connect, tls.connect, http(s) agents and fetch's
// undici all do), and the guard refuses any connection whose destination no one permitted. Three parts permit
// destinations, each for the length of its call: the Brain gateway (its endpoint's host and port), the model
// downloader (the configured model hosts) and a SPARQL graph source (the endpoint the user configured for that graph,
// for one query: the user's own store, not the Brain). A dependency that phones home, or planted code, gets a socket
// that fails with ERR_EGRESS_REFUSED before any byte leaves. Listening is untouched: sockets a server accepts never
// call connect, so the headless host (and Playwright connecting to it) work as before. Local IPC paths (unix sockets,
// pipes) are not network and pass. UDP is held the same way (dgram send and connect: no datagram to an unpermitted
// address, so a dependency cannot report over statsd or syslog either). The static check
// (test/architecture/egress.test.ts) keeps network imports out of every other module; this guard catches what a
// static scan cannot (dependencies, dynamic code).
import dgram from 'node:dgram';
import net from 'node:net';

export const EGRESS_REFUSED = 'ERR_EGRESS_REFUSED';

/** A destination pattern: an exact host name or address, or ".example.com" for any subdomain of it; port optional. */
export interface EgressPermit {
  host: string;
  port?: number;
  /** Who asked (shown in the refusal message of others, for the audit of why something passed). */
  purpose: 'brain' | 'download' | 'graph';
}

export class EgressRefusedError extends Error {
  readonly code = EGRESS_REFUSED;
  constructor(
    readonly host: string,
    readonly port: number | undefined,
  ) {
    super(`Outbound connection to ${host}${port !== undefined ? `:${port}` : ''} refused: only the Brain gateway, model downloads and configured SPARQL graph endpoints may connect out of Ctrl-G.`);
    this.name = 'EgressRefusedError';
  }
}

const permits = new Map<EgressPermit, number>();
/** Puts back what installEgressGuard replaced; empty while the guard is not installed. */
const restores: (() => void)[] = [];

function normalizeHost(host: string): string {
  return host.replace(/^\[|\]$/g, '').toLowerCase();
}

/** Whether a destination matches a permit (pure: tested directly). */
export function permitMatches(p: EgressPermit, host: string, port: number | undefined): boolean {
  const want = normalizeHost(p.host);
  const h = normalizeHost(host);
  const hostOk = want.startsWith('.') ? h.endsWith(want) || h === want.slice(1) : h === want;
  return hostOk && (p.port === undefined || p.port === port);
}

/** The destination of a Socket.prototype.connect call, or undefined for a local IPC path. */
export function connectTarget(args: unknown[]): { host: string; port: number | undefined } | undefined {
  // net.connect hands over its already-normalised [options, callback] array.
  const first = Array.isArray(args[0]) ? (args[0] as unknown[])[0] : args[0];
  if (first && typeof first === 'object') {
    const o = first as { host?: string; hostname?: string; port?: number | string; path?: string };
    if (o.path !== undefined && o.port === undefined) return undefined;
    return { host: o.host ?? o.hostname ?? 'localhost', port: o.port === undefined ? undefined : Number(o.port) };
  }
  if (typeof first === 'number' || (typeof first === 'string' && /^\d+$/.test(first)))
    return { host: typeof args[1] === 'string' ? args[1] : 'localhost', port: Number(first) };
  return undefined; // connect(path): a unix socket or a named pipe
}

/**
 * The destination of a dgram send(msg, [offset, length,] port, [address], [cb]), or undefined for a connected
 * socket's send (checked at its connect).
 */
export function datagramTarget(args: unknown[]): { host: string; port: number } | undefined {
  const rest = args.slice(1);
  const withRange = typeof rest[0] === 'number' && typeof rest[1] === 'number' && typeof rest[2] === 'number';
  const [port, address] = withRange ? [rest[2], rest[3]] : [rest[0], rest[1]];
  if (typeof port !== 'number') return undefined;
  return { host: typeof address === 'string' ? address : 'localhost', port };
}

/** The destination of a dgram connect(port, [address], [cb]). */
export function udpConnectTarget(args: unknown[]): { host: string; port: number } | undefined {
  return typeof args[0] === 'number' ? { host: typeof args[1] === 'string' ? args[1] : 'localhost', port: args[0] } : undefined;
}

/** Whether any permit held now lets a connection to host:port through. */
export function egressAllowed(host: string, port: number | undefined): boolean {
  for (const p of permits.keys()) if (permitMatches(p, host, port)) return true;
  return false;
}

/** Lets connections to `permit` through until the returned function is called (calls may overlap). */
export function permitEgress(permit: EgressPermit): () => void {
  permits.set(permit, (permits.get(permit) ?? 0) + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const n = (permits.get(permit) ?? 1) - 1;
    if (n <= 0) permits.delete(permit);
    else permits.set(permit, n);
  };
}

type Target = { host: string; port: number | undefined } | undefined;

/** Replaces a socket method with one that refuses (through `refuse`) a call whose destination no permit allows. */
function guardMethod<S>(proto: S, name: string, targetOf: (args: unknown[]) => Target, refuse: (socket: S, error: EgressRefusedError, args: unknown[]) => unknown): void {
  const methods = proto as unknown as Record<string, (...a: unknown[]) => unknown>;
  const original = methods[name];
  methods[name] = function guarded(this: S, ...args: unknown[]) {
    const target = targetOf(args);
    if (target && !egressAllowed(target.host, target.port)) return refuse(this, new EgressRefusedError(target.host, target.port), args);
    return original.apply(this, args);
  };
  restores.push(() => (methods[name] = original));
}

/** Installs the guard in this process (idempotent). Engine processes call it first thing. */
export function installEgressGuard(): void {
  if (restores.length) return;
  // Fail the way a refused connection fails (an 'error' event), so callers handle it as they handle any.
  guardMethod(net.Socket.prototype, 'connect', connectTarget, (socket, error) => {
    process.nextTick(() => socket.destroy(error));
    return socket;
  });
  // send reports through its callback when it has one; connect's callback takes no error, so it gets the event.
  guardMethod(dgram.Socket.prototype, 'send', datagramTarget, (socket, error, args) => {
    const callback = args.findLast((a) => typeof a === 'function') as ((e: Error) => void) | undefined;
    process.nextTick(() => (callback ? callback(error) : socket.emit('error', error)));
  });
  guardMethod(dgram.Socket.prototype, 'connect', udpConnectTarget, (socket, error) => {
    process.nextTick(() => socket.emit('error', error));
  });
}

/** Removes the guard (tests). */
export function uninstallEgressGuard(): void {
  for (const restore of restores.splice(0).reverse()) restore();
}

export function egressGuardInstalled(): boolean {
  return restores.length > 0;
}
