// Risk of one payload before it is sent, for the approval dialog: for each entity token, how many raw entities of
// the local graph fit what the Brain would see (its anonymity set), and whether that makes it uniquely
// identifiable. The same attack as the measurement, on a session of one payload.
import { attackSession, DEFAULT_ROUNDS } from './attackSession.js';
import { observeSession } from './observedSession.js';
import { referenceIndex } from './referenceIndex.js';
import type { MemoryGraph } from '../../../graph/memoryGraph.js';

export interface TokenRisk {
  token: string;
  /** Raw entities of the local graph that fit what the payload shows of this token. */
  anonymitySet: number;
  /** Exactly one entity fits: an observer holding the graph can name it. */
  unique: boolean;
}

/** Each entity token's anonymity set in `graph` for one payload (its text, or the structured payload's). */
export function payloadRisk(payload: string | { text: string }, graph: MemoryGraph, rounds = DEFAULT_ROUNDS): TokenRisk[] {
  const text = typeof payload === 'string' ? payload : payload.text;
  const attack = attackSession(referenceIndex(graph), observeSession([text]), rounds);
  return attack.verdicts.map((v) => ({ token: v.token, anonymitySet: v.candidates.length, unique: v.candidates.length === 1 }));
}
