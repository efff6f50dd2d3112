// Token counts of what is sent, with the BPE encoding of the endpoint's model family (js-tiktoken ships the
// ranks, no download). Unknown families are counted with cl100k_base and labelled as an estimate.
import { Tiktoken } from 'js-tiktoken/lite';
import cl100k from 'js-tiktoken/ranks/cl100k_base';
import o200k from 'js-tiktoken/ranks/o200k_base';
import type { TokenCount } from '../../common/brainTypes.js';

type Encoding = TokenCount['encoding'];

/** The encoding for a model name and whether it is exact for that model. */
export function encodingForModel(model: string): { encoding: Encoding; estimate: boolean } {
  const m = model.toLowerCase().replace(/^.*\//, '');
  if (/^(gpt-4o|chatgpt-4o|gpt-4\.1|gpt-4\.5|gpt-5|o1|o3|o4|gpt-oss)/.test(m)) return { encoding: 'o200k_base', estimate: false };
  if (/^(gpt-4|gpt-3\.5|text-embedding-3|text-embedding-ada)/.test(m)) return { encoding: 'cl100k_base', estimate: false };
  return { encoding: 'cl100k_base', estimate: true };
}

// Building an encoder parses the rank table (o200k: ~200k entries), so each is built once per process.
const encoders = new Map<Encoding, Tiktoken>();

function encoder(encoding: Encoding): Tiktoken {
  let e = encoders.get(encoding);
  if (!e) {
    e = new Tiktoken(encoding === 'o200k_base' ? o200k : cl100k);
    encoders.set(encoding, e);
  }
  return e;
}

// Payloads repeat the same pieces (tokens, arrows, labels) many times, and BPE over a hex token costs several merges:
// the count is the sum over the encoder's own pre-tokenised pieces, each piece's BPE length computed once. Same
// count as encode(text).length (BPE never merges across pieces; a test checks the equality on real payloads).
const pieceLengths = new Map<Encoding, Map<string, number>>();
const MAX_PIECES = 200_000;

function countPieces(encoding: Encoding, text: string): number {
  const e = encoder(encoding);
  let lengths = pieceLengths.get(encoding);
  if (!lengths || lengths.size > MAX_PIECES) pieceLengths.set(encoding, (lengths = new Map()));
  const pattern = new RegExp((e as unknown as { patStr: string }).patStr, 'ug');
  let n = 0;
  for (const m of text.matchAll(pattern)) {
    let k = lengths.get(m[0]);
    if (k === undefined) lengths.set(m[0], (k = e.encode(m[0]).length));
    n += k;
  }
  return n;
}

export function countTextTokens(text: string, model: string): TokenCount {
  const { encoding, estimate } = encodingForModel(model);
  return { count: countPieces(encoding, text), encoding, estimate };
}

/**
 * Tokens of a chat request: each message's content plus the chat format's framing (OpenAI's documented 3 tokens
 * per message and 3 to prime the reply).
 */
export function countChatTokens(messages: readonly { content: string }[], model: string): TokenCount {
  const { encoding, estimate } = encodingForModel(model);
  let count = 3;
  for (const m of messages) count += 3 + countPieces(encoding, m.content);
  return { count, encoding, estimate };
}
