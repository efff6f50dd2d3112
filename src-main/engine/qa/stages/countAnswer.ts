// "How many papers has X written": the question asks for the number of the chain's answers, not for them. A graph
// that states the number (a page count, a bed count) answers with its own literal, and nothing is counted, as does a
// date ("how many years ago"). Otherwise the answer is how many distinct answers the reading verified — all of them
// when there are fewer than a verification's sample; from a sample, the chain walked on the whole graph from its single
// anchor, when that walk holds every verified answer (else "at least" the verified ones). Pure.
import type { RawStep } from '../../core/types.js';
import type { MemoryGraph } from '../../graph/memoryGraph.js';
import { walkChainEnds } from './superlative.js';

const HOW_MANY = /\bhow\s+many\b(?:\s+([\p{L}\p{N}'-]+))?/iu;

/**
 * Whether the question asks "how many …", and the word after it when that may be what is counted ("papers"). Read
 * from the question with its topic mentions blanked, so a title ("How Many More Times") asks nothing.
 */
export function readHowMany(question: string): { noun?: string } | undefined {
  const m = HOW_MANY.exec(question);
  if (!m) return undefined;
  const noun = m[1]?.toLowerCase();
  // "how many of the films …", "how many did …": no noun of its own.
  return noun && !COUNT_FILLERS.has(noun) ? { noun } : {};
}

/** Words after "how many" that are not what is counted. */
const COUNT_FILLERS = new Set(['of', 'did', 'do', 'does', 'are', 'is', 'were', 'was', 'have', 'has', 'had', 'times']);

/** Fewer verified answers than this are all there are; this many may be a sample (grounding keeps at most 50). */
export const COUNT_SAMPLE = 20;

export interface ChainCount {
  value: number;
  /** 'chain': the chain walked on the whole graph; 'verified': the verified answers. */
  basis: 'chain' | 'verified';
  /** False when only a sample of the answers was counted: there are at least `value`. */
  complete: boolean;
}

export interface CountedReading {
  anchorOrder: readonly number[];
  chain: readonly RawStep[];
  answerPosition: number;
}

/**
 * The count the question asks for, from the reading, its top answer and its verified answers of the asked type
 * (the answer set's members and their equals); undefined when the graph states the number or a date.
 */
export function countAnswers(graph: MemoryGraph, reading: CountedReading, top: number, verified: readonly number[]): ChainCount | undefined {
  if (verified.length === 0) return undefined;
  const kind = graph.literalOf(top);
  if (kind === 'number' || kind === 'date') return undefined;
  const members = new Set(verified);
  if (members.size < COUNT_SAMPLE) return { value: members.size, basis: 'verified', complete: true };
  const single = reading.anchorOrder.length === 1 && reading.answerPosition === reading.chain.length;
  const walked = single ? walkChainEnds(graph, reading.anchorOrder[0], reading.chain) : undefined;
  // The walk counts this reading's answers only if it reaches every verified one (none came from another reading).
  if (walked) {
    const ends = new Set(walked.ends);
    if ([...members].every((e) => ends.has(e))) return { value: ends.size, basis: 'chain', complete: true };
  }
  return { value: members.size, basis: 'verified', complete: false };
}
