// The remote Brain's key for the tests of one file (or describe block): set before them, and the variable as it was
// restored after, so a key never leaks into another file's tests.
import { afterAll, beforeAll } from 'vitest';

export function useBrainApiKey(key: string): void {
  let saved: string | undefined;
  beforeAll(() => {
    saved = process.env.CTRLG_BRAIN_API_KEY;
    process.env.CTRLG_BRAIN_API_KEY = key;
  });
  afterAll(() => {
    if (saved === undefined) delete process.env.CTRLG_BRAIN_API_KEY;
    else process.env.CTRLG_BRAIN_API_KEY = saved;
  });
}
