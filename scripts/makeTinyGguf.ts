// Writes the tiny random-weight test GGUF: npm run make:tiny-gguf -- OUT.gguf [--seed N] [--layers N] [--embd N]
// [--heads N] [--ff N] [--piece TEXT]… Handy for trying the Hand runtime and the model manager by hand.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { writeTinyGguf } from '../src-main/engine/llm/tinyGguf.js';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    seed: { type: 'string' },
    layers: { type: 'string' },
    embd: { type: 'string' },
    heads: { type: 'string' },
    ff: { type: 'string' },
    piece: { type: 'string', multiple: true },
  },
});
const out = positionals[0];
if (!out) {
  console.error('usage: npm run make:tiny-gguf -- OUT.gguf [--seed N] [--layers N] [--embd N] [--heads N] [--ff N] [--piece TEXT]…');
  process.exit(2);
}
const int = (v: string | undefined) => (v === undefined ? undefined : Number.parseInt(v, 10));
const info = await writeTinyGguf(resolve(out), {
  seed: int(values.seed),
  layers: int(values.layers),
  embd: int(values.embd),
  heads: int(values.heads),
  ff: int(values.ff),
  extraPieces: values.piece,
});
console.log(
  `${info.path}: ${info.bytes} bytes, ${info.tensorCount} tensors, ${info.parameterCount} parameters, vocab ${info.vocabSize}`,
);
