import type { Db } from '../src/platform/db/database.js';
import type { Clock } from '../src/platform/clock.js';
import { simulatedIntegrations } from '../src/integrations/index.js';
import { PlatformOffline, type Integrations } from '../src/integrations/types.js';

/**
 * The simulated platforms (D9.2) for a test file's app, with a switch that puts IMDb out of reach:
 * `useTestApp({ integrations: imdb.integrations })`, then `imdb.offline = true` for as long as needed.
 */
export function switchableImdb() {
  const state = {
    offline: false,
    integrations: (db: Db, clock: Clock): Integrations => {
      const sim = simulatedIntegrations(db, clock);
      return {
        ...sim,
        imdb: {
          read: (url) => (state.offline ? Promise.reject(new PlatformOffline('imdb')) : sim.imdb.read(url)),
        },
      };
    },
  };
  return state;
}
