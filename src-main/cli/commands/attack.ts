// `ctrlg attack`: how many of the entity tokens an honest-but-curious Brain saw could it name, holding a copy of the
// graph? Reads `ctrlg eval --reveal-mapping` output; prints ASR@1/ASR@5 over anchors, bridges and all entity
// tokens, the anonymity sets, and with --linkage N the cross-session linkage ASR@1; --out writes the JSON.
import { parseArgs } from 'node:util';
import { runAttack, type AttackReport } from '../../engine/app/runAttack.js';
import { CliError, type CliCommand } from '../command.js';
import { intFlag } from '../flags/intFlag.js';

const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;

export function formatAttack(r: AttackReport): string {
  const row = (name: string, f: AttackReport['all']): string =>
    `  ${name.padEnd(8)} ${String(f.tokens).padStart(6)} ${String(f.scored).padStart(7)} ${pct(f.asr_at_1).padStart(7)} ${pct(f.asr_at_5).padStart(7)} ${String(f.anonymity.p50).padStart(9)} ${pct(f.anonymity.unique_share).padStart(7)} ${pct(f.anonymity.at_most_5_share).padStart(6)}`;
  const lines = [
    `reference ${r.reference.graph}: ${r.reference.entities} entities, ${r.reference.triples} triples`,
    `${r.sessions} sessions, ${r.payloads} payloads, ${r.malformed_lines} malformed line(s), ${r.rounds} refinement round(s), ${r.unscored} token(s) without truth, ${r.ms} ms`,
    '',
    `  ${'targets'.padEnd(8)} ${'tokens'.padStart(6)} ${'scored'.padStart(7)} ${'ASR@1'.padStart(7)} ${'ASR@5'.padStart(7)} ${'set p50'.padStart(9)} ${'set=1'.padStart(7)} ${'set≤5'.padStart(6)}`,
    row('anchors', r.anchors),
    row('bridges', r.bridges),
    row('anc+brg', r.anchors_bridges),
    row('all', r.all),
  ];
  if (r.linkage) {
    const l = r.linkage;
    lines.push('', `linkage over ${l.sessions} sessions: ASR@1 ${pct(l.asr_at_1)} on ${l.evaluated} of ${l.eligible} linkable token(s) (of ${l.tokens}); chance ${pct(l.chance)}`);
  }
  return lines.join('\n');
}

export const attackCommand: CliCommand = {
  usage: 'ctrlg attack --views FILE (--reference KB | --graph NAME) [--predictions FILE] [--rounds K] [--linkage N] [--out FILE.json]',
  async run(args, ctx) {
    const { values } = parseArgs({
      args,
      options: {
        views: { type: 'string' },
        reference: { type: 'string' },
        graph: { type: 'string' },
        predictions: { type: 'string' },
        rounds: { type: 'string' },
        linkage: { type: 'string' },
        out: { type: 'string' },
      },
    });
    if (!values.views) throw new CliError('--views FILE is required (views.jsonl from `ctrlg eval --reveal-mapping`)');
    if (!values.reference === !values.graph) throw new CliError('give exactly one of --reference KB or --graph NAME');
    const report = await runAttack({
      dataDir: ctx.dataDir,
      views: values.views,
      predictions: values.predictions,
      reference: values.reference,
      graph: values.graph,
      rounds: intFlag('rounds', values.rounds, 0),
      linkage: intFlag('linkage', values.linkage, 2),
      out: values.out,
    });
    ctx.stdout.write(formatAttack(report) + (values.out ? `\nwrote ${values.out}` : '') + '\n');
    return 0;
  },
};
