import { listings as contract, type earn, type Membership } from '@marquee/contract';
import type { AppDeps } from '../../platform/deps.js';
import type { Caller } from '../../platform/auth.js';
import { AppError, badInput, conflict, forbidden, loggedOut, notFound } from '../../platform/errors.js';
import { DAY_MS } from '../../platform/time.js';
import { findMember } from '../members/index.js';
import { membershipOf } from '../membership/index.js';
import { automaticDailyLimit, automaticLimitLabel } from '../earn/index.js';
import {
  canBuySponsored,
  sponsorOptions,
  type RunningSpecial,
  type SponsorPrices,
} from '../sponsored/index.js';
import { sponsorContext } from '../sponsored/index.js';
import {
  applyDuePointChanges,
  findListing,
  myListingRows,
  setListing,
  type ListingRow,
  type MyListingRow,
} from './listings.repo.js';
import {
  LISTING_ERRORS,
  listingBadge,
  listingStatusWords,
  mayAskProViews,
  mayDelete,
  pacificWeeks,
  planPointChange,
} from './listings.policy.js';

type ListingType = earn.ListingType;
type MyListing = contract.MyListing;
const { LISTING_MESSAGES, RATE_LIMIT } = contract;

/** Follows and likes: how far back My Listings counts the checks on the platform (vp_abs of vp_denom). */
const CHECKED_WINDOW_DAYS = 30;

/** What every answer of My Listings is built from: the caller's membership and the sponsor prices. */
export interface OwnerContext {
  now: Date;
  membership: Membership;
  svMax: number;
  prices: SponsorPrices;
  special: RunningSpecial | null;
}

/** The caller's membership (D2.3), sv_max, the sponsor prices and the running special, read at once. */
export async function ownerContext(deps: AppDeps, caller: Caller): Promise<OwnerContext> {
  const now = deps.clock.now();
  const [member, sponsor] = await Promise.all([
    findMember(deps.db, caller.userId),
    sponsorContext(deps.db, now),
  ]);
  if (!member) throw loggedOut();
  return {
    now,
    membership: membershipOf(member, now).membership,
    svMax: sponsor.svMax,
    prices: sponsor.prices,
    special: sponsor.special,
  };
}

const rowsQuery = (deps: AppDeps, now: Date, ownerId: number, listingId?: number) =>
  myListingRows(deps.db, {
    ownerId,
    listingId,
    weeks: pacificWeeks(now),
    checkedSince: new Date(now.getTime() - CHECKED_WINDOW_DAYS * DAY_MS),
  });

/** A listing as My Listings shows it, with the choices this member has for it (spec 2 §3, §5). */
export function presentListing(deps: AppDeps, ctx: OwnerContext, row: MyListingRow): MyListing {
  const l = row.listing;
  const type = l.type as ListingType;
  const arl = automaticDailyLimit(row.ownerPoints, l.give);
  const arlLabel = automaticLimitLabel(row.ownerPoints, l.give);
  const view = {
    type,
    page_category: l.pageCategory,
    give: l.give,
    rl_selection: l.rlSelection,
  };
  // What the sponsored feature sells for this listing now, by its own rules (spec 2 §9, D6.4).
  const ssOptions = canBuySponsored(l.status) ? sponsorOptions(type, ctx.prices, ctx.special) : [];
  const follows = type === 'twitter-follow' || type === 'facebook-like';
  const changeIn =
    l.changeAt && l.changingTo !== null
      ? Math.max(0, Math.ceil((l.changeAt.getTime() - ctx.now.getTime()) / 1000))
      : null;
  return {
    id: l.id,
    name: l.name,
    platform: l.platform as MyListing['platform'],
    type,
    url: l.url,
    open_url: deps.integrations.openUrl(l.url),
    external_profile: l.externalProfile,
    external_description: l.externalDescription,
    give: l.give,
    rl_selection: l.rlSelection,
    distributed: (l.distributed >= 1 && l.distributed <= 4 ? l.distributed : 1) as MyListing['distributed'],
    sponsor_bought: l.sponsorBought,
    sponsor_used: l.sponsorUsed,
    sponsor_paused: l.sponsorPaused,
    allow_pro_views: l.allowProViews ? 'yes' : 'no',
    page_category: l.pageCategory === 3 || l.pageCategory === 4 ? l.pageCategory : null,
    giveProViewOption: type === 'imdb-view' && l.imdbType === 'person' ? 'yes' : 'no',
    changing_to: l.changingTo,
    change_at_ts: l.changeAt && l.changingTo !== null ? Math.floor(l.changeAt.getTime() / 1000) : null,
    change_in: changeIn,
    arl,
    arl_label: arlLabel,
    pointOptions: contract.listingPointOptions(view, ctx.membership),
    rateOptions: contract
      .rateLimitChoices(view, ctx.membership)
      .map((value) => ({ value, label: contract.rateLimitLabel(value, arlLabel) })),
    vp_disabled: !follows,
    vp_abs: follows ? row.found : 0,
    vp_denom: follows ? row.checked : 0,
    hasSSOptions: ssOptions.length ? 'yes' : 'no',
    ssOptions,
    acted_today: row.actedToday,
    acted_this_week: row.actedThisWeek,
    acted_last_week: row.actedLastWeek,
    listing_status: listingStatusWords({
      status: l.status,
      give: l.give,
      changingTo: l.changingTo,
      sponsorLeft: l.sponsorLeft,
      ownerPoints: row.ownerPoints,
    }),
    listing_badge: listingBadge({
      sponsorLeft: l.sponsorLeft,
      featured: row.featured,
      allowProViews: l.allowProViews,
    }),
    canDelete: mayDelete(l.pageCategory),
  };
}

