// An answer, or a whole session of them, as a file an analyst can keep or hand on: Markdown, HTML (every value
// escaped, no script, a CSP that forbids loading anything) or JSON. Each question carries its answers with their
// confidence label, both evidence panes (the sanitized view a Brain could see, the raw graph that stays local), the
// reasoning tree, and every Brain payload with its text and what became of it (sent, denied, failed, local).
// Pure: the renderer downloads the text, tests read it.
import type { AskResult, RankedAnswer } from './answerTypes.js';
import { escapeHtml } from './escapeHtml.js';

export type ExportFormat = 'md' | 'html' | 'json';

/** One question of an export: the result as shown, and when it was answered. */
export interface ExportedQuestion {
  at?: string;
  result: AskResult;
}

const arrow = (relation: string, direction: 'out' | 'in'): string => (direction === 'out' ? ` -[${relation}]-> ` : ` <-[${relation}]- `);

export function viewPathText(p: RankedAnswer['viewPaths'][number]): string {
  return p.nodes.map((n, i) => (i === 0 ? n : `${arrow(p.edges[i - 1].relation, p.edges[i - 1].direction)}${n}`)).join('');
}

export function rawPathText(p: RankedAnswer['rawPaths'][number]): string {
  return p.entities.map((n, i) => (i === 0 ? n : `${arrow(p.edges[i - 1].relation + (p.edges[i - 1].inferred ? ' (inferred)' : ''), p.edges[i - 1].direction)}${n}`)).join('');
}

/** The answers in display order: the answer set first, then the other candidates (an abstention's partial reading). */
function answersOf(r: AskResult): { set: RankedAnswer[]; others: RankedAnswer[] } {
  const list = r.abstained ? r.abstained.answers : r.answers;
  const set = list.filter((a) => a.inSet);
  return set.length ? { set, others: list.filter((a) => !a.inSet) } : { set: list.slice(0, 1), others: list.slice(1) };
}

function labelLine(r: AskResult): string {
  if (r.abstained) return `No answer: ${r.abstained.message}`;
  if (r.answerSet) return `${r.answerSet.label}: ${r.answerSet.reason}`;
  return r.confidence ? `${r.confidence.unsure ? 'unsure' : 'sure'} (p = ${r.confidence.p.toFixed(2)})` : 'no confidence estimate';
}

// ---------------------------------------------------------------- Markdown

/** What the sanitized side says of a path found on the raw graph alone (nothing of it was in any view). */
export const NOT_IN_VIEW = '(found locally; not in the sanitized view)';

/**
 * An answer's sanitized and raw paths side by side. A path found only on the raw graph (a superlative's walk) has
 * no sanitized counterpart.
 */
function pathPairs(a: RankedAnswer): { v?: RankedAnswer['viewPaths'][number]; raw?: RankedAnswer['rawPaths'][number] }[] {
  return Array.from({ length: Math.max(a.viewPaths.length, a.rawPaths.length) }, (_, i) => ({ v: a.viewPaths[i], raw: a.rawPaths[i] }));
}

