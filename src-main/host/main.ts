// `npm run host [--port N] [--host 127.0.0.1] [--data DIR] [--no-open-demo] [--allow-remote]`
// Prints one line with the URL to open (the token rides in the hash, never in a request line).
import { HostConfigError, parseHostArgs } from './hostOptions.js';
import { startHost } from './startHost.js';
import { installEgressGuard } from '../engine/node/egressGuard.js';

/** The longest a signalled host waits for its engine to close (downloads cancelled, jobs stopped) before exiting. */
const CLOSE_DEADLINE_MS = 5_000;

// Outbound sockets only for the Brain gateway and model downloads; listening (the UI's socket) is not affected.
installEgressGuard();

async function main(): Promise<void> {
  let args;
  try {
    args = parseHostArgs(process.argv.slice(2));
  } catch (err) {
    if (!(err instanceof HostConfigError)) throw err;
    process.stderr.write(`ctrlg host: ${err.message}\n`);
    process.exit(2);
  }
  const host = await startHost({
    dataDir: args.data,
    host: args.host,
    port: args.port,
    allowRemote: args.allowRemote,
    openDemo: args.openDemo,
    rendererDir: args.rendererDir,
  });
  let stopping = false;
  const stop = (): void => {
    // A second signal means "now": stop waiting for the close.
    if (stopping) process.exit(1);
    stopping = true;
    // Closing cancels running downloads and jobs; whatever still hangs after the deadline does not hold the exit.
    setTimeout(() => process.exit(1), CLOSE_DEADLINE_MS).unref();
    void host.close().finally(() => process.exit(0));
  };
  // Handlers first: whoever reads the line below may signal us the moment it arrives. `on`, not `once`: a
  // dependency's signal-exit hook re-raises a signal it believes no one else handles, which killed the host mid-close.
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  process.stdout.write(`ctrlg host: ${host.url}\n`);
}

main().catch((err: unknown) => {
  process.stderr.write(`ctrlg host: ${(err as Error)?.message ?? String(err)}\n`);
  process.exit(1);
});
