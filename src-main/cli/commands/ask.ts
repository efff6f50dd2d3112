// `ctrlg ask --graph NAME "question"`: ranked answers with their evidence (raw and sanitized side by side),
// the view's statistics and the time per stage. --brain/--approve show each Brain step (sent, denied, fallback),
// --hand each model generation of the Hand's skills (tokens, ms, tokens/s, fallback reason), --selector the selector.
import { parseArgs } from 'node:util';
import type { AskHandCall, AskHandSummary, AskResult } from '../../common/answerTypes.js';
import { countText } from '../../common/answerNames.js';
import { assemble } from '../../engine/app/assemble.js';
import { noBrainFields, type BrainPredictionFields, type BrainStepOutcome } from '../../engine/app/brainService.js';
import { CliError, type CliCommand } from '../command.js';
import { BRAIN_FLAG_OPTIONS, BRAIN_USAGE, brainParts, checkBrainFlags, loadBrainModel, parseBrainPolicy, usesBrain } from '../flags/brainFlags.js';
import { checkHandThreadsUse, HAND_FLAG_OPTIONS, loadHand, parseHandThreads } from '../flags/handFlags.js';
import { checkSelector, parseSelector, SELECTOR_FLAG_OPTIONS } from '../flags/selectorFlags.js';

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
  if (r.abstained) {
    // No reading explains the whole question: say so, with what the best partial reading found (for a look only).
    lines.push(`No answer: ${r.abstained.message}`);
    if (r.abstained.answers.length) lines.push(`  The partial reading found: ${r.abstained.answers.slice(0, 5).map((a) => a.name).join('; ')}`);
  } else if (r.answers.length === 0) lines.push('No verified answer.');
  else {
    // "How many …": the number first; the answers listed are what was counted.
    if (r.count) lines.push(`Count: ${countText(r.count)}`);
    lines.push(r.count ? `Counted (${r.answers.length} listed):` : 'Answers:');
    r.answers.forEach((a, i) => {
      lines.push(`${String(i + 1).padStart(3)}. ${a.name}  (score ${a.score.toFixed(3)}${a.tied ? ', tied: as well supported as the first' : ''})`);
      a.rawPaths.slice(0, 2).forEach((p, k) => {
        lines.push(`       raw:  ${pathText(p.entities, p.edges)}`);
        const v = a.viewPaths[k];
        if (v) lines.push(`       view: ${pathText(v.nodes, v.edges)}`);
      });
    });
  }
  if (r.answerSet && r.answers.length) lines.push(`Answer set: ${r.answerSet.size} (${r.answerSet.label}: ${r.answerSet.reason})`);
  if (r.confidence) {
    const { p, unsure, reasons } = r.confidence;
    // Unsure answers say why, so a wrong answer does not read as a confident one.
    lines.push(`Confidence: ${p.toFixed(2)}${unsure ? `, unsure${reasons.length ? ` — ${reasons.slice(0, 3).join('; ')}` : ''}` : ''}`);
  }
  if (r.view)
    lines.push(
      `View: ${r.view.nodes} nodes (${r.view.supernodes} supernodes, ${r.view.literalNodes} literal), ${r.view.edges} edges from ${r.view.rawNodes} raw nodes / ${r.view.rawEdges} raw edges; k=${r.view.k} achieved ${r.view.achievedK}; ${r.view.relationsVisible} relation labels visible`,
    );
  lines.push(`Time (ms): ${Object.entries(r.stagesMs).map(([k, v]) => `${k} ${v.toFixed(1)}`).join(', ')}`);
  return lines.join('\n');
}

/** One line per model generation of the Hand: tokens in/out, time, speed, and why its reply was not used. */
export function formatHandCalls(calls: readonly AskHandCall[], usage: AskHandSummary['totals']): string {
  const lines = [`Hand calls: ${usage.calls} (${usage.tokens_in} tokens in, ${usage.tokens_out} out, ${usage.fallbacks} fallback(s))`];
  for (const c of calls)
    lines.push(
      `  ${c.skill}${c.attempt === 2 ? ' (repair)' : ''}: ${c.tokensIn} in, ${c.tokensOut} out, ${c.ms.toFixed(1)} ms, ${c.tokensPerSecond.toFixed(1)} tokens/s` +
        (c.fallbackReason ? `; fallback: ${c.fallbackReason}` : c.repaired ? '; repaired' : ''),
    );
  return lines.join('\n');
}

