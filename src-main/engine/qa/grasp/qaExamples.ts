// Optional supervised signal: the user's own `question<TAB>ans1|ans2` pairs, linked to the graph the way `ask`
// links questions, become training examples (anchors = linked topics, targets = the named answers).
import type { EvalQuestion } from '../../import/questionsFile.js';
import { EntityNameIndex } from '../stages/entityNameIndex.js';
import { linkTopics } from '../hand/linkTopics.js';
import type { Drm } from '../../core/types.js';
import type { GraspContext } from './graspContext.js';
import type { TrainingExample } from './trainingExamples.js';

export async function qaTrainingExamples(ctx: GraspContext, questions: EvalQuestion[], drm: Drm): Promise<TrainingExample[]> {
  const { graph } = ctx;
  const index = EntityNameIndex.build(graph);
  const out: TrainingExample[] = [];
  for (const q of questions) {
    const { topics } = await linkTopics(q.question, graph, index, drm);
    if (topics.length === 0) continue;
    const targets = new Set<number>();
    for (const g of q.gold) {
      const byId = graph.indexOf(g);
      if (byId !== undefined) targets.add(byId);
      else for (const e of graph.byNormalizedName(g)) targets.add(e);
    }
    if (targets.size === 0) continue;
    out.push({ kind: 'qa', anchors: topics.map((t) => t.entity), question: ctx.drm.embedOne(q.question.replace(/[[\]]/g, ' ')), targets: [...targets] });
  }
  return out;
}
