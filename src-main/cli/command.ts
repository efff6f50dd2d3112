// The shape every `ctrlg` sub-command has; each lives in its own file under commands/ (its name and summary in
// commands/index.ts, so the list needs no command loaded).
export interface CliContext {
  /** Data directory: --data, else CTRLG_DATA, else the app's data directory. */
  dataDir: string;
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
}

export interface CliCommand {
  usage: string;
  /** Returns the process exit code. */
  run(args: string[], ctx: CliContext): Promise<number>;
}

/** An error meant for the user: printed as one line, no stack trace. */
export class CliError extends Error {
  constructor(message: string, readonly exitCode = 2) {
    super(message);
    this.name = 'CliError';
  }
}
