import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/contract', 'apps/server', 'apps/web'],
    // PGlite is single-threaded WASM; two workers keep both cores busy without thrashing.
    maxWorkers: 2,
  },
});
