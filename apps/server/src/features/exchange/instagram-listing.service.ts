import { exchange, uploads } from '@marquee/contract';
import type { AppDeps } from '../../platform/deps.js';
import type { Caller } from '../../platform/auth.js';
import { AppError, badInput, conflict } from '../../platform/errors.js';
import { takeRateOrThrow } from '../../platform/rate-limit.js';
import { instagramHandleOf } from '../../integrations/instagram.reader.js';
import { PlatformOffline } from '../../integrations/types.js';
import { findImage, removeImages, storeImage } from '../uploads/index.js';
import { requireExchangeMember } from './exchange.access.js';
import * as repo from './instagram.repo.js';
import {
  INSTAGRAM_ERRORS,
  READING_LIMITS,
  isMissingTitle,
  readingKey,
  readingTooFast,
  reputationOf,
} from './instagram.policy.js';

/**
 * The member's own Instagram listing (spec 4 §3, §5, §7; docs/domain.md EX2, EX3, EX9, EX13): the
 * setup with the profile read through the Instagram adapter and the picture through the image
 * pipeline, removing it, the initiation limit, and what checkSetup answers.
 */

const { INSTAGRAM, EXCHANGE_MESSAGES } = exchange;

/** The canonical address of a profile: what the listing keeps and "Open Instagram" opens. */
const profileAddress = (handle: string) => `https://www.instagram.com/${handle}/`;

/** exchange/instagram/checkSetup (spec 4 §7): the member's listing, standing and the promo (EX13). */
export async function checkSetup(deps: AppDeps, caller: Caller) {
  await requireExchangeMember(deps.db, caller, deps.clock.now());
  const listing = await repo.listingOf(deps.db, caller.userId);
  const standing = await repo.standingOf(deps.db, caller.userId);
  return {
    status: 'success' as const,
    setupDone: listing !== null,
    myListing: listing
      ? {
          url: listing.url,
          name: listing.handle,
          title: listing.title,
          description: listing.description,
          profile: uploads.pictureUrl(listing.image),
        }
      : null,
    myReputation: reputationOf(standing),
    myRepLimit: standing?.repLimit ?? INSTAGRAM.defaultRepLimit,
    promo: deps.config.instagramPromo,
  };
}

/** Asks Instagram (or the simulated one) on the member's behalf, within their limit (EX2). */
async function askInstagram<T>(deps: AppDeps, caller: Caller, ask: () => Promise<T>): Promise<T> {
  await takeRateOrThrow(deps.db, readingKey(caller.userId), READING_LIMITS, deps.clock.now(), readingTooFast);
  try {
    return await ask();
  } catch (e) {
    if (e instanceof PlatformOffline) throw new AppError(503, 'platform_offline', INSTAGRAM_ERRORS.offline);
    throw e;
  }
}

/** The handle of a profile address, or the "could not find" refusal (EX2). */
function handleFrom(url: string): string {
  const handle = instagramHandleOf(url);
  if (!handle) throw badInput(EXCHANGE_MESSAGES.profileNotFound);
  return handle;
}

/** A handle another member has listed is refused (EX2). */
async function refuseListedByOthers(deps: AppDeps, caller: Caller, handle: string): Promise<void> {
  const lister = await repo.listerOf(deps.db, handle);
  if (lister !== null && lister !== caller.userId) throw conflict(INSTAGRAM_ERRORS.handleTaken);
}

/**
 * exchange/instagram/fetchInstagramDetails (EX2): the profile's og:title, og:image and og:description,
 * read through the Instagram adapter; a missing profile (its title ")") answers the spec's message.
 */
export async function fetchInstagramDetails(deps: AppDeps, caller: Caller, url: string) {
  await requireExchangeMember(deps.db, caller, deps.clock.now());
  const handle = handleFrom(url);
  await refuseListedByOthers(deps, caller, handle);
  const page = await askInstagram(deps, caller, () => deps.integrations.instagram.profile(handle));
  if (!page || isMissingTitle(page.title)) throw badInput(EXCHANGE_MESSAGES.profileNotFound);
  return {
    status: 'success' as const,
    details: { 'og:title': page.title, 'og:image': page.imageUrl ?? '', 'og:description': page.description },
  };
}

interface SetupFields {
  url: string;
  title: string;
  description: string;
}

/**
 * Sets up the member's one listing (EX2, EX3): the picture stored through the image pipeline first
 * (checked by content and re-encoded, M1), then the member's standing (600 on a first setup, kept
 * from before otherwise) and the listing with its copy. The unique index on the handle settles two
 * members listing one profile at once; the loser hears that another member listed it. A refused
 * setup leaves no picture behind.
 */
