// `ctrlg stats --graph NAME`: sizes, relations, literal counts and the degree distribution.
import { parseArgs } from 'node:util';
import type { GraphStats } from '../../common/graphTypes.js';
import { GraphLibrary } from '../../engine/app/graphAccess.js';
import { CliError, type CliCommand } from '../command.js';

const fmt = (n: number): string => n.toLocaleString('en-US', { maximumFractionDigits: 2 });

export function formatStats(s: GraphStats): string {
  const d = s.degree;
  const width = Math.max(8, ...s.relations.map((r) => r.label.length));
  return [
    `graph     ${s.name}`,
    `entities  ${fmt(s.entities)}`,
    `triples   ${fmt(s.triples)}`,
    `literals  date ${fmt(s.literals.date)}, number ${fmt(s.literals.number)}, string ${fmt(s.literals.string)}`,
    `degree    min ${d.min}, p50 ${d.p50}, p90 ${d.p90}, p99 ${d.p99}, max ${d.max}, mean ${fmt(d.mean)}`,
    '',
    `relations (${s.relations.length})`,
    ...s.relations.map((r) => `  ${r.label.padEnd(width)}  ${fmt(r.count).padStart(10)}`),
    '',
    'degree histogram',
    ...d.histogram.map((h) => `  ${`${h.from}–${h.to}`.padEnd(13)} ${fmt(h.count).padStart(10)}`),
  ].join('\n');
}

export const statsCommand: CliCommand = {
  usage: 'ctrlg stats --graph NAME [--json]',
  async run(args, ctx) {
    const { values } = parseArgs({ args, options: { graph: { type: 'string', short: 'g' }, json: { type: 'boolean', default: false } } });
    if (!values.graph) throw new CliError('--graph NAME is required');
    const library = new GraphLibrary(ctx.dataDir);
    try {
      const stats = await (await library.open(values.graph)).stats();
      ctx.stdout.write((values.json ? JSON.stringify(stats, null, 2) : formatStats(stats)) + '\n');
      return 0;
    } finally {
      await library.close();
    }
  },
};
