// Errors about graphs as a whole (which graph, not what is inside it).
// The one schema, not the whole contract: every command that opens a graph imports this file.
import { graphName } from '../../common/graphName.js';

export class UnknownGraphError extends Error {
  constructor(readonly graph: string, known: string[] = []) {
    super(`No graph named "${graph}".${known.length ? ` Known graphs: ${known.join(', ')}.` : ' No graphs have been imported yet.'}`);
    this.name = 'UnknownGraphError';
  }
}

export class InvalidGraphNameError extends Error {
  constructor(readonly graph: string, reason: string) {
    super(`Invalid graph name "${graph}": ${reason}.`);
    this.name = 'InvalidGraphNameError';
  }
}

/** Throws InvalidGraphNameError unless the name is one the contract accepts (it becomes a folder name). */
export function assertGraphName(name: string): void {
  const parsed = graphName.safeParse(name);
  if (!parsed.success) throw new InvalidGraphNameError(name, parsed.error.issues.map((i) => i.message).join('; '));
}
