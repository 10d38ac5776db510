import { earn, pacificHour, type Membership } from '@marquee/contract';
import type { RateRule } from '../../platform/rate-limit.js';
import { DAY_MS, MINUTE_MS } from '../../platform/time.js';

const { EARN } = earn;
type ListingType = earn.ListingType;

/** D4.5: rate-limit settings. */
export const RATE_LIMIT_OFF = 500;
export const RATE_LIMIT_AUTOMATIC = 99;

/**
 * D4.5 and spec 2 §5: the Pacific hours at which each part of the day's limit opens, per
 * distribution setting (1: 12am; 2: 12am, 12pm; 3: 12am, 8am, 4pm; 4: 12am, 6am, 12pm, 6pm).
 */
export const DISTRIBUTION_WINDOWS: Record<number, readonly number[]> = {
  1: [0],
  2: [0, 12],
  3: [0, 8, 16],
  4: [0, 6, 12, 18],
};

/**
 * D4.5 automatic limit: a daily limit that spreads the owner's balance over 7 days, at least 1
 * while the owner can pay for an action at all.
 */
export function automaticDailyLimit(ownerPoints: number, cost: number): number {
  if (cost <= 0 || ownerPoints < cost) return 0;
  return Math.max(1, Math.floor(ownerPoints / cost / 7));
}

/** The daily limit a rate-limit setting means, or null when the limit is off (D4.5). */
export function dailyLimit(rlSelection: number, ownerPoints: number, cost: number): number | null {
  if (rlSelection === RATE_LIMIT_OFF) return null;
  if (rlSelection === RATE_LIMIT_AUTOMATIC) return automaticDailyLimit(ownerPoints, cost);
  return rlSelection;
}

/**
 * How many of today's actions a listing may have had by `now` (D4.5): the day's limit opens in d
 * equal parts at the window times; distribution is ignored when the limit is off (Infinity).
 */
export function actionsAllowedSoFar(
  listing: { rlSelection: number; distributed: number },
  ownerPoints: number,
  cost: number,
  now: Date,
): number {
  const limit = dailyLimit(listing.rlSelection, ownerPoints, cost);
  if (limit === null) return Number.POSITIVE_INFINITY;
  const windows = DISTRIBUTION_WINDOWS[listing.distributed] ?? DISTRIBUTION_WINDOWS[1]!;
  const hour = pacificHour(now);
  const opened = windows.filter((h) => h <= hour).length;
  return Math.floor((limit * opened) / windows.length);
}

/** The label of the automatic rate limit shown to the owner (spec 2 §3 `arl_label`). */
export function automaticLimitLabel(ownerPoints: number, cost: number): string {
  return `Automatic (${automaticDailyLimit(ownerPoints, cost)} a day)`;
}

/** D4 `pointsmaxed`: at or above this balance a member gets no IMDb listings. */
export function imdbPointsCap(membership: Membership): number {
  return membership === 'free' ? EARN.imdbPointsCapFree : EARN.imdbPointsCapPaid;
}

/** D5.2: an answer within 2 of the stored fact is correct. */
export function answerIsCorrect(answer: number, fact: number): boolean {
  return Math.abs(answer - fact) <= EARN.answerTolerance;
}

/** The question an IMDb listing asks (D5.2): its key in imdb_facts, and how the card words it. */
export function imdbQuestion(listing: {
  imdbType: string | null;
  testCat: string | null;
  proView: boolean;
}): { key: string; text: string } {
  if (listing.proView) {
    return { key: 'starmeter', text: 'What is the STARmeter ranking shown on this IMDbPro page?' };
  }
  if (listing.imdbType === 'title') {
    return {
      key: 'runtime',
      text: 'What is the running time of this title, in minutes? (Type 0 if no runtime is listed.)',
    };
  }
  const category = (listing.testCat ?? 'actor').toLowerCase();
  return {
    key: `credits:${category}`,
    text: `How many ${categoryLabel(category)} credits does this page list?`,
  };
}

function categoryLabel(category: string): string {
  return category
    .split(/[_\s]+/)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}

/** D5.1: how long an offer stays open, from the offer and again from Start. */
export function offerWindowSeconds(type: ListingType, opts: { proExtension?: boolean } = {}): number {
  if (type === 'youtube-view') return EARN.videoActionTimeoutSeconds;
  if (opts.proExtension) return EARN.proActionTimeoutSeconds;
  return EARN.actionTimeoutSeconds;
}

/** D11.1 dwell: the least time between Start and the credit, per type (D5.5 for video). */
export function minimumDwellSeconds(type: ListingType): number {
  switch (type) {
    case 'imdb-view':
      return 5;
    case 'youtube-view':
      return EARN.videoCreditSeconds;
    default:
      return 3;
  }
}

