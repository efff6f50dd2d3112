// The whole measurement: attack every session's payloads, score the tokens against the revealed truth, and (when
// asked) the cross-session linkage. What `ctrlg attack` prints and writes.
import type { SessionPayloads, SessionTruth } from './attackInputs.js';
import { attackSession, DEFAULT_ROUNDS, type SessionAttack } from './attackSession.js';
import { scoreSession, targetFigures, type TargetFigures, type TokenOutcome } from './attackFigures.js';
import { linkageAttack, type LinkageFigures } from './linkageAttack.js';
import { observeSession } from './observedSession.js';
import type { ReferenceIndex } from './referenceIndex.js';

export interface AttackOptions {
  /** Refinement rounds (default 2). */
  rounds?: number;
  /** Sessions for the linkage attack; absent or 0: none. */
  linkage?: number;
  seed?: number;
}

export interface AttackReport {
  reference: { graph: string; entities: number; triples: number };
  sessions: number;
  payloads: number;
  /** Path-like payload lines that did not parse. */
  malformed_lines: number;
  rounds: number;
  anchors: TargetFigures;
  bridges: TargetFigures;
  anchors_bridges: TargetFigures;
  all: TargetFigures;
  /** Visible entity tokens with no known truth (not in the mapping, or a name the reference graph lacks). */
  unscored: number;
  linkage?: LinkageFigures;
  ms: number;
  tokens: TokenOutcome[];
}

/** Attacks each session's payloads against the reference index; `truths` only scores. */
export function attackReport(index: ReferenceIndex, sessions: readonly SessionPayloads[], truths: ReadonlyMap<number, SessionTruth>, options: AttackOptions = {}): AttackReport {
  const t0 = performance.now();
  const rounds = options.rounds ?? DEFAULT_ROUNDS;
  const names = new Set(index.graph.names);
  const attacks: SessionAttack[] = [];
  const outcomes: TokenOutcome[] = [];
  let payloads = 0;
  let malformed = 0;
  for (const s of sessions) {
    const observed = observeSession(s.payloads);
    payloads += observed.payloads;
    malformed += observed.malformed;
    const a = attackSession(index, observed, rounds);
    attacks.push(a);
    outcomes.push(...scoreSession(index, s.i, a, truths.get(s.i), names));
  }
  const report: AttackReport = {
    reference: { graph: index.graph.name, entities: index.graph.size, triples: index.graph.tripleCount },
    sessions: sessions.length,
    payloads,
    malformed_lines: malformed,
    rounds,
    anchors: targetFigures(outcomes, 'anchors'),
    bridges: targetFigures(outcomes, 'bridges'),
    anchors_bridges: targetFigures(outcomes, 'anchors_bridges'),
    all: targetFigures(outcomes, 'all'),
    unscored: outcomes.filter((o) => o.hit1 === undefined).length,
    ms: 0,
    tokens: outcomes,
  };
  if (options.linkage)
    report.linkage = linkageAttack(
      attacks,
      truths,
      sessions.map((s) => s.i),
      { sessions: options.linkage, seed: options.seed },
    );
  report.ms = Math.round(performance.now() - t0);
  return report;
}
