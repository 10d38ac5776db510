import { z } from 'zod';
import { operation } from './operation.js';
import { idSchema, type YesNo } from './common.js';

/** The home page's limits (spec 1 §9, and the rules chosen in docs/domain.md). */
export const HOME = {
  /** The rating prompt appears after 20 s of play (spec 1 §9). */
  ratingPromptSeconds: 20,
  /** New members: those who joined within the last week, newest first, at most this many. */
  newMembersDays: 7,
  newMembersShown: 8,
  /** A member is greeted "Welcome to Marquee" rather than "Welcome back" this long after joining. */
  welcomeHours: 24,
  /** Recent board posts: the newest threads by last post. */
  recentPostsShown: 5,
  /** Featured members and the side columns show from these widths (spec 1 §9 breakpoints). */
  carouselMinWidth: 992,
  threeColumnsMinWidth: 1200,
} as const;

/** Spec 1 §3 "New member", with the picture for the avatar. */
export interface NewMember {
  id: number;
  full_name: string;
  desc_line: string;
  /** The address of the member's 80 px picture, or null for the no-photo image. */
  avatar: string | null;
  /** "2 days ago", by the server's clock (D1.3). */
  joined_ago: string;
}

/**
 * How the home page greets the member (docs/domain.md Home page): 'welcome' in their first
 * `HOME.welcomeHours` after joining, 'welcome_back' after that.
 */
export type Greeting = 'welcome' | 'welcome_back';

export const fetchNewMembers = operation<{ status: 'success'; users: NewMember[]; greeting: Greeting }>()({
  method: 'GET',
  path: 'home/fetchNewMembers',
  audience: 'member',
  input: z.object({}),
});

export const VOTES = ['up', 'down'] as const;
export type Vote = (typeof VOTES)[number];

/** Spec 1 §3 "Featured video": the video. */
export interface FeaturedVideo {
  id: number;
  /** The YouTube video id. */
  code: string;
  /** Already cut by media.cutVideoTitle. */
  name: string;
  type: 'youtube';
  /** Whether the member asking has rated it, and how. */
  voted: YesNo;
  my_vote: Vote | null;
  /** Where the player is embedded from: the simulated player offline, YouTube's in production (D9). */
  embed_url: string;
}

/** Spec 1 §3 "Featured video": its owner. */
export interface FeaturedVideoOwner {
  id: number;
  full_name: string;
  desc: string;
  avatar: string | null;
}

export type FeaturedVideoAnswer =
  | { status: 'success'; video: FeaturedVideo; user: FeaturedVideoOwner }
  /** No member's video can be shown to this member today. */
  | { status: 'nothing' };

export const fetchFeaturedVideo = operation<FeaturedVideoAnswer>()({
  method: 'GET',
  path: 'home/fetchFeaturedVideo',
  audience: 'member',
  input: z.object({}),
});

export const RATING_THANKS = 'Thanks for rating! Your vote helps pick the videos on the home page.';

/** Thumbs up or down on a member's video: one vote per member and video, which they may change. */
export const rateVideo = operation<{ status: 'success'; message: string; vote: Vote }>()({
  method: 'POST',
  path: 'profile/rateVideo',
  audience: 'member',
  input: z.object({
    video_id: idSchema('video'),
    vote: z.enum(VOTES, { error: 'Please choose thumbs up or thumbs down.' }),
  }),
});
