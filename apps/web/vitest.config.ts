import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

/** Unit tests of the web app's own logic, in Node; the journeys in e2e/ cover the screens in a browser. */
export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      include: ['src/**/*.test.{ts,tsx}'],
      environment: 'node',
      reporters: process.env.VITEST_JSON
        ? ['default', ['json', { outputFile: process.env.VITEST_JSON }]]
        : ['default'],
    },
  }),
);
