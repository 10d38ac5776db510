import { defineConfig } from 'vitest/config';

/**
 * Unit and API tests (decision 0003). On PGlite each test file gets its own in-memory database,
 * loaded from a copy migrated once (test/global-setup.ts); TEST_DB=postgres runs the same tests on
 * a database made for the run at TEST_DATABASE_URL and dropped after.
 */
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/file-setup.ts'],
    // Files run one after another in each worker and share its loaded modules: starting a process,
    // loading the app and compiling PGlite per file cost more than most files' tests. Every file
    // still has its own app, database and clock (useTestApp), and its mocks and stubs end with it.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 90_000,
    // One worker per core of the machines that run the suite.
    maxWorkers: 2,
    reporters: process.env.VITEST_JSON
      ? ['default', ['json', { outputFile: process.env.VITEST_JSON }]]
      : ['default'],
  },
});
