// A tiny random-weight llama-architecture GGUF. No weights can be downloaded on build and CI machines, so the runtime
// is proven on a model the project makes itself: real enough for llama.cpp to load, tokenize (SentencePiece with
// byte fallback, so any UTF-8 text) and sample under a grammar; its output is gibberish by design.
import { writeGguf, type GgufTensor, type GgufValue } from './ggufEncoder.js';
import { createPrng } from '../random/prng.js';

export interface TinyGgufOptions {
  /** PRNG seed for the weights; the same seed gives a byte-identical file. */
  seed?: number;
  layers?: number;
  embd?: number;
  heads?: number;
  ff?: number;
  /** Extra word pieces for the vocabulary (spaces are written as SentencePiece's "▁"). */
  extraPieces?: string[];
  contextLength?: number;
  /**
   * Architecture name written to `general.architecture` and used as the metadata key prefix. Anything but "llama"
   * gives a well-formed file llama.cpp refuses, which the model-file checks must report as unsupported.
   */
  architecture?: string;
  name?: string;
}

export interface TinyGgufInfo {
  path: string;
  bytes: number;
  tensorCount: number;
  parameterCount: number;
  vocabSize: number;
  layers: number;
  embd: number;
  heads: number;
  ff: number;
  contextLength: number;
  bosId: number;
  eosId: number;
}

/** llama.cpp `llama_token_type` values as stored in `tokenizer.ggml.token_type`. */
const TokenType = { normal: 1, unknown: 2, control: 3, byte: 6 } as const;
const SPACE = '\u2581';

/** Pieces that make JSON and short English cheaper than byte-by-byte; their prefixes are added so SPM can merge. */
const DEFAULT_PIECES = [
  ' the', ' of', ' and', ' to', ' in', ' is', ' who', ' what', ' which', ' where', ' film', ' person',
  ' answer', ' question', 'true', 'false', 'null', '{"', '":', '",', '"}', '["', '"]', '":"', '","',
];

function buildVocab(extraPieces: readonly string[]): { tokens: string[]; scores: number[]; types: number[] } {
  const tokens: string[] = ['<unk>', '<s>', '</s>'];
  const scores: number[] = [0, 0, 0];
  const types: number[] = [TokenType.unknown, TokenType.control, TokenType.control];
  const seen = new Set(tokens);
  const add = (piece: string, score: number, type: number) => {
    if (seen.has(piece)) return;
    seen.add(piece);
    tokens.push(piece);
    scores.push(score);
    types.push(type);
  };
  for (let b = 0; b < 256; b++) add(`<0x${b.toString(16).toUpperCase().padStart(2, '0')}>`, 0, TokenType.byte);
  // Printable ASCII as single-character pieces: the starting symbols of SPM merges.
  for (let c = 0x20; c <= 0x7e; c++) add(c === 0x20 ? SPACE : String.fromCharCode(c), -1000, TokenType.normal);
  for (const raw of [...DEFAULT_PIECES, ...extraPieces]) {
    const piece = raw.replaceAll(' ', SPACE);
    const chars = [...piece];
    // SPM only merges two adjacent symbols into a piece that exists, so every prefix must exist too; longer pieces
    // score higher so the merge prefers them.
    for (let n = 1; n <= chars.length; n++) add(chars.slice(0, n).join(''), n === 1 ? -1000 : n, TokenType.normal);
  }
  return { tokens, scores, types };
}

function randomTensor(rand: () => number, name: string, shape: number[], scale: number): GgufTensor {
  const n = shape.reduce((a, b) => a * b, 1);
  const data = new Float32Array(n);
  for (let i = 0; i < n; i++) data[i] = (rand() * 2 - 1) * scale;
  return { name, shape, data };
}

function onesTensor(name: string, n: number): GgufTensor {
  return { name, shape: [n], data: new Float32Array(n).fill(1) };
}

