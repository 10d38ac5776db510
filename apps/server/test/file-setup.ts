import { afterAll, vi } from 'vitest';

// Test files share a worker (isolate: false in vitest.config.ts): what one file stubs ends with it.
afterAll(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});
