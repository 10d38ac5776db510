import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { SITE_TIME_ZONE } from '@marquee/contract';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './support/chromium.js';

const here = path.dirname(fileURLToPath(import.meta.url));
/** E2E_PORT lets a second run go at the same time as another, on its own server. */
const PORT = Number(process.env.E2E_PORT || 3210);
const BASE_URL = `http://127.0.0.1:${PORT}`;

/**
 * Journeys that change what every member sees, so they run alone after the others: those that move
 * the shared server's clock by minutes or days, which would close other journeys' offers (180 s):
 * referral-trade (14 days), my-listings (the 300 s point change) and managed-service (a week, for
 * the weekly job); and sponsored, whose sponsored listings come first in everyone's list (D4) and
 * whose sponsor special is site-wide.
 */
const DAY_JUMPS = /(referral-trade|my-listings|sponsored|managed-service)\.spec\.ts$/;

const chromium = {
  browserName: 'chromium' as const,
  launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
};

/** Marquee's browser journeys: a real server on a fresh database, driven in Debian's Chromium. */
export default defineConfig({
  testDir: path.join(here, 'journeys'),
  outputDir: path.join(here, PORT === 3210 ? '.artifacts/test-results' : `.artifacts/test-results-${PORT}`),
  // Every journey makes its own member, so any two can run side by side.
  fullyParallel: true,
  forbidOnly: true,
  retries: 0,
  workers: 2,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: path.join(here, '.artifacts/results.json') }]],
  use: {
    baseURL: BASE_URL,
    viewport: { width: 1280, height: 800 },
    locale: 'en-US',
    timezoneId: SITE_TIME_ZONE,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    actionTimeout: 10_000,
    navigationTimeout: 20_000,
  },
  projects: [
    {
      name: 'chromium',
      // Journeys that change the whole site run alone, after every other one.
      testIgnore: DAY_JUMPS,
      use: chromium,
    },
    {
      name: 'day-jumps',
      testMatch: DAY_JUMPS,
      dependencies: ['chromium'],
      fullyParallel: false,
      // One at a time: each moves the clock the other's steps read.
      workers: 1,
      use: chromium,
    },
  ],
  webServer: {
    command: 'node e2e/support/serve.mjs',
    cwd: path.resolve(here, '..'),
    env: { E2E_PORT: String(PORT) },
    url: `${BASE_URL}/login`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
  },
});
