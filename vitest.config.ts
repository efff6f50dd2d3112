import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Native addons (kuzu, lancedb, llama.cpp) are safest in child processes.
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
