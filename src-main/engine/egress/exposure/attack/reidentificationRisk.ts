// The PayloadRisk port over the attacker: one payload is one observed session, attacked against the local graph
// (the worst case: the observer holds the very graph), and each entity token's risk is the attacker's expected
// rank-1 hit on its true entity; its anonymity sets are payloadRisk's (the approval dialog's). The reference index
// is built once per graph and memoised.
import type { PayloadRisk } from '../../../core/payloadRisk.js';
import type { MemoryGraph } from '../../../graph/memoryGraph.js';
import { DEFAULT_ROUNDS } from './attackSession.js';
import { riskAbove, wholeAttackRisks } from './guardRisk.js';
import { observeSession } from './observedSession.js';
import { payloadRisk } from './payloadRisk.js';
import { referenceIndex } from './referenceIndex.js';

/**
 * Refinement rounds of the payload guard's own attack: as many as the measurement's (DEFAULT_ROUNDS). With one
 * round the guard missed tokens named two hops of refinement away (an anchor whose shown child has a grandchild
 * with a rare edge). One → two rounds, against a four-round attacker (bench:exposure, 100 questions, seed 1):
 * MetaQA 3-hop 14.5% → 1.3% ASR@1, a small genealogy graph (861 entities) 9.8% → 3.3%; the two-round measurement
 * went down or stayed on every set. Cost: sanitized p50/p95 on MetaQA 3-hop 28/47 ms → 42/114 ms, elsewhere a few ms.
 */
export const GUARD_ATTACK_ROUNDS = 2;

export function reidentificationRisk(graph: MemoryGraph, rounds = DEFAULT_ROUNDS): PayloadRisk {
  return {
    tokenRisk(text, membersOf) {
      return wholeAttackRisks(referenceIndex(graph), observeSession(typeof text === 'string' ? [text] : [...text]), membersOf, rounds);
    },
    riskAbove(text, membersOf, bound) {
      return riskAbove(referenceIndex(graph), observeSession(typeof text === 'string' ? [text] : [...text]), membersOf, bound, rounds);
    },
    anonymity(text) {
      return new Map(payloadRisk(text, graph, rounds).map((r) => [r.token, r.anonymitySet]));
    },
  };
}
