import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The slow fault and load tests run with `npm run test:faults` (vitest.faults.config.ts).
    exclude: [...configDefaults.exclude, 'test/faults/**'],
    globalSetup: ['test/support/global-setup.ts'],
    setupFiles: ['test/support/setup.ts'],
    testTimeout: 90_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // As a worker's process starts (worker/regexps.ts): V8 takes it from the command line only.
    execArgv: ['--no-regexp-tier-up'],
    maxWorkers: 2,
    reporters: ['default'],
  },
});
