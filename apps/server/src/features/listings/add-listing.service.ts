import { listings as contract, PLATFORM_OF_TYPE, type earn, type Membership } from '@marquee/contract';
import type { AppDeps } from '../../platform/deps.js';
import type { Caller } from '../../platform/auth.js';
import type { Db } from '../../platform/db/database.js';
import { AppError, badInput, conflict } from '../../platform/errors.js';
import { PlatformOffline, type ImdbPage } from '../../integrations/types.js';
import { keepReaderFacts } from '../earn/index.js';
import { insertListing, lockMember, sameTypeListings } from './listings.repo.js';
import {
  LISTING_ERRORS,
  listingPageOf,
  pageCategoryOf,
  realUrlOfSimulated,
  simulatedIdIsWellFormed,
  testCategoryOf,
  type ListingPage,
} from './listings.policy.js';
import { ownerContext, presentOne } from './listings.service.js';

type ListingType = earn.ListingType;
const { LISTING_MESSAGES } = contract;

/** What a listing stores about its page, read through the platform's adapter (D9). */
interface PageDetails extends ListingPage {
  name: string;
  externalProfile: string | null;
  externalDescription: string | null;
  imdb: {
    imdbType: 'person' | 'title';
    pageCategory: 3 | 4;
    testCat: string | null;
    nmCode: string | null;
    facts: { question: string; value: number }[];
  } | null;
}

/** Handles and page names are one page whatever their case; IMDb codes and video ids are exact. */
const samePage = (type: ListingType, a: string, b: string) =>
  type === 'twitter-follow' || type === 'facebook-like' ? a.toLowerCase() === b.toLowerCase() : a === b;

/**
 * Spec 2 §5: free members one listing of each type (the spec's words; the page adds the upgrade and
 * referrals links, `extra: 'free_limit'`), and nobody the same page twice.
 */
async function checkRoom(
  db: Db,
  ownerId: number,
  type: ListingType,
  membership: Membership,
  externalId?: string,
) {
  const mine = await sameTypeListings(db, ownerId, type);
  if (membership === 'free' && mine.length > 0) {
    throw new AppError(409, 'error', contract.FREE_ONE_PER_TYPE, 'free_limit');
  }
  if (externalId !== undefined && mine.some((l) => samePage(type, l.externalId, externalId))) {
    throw conflict(LISTING_ERRORS.duplicate);
  }
}

/** Spec 2 §5 and D9: the URL names a page of the type's platform, whose adapter then reads it. */
function pageOfUrl(deps: AppDeps, type: ListingType, url: string): ListingPage {
  // Offline, the address of a simulated page stands for the real page it serves (D9.2).
  const typed = deps.integrations.mode === 'simulated' ? realUrlOfSimulated(url) : url;
  const page = listingPageOf(type, typed);
  if (!page) throw badInput(LISTING_ERRORS.badUrl[type]);
  return page;
}

function checkPoints(type: ListingType, membership: Membership, points: number) {
  const options = contract.newListingPointOptions(type, membership);
  if (!options.includes(points)) {
    throw badInput(membership === 'managed' ? LISTING_ERRORS.managedPoints : LISTING_ERRORS.points(options));
  }
}

/** D5.2, D5.4: what the questions of an IMDb page ask, as the page says it now. */
function imdbDetails(page: ImdbPage): NonNullable<PageDetails['imdb']> {
  const facts: { question: string; value: number }[] =
    page.kind === 'title'
      ? [{ question: 'runtime', value: page.runtimeMinutes ?? 0 }]
      : Object.entries(page.credits).map(([category, value]) => ({ question: `credits:${category}`, value }));
  if (page.starmeter !== null) facts.push({ question: 'starmeter', value: page.starmeter });
  return {
    imdbType: page.kind,
    pageCategory: pageCategoryOf(page.kind),
    testCat: page.kind === 'person' ? testCategoryOf(page.credits) : null,
    nmCode: page.kind === 'person' ? page.code : null,
    facts,
  };
}

