// `ctrlg eval`: Hits@1, latency and exposure of a question file over a graph (or a triples file, imported once
// into a cached graph). Writes predictions.jsonl and summary.json (and views.jsonl with --reveal-mapping).
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadGloveDrm } from '../../engine/drm/gloveDrm.js';
import { readQuestionsFile } from '../../engine/eval/questionsFile.js';
import { runEval } from '../../engine/eval/runEval.js';
import { GraphLibrary } from '../../engine/graph/graphLibrary.js';
import { createQaEngine } from '../../engine/pipeline/qaEngine.js';
import { CliError, type CliCommand } from '../command.js';
import { parseDMax, parseRelationsMode } from './ask.js';

export const evalCommand: CliCommand = {
  name: 'eval',
  summary: 'evaluate question answering on a question file (Hits@1, latency, exposure)',
  usage:
    'ctrlg eval (--graph NAME | --kb FILE) --questions FILE --out DIR [--limit N] [--d-max D] [--relations labels|clustered] [--reveal-mapping]',
  async run(args, ctx) {
    const { values } = parseArgs({
      args,
      options: {
        graph: { type: 'string' },
        kb: { type: 'string' },
        questions: { type: 'string' },
        out: { type: 'string' },
        limit: { type: 'string' },
        'd-max': { type: 'string' },
        relations: { type: 'string' },
        'reveal-mapping': { type: 'boolean', default: false },
      },
    });
    if (!values.graph === !values.kb) throw new CliError('give exactly one of --graph NAME or --kb FILE');
    if (!values.questions) throw new CliError('--questions FILE is required');
    if (!values.out) throw new CliError('--out DIR is required');
    let limit: number | undefined;
    if (values.limit !== undefined) {
      limit = Number(values.limit);
      if (!Number.isInteger(limit) || limit < 1) throw new CliError(`--limit must be a positive integer, not "${values.limit}"`);
    }
    const dMax = parseDMax(values['d-max']);
    const relations = parseRelationsMode(values.relations);
    const questions = readQuestionsFile(resolve(values.questions));
    if (questions.length === 0) throw new CliError(`no questions in ${values.questions} (expected "question<TAB>ans1|ans2" lines)`);
    if (values['reveal-mapping'])
      ctx.stderr.write('warning: --reveal-mapping writes views.jsonl with the token → entity mapping in clear; for evaluation only, never share it.\n');
    const library = new GraphLibrary(ctx.dataDir);
    try {
      const name = values.graph ?? (await library.graphForFile(resolve(values.kb!)));
      const graph = await library.memoryGraph(name);
      const drm = await loadGloveDrm();
      const engine = createQaEngine({ graph, drm });
      const summary = await runEval({
        engine,
        questions,
        outDir: resolve(values.out),
        limit,
        dMax,
        relations,
        revealMapping: values['reveal-mapping'],
      });
      ctx.stdout.write(
        `graph ${name}: ${summary.questions} questions, Hits@1 ${(100 * summary.hits_at_1).toFixed(1)}% (${summary.hits}), latency p50 ${summary.latency_ms.p50.toFixed(1)} ms p95 ${summary.latency_ms.p95.toFixed(1)} ms; wrote ${resolve(values.out)}\n`,
      );
      return 0;
    } finally {
      await library.close();
    }
  },
};