/** One line per Brain step of the question: sent, denied or fallback, and why. */
export function formatBrainSteps(steps: readonly BrainStepOutcome[], fields: Pick<BrainPredictionFields, 'brain_calls' | 'brain_denied' | 'brain_tokens'>): string {
  const lines = [`Brain: ${fields.brain_calls} call(s) sent, ${fields.brain_denied} denied, ${fields.brain_tokens} tokens`];
  steps.forEach((r, k) => {
    const status = r.denied ? 'denied' : r.fallback ? 'fallback (local answer kept)' : r.sent ? 'sent' : 'local';
    lines.push(`  step ${k + 1}: ${status}: ${r.reason} (${r.tokens.sent} tokens sent, ${r.tokens.received} received)`);
  });
  if (steps.length === 0) lines.push('  not asked (the local choice was confident)');
  return lines.join('\n');
}

export const askCommand: CliCommand = {
  usage: `ctrlg ask --graph NAME "question" [--json] [--d-max D] [--relations labels|clustered] ${BRAIN_USAGE} [--hand PATH.gguf] [--hand-threads N] [--selector path|grasp]`,
  async run(args, ctx) {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: {
        graph: { type: 'string' },
        json: { type: 'boolean', default: false },
        'd-max': { type: 'string' },
        relations: { type: 'string' },
        ...BRAIN_FLAG_OPTIONS,
        ...HAND_FLAG_OPTIONS,
        ...SELECTOR_FLAG_OPTIONS,
      },
    });
    if (!values.graph) throw new CliError('--graph NAME is required');
    const question = positionals.join(' ').trim();
    if (!question) throw new CliError('the question is empty: ctrlg ask --graph NAME "question"');
    const dMax = parseDMax(values['d-max']);
    const relations = parseRelationsMode(values.relations);
    const selectorKind = parseSelector(values.selector);
    const handThreads = parseHandThreads(values['hand-threads']);
    checkHandThreadsUse(values);
    // The object graph the app builds, with the run's own parts: no memory, the Brain from the flags.
    const parts = assemble({ dataDir: ctx.dataDir, memory: null, hand: { threads: handThreads }, ...brainParts(values, ctx, handThreads) });
    try {
      const graph = await parts.library.memoryGraph(values.graph);
      await parts.drm();
      await checkSelector(parts, selectorKind, ctx, values.graph);
      const hand = await loadHand(parts, values);
      checkBrainFlags(values, 'ask');
      await loadBrainModel(parts, values);
      const useBrain = usesBrain(values);
      // The graph: the terminal prompt's report says which tokens only one of its entities fits.
      const q = await parts.brain.forQuestion(undefined, { graph });
      // A Brain whose calls could not be recorded is not asked; the question is answered locally all the same.
      if (q?.notAsked) ctx.stderr.write(`warning: ${q.notAsked} (answering locally; nothing is sent)\n`);
      const calls: AskHandCall[] = [];
      const { result, hand: answeredBy } = await parts.asks!.run(
        { graph: values.graph, question, dMax, relations, selector: selectorKind },
        { ...(q ? { brain: q } : {}), handCalls: calls, brainPolicy: parseBrainPolicy(values['brain-policy']) },
      );
      const handUsage = hand ? answeredBy.totals : undefined;
      const brainFields = q?.fields() ?? noBrainFields();
      const steps = q?.steps() ?? [];
      if (values.json) {
        const extra = {
          selector: selectorKind,
          ...(useBrain ? { brain: { ...brainFields, steps } } : {}),
          ...(handUsage ? { hand: { ...handUsage, skill_calls: calls } } : {}),
        };
        ctx.stdout.write(JSON.stringify({ ...result, ...extra }, null, 2) + '\n');
      } else {
        const lines = [formatAskResult(result)];
        if (selectorKind !== 'path') lines.push(`Selector: ${selectorKind}`);
        if (useBrain) lines.push(`${await parts.brain.describeRun()}\n${formatBrainSteps(steps, brainFields)}`);
        if (handUsage) lines.push(formatHandCalls(calls, handUsage));
        ctx.stdout.write(lines.join('\n') + '\n');
      }
      return result.notFound ? 1 : 0;
    } finally {
      await parts.close();
    }
  },
};
