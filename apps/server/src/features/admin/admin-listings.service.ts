import {
  adminListings as contract,
  listings as listingWords,
  pacificDate,
  type ListingType,
  type Platform,
} from '@marquee/contract';
import type { AppDeps } from '../../platform/deps.js';
import type { Db } from '../../platform/db/database.js';
import type { Caller } from '../../platform/auth.js';
import { recordAudit } from '../../platform/audit.repo.js';
import { badInput, conflict, notFound } from '../../platform/errors.js';
import { DAY_MS, addDays, pacificDay, pacificMidnight, timeAgo, weekOf } from '../../platform/time.js';
import { automaticDailyLimit, automaticLimitLabel, imdbQuestion } from '../earn/index.js';
import { raiseAlert } from '../alerts/index.js';
import { findMember } from '../members/index.js';
import {
  countWaiting,
  listingWithOwnerPoints,
  listingsOfMember,
  listingsWaiting,
  lockListing,
  missedAnswers,
  setAdminFact,
  setListingColumns,
  storedFacts,
  viewsPerWeek,
  weeklyActions,
  type ListingRow,
} from './admin-listings.repo.js';

/** How far back the credit-update list shows the wrong answers given (AL4). */
const ANSWERS_SHOWN_DAYS = 7;

/** The question a normal IMDb view of this listing asks, or null for other platforms (D5.2). */
const questionOf = (l: ListingRow) =>
  l.type === 'imdb-view' ? imdbQuestion({ imdbType: l.imdbType, testCat: l.testCat, proView: false }) : null;
const factKey = (l: ListingRow) => {
  const q = questionOf(l);
  return q ? `${l.externalId}|${q.key}` : null;
};

function statusWords(l: ListingRow): string {
  if (l.status === 'disabled' && l.statusReason === 'credit_update') return 'Disabled for a credit update';
  if (l.status === 'pending' && l.statusReason === 'page_review') return 'Waiting for review';
  if (l.status === 'invalid' && l.statusReason === 'page_rejected') return 'Turned down in review';
  if (l.status === 'invalid') return 'Invalid: the page is gone';
  return l.status.charAt(0).toUpperCase() + l.status.slice(1);
}

/** spec 4 §3 Admin listing (AL1). */
function present(
  l: ListingRow,
  ctx: {
    ownerPoints: number;
    today: string;
    openUrl: (url: string) => string;
    weekly?: { thisWeek: number; lastWeek: number };
    fact?: number;
  },
): contract.AdminListing {
  const actedToday = l.actedOn === ctx.today ? l.actedCount : 0;
  const automatic = l.rlSelection === listingWords.RATE_LIMIT.automatic;
  const daily = automatic ? automaticDailyLimit(ctx.ownerPoints, l.give) : l.rlSelection;
  const off = l.rlSelection === listingWords.RATE_LIMIT.off;
  return {
    id: l.id,
    user_id: l.userId,
    name: l.name,
    url: l.url,
    open_url: ctx.openUrl(l.url),
    status: l.status,
    give: l.give,
    imdb_credit_counts: ctx.fact ?? null,
    question: questionOf(l)?.text ?? '',
    platform: l.platform as Platform,
    type: l.type as ListingType,
    external_id: l.externalId,
    listing_status: statusWords(l),
    listing_badge: l.sponsorLeft ? 'Sponsored' : l.allowProViews ? 'Pro views' : '',
    sponsor_used: l.sponsorUsed,
    sponsor_bought: l.sponsorBought,
    rl_now: off ? null : Math.max(0, daily - actedToday),
    rl_daily: listingWords.rateLimitLabel(l.rlSelection, automaticLimitLabel(ctx.ownerPoints, l.give)),
    acted_today: actedToday,
    acted_this_week: ctx.weekly?.thisWeek ?? 0,
    acted_last_week: ctx.weekly?.lastWeek ?? 0,
    page_category: l.pageCategory,
  };
}

