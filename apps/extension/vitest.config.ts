import { defineConfig } from 'vitest/config';

/**
 * The extension's own logic in Node: the page reader on real and simulated IMDb pages (in jsdom),
 * the run's pacing and stops against stand-ins for Marquee and the browser, and the packing. The
 * journey in e2e/ runs the built extension in Chromium.
 */
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'pack/**/*.test.ts'],
    environment: 'node',
    reporters: process.env.VITEST_JSON
      ? ['default', ['json', { outputFile: process.env.VITEST_JSON }]]
      : ['default'],
  },
});
