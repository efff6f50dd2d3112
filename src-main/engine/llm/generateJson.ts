// One grammar-constrained JSON reply from a chat model: the grammar keeps decoding on JSON that mostly fits the
// schema, our validator decides whether it actually does. A bad reply is returned as data (error + raw text), so
// the caller can make one repair attempt and then fall back; only runtime failures throw.
import { LlamaChatSession, type Llama, type LlamaContextSequence, type LlamaGrammar } from 'node-llama-cpp';
import type { GenerateJsonOptions, HandJsonResult, HandPrompt } from './handTypes.js';
import { validateJsonSchema, type JsonSchema } from './jsonSchema.js';

/** Compiling a grammar costs milliseconds; the Hand asks with a handful of schemas over and over. */
export class GrammarCache {
  private readonly grammars = new Map<string, Promise<LlamaGrammar>>();
  constructor(private readonly llama: Llama, private readonly limit = 32) {}

  get(schema: JsonSchema): Promise<LlamaGrammar> {
    const key = JSON.stringify(schema);
    let g = this.grammars.get(key);
    if (!g) {
      if (this.grammars.size >= this.limit) this.grammars.delete(this.grammars.keys().next().value as string);
      // Our JsonSchema is the same subset node-llama-cpp accepts; its generic type just cannot see that.
      g = this.llama.createGrammarForJsonSchema(schema as never) as Promise<LlamaGrammar>;
      g.catch(() => this.grammars.delete(key));
      this.grammars.set(key, g);
    }
    return g;
  }
}

export async function generateJsonOnSequence<T>(
  sequence: LlamaContextSequence,
  grammar: LlamaGrammar,
  prompt: HandPrompt,
  schema: JsonSchema,
  options: GenerateJsonOptions,
): Promise<HandJsonResult<T>> {
  // Each call starts from an empty sequence: calls stay independent and a seeded call is reproducible whatever
  // ran before. (Reusing a shared system-prompt prefix is a later optimisation.)
  await sequence.clearHistory();
  const before = sequence.tokenMeter.getState();
  const session = new LlamaChatSession({ contextSequence: sequence, systemPrompt: prompt.system, autoDisposeSequence: false });
  const started = performance.now();
  let firstTokenAt: number | undefined;
  let meta: Awaited<ReturnType<LlamaChatSession['promptWithMeta']>>;
  try {
    meta = await session.promptWithMeta(prompt.user, {
      grammar,
      maxTokens: options.maxTokens,
      temperature: options.temperature ?? 0,
      seed: options.seed,
      signal: options.signal,
      onToken: () => {
        firstTokenAt ??= performance.now();
      },
    });
  } finally {
    session.dispose({ disposeSequence: false });
  }
  const ms = performance.now() - started;
  const used = sequence.tokenMeter.diff(before);
  const promptMs = (firstTokenAt ?? performance.now()) - started;
  const genMs = ms - promptMs;
  const stats = {
    tokensIn: used.usedInputTokens,
    tokensOut: used.usedOutputTokens,
    ms,
    promptMs,
    tokensPerSecond: used.usedOutputTokens > 1 && genMs > 0 ? ((used.usedOutputTokens - 1) * 1000) / genMs : 0,
  };
  const raw = meta.responseText;
  const base = { ...stats, raw, stopReason: meta.stopReason };

  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch (e) {
    const why = meta.stopReason === 'maxTokens' ? ` (cut off at maxTokens ${options.maxTokens})` : '';
    return { ...base, error: `reply is not valid JSON${why}: ${(e as Error).message}` };
  }
  const errors = validateJsonSchema(parsed, schema);
  if (errors.length > 0) return { ...base, error: `reply does not match the schema: ${errors.join('; ')}` };
  return { ...base, value: parsed as T };
}