/** The Mondays that start this Pacific week and the one before. */
function weekStarts(now: Date) {
  const { monday } = weekOf(pacificDay(now));
  return { thisMonday: pacificMidnight(monday), lastMonday: pacificMidnight(addDays(monday, -7)) };
}

async function presentAll(deps: AppDeps, rows: { listing: ListingRow; ownerPoints: number }[]) {
  const now = deps.clock.now();
  const { thisMonday, lastMonday } = weekStarts(now);
  const imdb = rows.map((r) => r.listing).filter((l) => questionOf(l));
  const [weekly, facts] = await Promise.all([
    weeklyActions(
      deps.db,
      rows.map((r) => r.listing.id),
      thisMonday,
      lastMonday,
    ),
    storedFacts(
      deps.db,
      imdb.map((l) => ({ pageCode: l.externalId, question: questionOf(l)!.key })),
    ),
  ]);
  const today = pacificDay(now);
  return rows.map(({ listing, ownerPoints }) => {
    const key = factKey(listing);
    return present(listing, {
      ownerPoints,
      today,
      openUrl: deps.integrations.openUrl,
      weekly: weekly.get(listing.id),
      fact: key ? facts.get(key) : undefined,
    });
  });
}

/** admin/fetchUserListings (AL1). */
export async function userListings(deps: AppDeps, userId: number) {
  const member = await findMember(deps.db, userId);
  if (!member || member.kind !== 'member') throw notFound('There is no member with that id.');
  return {
    status: 'success' as const,
    listings: await presentAll(deps, await listingsOfMember(deps.db, userId)),
  };
}

type ListingChange = {
  id: number;
  name?: string;
  url?: string;
  status?: (typeof contract.STAFF_STATUSES)[number];
  give?: number;
  imdb_credit_counts?: number;
};

/**
 * admin/updateUserListing (AL2): the fields given, in one transaction with the audit entry. An IMDb
 * answer set here is the page's fact from now on (D5.4), and a listing disabled for a credit update
 * comes back to members with it unless staff chose another status.
 */
export async function updateListing(deps: AppDeps, caller: Caller, input: ListingChange) {
  const { id, imdb_credit_counts: answer, ...fields } = input;
  if (Object.values(input).filter((v) => v !== undefined).length === 1)
    throw badInput(contract.NOTHING_TO_CHANGE);
  const now = deps.clock.now();
  const message = await deps.db.transaction(async (tx) => {
    const listing = await lockListing(tx, id);
    if (!listing || listing.status === 'deleted') throw notFound(contract.NO_SUCH_LISTING);
    if (fields.status && listing.status === 'pending' && listing.statusReason === 'page_review')
      throw conflict(contract.PENDING_REVIEW_FIRST);
    const question = questionOf(listing);
    if (answer !== undefined && !question) throw badInput(contract.NOT_IMDB);
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    const set: Partial<ListingRow> = {};
    const note = (key: string, was: unknown, now: unknown) => {
      if (was === now) return;
      before[key] = was;
      after[key] = now;
    };
    if (fields.name !== undefined) note('name', listing.name, (set.name = fields.name));
    if (fields.url !== undefined) note('url', listing.url, (set.url = fields.url));
    if (fields.give !== undefined) {
      note('give', listing.give, (set.give = fields.give));
      // Staff's points apply at once: a point change the member had waiting is dropped (D6.2).
      set.changingTo = null;
      set.changeAt = null;
    }
    const reenable =
      fields.status === undefined &&
      answer !== undefined &&
      listing.status === 'disabled' &&
      listing.statusReason === 'credit_update';
    const status = fields.status ?? (reenable ? 'active' : undefined);
    if (status !== undefined) {
      note('status', listing.status, (set.status = status));
      set.statusReason =
        status === 'active' ? null : status === listing.status ? listing.statusReason : 'staff';
    }
    if (answer !== undefined && question) {
      const facts = await storedFacts(tx, [{ pageCode: listing.externalId, question: question.key }]);
      note('answer', facts.get(`${listing.externalId}|${question.key}`) ?? null, answer);
      await setAdminFact(tx, {
        pageCode: listing.externalId,
        question: question.key,
        value: answer,
        at: now,
      });
    }
    if (Object.keys(set).length) await setListingColumns(tx, id, set);
    if (listing.status !== 'active' && set.status === 'active' && listing.statusReason === 'credit_update') {
      await raiseAlert(tx, {
        userId: listing.userId,
        kind: 'listing_enabled',
        content: `Your listing "${listing.name}" is offered to members again: we checked its IMDb details.`,
        link: '/dashboard/imdb',
        at: now,
      });
    }
    await recordAudit(tx, {
      adminId: caller.userId,
      action: 'listing.update',
      summary: `Changed listing #${id} (${listing.name}).`,
      userId: listing.userId,
      before,
      after,
      at: now,
    });
    return reenable
      ? 'The answer was saved and the listing is offered to members again.'
      : 'The listing was updated.';
  });
  const row = (await listingWithOwnerPoints(deps.db, id))!;
  const [listing] = await presentAll(deps, [row]);
  return { status: 'success' as const, message, listing: listing! };
}

