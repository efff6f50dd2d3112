// `ctrlg train`: trains the GraSP-style graph encoder on a graph (self-supervised; optional QA pairs) and saves it
// as the next version under <data>/models/grasp/<graph>/.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { assemble } from '../../engine/app/assemble.js';
import { readQuestionsFile } from '../../engine/app/runEval.js';
import { CliError, type CliCommand } from '../command.js';
import { intFlag } from '../flags/intFlag.js';

export const trainCommand: CliCommand = {
  usage: 'ctrlg train (--graph NAME | --kb FILE) [--epochs N] [--examples N] [--seed S] [--max-seconds T] [--questions FILE]',
  async run(args, ctx) {
    const { values } = parseArgs({
      args,
      options: {
        graph: { type: 'string' },
        kb: { type: 'string' },
        epochs: { type: 'string' },
        examples: { type: 'string' },
        seed: { type: 'string', default: '1' },
        'max-seconds': { type: 'string' },
        questions: { type: 'string' },
      },
    });
    if (!values.graph === !values.kb) throw new CliError('give exactly one of --graph NAME or --kb FILE');
    const seed = Number(values.seed);
    if (!Number.isInteger(seed)) throw new CliError(`--seed must be an integer, not "${values.seed}"`);
    const epochs = intFlag('epochs', values.epochs);
    const examplesPerEpoch = intFlag('examples', values.examples);
    const maxSeconds = intFlag('max-seconds', values['max-seconds']);
    const questions = values.questions ? readQuestionsFile(resolve(values.questions)) : undefined;
    // The app's parts: its library, its word vectors and the selector's training service.
    const parts = assemble({ dataDir: ctx.dataDir, memory: null, ask: false });
    try {
      const name = values.graph ?? (await parts.library.graphForFile(resolve(values.kb!)));
      const graph = await parts.library.memoryGraph(name);
      await parts.drm();
      ctx.stdout.write(`graph ${name}: ${graph.size} entities, ${graph.tripleCount} triples, ${graph.relationLabels.length} relations${questions ? `, ${questions.length} QA pairs` : ''}\n`);
      let lastLine = 0;
      const result = await parts.grasp.trainNow(name, {
        seed,
        ...(epochs ? { epochs } : {}),
        ...(examplesPerEpoch ? { examplesPerEpoch } : {}),
        ...(maxSeconds ? { maxSeconds } : {}),
        questions,
        onProgress: (p) => {
          const now = Date.now();
          if (p.step !== p.steps && now - lastLine < 2000) return;
          lastLine = now;
          ctx.stdout.write(`epoch ${p.epoch}/${p.epochs} step ${p.step}/${p.steps} loss ${p.loss.toFixed(4)} eta ${Math.round(p.etaSeconds)}s\n`);
        },
      });
      const m = result.metrics;
      const lr = m.linkRecovery;
      ctx.stdout.write(
        `loss by epoch ${m.epochLoss.map((l) => l.toFixed(3)).join(' → ')}; hidden-edge recovery on ${lr.examples} held-out edges: coverage ${(100 * lr.coverage).toFixed(0)}%, Hits@1 ${(100 * lr.hitsAt1).toFixed(1)}%, Hits@3 ${(100 * lr.hitsAt3).toFixed(1)}%, MRR ${lr.mrr.toFixed(3)}\n` +
          `saved v${result.version} in ${result.dir}\n`,
      );
      return 0;
    } finally {
      await parts.close();
    }
  },
};
