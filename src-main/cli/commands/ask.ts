// `ctrlg ask --graph NAME "question"`: ranked answers with their evidence (raw and sanitized side by side),
// the view's statistics and the time per stage.
import { parseArgs } from 'node:util';
import type { AskResult } from '../../common/answerTypes.js';
import { loadGloveDrm } from '../../engine/drm/gloveDrm.js';
import { GraphLibrary } from '../../engine/graph/graphLibrary.js';
import { createQaEngine } from '../../engine/pipeline/qaEngine.js';
import { CliError, type CliCommand } from '../command.js';

export function parseRelationsMode(value: string | undefined): 'labels' | 'clustered' | undefined {
  if (value === undefined) return undefined;
  if (value !== 'labels' && value !== 'clustered') throw new CliError(`--relations must be "labels" or "clustered", not "${value}"`);
  return value;
}

export function parseDMax(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const d = Number(value);
  if (!Number.isInteger(d) || d < 1 || d > 5) throw new CliError(`--d-max must be an integer from 1 to 5, not "${value}"`);
  return d;
}

function arrow(relation: string, direction: 'out' | 'in'): string {
  return direction === 'out' ? `-[${relation}]->` : `<-[${relation}]-`;
}

function pathText(nodes: string[], edges: { relation: string; direction: 'out' | 'in' }[]): string {
  return nodes.map((n, i) => (i === 0 ? n : `${arrow(edges[i - 1].relation, edges[i - 1].direction)} ${n}`)).join(' ');
}

/** Human-readable rendering of an AskResult. */
export function formatAskResult(r: AskResult): string {
  const lines: string[] = [`Question: ${r.question}`];
  if (r.notFound) {
    lines.push(r.notFound.message);
    if (r.notFound.closest.length) lines.push('Closest names:', ...r.notFound.closest.map((c) => `  ${c}`));
    return lines.join('\n');
  }
  lines.push(`Anonymised: ${r.anonymizedQuestion}`);
  lines.push(`Topics: ${r.topics.map((t) => `${t.name} (as "${t.mention}"${t.token ? `, ${t.token}` : ''})`).join('; ')}`);
  if (r.indicator)
    lines.push(
      `Indicator: ${r.indicator.anchors.join(' + ')} ${r.indicator.chain.map((s) => `${arrow(s.relation, s.direction)}(${s.confidence.toFixed(2)})`).join(' ')}  answer at ${r.indicator.answerPosition}, D_predict ${r.indicator.dPredict}`,
    );
  if (r.answers.length === 0) lines.push('No verified answer.');
  else {
    lines.push('Answers:');
    r.answers.forEach((a, i) => {
      lines.push(`${String(i + 1).padStart(3)}. ${a.name}  (score ${a.score.toFixed(3)})`);
      a.rawPaths.slice(0, 2).forEach((p, k) => {
        lines.push(`       raw:  ${pathText(p.entities, p.edges)}`);
        const v = a.viewPaths[k];
        if (v) lines.push(`       view: ${pathText(v.nodes, v.edges)}`);
      });
    });
  }
  if (r.view)
    lines.push(
      `View: ${r.view.nodes} nodes (${r.view.supernodes} supernodes, ${r.view.literalNodes} literal), ${r.view.edges} edges from ${r.view.rawNodes} raw nodes / ${r.view.rawEdges} raw edges; k=${r.view.k} achieved ${r.view.achievedK}; ${r.view.relationsVisible} relation labels visible`,
    );
  lines.push(`Time (ms): ${Object.entries(r.stagesMs).map(([k, v]) => `${k} ${v.toFixed(1)}`).join(', ')}`);
  return lines.join('\n');
}

export const askCommand: CliCommand = {
  name: 'ask',
  summary: 'answer a question over a graph, with evidence',
  usage: 'ctrlg ask --graph NAME "question" [--json] [--d-max D] [--relations labels|clustered]',
  async run(args, ctx) {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: {
        graph: { type: 'string' },
        json: { type: 'boolean', default: false },
        'd-max': { type: 'string' },
        relations: { type: 'string' },
      },
    });
    if (!values.graph) throw new CliError('--graph NAME is required');
    const question = positionals.join(' ').trim();
    if (!question) throw new CliError('the question is empty: ctrlg ask --graph NAME "question"');
    const dMax = parseDMax(values['d-max']);
    const relations = parseRelationsMode(values.relations);
    const library = new GraphLibrary(ctx.dataDir);
    try {
      const graph = await library.memoryGraph(values.graph);
      const drm = await loadGloveDrm();
      const engine = createQaEngine({ graph, drm });
      const result = await engine.ask(question, { dMax, relations });
      ctx.stdout.write((values.json ? JSON.stringify(result, null, 2) : formatAskResult(result)) + '\n');
      return result.notFound ? 1 : 0;
    } finally {
      await library.close();
    }
  },
};
