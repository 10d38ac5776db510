import { earn, managed, PLATFORM_NAME, proExtension, uploads, type Membership } from '@marquee/contract';
import type { z } from 'zod';
import type { AppDeps } from '../../platform/deps.js';
import type { Caller } from '../../platform/auth.js';
import { AppError, forbidden, loggedOut, notFound } from '../../platform/errors.js';
import { pacificDay } from '../../platform/time.js';
import { findMember } from '../members/index.js';
import { membershipOf } from '../membership/index.js';
import { memberToday } from '../points/index.js';
import { dailyActionsUsedUpMessage } from '../points/index.js';
import { platformReady } from '../linked-accounts/index.js';
import {
  countActiveListings,
  findCandidates,
  hideForSession,
  isActiveListing,
  setShowMePro,
  type CandidateRow,
} from './earn.repo.js';
import { extendOffer, writeOffers } from './offers.repo.js';
import { NOT_OFFERED, openOffer } from './credit.service.js';
import {
  actionsAllowedSoFar,
  imdbPointsCap,
  imdbQuestion,
  offerWindowSeconds,
  shuffleTop,
  underShadowMax,
} from './earn.policy.js';
import { readSettings } from '../../platform/settings.repo.js';
import { runningExtension, versionLink } from '../pro-extension/index.js';

const { EARN, LISTING_TYPES, TYPE_OF_PLATFORM } = earn;
type EarnListing = earn.EarnListing;
type ListingType = earn.ListingType;
type Platform = earn.Platform;

type FetchInput = z.output<typeof earn.fetchListings.input>;
type FetchAnswer = earn.FetchListingsAnswer;

const MANAGED_MESSAGE =
  'Managed Rank members do not do IMDb views themselves: your views are handled for you. See your Managed Rank history for how your page is doing.';
const POINTS_MAXED_MESSAGE = (cap: number) =>
  `You have ${cap.toLocaleString('en-US')} points or more, the most you can hold while earning from IMDb views. Spend some on your own listings to earn again.`;
const NO_LISTINGS_MESSAGE = 'There are no listings for you right now. We will check again in a minute.';
const CHECKTOKEN_MESSAGE = (platform: Platform) =>
  `Please check your ${PLATFORM_NAME[platform]} account before earning here.`;

/** Premium and pro members may ask for IMDbPro views (spec 1 §6). */
export const canShowPro = (membership: Membership) => membership === 'premium' || membership === 'pro';

/**
 * earnPoints/fetchListings (D4): statuses in the order checktoken, managed, done, pointsmaxed,
 * nolistings, success; every listing returned is recorded as an offer (D5.1). The Pro extension's
 * own fetches (PX5) are of IMDb listings only, answered `oeb`, and their offers stay open 900 s; a
 * member's own IMDb tab while their extension runs shows its work instead of listings (PX6).
 */
