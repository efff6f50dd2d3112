// `ctrlg degrade` behind the CLI: a copy of a triples file with an exact, seeded share of its triples removed —
// uniformly, or only edges at the topic entities of a questions file — to measure answering on an incomplete graph.
// Holds the lines in memory (fine up to a few million triples) and writes kept lines unchanged, in order.
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { loadGloveDrm } from '../drm/gloveDrm.js';
import { pipeTriplesGraph } from '../import/pipeTriplesGraph.js';
import { bracketedTopics, chooseRemovals, parseTripleLine } from '../qa/grasp/degradeTriples.js';
import { linkTopics } from '../qa/hand/linkTopics.js';
import { EntityNameIndex } from '../qa/stages/entityNameIndex.js';

export interface DegradeOptions {
  /** The triples file (head|relation|tail lines) and where the degraded copy goes. */
  kb: string;
  out: string;
  /** Share of the (eligible) triples removed, in [0, 1]. */
  fraction: number;
  seed: number;
  /** Only edges at the topic entities of this questions file are eligible (bracketed topics, else linked as `ask` does). */
  topicQuestions?: string;
}

export interface DegradeResult {
  triples: number;
  removed: number;
  kept: number;
  /** With topicQuestions: how many topic entities, and how many triples touched them. */
  topics?: { entities: number; eligible: number };
}

export async function degradeTriplesFile(options: DegradeOptions): Promise<DegradeResult> {
  const lines = readFileSync(options.kb, 'utf8').split(/\r?\n/);
  const tripleLines: number[] = [];
  const triples = lines.map((l, i) => {
    const t = parseTripleLine(l);
    if (t) tripleLines.push(i);
    return t;
  });
  let eligible: ((k: number) => boolean) | undefined;
  let topicCount = 0;
  if (options.topicQuestions !== undefined) {
    const { topics, unbracketed } = bracketedTopics(readFileSync(options.topicQuestions, 'utf8'));
    if (unbracketed.length > 0) {
      // Questions without brackets: find their topics the way `ask` does.
      const graph = pipeTriplesGraph(options.kb);
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
  const mask = chooseRemovals(tripleLines.length, options.fraction, options.seed, eligible);
  const drop = new Set<number>();
  mask.forEach((m, k) => m && drop.add(tripleLines[k]));
  const kept = lines.filter((l, i) => triples[i] && !drop.has(i));
  await writeFile(options.out, kept.join('\n') + '\n');
  let eligibleCount = 0;
  if (eligible) for (let k = 0; k < tripleLines.length; k++) if (eligible(k)) eligibleCount++;
  return { triples: tripleLines.length, removed: drop.size, kept: kept.length, ...(eligible ? { topics: { entities: topicCount, eligible: eligibleCount } } : {}) };
}
