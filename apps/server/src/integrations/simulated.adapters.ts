import type { Clock } from '../platform/clock.js';
import type { Db } from '../platform/db/database.js';
import { MINUTE_MS } from '../platform/time.js';
import * as sim from '../simulated/sim.repo.js';
import { generatedAvatarUrl, instagramPictureJpeg } from '../simulated/sim.assets.js';
import { renderImdbPage } from '../simulated/imdb.pages.js';
import { instagramPage } from '../simulated/instagram.site.js';
import { imdbCodeOf } from './imdb-page.parser.js';
import { parsedOrOffline } from './imdb.reader.js';
import { isInstagramHandle, parseInstagramProfile } from './instagram.reader.js';
import type {
  AccountLinker,
  ActionVerifier,
  ImdbPageReader,
  InstagramReader,
  VideoCatalogue,
} from './types.js';

/** The platforms as the simulated internet under /sim/ has them (D9.2): what was really clicked there. */

const SEGMENT = { twitter: 'x', facebook: 'facebook' } as const;
/** How long a code of the simulated consent page can be exchanged, as real OAuth servers allow. */
const CODE_LIFETIME_MS = 10 * MINUTE_MS;

export function simulatedVerifier(db: Db): ActionVerifier {
  return {
    async hasActed(platform, actor, target) {
      const page = await sim.profile(db, platform, target);
      if (!page) return false;
      return sim.hasClicked(db, platform, actor.handle, page.handle);
    },
    async profile(platform, target) {
      const page = await sim.profile(db, platform, target);
      if (!page) return null;
      return {
        handle: page.handle,
        displayName: page.displayName,
        imageUrl: 'generated' in page ? generatedAvatarUrl(page.handle) : '/sim/assets/avatar.svg',
      };
    },
    // EX7: the Follow clicks of the simulated Instagram, by the account signed in there.
    async instagramFollows(actor, target) {
      const page = await sim.profile(db, 'instagram', target);
      if (!page) return 'not_seen';
      return (await sim.hasClicked(db, 'instagram', actor, page.handle)) ? 'seen' : 'not_seen';
    },
  };
}

/**
 * Offline Instagram (EX2): the simulated profile page rendered in-process (no HTTP) and read with the
 * real reader's parser; pictures only from the simulated site's picture addresses, drawn in-process,
 * so no address a member gives is ever fetched.
 */
export function simulatedInstagram(db: Db): InstagramReader {
  return {
    async profile(handle) {
      const { page } = await instagramPage(db, handle);
      const read = parseInstagramProfile(page);
      return read
        ? { handle: read.handle, title: read.title, description: read.description, imageUrl: read.pictureUrl }
        : null;
    },
    async picture(address) {
      const handle = simulatedPictureHandle(address);
      const profile = handle ? await sim.profile(db, 'instagram', handle) : null;
      return profile ? instagramPictureJpeg(profile.handle) : null;
    },
  };
}

/** /sim/instagram/{handle}/picture.jpg (what the simulated og:image names), on any host: nothing is fetched. */
function simulatedPictureHandle(address: string): string | null {
  const m = /^(?:https?:\/\/[^/?#]+)?\/sim\/instagram\/([^/?#]+)\/picture\.jpg(?:[?#].*)?$/.exec(
    address.trim(),
  );
  if (!m?.[1]) return null;
  let handle: string;
  try {
    handle = decodeURIComponent(m[1]);
  } catch {
    return null;
  }
  return isInstagramHandle(handle) ? handle : null;
}

/** The consent page's address: a same-site path, whatever origin the callback was given with. */
export function simulatedLoginUrl(
  platform: 'twitter' | 'facebook',
  state: string,
  callbackUrl: string,
): string {
  let redirect = callbackUrl;
  if (/^https?:\/\//i.test(callbackUrl)) {
    const u = new URL(callbackUrl);
    redirect = `${u.pathname}${u.search}`;
  }
  const query = new URLSearchParams({ state, redirect_uri: redirect });
  return `/sim/${SEGMENT[platform]}/oauth/authorize?${query}`;
}

export function simulatedLinker(db: Db, clock: Clock): AccountLinker {
  return {
    loginUrl: simulatedLoginUrl,
    async exchange(platform, code) {
      const now = clock.now();
      const handle = await sim.consumeOauthCode(
        db,
        platform,
        code,
        now,
        new Date(now.getTime() - CODE_LIFETIME_MS),
      );
      if (!handle) throw new Error('That sign-in code is unknown, expired or already used.');
      const account = await sim.account(db, platform, handle);
      return { handle, displayName: account?.displayName ?? handle, accessToken: null };
    },
  };
}

export function simulatedVideos(db: Db): VideoCatalogue {
  return {
    async video(id) {
      const row = await sim.video(db, id);
      return row
        ? { id: row.id, title: row.title, channel: row.channel, durationSeconds: row.durationSeconds }
        : null;
    },
  };
}

/** Offline: renders the simulated page in-process (no HTTP) and reads it with the same parser. */
export function simulatedImdbReader(db: Db): ImdbPageReader {
  return {
    async read(url) {
      const code = imdbCodeOf(url) ?? simulatedCodeOf(url);
      if (!code) return null;
      const row = await sim.imdbPage(db, code);
      return row ? parsedOrOffline(renderImdbPage(row), code) : null;
    },
  };
}

/** /sim/imdb/name/nm…/ as Start opens it. */
function simulatedCodeOf(url: string): string | null {
  const m = /^(?:https?:\/\/[^/]+)?\/sim\/imdb\/(?:name|title)\/((?:nm|tt)\d{5,10})\/?(?:[?#]|$)/.exec(
    url.trim(),
  );
  return m?.[1] ?? null;
}
