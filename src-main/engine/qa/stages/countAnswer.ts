// "How many papers has X written": the question asks for the number of the chain's answers, not for them. A graph
// that states the number (a page count, a bed count) answers with its own literal, and nothing is counted, as does a
// date ("how many years ago"). Otherwise the answer is the chain walked on the whole graph from its single anchor
// (the view shows a capped sample of a wide relation's ends), when that walk reaches every verified answer of the
// reading; else the verified answers themselves ("at least" that many from a sample's size on). Pure.
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

/** Without a walk of the chain, this many verified answers or more may be a sample (the view caps what it shows). */
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
  /** Some node of the chain must be of one sex ("the sons of X"): verification applied it, a walk would not. */
  sexed?: boolean;
}

/**
 * The count the question asks for. `top`: the verified answers of the best reading (those with the top score);
 * `members`: the verified answers of the asked type (the answer set's members and their equals); `dropped`: verified
 * answers left out as another type. Undefined when the graph states the number (or a date): at least half of `top`
 * are numbers or dates (a film titled "1941" among films is no date). A single-anchor chain is walked on the whole
 * graph (the view shows a capped sample of a wide relation's ends): its ends, less those left out by type, are the
 * count when they hold every member; else the members are.
 */
export function countAnswers(
  graph: MemoryGraph,
  reading: CountedReading,
  top: readonly number[],
  members: readonly number[],
  dropped: readonly number[],
): ChainCount | undefined {
  if (top.length === 0 || members.length === 0) return undefined;
  const literal = (e: number): boolean => {
    const kind = graph.literalOf(e);
    return kind === 'number' || kind === 'date';
  };
  if (2 * top.filter(literal).length >= top.length) return undefined;
  const counted = new Set(members);
  // A chain whose nodes the question sexes ("how many sons"): verification kept the sons, a walk would count every child.
  const sexed = reading.sexed ?? false;
  const single = !sexed && reading.anchorOrder.length === 1 && reading.answerPosition === reading.chain.length;
  const walked = single ? walkChainEnds(graph, reading.anchorOrder[0], reading.chain) : undefined;
  if (walked) {
    const ends = new Set(walked.ends);
    // The walk counts this reading's answers only if it reaches every member (none came from another reading).
    if ([...counted].every((e) => ends.has(e))) {
      for (const e of dropped) ends.delete(e);
      return { value: ends.size, basis: 'chain', complete: true };
    }
  }
  return { value: counted.size, basis: 'verified', complete: counted.size < COUNT_SAMPLE };
}
