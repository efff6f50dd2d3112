// Graph check of extracted mentions: each must be copied from the question and name an entity of the graph
// through the name index (the same folded-word keys the algorithmic linker matches exactly).
import type { MemoryGraph } from '../../../../graph/memoryGraph.js';
import { wordSpans, type EntityNameIndex } from '../../../stages/entityNameIndex.js';
import type { LinkResult, TopicEntity } from '../../../../core/types.js';
import type { EntityExtractionReply } from '../schemas/entityExtraction.js';
import { accept, reject, type SkillCheck } from '../skillCheck.js';

export interface EntityExtractionContext {
  question: string;
  graph: MemoryGraph;
  index: EntityNameIndex;
}

const degree = (graph: MemoryGraph, e: number): number => graph.offsets[e + 1] - graph.offsets[e];

export function checkEntityExtraction(reply: EntityExtractionReply, ctx: EntityExtractionContext): SkillCheck<LinkResult> {
  const errors: string[] = [];
  const topics: TopicEntity[] = [];
  const lower = ctx.question.toLowerCase();
  for (const raw of reply.mentions) {
    const mention = raw.trim();
    const start = mention ? lower.indexOf(mention.toLowerCase()) : -1;
    if (start < 0) {
      errors.push(`mention ${JSON.stringify(raw)} does not occur in the question`);
      continue;
    }
    const key = ctx.index.lookup(wordSpans(mention).map((w) => w.norm));
    if (key === undefined) {
      errors.push(`mention ${JSON.stringify(mention)} names no entity of the graph`);
      continue;
    }
    // Homonyms: the best-connected entity, as the algorithmic linker's degree tie-break does.
    const entity = ctx.index.keyEntities(key).reduce((a, b) => (degree(ctx.graph, b) > degree(ctx.graph, a) ? b : a));
    if (topics.some((t) => t.entity === entity)) continue;
    topics.push({ entity, mention: ctx.question.slice(start, start + mention.length), start, end: start + mention.length, score: 1 });
  }
  if (errors.length) return reject(errors);
  if (!topics.length) return reject(['no mention names an entity of the graph']);
  return accept({ topics: topics.sort((a, b) => a.start - b.start), closest: [] });
}
