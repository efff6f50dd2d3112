// Fits the answer-confidence weights (engine/qa/controller/confidence.ts) on bench:qa output, and checks them on
// another sample. Every development set counts with equal weight (a graph with more questions must not set the
// model alone), so the fit does not buy one graph with another.
//   npm run bench:qa -- --seed 1 --out /tmp/fit.json && npm run bench:qa -- --seed 2 --out /tmp/check.json
//   node bin/run-ts.mjs bench/calibrate.ts /tmp/fit.json /tmp/check.json [--target-wrong 0.7]
// Prints the weights to paste into CONFIDENCE_WEIGHTS, the threshold that flags the target share of wrong answers
// on the fitting sample, and per set the wrong/right shares marked unsure on the check sample.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { ConfidenceSignals } from '../src-main/common/answerTypes.js';
import { probabilityRight } from '../src-main/engine/qa/controller/confidence.js';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  // hops and answers are left out by default: on these sets they mostly say which data set a question is from
  // (MetaQA's 3-hop questions are its easiest), which would not carry over to another graph.
  options: { 'target-wrong': { type: 'string', default: '0.7' }, l2: { type: 'string', default: '0.01' }, drop: { type: 'string', default: 'hops,answers,inferred' } },
});
const [fitFile, checkFile] = positionals;
if (!fitFile) throw new Error('usage: calibrate.ts FIT.json [CHECK.json]');

interface Row {
  set: string;
  hit: boolean;
  signals?: ConfidenceSignals;
}
const load = (f: string): Row[] => (JSON.parse(readFileSync(f, 'utf8')).questions as Row[]).filter((r) => !r.set.endsWith('-nb'));
const fit = load(fitFile);
const ALL_KEYS: (keyof ConfidenceSignals)[] = ['chainMargin', 'minSupport', 'unused', 'unmatched', 'hops', 'answers', 'firstRound', 'readingsAgree', 'linkScore', 'inferred', 'homonyms', 'nearReadings', 'exactLink', 'topScore', 'meanSupport', 'answerMargin', 'nearRivals'];
const dropped = new Set(values.drop.split(',').map((s) => s.trim()));
const KEYS = ALL_KEYS.filter((k) => !dropped.has(k));
const usable = (rows: Row[]) => rows.filter((r): r is Row & { signals: ConfidenceSignals } => !!r.signals && r.signals.answers > 0);

// Equal weight per set; logistic regression by full-batch gradient descent with a small L2 penalty.
function train(rows: (Row & { signals: ConfidenceSignals })[]): Record<string, number> {
  const perSet = new Map<string, number>();
  for (const r of rows) perSet.set(r.set, (perSet.get(r.set) ?? 0) + 1);
  const w = new Float64Array(KEYS.length + 1);
  const l2 = Number(values.l2);
  for (let it = 0; it < 4000; it++) {
    const g = new Float64Array(w.length);
    let total = 0;
    for (const r of rows) {
      const weight = 1 / perSet.get(r.set)!;
      let z = w[0];
      KEYS.forEach((k, i) => (z += w[i + 1] * (r.signals[k] ?? 0)));
      const p = 1 / (1 + Math.exp(-z));
      const err = (p - (r.hit ? 1 : 0)) * weight;
      g[0] += err;
      KEYS.forEach((k, i) => (g[i + 1] += err * (r.signals[k] ?? 0)));
      total += weight;
    }
    for (let i = 0; i < w.length; i++) w[i] -= 0.5 * (g[i] / total + (i ? l2 * w[i] : 0));
  }
  return Object.fromEntries([['bias', w[0]], ...ALL_KEYS.map((k) => [k, KEYS.includes(k) ? w[KEYS.indexOf(k) + 1] : 0])]);
}

const weights = train(usable(fit));
const pOf = (r: Row): number => (r.signals && r.signals.answers > 0 ? probabilityRight(r.signals, weights as never) : 0);
// Threshold: the one that best separates wrong from right on the fitting sample, averaged over the sets (mean of
// wrong-marked share minus right-marked share), printed next to the smallest one reaching the target wrong share.
const target = Number(values['target-wrong']);
const sets = [...new Set(fit.map((r) => r.set))];
const shares = (t: number) =>
  sets.map((s) => {
    const wrong = fit.filter((r) => r.set === s && !r.hit);
    const right = fit.filter((r) => r.set === s && r.hit);
    return { wrong: wrong.length ? wrong.filter((r) => pOf(r) < t).length / wrong.length : 1, right: right.length ? right.filter((r) => pOf(r) < t).length / right.length : 0 };
  });
const grid = Array.from({ length: 99 }, (_, i) => (i + 1) / 100);
const reaching = grid.find((t) => shares(t).every((x) => x.wrong >= target));
let threshold = 0.5;
let bestGap = -Infinity;
for (const t of grid) {
  const gap = shares(t).reduce((n, x) => n + x.wrong - x.right, 0) / sets.length;
  if (gap > bestGap) [bestGap, threshold] = [gap, t];
}
console.log(`threshold reaching ${target * 100}% of wrong answers on every set: ${reaching ?? 'none'}`);
console.log('CONFIDENCE_WEIGHTS =', JSON.stringify(Object.fromEntries(Object.entries(weights).map(([k, v]) => [k, Math.round(v * 1000) / 1000]))));
console.log(`UNSURE_BELOW = ${threshold} (best mean separation of wrong from right over the sets of ${fitFile})`);
for (const [name, rows] of [['fit', fit], ...(checkFile ? [['check', load(checkFile)]] : [])] as [string, Row[]][]) {
  console.log(`\n${name}: | set | n | Hits@1 | wrong unsure % | right unsure % |`);
  for (const s of [...new Set(rows.map((r) => r.set))]) {
    const of = rows.filter((r) => r.set === s);
    const wrong = of.filter((r) => !r.hit);
    const right = of.filter((r) => r.hit);
    const pct = (xs: Row[]) => (xs.length ? ((100 * xs.filter((r) => pOf(r) < threshold).length) / xs.length).toFixed(1) : '-');
    console.log(`| ${s} | ${of.length} | ${((100 * right.length) / of.length).toFixed(1)} | ${pct(wrong)} | ${pct(right)} |`);
  }
}
