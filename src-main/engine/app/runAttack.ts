// `ctrlg attack`: the project's own re-identification attacker run on what `ctrlg eval --reveal-mapping` wrote.
// Payloads come from each prediction line's `payloads` (predictions.jsonl beside views.jsonl unless given); the
// reference graph is a KB file (imported once, cached by content hash) or a library graph. The attack reads only the
// payload text; the views' mapping scores it. Writes the report as JSON when asked.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { AttackInputError, parsePredictionLines, parseViewLines } from '../egress/exposure/attack/attackInputs.js';
import { attackReport, type AttackReport } from '../egress/exposure/attack/attackReport.js';
import { referenceIndex } from '../egress/exposure/attack/referenceIndex.js';
import { GraphLibrary } from '../import/graphLibrary.js';

export { AttackInputError } from '../egress/exposure/attack/attackInputs.js';
export type { AttackReport } from '../egress/exposure/attack/attackReport.js';

export interface RunAttackOptions {
  dataDir: string;
  /** views.jsonl written by `ctrlg eval --reveal-mapping`. */
  views: string;
  /** predictions.jsonl; default: the one beside `views`. */
  predictions?: string;
  /** Reference graph as a triples file … */
  reference?: string;
  /** … or as a library graph name. */
  graph?: string;
  rounds?: number;
  linkage?: number;
  seed?: number;
  /** Where to write the report as JSON. */
  out?: string;
}

function readInput(file: string, what: string): string {
  if (!existsSync(file)) throw new AttackInputError(file, undefined, `${what} not found`);
  return readFileSync(file, 'utf8');
}

export async function runAttack(o: RunAttackOptions): Promise<AttackReport> {
  const viewsPath = resolve(o.views);
  const predPath = resolve(o.predictions ?? join(dirname(viewsPath), 'predictions.jsonl'));
  const truths = parseViewLines(readInput(viewsPath, 'views file'), viewsPath);
  const sessions = parsePredictionLines(readInput(predPath, 'predictions file'), predPath);
  if (o.reference !== undefined) readInput(resolve(o.reference), 'reference KB');
  const library = new GraphLibrary(o.dataDir);
  try {
    const name = o.graph ?? (await library.graphForFile(resolve(o.reference!)));
    const graph = await library.memoryGraph(name);
    const report = attackReport(referenceIndex(graph), sessions, truths, { rounds: o.rounds, linkage: o.linkage, seed: o.seed });
    if (o.out) writeFileSync(resolve(o.out), JSON.stringify(report, null, 1) + '\n');
    return report;
  } finally {
    await library.close();
  }
}
