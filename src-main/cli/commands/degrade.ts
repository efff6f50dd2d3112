// `ctrlg degrade`: writes a copy of a triples file with an exact, seeded share of its triples removed — uniformly,
// or only edges at the topic entities of a questions file (--topic-edges) — to measure answering on an incomplete
// graph (engine/app/degradeFile.ts does the work).
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { degradeTriplesFile } from '../../engine/app/degradeFile.js';
import { CliError, type CliCommand } from '../command.js';

export const degradeCommand: CliCommand = {
  usage: 'ctrlg degrade --kb FILE --remove FRACTION --out FILE [--seed S] [--topic-edges --questions FILE]',
  async run(args, ctx) {
    const { values } = parseArgs({
      args,
      options: {
        kb: { type: 'string' },
        remove: { type: 'string' },
        seed: { type: 'string', default: '1' },
        out: { type: 'string' },
        'topic-edges': { type: 'boolean', default: false },
        questions: { type: 'string' },
      },
    });
    if (!values.kb) throw new CliError('--kb FILE is required');
    if (!values.out) throw new CliError('--out FILE is required');
    const fraction = Number(values.remove);
    if (values.remove === undefined || !(fraction >= 0 && fraction <= 1)) throw new CliError(`--remove must be a fraction in [0, 1], not "${values.remove ?? ''}"`);
    const seed = Number(values.seed);
    if (!Number.isInteger(seed)) throw new CliError(`--seed must be an integer, not "${values.seed}"`);
    if (values['topic-edges'] && !values.questions) throw new CliError('--topic-edges needs --questions FILE');

    const r = await degradeTriplesFile({
      kb: resolve(values.kb),
      out: resolve(values.out),
      fraction,
      seed,
      ...(values['topic-edges'] ? { topicQuestions: resolve(values.questions!) } : {}),
    });
    const scope = r.topics ? ` at ${r.topics.entities} topic entities (${r.topics.eligible} eligible)` : '';
    ctx.stdout.write(`triples ${r.triples}, removed ${r.removed}${scope}, kept ${r.kept}; wrote ${resolve(values.out)}\n`);
    return 0;
  },
};
