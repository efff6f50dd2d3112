// `ctrlg ask`'s text output says how sure the answer is and why, marks equally supported answers, and shows an
// abstention's message with what the partial reading found instead of a bare "no answer".
import { describe, expect, it } from 'vitest';
import type { AskResult, RankedAnswer } from '../../src-main/common/answerTypes.js';
import { formatAskResult } from '../../src-main/cli/commands/ask.js';

const answer = (name: string, score: number, tied?: boolean): RankedAnswer => ({ id: name, name, score, rawPaths: [], viewPaths: [], ...(tied ? { tied } : {}) });
const base: AskResult = { question: 'q', anonymizedQuestion: 'q', topics: [], answers: [], stagesMs: {}, payloads: [] };
const signals = { chainMargin: 0, minSupport: 0, unused: 0, unmatched: 1, hops: 1, answers: 1, firstRound: 1, readingsAgree: 0, linkScore: 1, inferred: 0, homonyms: 0, nearReadings: 0, exactLink: 1, topScore: 0, meanSupport: 0, answerMargin: 0, nearRivals: 0 };

describe('ask text output', () => {
  it('prints the confidence, and for an unsure answer the reasons', () => {
    const unsure = formatAskResult({ ...base, answers: [answer('A', 0.5, true), answer('B', 0.5, true)], confidence: { p: 0.41, unsure: true, reasons: ['no relation of the graph for "based"'], signals } });
    expect(unsure).toMatch(/Confidence: 0\.41, unsure — no relation of the graph for "based"/);
    expect(unsure).toMatch(/1\. A {2}\(score 0\.500, tied: as well supported as the first\)/);
    const sure = formatAskResult({ ...base, answers: [answer('A', 1)], confidence: { p: 0.95, unsure: false, reasons: [], signals } });
    expect(sure).toMatch(/Confidence: 0\.95$/m);
    expect(sure).not.toMatch(/tied/);
  });

  it('shows an abstention with its message and the partial reading\'s answers', () => {
    const out = formatAskResult({
      ...base,
      abstained: { message: 'Found the "manufactured_by" of Glimoravir, but no relation for "based": no reading of the graph explains the whole question.', missing: ['based'], reading: 'x', answers: [answer('Sunderhaven Biosciences', 0.2)] },
    });
    expect(out).toMatch(/No answer: Found the "manufactured_by" of Glimoravir, but no relation for "based"/);
    expect(out).toMatch(/The partial reading found: Sunderhaven Biosciences/);
    expect(out).not.toMatch(/No verified answer/);
  });

  it('answers "how many" with the count first, then what was counted', () => {
    const out = formatAskResult({ ...base, answers: [answer('Amara Okonkwo', 1), answer('Hana Norcross', 1)], count: { value: 4, basis: 'chain', complete: true, noun: 'patients' } });
    expect(out).toMatch(/^Count: 4 patients\nCounted \(2 listed\):\n {2}1\. Amara Okonkwo/m);
    expect(formatAskResult({ ...base, answers: [answer('A', 1)], count: { value: 20, basis: 'verified', complete: false } })).toMatch(/^Count: at least 20$/m);
    expect(formatAskResult({ ...base, answers: [answer('A', 1)], count: { value: 1, basis: 'verified', complete: true, noun: 'patients' } })).toMatch(/^Count: 1 \(patients\)$/m);
  });
});
