// The remote Brain's key (and a loopback Brain) for the tests of one file (or describe block): set before them, and the variable as it was
// restored after, so a key never leaks into another file's tests.
import { afterAll, beforeAll } from 'vitest';
import { startRecordingServer, type RecordingServer } from '../brain/recordingServer.js';

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

/**
 * A loopback remote Brain for the tests of one file (or describe block): the API key set as above and a recording
 * server that ranks the first candidate path, started before them and closed after. Read `server()` inside a test.
 */
export function useLoopbackBrain(key: string): { server: () => RecordingServer } {
  let server: RecordingServer | undefined;
  useBrainApiKey(key);
  beforeAll(async () => {
    server = await startRecordingServer({ respond: () => JSON.stringify({ ranking: [{ path: 1, reason: 'follows the indicator' }] }) });
  });
  afterAll(async () => {
    await server?.close();
  });
  return {
    server: () => {
      if (!server) throw new Error('the loopback Brain is only up inside the tests');
      return server;
    },
  };
}
