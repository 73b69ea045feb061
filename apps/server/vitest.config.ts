import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    // Every test file builds its own app on its own database (test/helpers/test-app.ts) and
    // nothing in the server keeps state between apps outside them, so a worker loads the server's
    // modules once instead of once per file: the suite's import time falls from ~200 s to ~15 s.
    // The lint forbids what would leak from one file to the next (vi.mock, stubs, fake timers).
    isolate: false,
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    globalSetup: ['test/helpers/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