/** One of the caller's listings, fresh, as every change answers it. */
export async function presentOne(
  deps: AppDeps,
  ctx: OwnerContext,
  ownerId: number,
  listingId: number,
): Promise<MyListing> {
  const [row] = await rowsQuery(deps, ctx.now, ownerId, listingId);
  if (!row) throw notFound(LISTING_ERRORS.noSuchListing);
  return presentListing(deps, ctx, row);
}

/**
 * myListings/fetchMyListings: the owner's due point changes are applied first (D6.2), then the
 * whole panel is read in one query, beside the membership, settings and special (read at once).
 */
export async function fetchMyListings(deps: AppDeps, caller: Caller) {
  // The caller's context and the rows at once.
  const [ctx, first] = await Promise.all([
    ownerContext(deps, caller),
    rowsQuery(deps, deps.clock.now(), caller.userId),
  ]);
  let rows = first;
  // D6.2: a point change that has come due is applied before it is shown (the minute job may not
  // have run yet); the common case, none due, writes nothing.
  if (rows.some((r) => r.listing.changeAt !== null && r.listing.changeAt <= ctx.now)) {
    await applyDuePointChanges(deps.db, ctx.now, caller.userId);
    rows = await rowsQuery(deps, ctx.now, caller.userId);
  }
  const listed = rows.map((row) => presentListing(deps, ctx, row));
  return {
    status: 'success' as const,
    listings: listed,
    hasTypes: [...new Set(listed.map((l) => l.type))],
    sv_max: ctx.svMax.toLocaleString('en-US'),
  };
}

/** A listing the caller may change: it exists, is not deleted, and is theirs. */
async function ownListing(deps: AppDeps, caller: Caller, listingId: number): Promise<ListingRow> {
  const listing = await findListing(deps.db, listingId);
  if (!listing) throw notFound(LISTING_ERRORS.noSuchListing);
  if (listing.userId !== caller.userId) throw forbidden(LISTING_ERRORS.notYours);
  return listing;
}

/** Reads the caller's context and the listing at once; refuses another member's listing. */
async function forChange(deps: AppDeps, caller: Caller, listingId: number) {
  const [ctx, listing] = await Promise.all([ownerContext(deps, caller), ownListing(deps, caller, listingId)]);
  return { ctx, listing };
}

async function answer(deps: AppDeps, ctx: OwnerContext, caller: Caller, listingId: number, message: string) {
  return {
    status: 'success' as const,
    message,
    listing: await presentOne(deps, ctx, caller.userId, listingId),
  };
}

/**
 * myListings/updatePointSetting (D6.2, spec 2 §4, §5): one of the member's point choices; managed
 * members 0 only (spec 2 §6). From 0 it applies at once; otherwise 300 s later, the listing offered to
 * nobody meanwhile (D4.2), and open offers keep the points they promised (D5.1).
 */
export async function updatePointSetting(deps: AppDeps, caller: Caller, listingId: number, points: number) {
  const { ctx, listing } = await forChange(deps, caller, listingId);
  const options = contract.listingPointOptions(
    { type: listing.type as ListingType, page_category: listing.pageCategory, give: listing.give },
    ctx.membership,
  );
  if (!options.includes(points)) {
    throw ctx.membership === 'managed'
      ? forbidden(LISTING_ERRORS.managedPoints)
      : badInput(LISTING_ERRORS.points(options));
  }
  const plan = planPointChange(listing.give, points, ctx.now);
  const set =
    plan.kind === 'now'
      ? { give: plan.give, changingTo: null, changeAt: null }
      : plan.kind === 'later'
        ? { changingTo: plan.changingTo, changeAt: plan.changeAt }
        : { changingTo: null, changeAt: null };
  await setListing(deps.db, listing.id, set);
  return answer(
    deps,
    ctx,
    caller,
    listing.id,
    plan.kind === 'later' ? LISTING_MESSAGES.pointLater : LISTING_MESSAGES.pointUpdated,
  );
}

