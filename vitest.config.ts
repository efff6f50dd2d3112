import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // No test may write a key into the real home: each process gets a temporary key folder.
    setupFiles: ['test/helpers/isolatedKeyFolder.ts'],
    // Native addons (kuzu, lancedb, llama.cpp) are safest in child processes.
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
