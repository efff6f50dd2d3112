// `ctrlg import FILE --graph NAME`: imports a triples file (merging unless --replace), atomically.
import { parseArgs } from 'node:util';
import type { CsvColumns, ImportFormat, ImportProgress, ImportResult } from '../../common/graphTypes.js';
import { GraphLibrary, IMPORT_FORMATS, type ImportLimits } from '../../engine/app/graphAccess.js';
import { CliError, type CliCommand } from '../command.js';

const fmt = (n: number): string => n.toLocaleString('en-US');

function progressLine(p: ImportProgress): string {
  const pct = p.totalBytes > 0 ? ` ${Math.min(100, (100 * p.bytes) / p.totalBytes).toFixed(0)}%` : '';
  const eta = p.etaSeconds !== null && p.phase === 'parse' ? `, ~${Math.ceil(p.etaSeconds)} s left` : '';
  return `${p.phase}${pct}: ${fmt(p.lines)} lines, ${fmt(p.triples)} triples, ${fmt(Math.round(p.rate))} lines/s${eta}`;
}

function summary(r: ImportResult): string[] {
  const lines = [
    `Imported ${fmt(r.triplesRead)} triples from ${r.file} (${r.format}) into "${r.graph}": ${fmt(r.triplesAdded)} new.`,
    `Graph "${r.graph}" now has ${fmt(r.entitiesTotal)} entities and ${fmt(r.triplesTotal)} triples (${(r.ms / 1000).toFixed(1)} s).`,
  ];
  if (r.skipped.length) {
    lines.push(`Skipped ${fmt(r.skipped.length)} bad line${r.skipped.length === 1 ? '' : 's'}:`);
    for (const s of r.skipped) lines.push(`  ${s.file}:${s.line}: ${s.reason}${s.text ? `  | ${s.text}` : ''}`);
  }
  return lines;
}

function csvColumns(v: Record<string, string | boolean | undefined>): CsvColumns | undefined {
  const head = v['csv-head'] as string | undefined;
  const relation = v['csv-relation'] as string | undefined;
  const tail = v['csv-tail'] as string | undefined;
  const any = head ?? relation ?? tail ?? v['csv-head-type'] ?? v['csv-tail-type'] ?? v['csv-delimiter'];
  if (any === undefined) return undefined;
  if (!head || !relation || !tail) throw new CliError('--csv-head, --csv-relation and --csv-tail go together: name all three columns');
  const cols: CsvColumns = { head, relation, tail };
  if (v['csv-head-type']) cols.headType = v['csv-head-type'] as string;
  if (v['csv-tail-type']) cols.tailType = v['csv-tail-type'] as string;
  if (v['csv-delimiter']) cols.delimiter = v['csv-delimiter'] as string;
  return cols;
}

function positiveInt(flag: string, v: string | undefined): number | undefined {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) throw new CliError(`${flag} must be a positive whole number of characters, got "${v}"`);
  return n;
}

/** --max-term / --max-line: the importer's size limits (defaults 1 M and 4 M characters). */
function importLimits(term: string | undefined, line: string | undefined): Partial<ImportLimits> | undefined {
  const maxTermChars = positiveInt('--max-term', term);
  const maxLineChars = positiveInt('--max-line', line);
  if (maxTermChars === undefined && maxLineChars === undefined) return undefined;
  return { ...(maxTermChars ? { maxTermChars } : {}), ...(maxLineChars ? { maxLineChars } : {}) };
}

export const importCommand: CliCommand = {
  usage:
    'ctrlg import FILE --graph NAME [--format tsv|csv|nt|ttl] [--lenient] [--replace] [--json] [--max-term CHARS] [--max-line CHARS]\n' +
    '       [--csv-head COL --csv-relation COL --csv-tail COL [--csv-head-type COL] [--csv-tail-type COL] [--csv-delimiter C]]',
  async run(args, ctx) {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: {
        graph: { type: 'string', short: 'g' },
        format: { type: 'string' },
        lenient: { type: 'boolean', default: false },
        replace: { type: 'boolean', default: false },
        json: { type: 'boolean', default: false },
        'max-term': { type: 'string' },
        'max-line': { type: 'string' },
        'csv-head': { type: 'string' },
        'csv-relation': { type: 'string' },
        'csv-tail': { type: 'string' },
        'csv-head-type': { type: 'string' },
        'csv-tail-type': { type: 'string' },
        'csv-delimiter': { type: 'string' },
      },
    });
    if (positionals.length !== 1) throw new CliError(`expected one FILE, got ${positionals.length}\nusage: ${this.usage}`);
    if (!values.graph) throw new CliError('--graph NAME is required');
    if (values.format !== undefined && !(IMPORT_FORMATS as string[]).includes(values.format))
      throw new CliError(`--format must be one of ${IMPORT_FORMATS.join(', ')}`);

    const tty = (ctx.stderr as NodeJS.WriteStream).isTTY === true;
    let lastPhase = '';
    const onProgress = (p: ImportProgress): void => {
      // A terminal gets one line rewritten in place; a log gets one line per phase.
      if (tty) ctx.stderr.write(`\r\x1b[K${progressLine(p)}`);
      else if (p.phase !== lastPhase && p.phase !== 'done' && p.phase !== 'swap') ctx.stderr.write(`${progressLine(p)}\n`);
      lastPhase = p.phase;
    };
    const abort = new AbortController();
    const onSigint = (): void => abort.abort();
    process.once('SIGINT', onSigint);
    const library = new GraphLibrary(ctx.dataDir);
    try {
      const result = await library.importFile(values.graph, positionals[0], {
        format: values.format as ImportFormat | undefined,
        lenient: values.lenient,
        replace: values.replace,
        csv: csvColumns(values),
        limits: importLimits(values['max-term'], values['max-line']),
        signal: abort.signal,
        onProgress,
      });
      if (tty) ctx.stderr.write('\r\x1b[K');
      ctx.stdout.write(values.json ? JSON.stringify(result, null, 2) + '\n' : summary(result).join('\n') + '\n');
      return 0;
    } finally {
      if (tty) ctx.stderr.write('\r\x1b[K');
      process.removeListener('SIGINT', onSigint);
      await library.close();
    }
  },
};
