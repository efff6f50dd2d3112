// `ctrlg degrade`: writes a copy of a triples file with an exact, seeded share of its triples removed — uniformly,
// or only edges at the topic entities of a questions file (--topic-edges) — to measure answering on an incomplete
// graph. Holds the lines in memory (fine up to a few million triples) and writes kept lines unchanged, in order.
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadGloveDrm } from '../../engine/drm/gloveDrm.js';
import { pipeTriplesGraph } from '../../engine/import/pipeTriplesGraph.js';
import { bracketedTopics, chooseRemovals, parseTripleLine } from '../../engine/qa/grasp/degradeTriples.js';
import { EntityNameIndex } from '../../engine/qa/stages/entityNameIndex.js';
import { linkTopics } from '../../engine/qa/hand/linkTopics.js';
import { CliError, type CliCommand } from '../command.js';

export const degradeCommand: CliCommand = {
  name: 'degrade',
  summary: 'remove a seeded share of triples from a triples file (uniformly or at question topics)',
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

    const lines = readFileSync(resolve(values.kb), 'utf8').split(/\r?\n/);
    const tripleLines: number[] = [];
    const triples = lines.map((l, i) => {
      const t = parseTripleLine(l);
      if (t) tripleLines.push(i);
      return t;
    });
    let eligible: ((k: number) => boolean) | undefined;
    let topicCount = 0;
    if (values['topic-edges']) {
      const { topics, unbracketed } = bracketedTopics(readFileSync(resolve(values.questions!), 'utf8'));
      if (unbracketed.length > 0) {
        // Questions without brackets: find their topics the way `ask` does.
        const graph = pipeTriplesGraph(resolve(values.kb));
        const index = EntityNameIndex.build(graph);
        const drm = await loadGloveDrm();
        for (const q of unbracketed) for (const t of (await linkTopics(q, graph, index, drm)).topics) topics.add(graph.ids[t.entity]);
      }
      topicCount = topics.size;
      eligible = (k) => {
        const t = triples[tripleLines[k]]!;
        return topics.has(t.head) || topics.has(t.tail);
      };
    }
    const mask = chooseRemovals(tripleLines.length, fraction, seed, eligible);
    const drop = new Set<number>();
    mask.forEach((m, k) => m && drop.add(tripleLines[k]));
    const kept = lines.filter((l, i) => triples[i] && !drop.has(i));
    await writeFile(resolve(values.out), kept.join('\n') + '\n');
    let eligibleCount = 0;
    if (eligible) for (let k = 0; k < tripleLines.length; k++) if (eligible(k)) eligibleCount++;
    const scope = eligible ? ` at ${topicCount} topic entities (${eligibleCount} eligible)` : '';
    ctx.stdout.write(`triples ${tripleLines.length}, removed ${drop.size}${scope}, kept ${kept.length}; wrote ${resolve(values.out)}\n`);
    return 0;
  },
};
