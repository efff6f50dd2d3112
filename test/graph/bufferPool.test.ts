import { describe, expect, it } from 'vitest';
import { bufferPoolBytes, BufferPoolSettingError, MIN_BUFFER_POOL_BYTES } from '../../src-main/engine/graph/bufferPool.js';

const MIB = 1024 * 1024;
const GIB = 1024 * MIB;

describe('bufferPoolBytes', () => {
  it('grows with the graph from the floor, up to a quarter of the machine', () => {
    const small = bufferPoolBytes({ triples: 1000, overrideMb: '', totalMemory: 24 * GIB });
    const large = bufferPoolBytes({ triples: 10_000_000, overrideMb: '', totalMemory: 24 * GIB });
    expect(small).toBeGreaterThanOrEqual(MIN_BUFFER_POOL_BYTES);
    expect(small).toBeLessThan(MIN_BUFFER_POOL_BYTES + 2 * MIB);
    expect(large).toBeGreaterThan(4 * small);
    expect(large).toBeLessThanOrEqual(6 * GIB);
    expect(bufferPoolBytes({ triples: 10_000_000, overrideMb: '', totalMemory: 4 * GIB })).toBe(1 * GIB);
    expect(bufferPoolBytes({ triples: 10_000_000, overrideMb: '', totalMemory: 512 * MIB })).toBe(MIN_BUFFER_POOL_BYTES);
    expect(large % MIB).toBe(0);
  });

  it('takes an override in MiB and refuses a malformed one with a clear error', () => {
    expect(bufferPoolBytes({ triples: 10_000_000, overrideMb: '512' })).toBe(512 * MIB);
    expect(bufferPoolBytes({ triples: 0, overrideMb: 3000 })).toBe(3000 * MIB);
    for (const bad of ['lots', '12', '1.5', '-100']) {
      expect(() => bufferPoolBytes({ triples: 0, overrideMb: bad })).toThrow(BufferPoolSettingError);
      expect(() => bufferPoolBytes({ triples: 0, overrideMb: bad })).toThrow(`CTRLG_BUFFER_POOL_MB must be a whole number of MiB of at least 64, not "${bad}"`);
    }
  });
});
