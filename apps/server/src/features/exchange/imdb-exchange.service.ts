import { earn, exchange as contract, uploads } from '@marquee/contract';
import type { AppDeps } from '../../platform/deps.js';
import type { Caller } from '../../platform/auth.js';
import { AppError, loggedOut } from '../../platform/errors.js';
import { pacificDay } from '../../platform/time.js';
import { dailyActionsUsedUpMessage, memberToday } from '../points/index.js';
import {
  CHECKING_ANSWER,
  answerImdbOffer,
  imdbQuestion,
  offerWindowSeconds,
  writeOffers,
} from '../earn/index.js';
import { presentHistory } from '../history/index.js';
import { requireExchangeMember } from './exchange.access.js';
import {
  activeImdbListings,
  exchangeCandidates,
  exchangeHistory,
  exchangeMember,
  moveOptIn,
  saveOptIn,
  switchOff,
  weekCounts,
  type ExchangeCandidate,
} from './imdb-exchange.repo.js';
import {
  ALLOWED_OFF,
  ALLOWED_ON,
  EXCHANGE_HISTORY_ITEMS,
  IMDB_EXCHANGE_MESSAGES as MESSAGES,
  exchangeListingOf,
  sameDaySince,
  viewedYouSince,
  weekStart,
} from './imdb-exchange.policy.js';

/**
 * The member's listing on the exchange (EX10) and whether it is listed. A member listed with a
 * listing that is no longer the one EX10 names (a new profile page listed, the old one removed) is
 * moved onto the right one here, each time the page is opened or a listing is asked for.
 */
async function ownExchangeListing(deps: AppDeps, userId: number, now: Date) {
  const [member, active] = await Promise.all([
    exchangeMember(deps.db, userId),
    activeImdbListings(deps.db, userId),
  ]);
  if (!member) throw loggedOut();
  const listing = exchangeListingOf(member.imdbUrl, active);
  if (listing && member.listingId !== null && member.listingId !== listing.id) {
    await moveOptIn(deps.db, userId, listing.id, now);
  }
  return { listing, listed: member.allowed === ALLOWED_ON, picture: member.picture };
}

/** exchange/imdb/fetchMyListing (spec 4 §3, EX10): null when the member has no active IMDb listing. */
export async function fetchMyListing(deps: AppDeps, caller: Caller) {
  const now = deps.clock.now();
  await requireExchangeMember(deps.db, caller, now);
  const { listing, listed, picture } = await ownExchangeListing(deps, caller.userId, now);
  const myListing: contract.MyImdbListing | null = listing && {
    id: listing.id,
    name: listing.name,
    profile: uploads.pictureUrl(picture, 80),
    url: listing.url,
    short: listing.externalId,
    vfv_allowed: listed,
  };
  return { status: 'success' as const, myListing };
}

/** exchange/imdb/updateAllowed (EX10): 1 lists the member's IMDb page on the exchange, 2 takes it off. */
export async function updateAllowed(deps: AppDeps, caller: Caller, allowed: 1 | 2) {
  const now = deps.clock.now();
  await requireExchangeMember(deps.db, caller, now);
  if (allowed === ALLOWED_OFF) {
    await switchOff(deps.db, caller.userId, ALLOWED_OFF, now);
    return { status: 'success' as const, message: MESSAGES.unlisted, vfv_allowed: false };
  }
  const { listing } = await ownExchangeListing(deps, caller.userId, now);
  if (!listing) throw new AppError(409, 'error', MESSAGES.noListing);
  await saveOptIn(deps.db, { userId: caller.userId, listingId: listing.id, allowed: ALLOWED_ON, at: now });
  return { status: 'success' as const, message: MESSAGES.listed, vfv_allowed: true };
}

/**
 * exchange/imdb/fetchListings (EX11): statuses in the order error ('no_listing', then
 * 'not_opted_in': a swap is mutual, so only a listed member views others), done (the daily actions
 * are used up, EX12), nolistings, success. Every listing returned is an offer marked as an
 * exchange (D5.1), worth no points.
 */