async function setUp(deps: AppDeps, caller: Caller, fields: SetupFields, picture: () => Promise<Buffer>) {
  const now = deps.clock.now();
  await requireExchangeMember(deps.db, caller, now);
  const handle = handleFrom(fields.url);
  const current = await repo.listingOf(deps.db, caller.userId);
  if (current && current.handle !== handle) throw conflict(INSTAGRAM_ERRORS.alreadyListed);
  if (current) return refresh(deps, caller, handle, fields, picture);
  await refuseListedByOthers(deps, caller, handle);
  const file = await picture();
  const { name } = await storeImage(deps, { ownerId: caller.userId, folder: 'instagram', file });
  try {
    await deps.db.transaction(async (tx) => {
      await repo.ensureStanding(tx, caller.userId);
      const made = await repo.insertListing(tx, {
        userId: caller.userId,
        url: profileAddress(handle),
        handle,
        title: fields.title,
        description: fields.description,
        image: name,
        createdAt: now,
      });
      if (made) return;
      // The unique indexes decided: the handle is another member's, or the member lists one already.
      const lister = await repo.listerOf(tx, handle);
      throw conflict(
        lister !== null && lister !== caller.userId
          ? INSTAGRAM_ERRORS.handleTaken
          : INSTAGRAM_ERRORS.alreadyListed,
      );
    });
  } catch (error) {
    await removeImages(deps, [name]);
    throw error;
  }
  return {
    status: 'success' as const,
    message: `Your Instagram listing @${handle} is set up. Members can now swap follows with you.`,
  };
}

/**
 * Update (EX2): setting up the profile already listed refreshes its title, description and picture;
 * the swaps and the standing are untouched. The picture it replaces goes when it was stored for the
 * listing (not, say, a profile photo).
 */
async function refresh(
  deps: AppDeps,
  caller: Caller,
  handle: string,
  fields: SetupFields,
  picture: () => Promise<Buffer>,
) {
  const file = await picture();
  const { name } = await storeImage(deps, { ownerId: caller.userId, folder: 'instagram', file });
  const refreshed = await deps.db.transaction((tx) =>
    repo.refreshListing(tx, caller.userId, handle, {
      title: fields.title,
      description: fields.description,
      image: name,
    }),
  );
  const stale = refreshed ? refreshed.oldImage : name;
  const image = await findImage(deps.db, stale);
  if (image && image.folder === 'instagram' && image.ownerId === caller.userId)
    await removeImages(deps, [image.name]);
  if (!refreshed) throw conflict(INSTAGRAM_ERRORS.nothingToUpdate);
  return { status: 'success' as const, message: `Your Instagram listing @${handle} is up to date.` };
}

/** exchange/instagram/addListing2 (multipart, EX2): the picture the member uploads. */
export async function addListingWithPicture(
  deps: AppDeps,
  caller: Caller,
  input: SetupFields & { myFile: uploads.UploadFile },
) {
  return setUp(deps, caller, input, async () => Buffer.from(input.myFile as Uint8Array));
}

/**
 * exchange/instagram/addListing (EX2): the profile's own og:image, fetched by the server through the
 * adapter: from Instagram's picture hosts only (the simulated site's offline), never any other address.
 */
export async function addListingFromProfile(
  deps: AppDeps,
  caller: Caller,
  input: SetupFields & { image: string },
) {
  return setUp(deps, caller, input, async () => {
    const bytes = await askInstagram(deps, caller, () => deps.integrations.instagram.picture(input.image));
    if (!bytes) throw badInput(INSTAGRAM_ERRORS.badPicture);
    return bytes;
  });
}

/**
 * exchange/instagram/removeListing (EX9): only without review or follow-back items (as the lists show
 * them: a lapsed, blocked or inactive member's swaps wait on nobody), read under the listing's lock (a
 * swap started with the member waits for it, and then finds no listing). The swaps stay, so pairs
 * already met are not offered again; the standing stays too (EX3).
 */
export async function removeListing(deps: AppDeps, caller: Caller) {
  const now = deps.clock.now();
  await requireExchangeMember(deps.db, caller, now);
  const removed = await deps.db.transaction(async (tx) => {
    const listed = await repo.lockListings(tx, [caller.userId], 'update');
    if (!listed.has(caller.userId)) throw conflict(INSTAGRAM_ERRORS.nothingToRemove);
    if ((await repo.swapItems(tx, caller.userId, now, 1)).length > 0)
      throw conflict(INSTAGRAM_ERRORS.removeWithItems);
    return repo.deleteListing(tx, caller.userId);
  });
  // The picture goes with it when it was stored for the listing (not, say, a profile photo).
  const image = removed ? await findImage(deps.db, removed.image) : null;
  if (image && image.folder === 'instagram' && image.ownerId === caller.userId)
    await removeImages(deps, [image.name]);
  return {
    status: 'success' as const,
    message: 'Your Instagram listing was removed. You can set it up again at any time.',
  };
}

/** exchange/instagram/updateRepLimit (EX3): the reputation others need to start a swap with the member. */
export async function updateRepLimit(deps: AppDeps, caller: Caller, repLimit: number) {
  await requireExchangeMember(deps.db, caller, deps.clock.now());
  await repo.setRepLimit(deps.db, caller.userId, repLimit);
  return { status: 'success' as const, message: EXCHANGE_MESSAGES.repLimitUpdated, myRepLimit: repLimit };
}
