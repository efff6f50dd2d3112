// The exposure report as terminal text, for `--approve ask` and for logs a person reads.
import type { ExposedItemStatus, ExposureReport } from '../../../common/brainTypes.js';

function mark(s: ExposedItemStatus): string {
  return s.newEver ? ' [new]' : s.newInSession ? ' [new this session]' : '';
}

function risk(anonymitySet: number | undefined): string {
  return anonymitySet === undefined ? '' : anonymitySet === 1 ? ' UNIQUE (fits 1 entity)' : ` fits ${anonymitySet} entities`;
}

export function formatExposureReport(r: ExposureReport): string {
  const tokenLine = `${r.tokens.count} tokens (${r.tokens.encoding}${r.tokens.estimate ? ', estimate: unknown model family' : ''})`;
  const lines = [
    `Brain call: ${r.role} → ${r.model} at ${r.endpoint}`,
    `Size: ${tokenLine}; view k-anonymity ${r.kAnonymity.achieved} (target ${r.kAnonymity.k})`,
    `Exposes: ${r.counts.entities} tokens (${r.counts.newEver} never sent before, ${r.counts.newInSession} new this session), ` +
      `${r.counts.edges} edges, ${r.counts.relations} relation labels, ${r.counts.literals} literals`,
  ];
  if (r.counts.unique !== undefined) {
    const exposing = r.paths.filter((p) => (p.unique?.length ?? 0) > 0).map((p) => `P${p.id}`);
    lines.push(`Re-identification: ${r.counts.unique} token(s) only one entity of the local graph fits${exposing.length ? ` (shown by ${exposing.join(', ')})` : ''}`);
  }
  if (r.omitted.length) lines.push(`Dropped fields: ${r.omitted.join(', ')}`);
  if (r.entityTokens.length) lines.push('Tokens:', ...r.entityTokens.map((t) => `  ${t.token}${t.literal ? ` (${t.literal})` : ''}${t.anchor ? ' anchor' : ''}${risk(t.anonymitySet)}${mark(t)}`));
  if (r.relationLabels.length) lines.push(`Relations: ${r.relationLabels.map((l) => l.value + mark(l)).join(', ')}`);
  if (r.literals.length) lines.push(`Literals: ${r.literals.map((l) => l.value + mark(l)).join(', ')}`);
  lines.push('--- exact text sent (after the fixed instructions) ---', r.text, '---');
  return lines.join('\n');
}
