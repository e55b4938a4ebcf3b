import { defineConfig } from 'vitest/config';

/** `npm run test:faults`: the slow fault-injection and load tests (test/faults), one file at a time. */
export default defineConfig({
  test: {
    include: ['test/faults/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    setupFiles: ['test/support/setup.ts'],
    testTimeout: 600_000,
    hookTimeout: 300_000,
    pool: 'forks',
    // As a worker's process starts (worker/regexps.ts): V8 takes it from the command line only.
    execArgv: ['--no-regexp-tier-up'],
    maxWorkers: 1,
    reporters: ['default'],
  },
});
