// `ctrlg exposure report (--eval DIR | --ledger) --out report.html [--json FILE]`: what a curious Brain could learn,
// as a self-contained HTML page with plots and the same figures as JSON. --eval reads an eval folder (or a folder of
// runs, one per view, as bench:exposure writes them); --ledger reads this data folder's exposure ledger.
import { parseArgs } from 'node:util';
import { ExposureReportInputError, reportFromEval, reportFromLedger, writeExposureReport } from '../../engine/app/exposureReportFile.js';
import { CliError, type CliCommand } from '../command.js';

const pct = (x: number | undefined): string => (x === undefined ? '—' : `${(100 * x).toFixed(1)}%`);

export const exposureCommand: CliCommand = {
  usage: 'ctrlg exposure report (--eval DIR | --ledger) --out report.html [--json FILE]',
  async run(args, ctx) {
    const [action, ...rest] = args;
    if (action !== 'report') throw new CliError(`unknown exposure action "${action ?? ''}": use report`);
    const { values } = parseArgs({ args: rest, options: { eval: { type: 'string' }, ledger: { type: 'boolean', default: false }, out: { type: 'string', short: 'o' }, json: { type: 'string' } } });
    if (!values.eval === !values.ledger) throw new CliError('give exactly one of --eval DIR or --ledger');
    if (!values.out) throw new CliError('--out report.html is required');
    let data;
    try {
      data = values.eval ? reportFromEval(values.eval) : await reportFromLedger(ctx.dataDir);
    } catch (e) {
      if (e instanceof ExposureReportInputError) throw new CliError(e.message);
      throw e;
    }
    const files = writeExposureReport(data, values.out, values.json);
    for (const r of data.runs)
      ctx.stdout.write(
        `${r.view}: ${r.questions} questions, Hits@1 ${pct(r.hitsAt1)}, ASR@1 ${pct(r.attack?.asr1)} (anchors+bridges), linkage ${pct(r.attack?.linkage)}, ` +
          `node exposure p99 ${(r.nodeExposure?.built ?? r.nodeExposure?.sent)?.p99.toFixed(3) ?? '—'}, top-1% share ${pct((r.nodeExposure?.built ?? r.nodeExposure?.sent)?.top1PercentShare)}\n`,
      );
    ctx.stdout.write(`wrote ${files.html} and ${files.json}\n`);
    return 0;
  },
};
