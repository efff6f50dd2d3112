// Command-line options of `npm run host`, and the rule that the engine listens on loopback only.
import { isIP } from 'node:net';
import { parseArgs } from 'node:util';

export class HostConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'HostConfigError';
  }
}

export interface HostArgs {
  host: string;
  port: number;
  allowRemote: boolean;
  data?: string;
  openDemo: boolean;
  rendererDir?: string;
}

/** 127.0.0.0/8, ::1 (and its IPv4-mapped form) and "localhost" never leave the machine. */
export function isLoopbackHost(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (h === 'localhost' || h === '::1') return true;
  const v4 = h.startsWith('::ffff:') ? h.slice('::ffff:'.length) : h;
  return isIP(v4) === 4 && v4.startsWith('127.');
}

/** The engine holds a private graph: binding elsewhere must be an explicit decision. */
export function assertBindAllowed(host: string, allowRemote: boolean): void {
  if (!isLoopbackHost(host) && !allowRemote)
    throw new HostConfigError(
      `refusing to listen on "${host}": it is not a loopback address, so other machines could reach your private graph. ` +
        'Use 127.0.0.1, or pass --allow-remote if you really mean it.',
    );
}

export function parseHostArgs(argv: string[]): HostArgs {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        host: { type: 'string', default: '127.0.0.1' },
        port: { type: 'string', default: '0' },
        'allow-remote': { type: 'boolean', default: false },
        data: { type: 'string' },
        'open-demo': { type: 'boolean', default: true },
        'no-open-demo': { type: 'boolean', default: false },
        renderer: { type: 'string' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (err) {
    throw new HostConfigError((err as Error).message);
  }
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new HostConfigError(`--port must be 0..65535, got "${values.port}"`);
  const args: HostArgs = {
    host: values.host,
    port,
    allowRemote: values['allow-remote'],
    data: values.data,
    openDemo: values['open-demo'] && !values['no-open-demo'],
    rendererDir: values.renderer,
  };
  assertBindAllowed(args.host, args.allowRemote);
  return args;
}
