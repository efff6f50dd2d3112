// The curated starting points offered in the model picker. Sizes are approximate (for the picker and a rough
// disk/RAM check before downloading); the download itself checks against the size the server reports.
// URIs use node-llama-cpp's `hf:<owner>/<repo>/<file>` form, which resolves to huggingface.co on the user's machine.

import type { RecommendedModel } from '../../common/modelTypes.js';

export type { RecommendedModel };

const GB = 1e9;
const MB = 1e6;

export const recommendedModels: readonly RecommendedModel[] = [
  {
    id: 'qwen3-0.6b-q8_0',
    role: 'hand',
    label: 'Qwen3 0.6B (Q8_0)',
    uri: 'hf:Qwen/Qwen3-0.6B-GGUF/Qwen3-0.6B-Q8_0.gguf',
    approxBytes: 0.64 * GB,
    parameters: '0.6B',
    quantisation: 'Q8_0',
    note: 'Runs on any laptop CPU; weakest at multi-hop planning. Good for trying the app.',
  },
  {
    id: 'qwen3-1.7b-q8_0',
    role: 'hand',
    label: 'Qwen3 1.7B (Q8_0)',
    uri: 'hf:Qwen/Qwen3-1.7B-GGUF/Qwen3-1.7B-Q8_0.gguf',
    approxBytes: 1.83 * GB,
    parameters: '1.7B',
    quantisation: 'Q8_0',
    note: 'Usable on CPU with 8 GB RAM.',
  },
  {
    id: 'qwen3-4b-q4_k_m',
    role: 'hand',
    label: 'Qwen3 4B (Q4_K_M)',
    uri: 'hf:Qwen/Qwen3-4B-GGUF/Qwen3-4B-Q4_K_M.gguf',
    approxBytes: 2.5 * GB,
    parameters: '4B',
    quantisation: 'Q4_K_M',
    note: 'The default recommendation: good structured output, fast on a GPU with 4 GB+ or Apple silicon.',
  },
  {
    id: 'qwen3-8b-q4_k_m',
    role: 'hand',
    label: 'Qwen3 8B (Q4_K_M)',
    uri: 'hf:Qwen/Qwen3-8B-GGUF/Qwen3-8B-Q4_K_M.gguf',
    approxBytes: 5.03 * GB,
    parameters: '8B',
    quantisation: 'Q4_K_M',
    note: 'Best answers; wants a GPU with 8 GB+ or 16 GB unified memory.',
  },
  {
    id: 'nomic-embed-text-v1.5-q8_0',
    role: 'embedding',
    label: 'nomic-embed-text v1.5 (Q8_0)',
    uri: 'hf:nomic-ai/nomic-embed-text-v1.5-GGUF/nomic-embed-text-v1.5.Q8_0.gguf',
    approxBytes: 0.146 * GB,
    parameters: '137M',
    quantisation: 'Q8_0',
    note: 'Text embeddings (768-d) for entity and passage search.',
  },
  {
    id: 'bge-small-en-v1.5-q8_0',
    role: 'embedding',
    label: 'bge-small-en v1.5 (Q8_0)',
    uri: 'hf:CompendiumLabs/bge-small-en-v1.5-gguf/bge-small-en-v1.5-q8_0.gguf',
    approxBytes: 36 * MB,
    parameters: '33M',
    quantisation: 'Q8_0',
    note: 'A much smaller English embedding model (384-d) for low-end machines.',
  },
];
