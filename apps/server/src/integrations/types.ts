/**
 * The outside platforms behind one small interface each (D9): a real implementation written
 * against the platform's documented API or page structure, and the simulated one served under
 * /sim/ (the default, PLATFORM_MODE=simulated).
 */

import type { LinkedPlatform, Platform } from '@marquee/contract';

/** The platforms the adapters reach: the listing platforms, and Instagram for the Exchange (D7). */
export type PlatformName = Platform | 'instagram';

/** What an IMDb name or title page says (D5.2, D5.4). */
export interface ImdbPage {
  /** nm… or tt… */
  code: string;
  kind: 'person' | 'title';
  name: string;
  /** Title pages: runtime in minutes, null when the page lists none. */
  runtimeMinutes: number | null;
  /** Person pages: credits per category, keys lower case ('actor', 'director', ...). */
  credits: Record<string, number>;
  /** IMDbPro STARmeter, when the page shows it. */
  starmeter: number | null;
  /** The page's main picture. */
  imageUrl: string | null;
}

/** Reads IMDb pages: one parser for the real page structure and the simulated page. */
export interface ImdbPageReader {
  /** null when the page does not exist (any more). Throws PlatformOffline when it cannot be reached. */
  read(url: string): Promise<ImdbPage | null>;
}

/** A profile or page that can be followed or liked. */
export interface SocialProfile {
  handle: string;
  displayName: string;
  imageUrl: string | null;
}

/**
 * Whether one Instagram account follows another, as far as the platform can say (EX7): 'unknown' when
 * it offers no way to ask (the real Instagram), so a claim stands for the other member's review.
 */
export type FollowSeen = 'seen' | 'not_seen' | 'unknown';

/** Checks follows and likes against what the member's linked account really did (D5.6). */
export interface ActionVerifier {
  /**
   * Whether `actor` (the member's linked account handle) follows or likes `target` (the listing's
   * external id or handle). Throws PlatformOffline when the platform cannot be asked.
   */
  hasActed(
    platform: LinkedPlatform,
    actor: { handle: string; accessToken: string | null },
    target: string,
  ): Promise<boolean>;
  /** The profile or page behind a listing, or null when it no longer exists. */
  profile(platform: LinkedPlatform, target: string): Promise<SocialProfile | null>;
  /**
   * EX7: whether the Instagram account `actor` follows `target` (handles of the members' Instagram
   * listings). Never throws: a platform that cannot be asked answers 'unknown'.
   */
  instagramFollows(actor: string, target: string): Promise<FollowSeen>;
}

/** What an Instagram profile page says in its Open Graph tags (EX2, docs/integrations.md I6). */
export interface InstagramProfilePage {
  /** The handle, lower case. */
  handle: string;
  /** og:title and og:description as a browser reads them (entities decoded). */
  title: string;
  description: string;
  /** og:image: the profile picture's address. */
  imageUrl: string | null;
}

/** Reads Instagram profiles for the Exchange's listings (EX2): the real site, or the simulated one (D9). */
export interface InstagramReader {
  /** The profile's page, or null when Instagram has no such profile. Throws PlatformOffline. */
  profile(handle: string): Promise<InstagramProfilePage | null>;
  /**
   * The bytes of a profile picture (an og:image address), fetched only from Instagram's own picture
   * hosts (the simulated site's pictures offline), never from any other address; null when the
   * address is not one of them or there is no picture there. Throws PlatformOffline.
   */
  picture(address: string): Promise<Buffer | null>;
}

/** Links a member's own X/Twitter or Facebook account (authenticate/{platform}). */
export interface AccountLinker {
  /** The consent page to send the member to. */
  loginUrl(platform: LinkedPlatform, state: string, callbackUrl: string): string;
  /** Exchanges the code the consent page returned for the account. Throws on a bad code. */
  exchange(
    platform: LinkedPlatform,
    code: string,
    callbackUrl: string,
  ): Promise<{ handle: string; displayName: string; accessToken: string | null }>;
}

export interface VideoInfo {
  id: string;
  title: string;
  channel: string;
  durationSeconds: number;
}

/** Video metadata (YouTube Data API in production). */
export interface VideoCatalogue {
  /** null when the video does not exist. */
  video(id: string): Promise<VideoInfo | null>;
}

export interface Integrations {
  mode: 'simulated' | 'real';
  imdb: ImdbPageReader;
  verifier: ActionVerifier;
  linker: AccountLinker;
  videos: VideoCatalogue;
  /** Instagram profiles and their pictures, for the Exchange (D7.1). */
  instagram: InstagramReader;
  /**
   * What Start opens for a listing URL: the simulated page offline (D9.2), the real page in
   * production. `embed` asks for the video player page shown inside the app's modal.
   */
  openUrl(listingUrl: string, opts?: { embed?: boolean }): string;
}

/** The platform could not be reached: the member sees the platform-offline message. */
export class PlatformOffline extends Error {
  constructor(readonly platform: PlatformName) {
    super(`${platform} cannot be reached right now.`);
  }
}