/** D11.1: more credits than this in any minute slow a member down. */
export const MAX_CREDITS_PER_MINUTE = 6;

/** D11.1 as a rate-limit rule (counted as docs/domain.md L1-L3 say), under the earner's own key. */
export const CREDIT_SPEED_LIMIT: readonly RateRule[] = [
  { limit: MAX_CREDITS_PER_MINUTE, windowMs: MINUTE_MS },
];
export const creditSpeedKey = (earnerId: number) => `credit:${earnerId}`;

/**
 * D5.2, D11.1: wrong IMDb answers a member may give on one listing in a day before it takes no more
 * answers from them, so that an answer cannot be found by guessing number after number, offer after
 * offer (a pro view's "Whoops!" allows a retry; a normal view goes on to checkIncorrectAnswer).
 */
export const WRONG_ANSWERS_PER_OFFER: readonly RateRule[] = [{ limit: 3, windowMs: DAY_MS }];
export const wrongAnswersKey = (earnerId: number, listingId: number) => `imdb-wrong:${earnerId}:${listingId}`;
export const TOO_MANY_TRIES =
  'That is too many tries for this listing. Please reload the list and read the page carefully.';
export const EARNING_TOO_FAST =
  'You are earning faster than we can check. Please wait a minute before the next action.';

/**
 * D5.3: established members (each counted once, however often they missed) whose misses in 24 h, with no
 * correct answer, send a listing to an admin credit update.
 */
export const MISSES_TO_DISABLE = 5;

/**
 * D5.3 (docs/domain.md "Wrong answers"): a listing goes to an admin credit update when enough
 * distinct members missed it in the last 24 h and nobody answered it correctly meanwhile; one
 * member missing again and again never does it alone.
 */
export function needsCreditUpdate(q: { distinctMissers: number; answeredCorrectly: boolean }): boolean {
  return !q.answeredCorrectly && q.distinctMissers >= MISSES_TO_DISABLE;
}

/** D5.3: other established members giving the same wrong number since the fact was confirmed correct it. */
export const CROWD_AGREEMENT = 2;

/** D5.3 "Who counts": days a member has been with us before their misses and answers count for a listing. */
export const ESTABLISHED_AFTER_DAYS = 7;
/** D5.3 "Who counts": IMDb answers of their own credited (and not taken back) before they count. */
export const ESTABLISHED_AFTER_ANSWERS = 10;

/** What decides whether a member is established (D5.3 "Who counts"). */
export interface Standing {
  emailConfirmed: boolean;
  joinedAt: Date;
  /** Credited IMDb answers that still stand, read up to ESTABLISHED_AFTER_ANSWERS. */
  imdbAnswers: number;
}

/**
 * D5.3 (docs/domain.md "Who counts"): only an established member's miss counts toward pausing a
 * listing, and only their answer witnesses a crowd correction: email confirmed, a member for 7 days
 * and 10 IMDb answers of their own credited, so a batch of fresh accounts must do real work first.
 */
export function isEstablished(m: Standing, now: Date): boolean {
  return (
    m.emailConfirmed &&
    now.getTime() - m.joinedAt.getTime() >= ESTABLISHED_AFTER_DAYS * DAY_MS &&
    m.imdbAnswers >= ESTABLISHED_AFTER_ANSWERS
  );
}
/** A member who missed this many in 24 h is shown the recently-missed notice. */
export const RECENTLY_MISSED_NOTICE = 3;

/** D4.4: how far back an earlier action on the same listing keeps it from being offered again. */
export function repeatWindow(type: ListingType): 'pacific_day' | 'seven_days' | 'ever' {
  if (type === 'imdb-view') return 'pacific_day';
  if (type === 'youtube-view') return 'seven_days';
  return 'ever';
}

/**
 * AD10 randy_top: the first `top` listings that are not sponsored trade places at random, so the
 * same few listings with the most points are not always first for every earner; sponsored ones stay
 * first (D4). 0 leaves the order as it is.
 */
export function shuffleTop<T extends { sponsoredLeft: boolean }>(
  rows: T[],
  top: number,
  random = Math.random,
): T[] {
  if (top < 2) return rows;
  const sponsored = rows.filter((r) => r.sponsoredLeft);
  const rest = rows.filter((r) => !r.sponsoredLeft);
  const head = rest.slice(0, top);
  for (let i = head.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [head[i], head[j]] = [head[j]!, head[i]!];
  }
  return [...sponsored, ...head, ...rest.slice(top)];
}

/** AD10 shadow_max: whether a listing may be offered again today under the site's cap (0: no cap). */
export const underShadowMax = (row: { sponsoredLeft: boolean; actedToday: number }, shadowMax: number) =>
  shadowMax === 0 || row.sponsoredLeft || row.actedToday < shadowMax;
