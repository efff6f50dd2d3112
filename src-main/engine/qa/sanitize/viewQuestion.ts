// Sanitizer stage 8: the question as the Brain sees it. Each topic mention becomes its entity's view token, then
// any remaining name of this question's subgraph is scrubbed too (anonymizeQuestion.ts). A name the view pruned
// still must not reach the Brain: it gets a token of its own, known to φ_Q only, which this stage returns for the
// caller to register.
import type { TopicEntity } from '../../core/types.js';
import type { TokenKind } from '../../core/tokens.js';
import { nameKey } from '../../core/nameKey.js';
import { literalKinds } from '../../graph/literalBuckets.js';
import type { MemoryGraph } from '../../graph/memoryGraph.js';
import { scrubEntityOf } from '../../graph/nameIndexData.js';
import { anonymizeQuestion, type TokenSpan } from './anonymizeQuestion.js';
import { kindToken } from './sessionSecret.js';

export interface ViewQuestionInput {
  graph: MemoryGraph;
  question: string;
  topics: readonly TopicEntity[];
  /** Raw entities of the question's subgraph: only their names are scrubbed. */
  subgraphEntities: { has(entity: number): boolean };
  /** The view token of a raw entity, if the view holds it. */
  tokenOf(entity: number): string | undefined;
  secret: Uint8Array;
  tokenLength: number;
}

export interface ViewQuestion {
  question: string;
  /** Tokens minted for entities the view does not hold, in minting order: [token, raw entity]. */
  minted: [string, number][];
}

/** The anonymised question, and the tokens it minted. Pure. */
export function viewQuestion(input: ViewQuestionInput): ViewQuestion {
  const { graph, secret, tokenLength } = input;
  const minted = new Map<number, string>();
  const tokenForEntity = (e: number): string => {
    const t = input.tokenOf(e) ?? minted.get(e);
    if (t) return t;
    const kind: TokenKind = literalKinds(graph)[e] ? 'literal' : 'entity';
    const token = kindToken(secret, kind, [graph.ids[e]], tokenLength);
    minted.set(e, token);
    return token;
  };
  const topicSpans: TokenSpan[] = [];
  for (const t of input.topics) {
    const span = locateMention(input.question, t);
    if (span) topicSpans.push({ ...span, token: tokenForEntity(t.entity) });
    else tokenForEntity(t.entity); // still known to φ_Q; the safety net below scrubs its name if it occurs
  }
  // Name key → entities and the longest key's words: graph-wide tables, precomputed (graph/nameIndexData.ts).
  const data = graph.nameIndexData();
  const question = anonymizeQuestion(input.question, topicSpans, {
    maxWords: data.maxScrubWords,
    lookup: (key) => {
      // Only names of this question's subgraph: the view's own entities, plus those it pruned.
      const e = scrubEntityOf(data, graph.names, key, (x) => input.subgraphEntities.has(x));
      return e === undefined ? undefined : tokenForEntity(e);
    },
  });
  return { question, minted: [...minted].map(([e, token]) => [token, e]) };
}

/** Stage 8 over a built view: the anonymised question, its minted tokens registered in φ_Q (`mapping`). */
export function registeredViewQuestion(
  input: Pick<ViewQuestionInput, 'graph' | 'question' | 'topics' | 'subgraphEntities' | 'secret' | 'tokenLength'>,
  mapping: { tokenOf(entity: number): string | undefined; register(token: string, entity: number): void },
): string {
  const question = viewQuestion({ ...input, tokenOf: (e) => mapping.tokenOf(e) });
  for (const [token, entity] of question.minted) mapping.register(token, entity);
  return question.question;
}

/**
 * The topic's span, checked against its mention: a span that does not cover the mention would leave part of the
 * name behind, so it is looked up again (first whole-word, case-insensitive occurrence) or dropped.
 */
export function locateMention(question: string, t: TopicEntity): { start: number; end: number } | undefined {
  const want = nameKey(t.mention);
  if (t.start >= 0 && t.end <= question.length && t.end > t.start && nameKey(question.slice(t.start, t.end)) === want)
    return { start: t.start, end: t.end };
  if (!want) return undefined;
  const escaped = t.mention.trim().replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const m = new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, 'iu').exec(question);
  return m ? { start: m.index, end: m.index + m[0].length } : undefined;
}