/** Writes the tiny model to `path` and returns what it contains, so tests can check what inspection reports. */
export async function writeTinyGguf(path: string, options: TinyGgufOptions = {}): Promise<TinyGgufInfo> {
  const layers = options.layers ?? 2;
  const embd = options.embd ?? 64;
  const heads = options.heads ?? 4;
  const ff = options.ff ?? 128;
  const contextLength = options.contextLength ?? 2048;
  const arch = options.architecture ?? 'llama';
  if (embd % heads !== 0) throw new Error(`embd (${embd}) must be divisible by heads (${heads})`);
  const rand = createPrng(options.seed ?? 42).next;
  const { tokens, scores, types } = buildVocab(options.extraPieces ?? []);
  const vocab = tokens.length;
  const headDim = embd / heads;

  const u32 = (value: number): GgufValue => ({ type: 'uint32', value });
  const metadata = new Map<string, GgufValue>([
    ['general.architecture', { type: 'string', value: arch }],
    ['general.name', { type: 'string', value: options.name ?? 'ctrlg-tiny-test' }],
    ['general.alignment', u32(32)],
    ['general.file_type', u32(0)], // ALL_F32
    [`${arch}.context_length`, u32(contextLength)],
    [`${arch}.embedding_length`, u32(embd)],
    [`${arch}.block_count`, u32(layers)],
    [`${arch}.feed_forward_length`, u32(ff)],
    [`${arch}.attention.head_count`, u32(heads)],
    [`${arch}.attention.head_count_kv`, u32(heads)],
    [`${arch}.rope.dimension_count`, u32(headDim)],
    [`${arch}.rope.freq_base`, { type: 'float32', value: 10000 }],
    [`${arch}.attention.layer_norm_rms_epsilon`, { type: 'float32', value: 1e-5 }],
    [`${arch}.vocab_size`, u32(vocab)],
    ['tokenizer.ggml.model', { type: 'string', value: 'llama' }],
    ['tokenizer.ggml.tokens', { type: 'array', itemType: 'string', values: tokens }],
    ['tokenizer.ggml.scores', { type: 'array', itemType: 'float32', values: scores }],
    ['tokenizer.ggml.token_type', { type: 'array', itemType: 'int32', values: types }],
    ['tokenizer.ggml.unknown_token_id', u32(0)],
    ['tokenizer.ggml.bos_token_id', u32(1)],
    ['tokenizer.ggml.eos_token_id', u32(2)],
    ['tokenizer.ggml.add_bos_token', { type: 'bool', value: true }],
    ['tokenizer.ggml.add_eos_token', { type: 'bool', value: false }],
  ]);

  // Small weights keep activations tame through the residual stream; norms start at 1 as in a fresh model.
  const scale = 0.05;
  const tensors: GgufTensor[] = [
    randomTensor(rand, 'token_embd.weight', [embd, vocab], scale),
    onesTensor('output_norm.weight', embd),
    randomTensor(rand, 'output.weight', [embd, vocab], scale),
  ];
  for (let l = 0; l < layers; l++) {
    const p = `blk.${l}`;
    tensors.push(
      onesTensor(`${p}.attn_norm.weight`, embd),
      randomTensor(rand, `${p}.attn_q.weight`, [embd, embd], scale),
      randomTensor(rand, `${p}.attn_k.weight`, [embd, embd], scale),
      randomTensor(rand, `${p}.attn_v.weight`, [embd, embd], scale),
      randomTensor(rand, `${p}.attn_output.weight`, [embd, embd], scale),
      onesTensor(`${p}.ffn_norm.weight`, embd),
      randomTensor(rand, `${p}.ffn_gate.weight`, [embd, ff], scale),
      randomTensor(rand, `${p}.ffn_up.weight`, [embd, ff], scale),
      randomTensor(rand, `${p}.ffn_down.weight`, [ff, embd], scale),
    );
  }
  const { bytes } = await writeGguf(path, metadata, tensors, 32);
  return {
    path,
    bytes,
    tensorCount: tensors.length,
    parameterCount: tensors.reduce((a, t) => a + t.data.length, 0),
    vocabSize: vocab,
    layers,
    embd,
    heads,
    ff,
    contextLength,
    bosId: 1,
    eosId: 2,
  };
}
