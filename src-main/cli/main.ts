// `ctrlg` process entry point.
import { runCli } from './runCli.js';

process.exitCode = await runCli(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr });
