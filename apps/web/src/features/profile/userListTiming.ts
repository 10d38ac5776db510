import { earn } from '@marquee/contract';

/** The profile's earn list (spec 2 §4 "Earn list for a user", §9): 30 s to start, then 60 s (6000 s for a video). */
export const USER_LIST_SECONDS = earn.EARN.listTimeoutSeconds;
export const USER_ACTION_SECONDS = 60;

export function userListTimeout(startedType: earn.ListingType | null | undefined): number {
  if (startedType === 'youtube-view') return earn.EARN.videoActionTimeoutSeconds;
  return startedType ? USER_ACTION_SECONDS : USER_LIST_SECONDS;
}

/**
 * No listings of this member right now: ask again after 60 s, then 120 s, 180 s and 240 s; stop
 * once the next wait would pass 299 s (spec 2 §4 nolistings).
 */
export function nextRecheckSeconds(checksSoFar: number): number | null {
  const wait = 60 * (checksSoFar + 1);
  return wait > 299 ? null : wait;
}

export const USER_LIST_TIMED_OUT = 'The listings available for this user timed out from inactivity...';
