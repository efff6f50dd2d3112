// Checks a GGUF file before anything tries to load it, and describes it for the model list. llama.cpp's own
// failures on a bad file are late (after allocating) and vague; here each way a file can be wrong gets a code.
import { open, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import * as nodeLlamaCpp from 'node-llama-cpp';
import {
  GgufFileType,
  GgufInsights,
  readGgufFileInfo,
  type GgufFileInfo,
  type Llama,
} from 'node-llama-cpp';
import type { ModelFileInfo as WireModelFileInfo } from '../../common/modelTypes.js';
import { ggmlTensorBytes } from './ggmlTypeSizes.js';
import { ModelFileError } from './modelFileError.js';

/** The wire shape (common/modelTypes.ts) plus what only the engine reads. */
export interface ModelFileInfo extends WireModelFileInfo {
  tensorCount: number;
  /** `general.file_type`, the number behind `quantisation`. */
  fileType?: number;
  embeddingLength?: number;
}

export interface InspectOptions {
  /**
   * A loaded Llama: then "supported" is asked of the actual llama.cpp build. Without one, the architecture is checked
   * against node-llama-cpp's list of known architectures, which avoids loading the native addon just to list files.
   */
  llama?: Llama;
}

/** Architectures that only produce embeddings (no generation head). */
const EMBEDDING_ARCHITECTURES = new Set([
  'bert', 'nomic-bert', 'nomic-bert-moe', 'jina-bert-v2', 'jina-bert-v3', 'modern-bert', 'neo-bert', 'eurobert', 't5encoder',
]);
// Declared as a `const enum` (unusable under isolatedModules) but exported as a real object at runtime.
const KNOWN_ARCHITECTURES = new Set<string>(
  Object.values((nodeLlamaCpp as unknown as { GgufArchitectureType: Record<string, string> }).GgufArchitectureType),
);
const GGUF_MAGIC = Buffer.from('GGUF', 'latin1');

async function readMagic(path: string): Promise<Buffer> {
  const fh = await open(path, 'r');
  try {
    const buf = Buffer.alloc(4);
    const { bytesRead } = await fh.read(buf, 0, 4, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
}

function quantisationName(fileType: number | undefined): string {
  if (fileType === undefined) return 'unknown';
  const name = (GgufFileType as unknown as Record<number, string | undefined>)[fileType];
  return name ? name.replace(/^(MOSTLY|ALL)_/, '') : `file_type ${fileType}`;
}

/**
 * The byte at which tensor data must end. node-llama-cpp's reader pads a short read with zeros instead of failing,
 * so a truncated file still parses: comparing this with the real size is what catches it.
 */
function expectedDataEnd(info: GgufFileInfo): number | undefined {
  if (info.infoEndOffset === undefined || !info.tensorInfo) return undefined;
  let end = info.infoEndOffset;
  for (const t of info.tensorInfo) {
    const bytes = ggmlTensorBytes(t.ggmlType, t.dimensions);
    const start = Number(t.fileOffset);
    end = Math.max(end, start + (bytes ?? 0));
  }
  return end;
}

function countParameters(info: GgufFileInfo): number {
  let n = 0;
  for (const t of info.tensorInfo ?? []) n += t.dimensions.reduce<number>((a, d) => a * Number(d), 1);
  return n;
}

/** Reads and checks a GGUF file's header; throws ModelFileError with a code for each kind of bad file. */
export async function inspectModelFile(path: string, options: InspectOptions = {}): Promise<ModelFileInfo> {
  return (await readModelFile(path, options)).file;
}

/** As inspectModelFile, also returning node-llama-cpp's parsed header for callers that go on to estimate or load. */
export async function readModelFile(path: string, options: InspectOptions = {}): Promise<{ file: ModelFileInfo; gguf: GgufFileInfo }> {
  let size: number;
  try {
    const s = await stat(path);
    if (!s.isFile()) throw new ModelFileError('missing', path, `${path} is not a file`);
    size = s.size;
  } catch (e) {
    if (e instanceof ModelFileError) throw e;
    throw new ModelFileError('missing', path, `no model file at ${path}`, { cause: e });
  }

  const magic = await readMagic(path);
  if (magic.length < 4) throw new ModelFileError('truncated', path, `${path} is only ${size} bytes: not even a GGUF header`);
  if (!magic.equals(GGUF_MAGIC))
    throw new ModelFileError('bad_magic', path, `${path} is not a GGUF file (starts with ${JSON.stringify(magic.toString('latin1'))})`);

  let info: GgufFileInfo;
  try {
    // Split models (-00001-of-0000N) are spliced by the reader; we check the first part's own bytes below.
    info = await readGgufFileInfo(path, { logWarnings: false, sourceType: 'filesystem' });
  } catch (e) {
    throw new ModelFileError('corrupt', path, `cannot parse the GGUF header of ${path}: ${(e as Error).message}`, { cause: e });
  }

  if (info.infoEndOffset !== undefined && info.infoEndOffset > size)
    throw new ModelFileError('truncated', path, `${path} ends at byte ${size}, inside its header (${info.infoEndOffset} bytes)`);
  if (info.splicedParts === 1) {
    const end = expectedDataEnd(info);
    if (end !== undefined && end > size)
      throw new ModelFileError('truncated', path, `${path} is ${size} bytes but its tensors need ${end}: the file is incomplete`);
  }

  const architecture = info.metadata?.general?.architecture as string | undefined;
  if (typeof architecture !== 'string' || architecture.length === 0)
    throw new ModelFileError('corrupt', path, `${path} has no general.architecture`);
  let supported = KNOWN_ARCHITECTURES.has(architecture);
  if (options.llama && supported) supported = (await GgufInsights.from(info, options.llama)).isSupportedByLlamaCpp;
  if (!supported)
    throw new ModelFileError('unsupported_architecture', path, `${path} uses architecture "${architecture}", which this llama.cpp build cannot run`);

  const arch = info.architectureMetadata as Record<string, unknown> | undefined;
  const num = (v: unknown) => (typeof v === 'number' ? v : typeof v === 'bigint' ? Number(v) : undefined);
  const pooling = num(arch?.pooling_type);
  const fileType = num(info.metadata.general.file_type);
  const file: ModelFileInfo = {
    path,
    fileName: basename(path),
    fileSizeBytes: size,
    ggufVersion: info.version,
    architecture,
    name: typeof info.metadata.general.name === 'string' ? info.metadata.general.name : undefined,
    parameters: countParameters(info),
    tensorCount: Number(info.totalTensorCount),
    quantisation: quantisationName(fileType),
    fileType,
    contextLength: num(arch?.context_length),
    embeddingLength: num(arch?.embedding_length),
    layers: num(arch?.block_count),
    // Pooling (anything but NONE = 0) means the model's output is a sentence vector: e.g. Qwen3-Embedding is
    // architecture qwen3 but sets pooling_type.
    isEmbeddingModel: EMBEDDING_ARCHITECTURES.has(architecture) || (pooling !== undefined && pooling > 0),
    hasChatTemplate: typeof info.metadata.tokenizer?.chat_template === 'string',
  };
  return { file, gguf: info };
}
