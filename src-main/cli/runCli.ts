// Dispatches `ctrlg <command>`: resolves the data directory and turns errors into one clear line.
import { commands } from './commands/index.js';
import { CliError, type CliContext } from './command.js';
import { resolveDataDir } from '../engine/node/dataDir.js';
import { privateFileModes, protectDataDir } from '../engine/node/privateFiles.js';

function extractDataFlag(argv: string[]): { data?: string; rest: string[] } {
  const rest: string[] = [];
  let data: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--data') data = argv[++i];
    else if (a.startsWith('--data=')) data = a.slice('--data='.length);
    else rest.push(a);
  }
  return { data, rest };
}

function help(): string {
  const width = Math.max(...commands.map((c) => c.name.length));
  return [
    'usage: ctrlg <command> [options]   (every command takes --data DIR; default $CTRLG_DATA or the app data folder)',
    '',
    ...commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    '',
    'ctrlg <command> --help shows its options.',
  ].join('\n');
}

export async function runCli(argv: string[], io: Pick<CliContext, 'stdout' | 'stderr'>): Promise<number> {
  const [name, ...args] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    io.stdout.write(help() + '\n');
    return name ? 0 : 2;
  }
  const entry = commands.find((c) => c.name === name);
  if (!entry) {
    io.stderr.write(`ctrlg: unknown command "${name}"\n\n${help()}\n`);
    return 2;
  }
  const { data, rest } = extractDataFlag(args);
  try {
    // Loading may fail too (a missing native module): one line like any other error, not a stack trace.
    const command = await entry.load();
    if (rest.includes('--help') || rest.includes('-h')) {
      io.stdout.write(`usage: ${command.usage}\n`);
      return 0;
    }
    const dataDir = resolveDataDir(data);
    // Graphs, ledgers and memory are this user's alone: 0600 files in a 0700 data folder.
    privateFileModes();
    protectDataDir(dataDir);
    return await command.run(rest, { dataDir, ...io });
  } catch (err) {
    const e = err as Error;
    io.stderr.write(`ctrlg ${name}: ${e?.message ?? String(err)}\n`);
    if (process.env.CTRLG_DEBUG) io.stderr.write(`${e?.stack ?? ''}\n`);
    return err instanceof CliError ? err.exitCode : 1;
  }
}
