/**
 * The platforms members act on and the words for them: the one place that names a platform or a
 * listing type (docs/domain.md V1, V2). Client and server both speak from this list.
 */

/** The four listing types and the platform each acts on (spec 1 §1). */
export const LISTING_TYPES = ['imdb-view', 'twitter-follow', 'youtube-view', 'facebook-like'] as const;
export type ListingType = (typeof LISTING_TYPES)[number];
export const PLATFORMS = ['imdb', 'twitter', 'youtube', 'facebook'] as const;
export type Platform = (typeof PLATFORMS)[number];
/** Platforms whose actions are checked against the member's own linked account (spec 1 §4). */
export const LINKED_PLATFORMS = ['twitter', 'facebook'] as const;
export type LinkedPlatform = (typeof LINKED_PLATFORMS)[number];

export const TYPE_OF_PLATFORM: Record<Platform, ListingType> = {
  imdb: 'imdb-view',
  twitter: 'twitter-follow',
  youtube: 'youtube-view',
  facebook: 'facebook-like',
};

export const PLATFORM_OF_TYPE: Record<ListingType, Platform> = {
  'imdb-view': 'imdb',
  'twitter-follow': 'twitter',
  'youtube-view': 'youtube',
  'facebook-like': 'facebook',
};

/** V1: what members call each platform, as the spec names it (the tabs "IMDb, Twitter and YouTube"). */
export const PLATFORM_NAME: Record<Platform, string> = {
  imdb: 'IMDb',
  twitter: 'Twitter',
  youtube: 'YouTube',
  facebook: 'Facebook',
};

/** V2: how members speak of one listing type. */
export interface ListingTypeWords {
  /** The type's name, as the add form offers it (spec 2 §5): 'IMDb View'. */
  label: string;
  /** The button that does the action: 'View', 'Follow', 'Watch', 'Like'. */
  verb: string;
  /** What a member did, for history: 'viewed', 'followed', 'watched', 'liked'. */
  done: string;
  /** One action and several: 'view' and 'views'. */
  action: string;
  actions: string;
  /** What the action is done on: 'IMDb page', 'Twitter profile', 'YouTube video', 'Facebook page'. */
  target: string;
}

export const LISTING_TYPE_WORDS: Record<ListingType, ListingTypeWords> = {
  'imdb-view': {
    label: 'IMDb View',
    verb: 'View',
    done: 'viewed',
    action: 'view',
    actions: 'views',
    target: 'IMDb page',
  },
  'twitter-follow': {
    label: 'Twitter Follow',
    verb: 'Follow',
    done: 'followed',
    action: 'follow',
    actions: 'follows',
    target: 'Twitter profile',
  },
  'youtube-view': {
    label: 'YouTube View',
    verb: 'Watch',
    done: 'watched',
    action: 'view',
    actions: 'views',
    target: 'YouTube video',
  },
  'facebook-like': {
    label: 'Facebook Like',
    verb: 'Like',
    done: 'liked',
    action: 'like',
    actions: 'likes',
    target: 'Facebook page',
  },
};

/** The name of the platform a listing type acts on: 'Twitter' for 'twitter-follow'. */
export const platformNameOfType = (type: ListingType): string => PLATFORM_NAME[PLATFORM_OF_TYPE[type]];

/** 'IMDb views', 'Twitter follows': several actions of a type, with the platform's name. */
export const actionsOnPlatform = (type: ListingType): string =>
  `${platformNameOfType(type)} ${LISTING_TYPE_WORDS[type].actions}`;

/** Narrows text read from the database or a URL to a listing type. */
export const isListingType = (value: unknown): value is ListingType =>
  (LISTING_TYPES as readonly unknown[]).includes(value);

/** Narrows text read from the database or a URL to a platform. */
export const isPlatform = (value: unknown): value is Platform =>
  (PLATFORMS as readonly unknown[]).includes(value);

/**
 * The shapes of ids the real sites give out (rule P1): an IMDb name or title code has 7 or 8 digits, an
 * X handle 1 to 15 letters, digits or underscores, a YouTube video id 11 letters, digits, '-' or '_'.
 * Facebook page ids have no one shape.
 */
export const REAL_ID_SHAPE = {
  imdb: /^(nm|tt)\d{7,8}$/,
  twitter: /^[A-Za-z0-9_]{1,15}$/,
  youtube: /^[A-Za-z0-9_-]{11}$/,
} as const;