export async function fetchListings(deps: AppDeps, caller: Caller, input: FetchInput): Promise<FetchAnswer> {
  const now = deps.clock.now();
  if (caller.extension && input.listingType !== 'imdb')
    throw forbidden(proExtension.EXTENSION_MESSAGES.imdbOnly);
  const today = pacificDay(now);
  const candidates = (types: ListingType[]) =>
    types.length
      ? findCandidates(deps.db, {
          earnerId: caller.userId,
          sessionId: caller.sessionId,
          types,
          ownerId: input.user_id,
          today,
          now,
          limit: input.maxItems * 5 + 20,
        })
      : Promise.resolve([]);

  // A platform tab reads the earner's day, the linked account and the candidates at once, on three
  // connections: the earner's state decides the status, and the candidates are used only on success.
  let platformTab: { platform: Platform; ready: Promise<boolean>; rows: Promise<CandidateRow[]> } | null =
    null;
  if (input.listingType !== 'user') {
    const platform = input.listingType;
    platformTab = {
      platform,
      ready:
        platform === 'twitter' || platform === 'facebook'
          ? platformReady(deps.db, caller.userId, platform)
          : Promise.resolve(true),
      rows: candidates([TYPE_OF_PLATFORM[platform]]),
    };
    // Settled below only when the status needs them; never left to reject unobserved.
    platformTab.rows.catch(() => {});
    platformTab.ready.catch(() => {});
  } else if (!input.user_id) {
    throw new AppError(400, 'error', 'Please say whose listings to show.');
  }

  const [earner, shadow] = await Promise.all([
    memberToday(deps.db, caller.userId, now),
    readSettings(deps.db, ['shadow_max', 'randy_top']),
  ]);
  if (!earner) throw loggedOut();
  const { member, membership, allowance } = earner;
  const proOption = canShowPro(membership);
  const base: FetchAnswer = {
    status: 'success',
    listings: [],
    message: '',
    extVersionLink: versionLink(deps.config.extensionDist),
    giveProViewOption: proOption,
    showMePro: member.showMePro,
    free_sponsored: false,
    daily_max: allowance.max,
    actions_today: allowance.actions,
    oeb: caller.extension,
    extension: null,
    potential_fb: 0,
    potential_tw: 0,
  };
  const answer = (status: FetchAnswer['status'], message: string, extra: Partial<FetchAnswer> = {}) => ({
    ...base,
    status,
    message,
    ...extra,
  });

  if (platformTab) {
    const { platform } = platformTab;
    if (!(await platformTab.ready)) return answer('checktoken', CHECKTOKEN_MESSAGE(platform), { platform });
    if (platform === 'imdb' && membership === 'managed') return answer('managed', MANAGED_MESSAGE);
  }

  if (allowance.actions >= allowance.max) return answer('done', dailyActionsUsedUpMessage(allowance.max));
  const cap = imdbPointsCap(membership);
  const imdbMaxed = member.points >= cap;
  if (input.listingType === 'imdb' && imdbMaxed) return answer('pointsmaxed', POINTS_MAXED_MESSAGE(cap));
  // PX6: two hands on one offer would undo each other's Start, so the tab leaves them to the extension.
  if (input.listingType === 'imdb' && !caller.extension && membership === 'pro') {
    const extension = await runningExtension(deps.db, caller.userId, now);
    if (extension) return answer('success', '', { oeb: true, extension });
  }

  // The profile earn list leaves out what this earner cannot do, and says what linking would add.
  const potential = { potential_tw: 0, potential_fb: 0 };
  let rows: CandidateRow[];
  if (platformTab) {
    rows = await platformTab.rows;
  } else {
    const ownerId = input.user_id as number;
    const [tw, fb] = await Promise.all([
      platformReady(deps.db, caller.userId, 'twitter'),
      platformReady(deps.db, caller.userId, 'facebook'),
    ]);
    if (!tw) potential.potential_tw = await countActiveListings(deps.db, ownerId, 'twitter-follow');
    if (!fb) potential.potential_fb = await countActiveListings(deps.db, ownerId, 'facebook-like');
    const types = LISTING_TYPES.filter(
      (t) =>
        !(t === 'imdb-view' && (membership === 'managed' || imdbMaxed)) &&
        !(t === 'twitter-follow' && !tw) &&
        !(t === 'facebook-like' && !fb),
    );
    rows = await candidates(types);
  }

  const wantsPro = proOption && member.showMePro;
  const allowed = rows.filter(
    (row) =>
      (row.sponsoredLeft || row.actedToday < actionsAllowedSoFar(row, row.ownerPoints, row.give, now)) &&
      underShadowMax(row, shadow.shadow_max),
  );
  const chosen = shuffleTop(allowed, shadow.randy_top).slice(0, input.maxItems);
  if (!chosen.length) return answer('nolistings', NO_LISTINGS_MESSAGE, potential);

  const offered = await recordOffers(deps, caller, chosen, { wantsPro, today, now });
  return answer('success', '', {
    ...potential,
    listings: offered,
    free_sponsored: membership === 'free' && offered.some((l) => l.sponsored),
  });
}

