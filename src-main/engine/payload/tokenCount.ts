// Token counts of what is sent, with the BPE encoding of the endpoint's model family (js-tiktoken ships the
// ranks, no download; the count equals js-tiktoken's encode(text).length, which a test checks). Unknown families
// are counted with cl100k_base and labelled as an estimate.
import { createRequire } from 'node:module';
import type { TokenCount } from '../../common/brainTypes.js';

type Encoding = TokenCount['encoding'];

/** The encoding for a model name and whether it is exact for that model. */
export function encodingForModel(model: string): { encoding: Encoding; estimate: boolean } {
  const m = model.toLowerCase().replace(/^.*\//, '');
  if (/^(gpt-4o|chatgpt-4o|gpt-4\.1|gpt-4\.5|gpt-5|o1|o3|o4|gpt-oss)/.test(m)) return { encoding: 'o200k_base', estimate: false };
  if (/^(gpt-4|gpt-3\.5|text-embedding-3|text-embedding-ada)/.test(m)) return { encoding: 'cl100k_base', estimate: false };
  return { encoding: 'cl100k_base', estimate: true };
}

/**
 * One encoding's BPE ranks keyed by each token's bytes in base64, as js-tiktoken's rank files spell them: building
 * the table is one split per line with no decoding, several times faster than js-tiktoken's own encoder, whose
 * construction (over a second on a busy machine) every cold `ctrlg ask` used to pay for the payload preview.
 */
class BpeRanks {
  private readonly ranks = new Map<string, number>();
  readonly pattern: string;

  constructor(file: { pat_str: string; bpe_ranks: string }) {
    this.pattern = file.pat_str;
    // Lines are "! OFFSET TOKEN TOKEN …": consecutive ranks from OFFSET.
    for (const line of file.bpe_ranks.split('\n')) {
      const parts = line.split(' ');
      const offset = Number(parts[1]);
      for (let i = 2; i < parts.length; i++) this.ranks.set(parts[i], offset + i - 2);
    }
  }

  /** Tokens in one pre-tokenised piece: js-tiktoken's byte-pair merge (lowest rank first, leftmost on a tie). */
  count(piece: string): number {
    const bytes = Buffer.from(piece, 'utf8');
    const rankOf = (start: number, end: number): number | undefined => this.ranks.get(bytes.toString('base64', start, end));
    if (rankOf(0, bytes.length) !== undefined) return 1;
    // bounds[i] is where part i starts; the last entry is the end.
    const bounds = Array.from({ length: bytes.length + 1 }, (_, i) => i);
    while (bounds.length > 2) {
      let best = -1;
      let bestRank = Infinity;
      for (let i = 0; i < bounds.length - 2; i++) {
        const r = rankOf(bounds[i], bounds[i + 2]);
        if (r !== undefined && r < bestRank) [best, bestRank] = [i, r];
      }
      if (best < 0) break;
      bounds.splice(best + 1, 1);
    }
    let n = 0;
    for (let i = 0; i < bounds.length - 1; i++) if (rankOf(bounds[i], bounds[i + 1]) !== undefined) n++;
    return n;
  }
}

// Each table is built once per process, and only for an encoding that is used (the rank files load on demand).
const encoders = new Map<Encoding, BpeRanks>();
const load = createRequire(import.meta.url);

function encoder(encoding: Encoding): BpeRanks {
  let e = encoders.get(encoding);
  if (!e) {
    e = new BpeRanks(encoding === 'o200k_base' ? load('js-tiktoken/ranks/o200k_base') : load('js-tiktoken/ranks/cl100k_base'));
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
  const pattern = new RegExp(e.pattern, 'ug');
  let n = 0;
  for (const m of text.matchAll(pattern)) {
    let k = lengths.get(m[0]);
    if (k === undefined) lengths.set(m[0], (k = e.count(m[0])));
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
