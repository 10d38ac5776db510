import { defineConfig } from 'vitest/config';

/**
 * Unit and API tests. TEST_DB=postgres runs the same API tests on the PostgreSQL server at
 * TEST_DATABASE_URL (a fresh database is made for the run and dropped after); otherwise each test
 * file gets its own in-memory PGlite database.
 */
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 90_000,
    maxWorkers: 2,
    reporters: process.env.VITEST_JSON
      ? ['default', ['json', { outputFile: process.env.VITEST_JSON }]]
      : ['default'],
  },
});