/** D5.1: an offer per listing returned, with the points promised (D5.7) and when it closes. */
async function recordOffers(
  deps: AppDeps,
  caller: Caller,
  rows: CandidateRow[],
  ctx: { wantsPro: boolean; today: string; now: Date },
): Promise<EarnListing[]> {
  const planned = rows.map((row) => {
    const type = row.type as ListingType;
    const sponsored = row.sponsoredLeft;
    // A pro view costs the owner 2 more (D5.7); sponsored actions are plain views.
    const proView =
      !sponsored &&
      type === 'imdb-view' &&
      ctx.wantsPro &&
      row.allowProViews &&
      row.ownerPoints >= row.give + EARN.proViewBonus;
    // A managed member's listing is at 0 points (D14.2): its sponsored views pay the earner
    // MANAGED_VIEW_POINTS, from the house as every sponsored view (docs/domain.md MR12).
    const price =
      sponsored && row.give === 0
        ? managed.MANAGED_VIEW_POINTS
        : row.give + (proView ? EARN.proViewBonus : 0);
    const bonus = row.featured ? 1 : 0;
    const window = offerWindowSeconds(type, { proExtension: caller.extension });
    return {
      row,
      type,
      proView,
      sponsored,
      bonus,
      values: {
        listingId: row.id,
        points: price + bonus,
        cost: sponsored ? 0 : price,
        bonus,
        proView,
        sponsored,
      },
      window,
    };
  });
  await writeOffers(deps.db, {
    earner: caller.userId,
    session: caller.sessionId,
    at: ctx.now,
    exchange: false,
    viaExtension: caller.extension,
    listings: planned.map((p) => p.values.listingId),
    points: planned.map((p) => p.values.points),
    costs: planned.map((p) => p.values.cost),
    bonuses: planned.map((p) => p.values.bonus),
    proViews: planned.map((p) => p.values.proView),
    sponsored: planned.map((p) => p.values.sponsored),
    windows: planned.map((p) => p.window),
  });
  return planned.map(({ row, type, proView, sponsored, bonus, values, window }) => ({
    id: row.id,
    type,
    platform: row.platform as Platform,
    name: row.name,
    first: row.first,
    last: row.last,
    user_id: row.userId,
    avatar: uploads.pictureUrl(row.avatar, 80),
    url: row.url,
    open_url: deps.integrations.openUrl(row.url),
    embed_url: type === 'youtube-view' ? deps.integrations.openUrl(row.url, { embed: true }) : null,
    external_id: row.externalId,
    points: values.points,
    sponsored,
    sponsored_benefit: sponsored,
    imdb_type: (row.imdbType as 'person' | 'title' | null) ?? null,
    test_cat: row.testCat,
    nm_code: row.nmCode,
    bonus,
    allow_pro_views: row.allowProViews,
    pro_view: proView,
    extProOnly: false,
    question:
      type === 'imdb-view'
        ? imdbQuestion({ imdbType: row.imdbType, testCat: row.testCat, proView }).text
        : null,
    expires_in: window,
  }));
}

/** Start pressed (D5.1, D11.1): the dwell clock starts and the offer stays open for the action's time. */
export async function startAction(deps: AppDeps, caller: Caller, listingId: number) {
  const now = deps.clock.now();
  // Start on a credited offer has nothing left to start.
  const latest = await openOffer(deps.db, caller, listingId, now);
  if (latest.actionId !== null) throw new AppError(409, 'error', NOT_OFFERED);
  const window = offerWindowSeconds(latest.listing.type as ListingType, {
    proExtension: latest.offer.viaExtension,
  });
  const expiresAt = new Date(Math.max(latest.offer.expiresAt.getTime(), now.getTime() + window * 1000));
  await extendOffer(deps.db, latest.offer.id, { startedAt: latest.offer.startedAt ?? now, expiresAt });
  return {
    status: 'success' as const,
    expires_in: Math.round((expiresAt.getTime() - now.getTime()) / 1000),
  };
}

/** earnPoints/hideListing: hidden from this earner for the rest of this login (D4.6). */
export async function hideListing(deps: AppDeps, caller: Caller, listingId: number) {
  if (!(await isActiveListing(deps.db, listingId)))
    throw notFound('Uh oh, we had a problem hiding this listing.');
  await hideForSession(deps.db, caller.sessionId, listingId);
  return {
    status: 'success' as const,
    message: "This listing has been hidden, you won't see it again during this login.",
  };
}

/** earnPoints/updateShowMePreference: IMDbPro views on or off, for premium and pro members (spec 1 §6). */
export async function updateShowMePreference(deps: AppDeps, caller: Caller, showMePro: boolean) {
  const member = await findMember(deps.db, caller.userId);
  if (!member) throw loggedOut();
  if (showMePro && !canShowPro(membershipOf(member, deps.clock.now()).membership)) {
    throw forbidden('IMDbPro views are for Premium and Pro members.');
  }
  await setShowMePro(deps.db, caller.userId, showMePro);
  return { status: 'success' as const, showMePro };
}