export async function fetchListings(deps: AppDeps, caller: Caller) {
  const now = deps.clock.now();
  await requireExchangeMember(deps.db, caller, now);
  const [day, own] = await Promise.all([
    memberToday(deps.db, caller.userId, now),
    ownExchangeListing(deps, caller.userId, now),
  ]);
  if (!day) throw loggedOut();
  const { allowance } = day;
  const answer = (
    status: 'success' | 'nolistings' | 'done' | 'error',
    message: string,
    extra = '',
    listings: contract.ExchangeImdbListing[] = [],
  ) => ({
    status,
    listings,
    message,
    extra,
    daily_max: allowance.max,
    actions_today: allowance.actions,
  });

  if (!own.listing) return answer('error', MESSAGES.noListing, 'no_listing');
  if (!own.listed) return answer('error', MESSAGES.notOptedIn, 'not_opted_in');
  if (allowance.actions >= allowance.max) return answer('done', dailyActionsUsedUpMessage(allowance.max));

  const rows = await exchangeCandidates(deps.db, {
    earner: caller.userId,
    session: caller.sessionId,
    today: pacificDay(now),
    since: sameDaySince(now),
    viewedSince: viewedYouSince(now),
    now,
  });
  if (!rows.length) return answer('nolistings', contract.EXCHANGE_MESSAGES.noListings);
  return answer('success', '', '', await recordOffers(deps, caller, rows, now));
}

/** D5.1: an offer per listing returned, marked as an exchange: no points, no cost, no bonus (EX11). */
async function recordOffers(
  deps: AppDeps,
  caller: Caller,
  rows: ExchangeCandidate[],
  now: Date,
): Promise<contract.ExchangeImdbListing[]> {
  const window = offerWindowSeconds('imdb-view');
  const none = rows.map(() => 0);
  const no = rows.map(() => false);
  await writeOffers(deps.db, {
    earner: caller.userId,
    session: caller.sessionId,
    at: now,
    exchange: true,
    viaExtension: false,
    listings: rows.map((r) => r.id),
    points: none,
    costs: none,
    bonuses: none,
    proViews: no,
    sponsored: no,
    windows: rows.map(() => window),
  });
  return rows.map((row) => ({
    id: row.id,
    type: 'imdb-view' as const,
    platform: 'imdb' as const,
    name: row.name,
    first: row.first,
    last: row.last,
    user_id: row.userId,
    avatar: uploads.pictureUrl(row.avatar, 80),
    url: row.url,
    open_url: deps.integrations.openUrl(row.url),
    embed_url: null,
    external_id: row.externalId,
    points: 0,
    sponsored: false,
    sponsored_benefit: false,
    imdb_type: (row.imdbType as 'person' | 'title' | null) ?? null,
    test_cat: row.testCat,
    nm_code: row.nmCode,
    bonus: 0,
    allow_pro_views: false,
    pro_view: false,
    extProOnly: false,
    // The question only: the expected number never leaves the server (D5.2).
    question: imdbQuestion({ imdbType: row.imdbType, testCat: row.testCat, proView: false }).text,
    expires_in: window,
    viewed_you: row.viewedYou,
  }));
}

/**
 * exchange/imdb/recordCorrectAnswer (EX11, EX12): the answer to an exchange offer, checked as
 * earning checks its own (D5.2, the dwell and speed limit of D11.1); a right one credits the view
 * with no points and counts it toward today's actions. A wrong one answers `incorrect`, and the page
 * asks checkIncorrectAnswer, whose crowd correction credits the view the same way.
 */
export async function recordCorrectAnswer(deps: AppDeps, caller: Caller, listingId: number, answer: number) {
  await requireExchangeMember(deps.db, caller, deps.clock.now());
  const outcome = await answerImdbOffer(deps, caller, listingId, answer, 'exchange');
  if ('incorrect' in outcome) return { status: 'incorrect' as const, message: CHECKING_ANSWER };
  const day = await memberToday(deps.db, caller.userId, deps.clock.now());
  if (!day) throw loggedOut();
  return {
    status: 'success' as const,
    message: earn.MESSAGES.correctAnswer,
    actions_today: day.allowance.actions,
    daily_max: day.allowance.max,
  };
}

/**
 * exchange/imdb/fetchHistory (EX12): this Pacific week's views completed and received (since Monday
 * 12am, D1.2), and the week's last views either way as History rows (V4V, +99 / -99).
 */
export async function fetchHistory(deps: AppDeps, caller: Caller) {
  const now = deps.clock.now();
  await requireExchangeMember(deps.db, caller, now);
  const since = weekStart(now);
  const [counts, rows] = await Promise.all([
    weekCounts(deps.db, caller.userId, since),
    exchangeHistory(deps.db, caller.userId, since, EXCHANGE_HISTORY_ITEMS),
  ]);
  return {
    status: 'success' as const,
    histories: rows.map((row) => presentHistory(row, caller.userId, now)),
    history_count: rows.length,
    completed: counts.completed,
    received: counts.received,
  };
}