const minutesAndSeconds = (seconds: number) =>
  `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/** Reads the page through the platform's adapter (D9): its name, picture and, for IMDb, its facts. */
async function readPage(deps: AppDeps, type: ListingType, page: ListingPage): Promise<PageDetails> {
  const { integrations } = deps;
  // Offline a missing page is either removed or an id no site could have: then the address is at fault (P1).
  const notFound = () =>
    badInput(
      integrations.mode === 'simulated' && !simulatedIdIsWellFormed(type, page.externalId)
        ? LISTING_ERRORS.badUrl[type]
        : LISTING_ERRORS.notFound[type],
    );
  try {
    switch (type) {
      case 'imdb-view': {
        const read = await integrations.imdb.read(page.url);
        if (!read) throw notFound();
        const imdb = imdbDetails(read);
        if (read.kind === 'person' && !imdb.testCat) throw badInput(LISTING_ERRORS.noCredits);
        return {
          ...page,
          name: read.name,
          externalProfile: read.imageUrl,
          externalDescription: read.kind === 'person' ? 'IMDb name page' : 'IMDb title page',
          imdb,
        };
      }
      case 'twitter-follow': {
        const profile = await integrations.verifier.profile('twitter', page.externalId);
        if (!profile) throw notFound();
        return {
          externalId: profile.handle,
          url: `https://x.com/${profile.handle}`,
          name: profile.displayName,
          externalProfile: profile.imageUrl,
          externalDescription: `@${profile.handle} on X`,
          imdb: null,
        };
      }
      case 'youtube-view': {
        const video = await integrations.videos.video(page.externalId);
        if (!video) throw notFound();
        return {
          ...page,
          name: video.title,
          // The real thumbnail (allowed by the page's image policy); the simulated videos have none.
          externalProfile:
            integrations.mode === 'real' ? `https://i.ytimg.com/vi/${video.id}/hqdefault.jpg` : null,
          externalDescription: `${video.channel} · ${minutesAndSeconds(video.durationSeconds)}`,
          imdb: null,
        };
      }
      case 'facebook-like': {
        // The page id comes from an admin's review; the page's own name is taken when it can be read.
        const profile = await integrations.verifier
          .profile('facebook', page.externalId)
          .catch((e: unknown) => {
            if (e instanceof PlatformOffline) return null;
            throw e;
          });
        return {
          ...page,
          name: profile?.displayName ?? page.externalId,
          externalProfile: profile?.imageUrl ?? null,
          externalDescription: 'Facebook page',
          imdb: null,
        };
      }
    }
  } catch (e) {
    if (e instanceof PlatformOffline) throw new AppError(503, 'platform_offline', LISTING_ERRORS.offline);
    throw e;
  }
}

/**
 * Stores the listing in one transaction with the member's row locked, so that two adds at once
 * cannot pass the free and duplicate checks together; IMDb facts read from the page are kept for
 * the questions (D5.4).
 */
async function storeListing(
  deps: AppDeps,
  caller: Caller,
  opts: {
    type: ListingType;
    membership: Membership;
    details: PageDetails;
    give: number;
    status: 'active' | 'pending';
  },
) {
  const { type, details, membership } = opts;
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    await lockMember(tx, caller.userId);
    await checkRoom(tx, caller.userId, type, membership, details.externalId);
    const id = await insertListing(tx, {
      userId: caller.userId,
      type,
      platform: PLATFORM_OF_TYPE[type],
      name: details.name,
      url: details.url,
      externalId: details.externalId,
      externalProfile: details.externalProfile,
      externalDescription: details.externalDescription,
      give: opts.give,
      status: opts.status,
      statusReason: opts.status === 'pending' ? 'page_review' : null,
      pageCategory: details.imdb?.pageCategory ?? null,
      imdbType: details.imdb?.imdbType ?? null,
      testCat: details.imdb?.testCat ?? null,
      nmCode: details.imdb?.nmCode ?? null,
      createdAt: now,
    });
    await keepReaderFacts(tx, details.externalId, details.imdb?.facts ?? [], now);
    return id;
  });
}

/**
 * myListings/addListing/{imdb-view|twitter-follow|youtube-view} (spec 2 §5): the listing is active at
 * once.
 */
export async function addListing(
  deps: AppDeps,
  caller: Caller,
  type: contract.NewListingType,
  input: { url: string; pointSetting: number },
) {
  const { ctx, id } = await addPage(deps, caller, type, input, 'active');
  return {
    status: 'success' as const,
    message: LISTING_MESSAGES.added,
    listing: await presentOne(deps, ctx, caller.userId, id),
  };
}

/**
 * The Facebook manual path (spec 2 §4, §5): Facebook likes need the page's id, which an admin sets
 * when reviewing it, so the listing is stored 'pending' and offered to nobody until then (D4.1).
 */
export async function addFacebookPage(
  deps: AppDeps,
  caller: Caller,
  input: { url: string; pointSetting: number },
) {
  const { ctx, id } = await addPage(deps, caller, 'facebook-like', input, 'pending');
  return {
    status: 'success' as const,
    fb_pending_added: 'yes' as const,
    message: LISTING_MESSAGES.facebookPending,
    listing: await presentOne(deps, ctx, caller.userId, id),
  };
}

/**
 * Checks and stores a new listing, in this order: the free one-per-type rule, the URL, the points,
 * the same page twice, then the page read through its platform's adapter.
 */
async function addPage(
  deps: AppDeps,
  caller: Caller,
  type: contract.NewListingType | 'facebook-like',
  input: { url: string; pointSetting: number },
  status: 'active' | 'pending',
) {
  const ctx = await ownerContext(deps, caller);
  await checkRoom(deps.db, caller.userId, type, ctx.membership);
  const page = pageOfUrl(deps, type, input.url);
  checkPoints(type, ctx.membership, input.pointSetting);
  await checkRoom(deps.db, caller.userId, type, ctx.membership, page.externalId);
  const details = await readPage(deps, type, page);
  const id = await storeListing(deps, caller, {
    type,
    membership: ctx.membership,
    details,
    give: input.pointSetting,
    status,
  });
  return { ctx, id };
}