const fence = (text: string): string => {
  const ticks = '`'.repeat(Math.max(3, ...[...text.matchAll(/`+/g)].map((m) => m[0].length + 1)));
  return `${ticks}\n${text}\n${ticks}`;
};

function answerMd(a: RankedAnswer, rank: number): string[] {
  const lines = [`${rank}. **${a.name}** (score ${a.score.toFixed(3)}${a.typeFit === 'mismatch' ? ', wrong type' : ''}${a.inferred ? `, ${a.inferred}` : ''})`];
  for (const { v, raw } of pathPairs(a)) {
    lines.push(`   - sanitized (Brain-visible): ${v ? `\`${viewPathText(v)}\`` : NOT_IN_VIEW}`);
    if (raw) lines.push(`   - raw (local only): \`${rawPathText(raw)}\``);
  }
  return lines;
}

function questionMd(q: ExportedQuestion): string {
  const r = q.result;
  const { set, others } = answersOf(r);
  const out = [`## ${r.question}`, ''];
  if (q.at) out.push(`Asked ${q.at}`, '');
  out.push(`Anonymised: \`${r.anonymizedQuestion}\``, '', `**Confidence:** ${labelLine(r)}`, '');
  if (r.confidence?.reasons.length) out.push(...r.confidence.reasons.map((x) => `- ${x}`), '');
  out.push('### Answer(s)', '', ...set.flatMap((a, i) => answerMd(a, i + 1)), '');
  if (others.length) out.push('### Other candidates', '', ...others.flatMap((a, i) => answerMd(a, set.length + i + 1)), '');
  if (r.tree) {
    out.push('### Reasoning tree', '');
    for (const n of r.tree.nodes) out.push(`- node ${n.id}${n.parent !== null ? ` (from ${n.parent})` : ''}: ${n.mode} d${n.depth} ${n.status} — ${n.subquestion}`);
    out.push('');
  }
  out.push('### Brain calls', '');
  if (!r.payloads.length) out.push('None.', '');
  r.payloads.forEach((p, i) => out.push(`#### Call ${i + 1}: ${p.role} — ${p.status} (${p.tokens.count} tokens)`, '', fence(p.text), ''));
  if (r.brain) out.push(`Brain: ${r.brain.describe}; sends ${r.brain.calls}, denied ${r.brain.denied}, tokens ${r.brain.tokens}`, ...r.brain.notes.map((n) => `- ${n}`), '');
  return out.join('\n');
}

// ---------------------------------------------------------------- HTML

const e = escapeHtml;

function answerHtml(a: RankedAnswer, rank: number): string {
  const paths = pathPairs(a)
    .map(({ v, raw }) => `<tr><td>${v ? `<code>${e(viewPathText(v))}</code>` : e(NOT_IN_VIEW)}</td><td><code>${raw ? e(rawPathText(raw)) : ''}</code></td></tr>`)
    .join('');
  return (
    `<li><strong>${e(a.name)}</strong> <span class="muted">score ${a.score.toFixed(3)}${a.typeFit === 'mismatch' ? ', wrong type' : ''}${a.inferred ? `, ${e(a.inferred)}` : ''}</span>` +
    `<table><thead><tr><th>Sanitized view (Brain-visible)</th><th>Raw graph (local only)</th></tr></thead><tbody>${paths}</tbody></table></li>`
  ).replace('<li>', `<li value="${rank}">`);
}

function questionHtml(q: ExportedQuestion): string {
  const r = q.result;
  const { set, others } = answersOf(r);
  const tree = r.tree
    ? `<h3>Reasoning tree</h3><ul>${r.tree.nodes.map((n) => `<li>node ${n.id}${n.parent !== null ? ` (from ${n.parent})` : ''}: ${e(n.mode)} d${n.depth} ${e(n.status)} — ${e(n.subquestion)}</li>`).join('')}</ul>`
    : '';
  const calls = r.payloads.length
    ? r.payloads.map((p, i) => `<h4>Call ${i + 1}: ${e(p.role)} — <span class="${e(p.status)}">${e(p.status)}</span> (${p.tokens.count} tokens)</h4><pre>${e(p.text)}</pre>`).join('')
    : '<p>None.</p>';
  return `<section class="question"><h2>${e(r.question)}</h2>${q.at ? `<p class="muted">Asked ${e(q.at)}</p>` : ''}
<p>Anonymised: <code>${e(r.anonymizedQuestion)}</code></p>
<p><strong>Confidence:</strong> ${e(labelLine(r))}</p>${r.confidence?.reasons.length ? `<ul>${r.confidence.reasons.map((x) => `<li>${e(x)}</li>`).join('')}</ul>` : ''}
<h3>Answer(s)</h3><ol>${set.map((a, i) => answerHtml(a, i + 1)).join('')}</ol>
${others.length ? `<details><summary>Other candidates (${others.length})</summary><ol>${others.map((a, i) => answerHtml(a, set.length + i + 1)).join('')}</ol></details>` : ''}
${tree}<h3>Brain calls</h3>${calls}${r.brain ? `<p>Brain: ${e(r.brain.describe)}; sends ${r.brain.calls}, denied ${r.brain.denied}, tokens ${r.brain.tokens}</p>` : ''}</section>`;
}

// ---------------------------------------------------------------- entry points

export function exportQuestions(questions: readonly ExportedQuestion[], format: ExportFormat, title = 'Ctrl-G answers'): string {
  if (format === 'json') return JSON.stringify({ title, questions }, null, 2) + '\n';
  if (format === 'md') return [`# ${title}`, '', ...questions.map(questionMd)].join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'">
<title>${e(title)}</title>
<style>body{font:14px system-ui,sans-serif;margin:2em;max-width:72em}pre{background:#f4f4f4;padding:.6em;white-space:pre-wrap;word-break:break-word}
table{border-collapse:collapse;margin:.3em 0}td,th{border:1px solid #ddd;padding:.2em .5em;text-align:left;vertical-align:top}.muted{color:#666}
section.question{border-top:2px solid #ccc;margin-top:2em}.sent{color:#c60}.denied{color:#080}.failed{color:#c00}</style></head>
<body><h1>${e(title)}</h1>
${questions.map(questionHtml).join('\n')}
</body></html>
`;
}

/** A file name for an export: the first question's words, or "session". */
export function exportFileName(questions: readonly ExportedQuestion[], format: ExportFormat): string {
  const base = questions.length === 1 ? questions[0].result.question.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '').slice(0, 60) : 'session';
  return `ctrlg-${base || 'answer'}.${format}`;
}
