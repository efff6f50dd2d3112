// Answer exports: Markdown, HTML and JSON carry the question, the answer set and other candidates, both evidence
// panes, the reasoning tree and every Brain payload with its fate; the HTML escapes every value.
import { describe, expect, it } from 'vitest';
import type { AskResult } from '../../src-main/common/answerTypes.js';
import { exportFileName, exportQuestions } from '../../src-main/common/answerExport.js';

const EVIL = '<script>alert("x")</script>';
const result: AskResult = {
  question: `who makes ${EVIL}`,
  anonymizedQuestion: 'who makes E_1234abcd',
  topics: [],
  answers: [
    {
      id: 'a',
      name: 'Sunderhaven & Co',
      score: 1.5,
      inSet: true,
      viewPaths: [{ nodes: ['E_1234abcd', 'E_99ffee00'], edges: [{ relation: 'manufactured_by', direction: 'out' }] }],
      rawPaths: [{ entities: [EVIL, 'Sunderhaven & Co'], edges: [{ relation: 'manufactured_by', direction: 'out' }] }],
    },
    { id: 'b', name: '1918', score: 0.1, typeFit: 'mismatch', viewPaths: [], rawPaths: [] },
  ],
  stagesMs: {},
  payloads: [{ role: 'ranking', text: 'QUESTION: who makes E_1234abcd\nP1. ```', tokens: { count: 42, encoding: 'o200k_base', estimate: false }, exposure: { tokens: 42, entityTokens: [], edges: 1, relationLabels: [], literals: [] }, status: 'denied' }],
  tree: { nodes: [{ id: 0, parent: null, subquestion: 'follow manufactured_by', mode: 'Topic', depth: 1, status: 'verified', evidence: 1, notes: [] }], modes: ['Topic'], depthReached: 1 },
  answerSet: { size: 1, label: 'verified', reason: 'one verified chain explains the whole question', wrongType: 1, cut: 'c', expected: 'who' },
};

describe('exportQuestions', () => {
  it('Markdown has the answers, both panes, the tree and each Brain call with its decision', () => {
    const md = exportQuestions([{ at: '2026-01-01T00:00:00.000Z', result }], 'md');
    expect(md).toContain('## who makes');
    expect(md).toContain('**Sunderhaven & Co**');
    expect(md).toContain('sanitized (Brain-visible): `E_1234abcd -[manufactured_by]-> E_99ffee00`');
    expect(md).toContain('raw (local only)');
    expect(md).toContain('### Other candidates');
    expect(md).toContain('1918** (score 0.100, wrong type)');
    expect(md).toContain('node 0: Topic d1 verified');
    expect(md).toContain('Call 1: ranking — denied (42 tokens)');
    // The payload keeps its backticks inside a longer fence.
    expect(md).toContain('````\nQUESTION: who makes E_1234abcd\nP1. ```\n````');
  });

  it('shows a path found on the raw graph alone with no sanitized counterpart, in Markdown and HTML', () => {
    const local: AskResult = {
      ...result,
      answers: [{ id: 'z', name: 'Zephyr Nights', score: 1, inSet: true, viewPaths: [], rawPaths: [{ entities: ['Orvald', 'Zephyr Nights'], edges: [{ relation: 'directed_by', direction: 'in' }] }] }],
    };
    const md = exportQuestions([{ result: local }], 'md');
    expect(md).toContain('sanitized (Brain-visible): (found locally; not in the sanitized view)');
    expect(md).toContain('raw (local only): `Orvald');
    const html = exportQuestions([{ result: local }], 'html');
    expect(html).toContain('(found locally; not in the sanitized view)');
    expect(html).toContain('Zephyr Nights</code>');
  });

  it('HTML escapes every value and loads nothing', () => {
    const html = exportQuestions([{ result }], 'html', `session ${EVIL}`);
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(html).toContain('Sunderhaven &amp; Co');
    expect(html).toContain("default-src 'none'");
    expect(html).toContain('Raw graph (local only)');
    expect(html).toContain('denied');
  });

  it('JSON round-trips the results; a session names its file "session"', () => {
    const json = JSON.parse(exportQuestions([{ result }, { result }], 'json'));
    expect(json.questions).toHaveLength(2);
    expect(json.questions[0].result).toEqual(result);
    expect(exportFileName([{ result }, { result }], 'html')).toBe('ctrlg-session.html');
    expect(exportFileName([{ result }], 'md')).toBe('ctrlg-who-makes-script-alert-x-script.md');
  });
});