/** admin/fetchViewsHistory (AL3): the IMDb views the member's pages received, the newest week first. */
export async function viewsHistory(deps: AppDeps, userId: number) {
  const member = await findMember(deps.db, userId);
  if (!member || member.kind !== 'member') throw notFound('There is no member with that id.');
  const now = deps.clock.now();
  const { monday } = weekOf(pacificDay(now));
  // One week more than shown, so the oldest shown has its change.
  const first = addDays(monday, -7 * contract.VIEWS_HISTORY_WEEKS);
  const counted = new Map(
    (await viewsPerWeek(deps.db, userId, pacificMidnight(first))).map((r) => [r.weekEnding, r.views]),
  );
  const sundays = Array.from({ length: contract.VIEWS_HISTORY_WEEKS + 1 }, (_, i) =>
    addDays(first, 6 + 7 * i),
  );
  const weeks = sundays.slice(1).map((weekEnding, i) => {
    const views = counted.get(weekEnding) ?? 0;
    return { weekEnding, views, change: views - (counted.get(sundays[i]!) ?? 0) };
  });
  return { status: 'success' as const, weeks: weeks.reverse() };
}

/** admin/fetchCreditUpdateListings (AL4): listings disabled by misses, oldest first, with the answers given. */
export async function creditUpdateListings(deps: AppDeps) {
  const now = deps.clock.now();
  const [rows, count] = await Promise.all([
    listingsWaiting(deps.db, 'credit_update', contract.CREDITS_LIST_MAX),
    countWaiting(deps.db, 'credit_update'),
  ]);
  const ids = rows.map((r) => r.listing.id);
  const [misses, facts] = await Promise.all([
    missedAnswers(deps.db, ids, new Date(now.getTime() - ANSWERS_SHOWN_DAYS * DAY_MS)),
    storedFacts(
      deps.db,
      rows.flatMap((r) => {
        const question = questionOf(r.listing);
        return question ? [{ pageCode: r.listing.externalId, question: question.key }] : [];
      }),
    ),
  ]);
  return {
    status: 'success' as const,
    count,
    listings: rows.map(({ listing, first, last }) => {
      const given = misses.filter((m) => m.listingId === listing.id);
      const latest = given.reduce<Date | null>((at, m) => (!at || m.last > at ? m.last : at), null);
      return {
        id: listing.id,
        user_id: listing.userId,
        first,
        last,
        name: listing.name,
        url: listing.url,
        open_url: deps.integrations.openUrl(listing.url),
        // Only IMDb listings are disabled for a credit update (D5.3); any other shows no question.
        question: questionOf(listing)?.text ?? '',
        stored: facts.get(factKey(listing) ?? '') ?? null,
        answers: given.map((m) => ({ answer: m.answer, count: m.count, ago: timeAgo(m.last, now) })),
        disabled_on: pacificDate(latest ?? listing.createdAt),
      };
    }),
  };
}

