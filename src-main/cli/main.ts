// `ctrlg` process entry point.
import { installEgressGuard } from '../engine/node/egressGuard.js';
import { runCli } from './runCli.js';

// Outbound sockets only for the Brain gateway and model downloads, whatever a dependency tries.
installEgressGuard();

process.exitCode = await runCli(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr });
