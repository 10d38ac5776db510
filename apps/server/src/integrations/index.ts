import type { AppConfig } from '../platform/config.js';
import type { Clock } from '../platform/clock.js';
import type { Db } from '../platform/db/database.js';
import { realImdbReader } from './imdb.reader.js';
import { realInstagramReader } from './instagram.reader.js';
import { realUrl, simulatedUrl } from './open-url.js';
import {
  simulatedImdbReader,
  simulatedInstagram,
  simulatedLinker,
  simulatedVerifier,
  simulatedVideos,
} from './simulated.adapters.js';
import { xAdapter } from './x.adapter.js';
import { facebookAdapter } from './facebook.adapter.js';
import { youtubeCatalogue } from './youtube.adapter.js';
import type { Integrations } from './types.js';

/** The outside platforms PLATFORM_MODE names (D9): simulated under /sim/ (the default) or the real ones. */
export function createIntegrations(
  config: AppConfig,
  db: Db,
  clock: Clock,
  env: NodeJS.ProcessEnv = process.env,
): Integrations {
  return config.platformMode === 'real' ? realIntegrations(env) : simulatedIntegrations(db, clock);
}

export function simulatedIntegrations(db: Db, clock: Clock): Integrations {
  return {
    mode: 'simulated',
    imdb: simulatedImdbReader(db),
    verifier: simulatedVerifier(db),
    linker: simulatedLinker(db, clock),
    videos: simulatedVideos(db),
    instagram: simulatedInstagram(db),
    openUrl: simulatedUrl,
  };
}

/** Production: each platform's documented API or page; keys come from the environment (see README). */
export function realIntegrations(env: NodeJS.ProcessEnv = process.env): Integrations {
  const x = xAdapter(env);
  const facebook = facebookAdapter(env);
  return {
    mode: 'real',
    imdb: realImdbReader(),
    verifier: {
      hasActed: (platform, actor, target) =>
        platform === 'twitter' ? x.hasFollowed(actor, target) : facebook.hasLiked(actor, target),
      profile: (platform, target) => (platform === 'twitter' ? x.profile(target) : facebook.profile(target)),
      // Instagram offers no way to ask whether one account follows another (EX7): the claim stands
      // for the other member's review.
      instagramFollows: async () => 'unknown',
    },
    linker: {
      loginUrl: (platform, state, callbackUrl) =>
        platform === 'twitter' ? x.loginUrl(state, callbackUrl) : facebook.loginUrl(state, callbackUrl),
      exchange: (platform, code, callbackUrl) =>
        platform === 'twitter' ? x.exchange(code, callbackUrl) : facebook.exchange(code, callbackUrl),
    },
    videos: youtubeCatalogue(env),
    instagram: realInstagramReader(),
    openUrl: realUrl,
  };
}
