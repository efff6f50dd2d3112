// Kuzu's buffer pool for one database, sized from the graph and the machine: a fixed 256 MiB pool broke imports
// and reads at 3–4M triples ("Unable to allocate memory"), while Kuzu's own default (80% of RAM) would let one
// graph claim the machine. CTRLG_BUFFER_POOL_MB overrides the choice (a number of MiB).
import { totalmem } from 'node:os';

const MIB = 1024 * 1024;
/** Never below this: queries on small graphs need room for their intermediate results. */
export const MIN_BUFFER_POOL_BYTES = 256 * MIB;
/** Bytes of pool per triple: Kuzu holds a rel's CSR, both directions, its label column and the node columns. */
const BYTES_PER_TRIPLE = 160;
/** At most this share of the machine's memory, so the JS heap and the OS keep theirs. */
const MAX_SHARE_OF_MEMORY = 0.25;

export interface BufferPoolInput {
  /** Triples the database holds (or will hold, at import). */
  triples: number;
  /** Override in MiB; defaults to the CTRLG_BUFFER_POOL_MB environment variable. */
  overrideMb?: string | number;
  totalMemory?: number;
}

export class BufferPoolSettingError extends Error {
  constructor(value: string) {
    super(`CTRLG_BUFFER_POOL_MB must be a whole number of MiB of at least 64, not "${value}".`);
    this.name = 'BufferPoolSettingError';
  }
}

/** The pool in bytes: the override if set, else grown with the graph between the floor and a share of memory. */
export function bufferPoolBytes(input: BufferPoolInput): number {
  const override = input.overrideMb ?? process.env.CTRLG_BUFFER_POOL_MB;
  if (override !== undefined && String(override).trim() !== '') {
    const mb = Number(override);
    if (!Number.isInteger(mb) || mb < 64) throw new BufferPoolSettingError(String(override));
    return mb * MIB;
  }
  const total = input.totalMemory ?? totalmem();
  const ceiling = Math.max(MIN_BUFFER_POOL_BYTES, Math.floor(total * MAX_SHARE_OF_MEMORY));
  const wanted = MIN_BUFFER_POOL_BYTES + input.triples * BYTES_PER_TRIPLE;
  return roundToMib(Math.min(ceiling, wanted));
}

function roundToMib(bytes: number): number {
  return Math.ceil(bytes / MIB) * MIB;
}

