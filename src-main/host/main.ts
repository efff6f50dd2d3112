// `npm run host [--port N] [--host 127.0.0.1] [--data DIR] [--no-open-demo] [--allow-remote]`
// Prints one line with the URL to open (the token rides in the hash, never in a request line).
import { HostConfigError, parseHostArgs } from './hostOptions.js';
import { startHost } from './startHost.js';
import { installEgressGuard } from '../engine/node/egressGuard.js';

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
  const stop = (): void => {
    void host.close().finally(() => process.exit(0));
  };
  // Handlers first: whoever reads the line below may signal us the moment it arrives.
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  process.stdout.write(`ctrlg host: ${host.url}\n`);
}

main().catch((err: unknown) => {
  process.stderr.write(`ctrlg host: ${(err as Error)?.message ?? String(err)}\n`);
  process.exit(1);
});