/** myListings/updateRateLimit (D4.5, spec 2 §5): one of the rate limits this member has for the listing. */
export async function updateRateLimit(deps: AppDeps, caller: Caller, listingId: number, rl: number) {
  const { ctx, listing } = await forChange(deps, caller, listingId);
  const choices = contract.rateLimitChoices(
    { type: listing.type as ListingType, rl_selection: listing.rlSelection },
    ctx.membership,
  );
  if (!choices.includes(rl)) throw badInput(LISTING_ERRORS.rateLimit);
  await setListing(deps.db, listing.id, { rlSelection: rl });
  return answer(deps, ctx, caller, listing.id, LISTING_MESSAGES.rateLimit);
}

/** myListings/updateRateLimitDistribution (D4.5): 1-4 windows; refused while the rate limit is off. */
export async function updateRateLimitDistribution(
  deps: AppDeps,
  caller: Caller,
  listingId: number,
  distribution: number,
) {
  const { ctx, listing } = await forChange(deps, caller, listingId);
  if (listing.rlSelection === RATE_LIMIT.off) throw conflict(LISTING_ERRORS.distributionOff);
  await setListing(deps.db, listing.id, { distributed: distribution });
  return answer(deps, ctx, caller, listing.id, LISTING_MESSAGES.distribution);
}

/**
 * myListings/updateAllowProViews (spec 2 §5): IMDb person pages only; asking for pro views needs a
 * premium or pro member (the spec's words), turning them off is always allowed.
 */
export async function updateAllowProViews(
  deps: AppDeps,
  caller: Caller,
  listingId: number,
  allow: 'yes' | 'no',
) {
  const { ctx, listing } = await forChange(deps, caller, listingId);
  if (listing.type !== 'imdb-view' || listing.imdbType !== 'person') {
    throw badInput(LISTING_ERRORS.proViewsPersonOnly);
  }
  if (allow === 'yes' && !mayAskProViews(ctx.membership)) {
    throw forbidden(contract.PRO_VIEWS_NEED_PAID);
  }
  await setListing(deps.db, listing.id, { allowProViews: allow === 'yes' });
  return answer(
    deps,
    ctx,
    caller,
    listing.id,
    allow === 'yes' ? 'Pro views are on for this listing.' : 'Pro views are off for this listing.',
  );
}

/**
 * myListings/pauseSponsoredActivity (spec 2 §4, D6.4): only while sponsored actions are left
 * (bought above 0, used below bought), and only from the other state.
 */
export async function pauseSponsoredActivity(
  deps: AppDeps,
  caller: Caller,
  listingId: number,
  action: 'pause' | 'unpause',
) {
  const { ctx, listing } = await forChange(deps, caller, listingId);
  if (!contract.sponsoredPausable(listing.sponsorBought, listing.sponsorUsed)) {
    throw conflict(LISTING_ERRORS.nothingToPause);
  }
  if (action === 'pause' && listing.sponsorPaused) throw conflict(LISTING_ERRORS.alreadyPaused);
  if (action === 'unpause' && !listing.sponsorPaused) throw conflict(LISTING_ERRORS.notPaused);
  await setListing(deps.db, listing.id, { sponsorPaused: action === 'pause' });
  return answer(deps, ctx, caller, listing.id, LISTING_MESSAGES.sponsoredPaused(action));
}

/**
 * myListings/deleteListing: the listing becomes 'deleted' and is offered to nobody again (D4.1).
 * Refused for an IMDb person page (spec 2 §6, the button is hidden too). Offers already open keep
 * their promise until they close (D5.1, docs/domain.md); the history keeps its actions.
 */
export async function deleteListing(deps: AppDeps, caller: Caller, listingId: number) {
  const listing = await ownListing(deps, caller, listingId);
  if (!mayDelete(listing.pageCategory)) throw new AppError(403, 'error', LISTING_ERRORS.cannotDelete);
  await setListing(deps.db, listing.id, { status: 'deleted', changingTo: null, changeAt: null });
  return { status: 'success' as const, message: LISTING_MESSAGES.deleted };
}

/** D6.2: the minute job that applies every point change that has come due (listed in app.ts's MINUTE_JOBS). */
export const pointChangesJob = {
  name: 'point-changes',
  run: (deps: AppDeps, now: Date) => applyDuePointChanges(deps.db, now),
};