/** admin/fetchPendingFB (AL5): Facebook pages waiting for review, oldest first. */
export async function pendingFacebookPages(deps: AppDeps) {
  const [rows, count] = await Promise.all([
    listingsWaiting(deps.db, 'page_review', contract.CREDITS_LIST_MAX),
    countWaiting(deps.db, 'page_review'),
  ]);
  return {
    status: 'success' as const,
    count,
    pages: rows.map(({ listing, first, last }) => ({
      fb_id: listing.id,
      user_id: listing.userId,
      user_first: first,
      user_last: last,
      point_setting: listing.give,
      name: listing.name,
      url: listing.url,
      open_url: deps.integrations.openUrl(listing.url),
      page_id: listing.externalId,
      added_on: pacificDate(listing.createdAt),
    })),
  };
}

/** A pending page, locked; refused when it is not waiting any more (someone else reviewed it first). */
async function lockPending(tx: Db, fbId: number) {
  const listing = await lockListing(tx, fbId);
  if (!listing || listing.platform !== 'facebook') throw notFound(contract.NO_SUCH_LISTING);
  if (listing.status !== 'pending' || listing.statusReason !== 'page_review')
    throw conflict(contract.NOT_PENDING);
  return listing;
}

/** admin/submitFBPage (AL5): the page's id and details set, the listing offered to members, its owner told. */
export async function approveFacebookPage(
  deps: AppDeps,
  caller: Caller,
  input: {
    fb_id: number;
    pageId: string;
    point_setting: number;
    title: string;
    url: string;
    about: string;
    pageCat: number;
  },
) {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const listing = await lockPending(tx, input.fb_id);
    await setListingColumns(tx, listing.id, {
      externalId: input.pageId,
      name: input.title,
      url: input.url,
      externalDescription: input.about || null,
      pageCategory: input.pageCat,
      give: input.point_setting,
      status: 'active',
      statusReason: null,
    });
    await raiseAlert(tx, {
      userId: listing.userId,
      kind: 'fb_page_approved',
      content: `Your Facebook page "${input.title}" was approved and is now offered to members.`,
      link: '/dashboard',
      at: now,
    });
    await recordAudit(tx, {
      adminId: caller.userId,
      action: 'facebook.approve',
      summary: `Approved the Facebook page "${input.title}".`,
      userId: listing.userId,
      before: { page_id: listing.externalId, name: listing.name, give: listing.give },
      after: { page_id: input.pageId, name: input.title, give: input.point_setting, category: input.pageCat },
      at: now,
    });
  });
  return { status: 'success' as const, message: `"${input.title}" is now offered to members.` };
}

/** admin/rejectFBPage (AL6): the page turned down, its owner told why; it is offered to nobody. */
export async function rejectFacebookPage(
  deps: AppDeps,
  caller: Caller,
  input: { fb_id: number; reason: string },
) {
  const now = deps.clock.now();
  const name = await deps.db.transaction(async (tx) => {
    const listing = await lockPending(tx, input.fb_id);
    await setListingColumns(tx, listing.id, { status: 'invalid', statusReason: 'page_rejected' });
    await raiseAlert(tx, {
      userId: listing.userId,
      kind: 'fb_page_rejected',
      content: `Your Facebook page "${listing.name}" was not accepted: ${input.reason}`,
      link: '/dashboard',
      at: now,
    });
    await recordAudit(tx, {
      adminId: caller.userId,
      action: 'facebook.reject',
      summary: `Turned down the Facebook page "${listing.name}".`,
      userId: listing.userId,
      reason: input.reason,
      at: now,
    });
    return listing.name;
  });
  return { status: 'success' as const, message: `"${name}" was turned down and its owner told why.` };
}
