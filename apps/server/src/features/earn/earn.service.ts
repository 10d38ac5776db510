import { earn, LISTING_TYPE_WORDS, PLATFORM_NAME, PLATFORM_OF_TYPE } from '@marquee/contract';
import type { AppDeps } from '../../platform/deps.js';
import type { Db } from '../../platform/db/database.js';
import type { Caller } from '../../platform/auth.js';
import { AppError, forbidden, notFound } from '../../platform/errors.js';
import { DAY_MS } from '../../platform/time.js';
import { raiseAlert } from '../alerts/index.js';
import { findListing, setListing } from '../listings/index.js';
import { linkedAccount } from '../linked-accounts/index.js';
import { askVerifier } from '../linked-accounts/index.js';
import { PlatformOffline } from '../../integrations/types.js';
import { noteWrongAnswer } from './offers.repo.js';
import {
  confirmImdbFact,
  correctAnswerSince,
  disableForCreditUpdate,
  imdbFact,
  lockMembers,
  missersSince,
  missesSince,
  offerSettlement,
  othersWithSameAnswer,
  recordMiss,
  standings,
} from './answers.repo.js';
import { markActionChecked, type Listing } from './credit.repo.js';
import {
  NOT_OFFERED,
  checkDwell,
  creditAnswer,
  creditOffer,
  earnedMessage,
  openOffer,
  withOpenOffer,
  type Credited,
} from './credit.service.js';
import {
  CROWD_AGREEMENT,
  TOO_MANY_TRIES,
  WRONG_ANSWERS_PER_OFFER,
  answerIsCorrect,
  imdbQuestion,
  isEstablished,
  needsCreditUpdate,
  wrongAnswersKey,
} from './earn.policy.js';
import { takeRate } from '../../platform/rate-limit.js';

const { MESSAGES } = earn;
type ListingType = earn.ListingType;

const WRONG_TYPE = 'That action does not match this listing. Please reload the list.';

function requireType(listing: Listing, type: ListingType) {
  if (listing.type !== type) throw new AppError(400, 'error', WRONG_TYPE);
}

function questionOf(listing: Listing, proView: boolean) {
  return imdbQuestion({ imdbType: listing.imdbType, testCat: listing.testCat, proView });
}

/** checkIncorrectAnswer asked about a number recordCorrectAnswer did not find wrong on this offer. */
export const CHECK_YOUR_ANSWER =
  'Please answer on the listing first: only the number you answered there is checked again.';

/** What a wrong normal IMDb answer is told while checkIncorrectAnswer looks again (D5.3). */
export const CHECKING_ANSWER = 'That does not match what we have for this page. Checking your answer…';

/**
 * An IMDb answer to an open offer (D5.2), checked here against the stored fact, which never leaves
 * the server: credited when right, else `incorrect`. Earning answers its own offers and the exchange
 * its own (EX11): an offer of the other kind is not offered to this call, so no call credits the
 * wrong kind. One transaction (withOpenOffer) reads the offer, checks the answer and credits it.
 */
export async function answerImdbOffer(
  deps: AppDeps,
  caller: Caller,
  listingId: number,
  answer: number,
  kind: 'earn' | 'exchange',
): Promise<{ credited: Credited } | { incorrect: true; proView: boolean }> {
  return withOpenOffer(deps, caller, listingId, async (tx, open, now) => {
    const { offer, listing, actionId, facts, wrongTries } = open;
    if (offer.exchange !== (kind === 'exchange')) throw new AppError(409, 'error', NOT_OFFERED);
    requireType(listing, 'imdb-view');
    if (actionId === null) checkDwell(offer, 'imdb-view', now);
    const fact = facts?.[questionOf(listing, offer.proView).key];
    // Past the day's wrong tries on this listing no answer is taken, right or wrong: a right one would tell.
    const [tries] = WRONG_ANSWERS_PER_OFFER;
    if (actionId === null && tries && wrongTries >= tries.limit)
      throw new AppError(409, 'error', TOO_MANY_TRIES);
    if (actionId === null && (fact === undefined || !answerIsCorrect(answer, fact))) {
      if (await takeRate(tx, wrongAnswersKey(caller.userId, listing.id), WRONG_ANSWERS_PER_OFFER, now)) {
        throw new AppError(409, 'error', TOO_MANY_TRIES);
      }
      // The number checkIncorrectAnswer may settle, counted as one of the day's tries.
      await noteWrongAnswer(tx, offer.id, answer);
      return { incorrect: true as const, proView: offer.proView };
    }
    return { credited: await creditOffer(tx, caller, offer.id, now) };
  });
}

/** recordCorrectAnswer (D5.2): an earning offer's answer. */
export async function recordCorrectAnswer(deps: AppDeps, caller: Caller, listingId: number, answer: number) {
  const outcome = await answerImdbOffer(deps, caller, listingId, answer, 'earn');
  if ('incorrect' in outcome) {
    // D5.3: a wrong pro-view answer gets the "Whoops!" message; the offer stays open to try again.
    return {
      status: 'incorrect' as const,
      points_earned: 0 as const,
      message: outcome.proView ? MESSAGES.proViewWrong : CHECKING_ANSWER,
      pro_view: outcome.proView,
    };
  }
  return creditAnswer(outcome.credited, MESSAGES.correctAnswer);
}

/** The established members among these (D5.3 "Who counts"), each once. */
async function establishedAmong(db: Db, ids: number[], now: Date): Promise<Set<number>> {
  const standing = await standings(db, [...new Set(ids)]);
  return new Set([...standing].filter(([, member]) => isEstablished(member, now)).map(([id]) => id));
}

/**
 * checkIncorrectAnswer (D5.3), for earning and exchange offers alike (EX11; an exchange view is
 * credited with no points): two other established members giving the same number since the fact
 * was last confirmed update it and credit this (established) answer; otherwise the miss is logged
 * and the offer closes. Only established members' misses count toward pausing the listing
 * (docs/domain.md "Who counts").
 * The offer settles once, in one transaction that first locks the earner and the owner as a credit
 * does: whatever arrives at once on the same offer (wrong answers, a right one) finds the first
 * outcome, and misses on a listing are counted one after another.
 */
export async function checkIncorrectAnswer(deps: AppDeps, caller: Caller, listingId: number, answer: number) {
  const now = deps.clock.now();
  const dayAgo = new Date(now.getTime() - DAY_MS);
  const { offer, listing, actionId } = await openOffer(deps.db, caller, listingId, now);
  requireType(listing, 'imdb-view');
  if (offer.proView) throw new AppError(400, 'error', MESSAGES.proViewWrong);
  if (actionId === null) checkDwell(offer, 'imdb-view', now);
  // Only the wrong number recordCorrectAnswer counted is checked again: no other try gets through
  // here, so the day's three tries hold whichever call answers (docs/domain.md, Earning).
  if (actionId === null && offer.wrongAnswer !== answer) throw new AppError(409, 'error', CHECK_YOUR_ANSWER);
  const question = questionOf(listing, false);

  const outcome = await deps.db.transaction(async (tx) => {
    await lockMembers(tx, [caller.userId, listing.userId]);
    const settled = await offerSettlement(tx, offer.id);
    if (settled?.actionId != null) return { credited: 0 };
    if (!settled || settled.missed || settled.expiresAt <= now) {
      throw new AppError(409, 'error', NOT_OFFERED);
    }
    // The credit joins this transaction, under its locks, so the offer's outcome is decided once.
    const fact = await imdbFact(tx, listing.externalId, question.key);
    if (fact && answerIsCorrect(answer, fact.value)) {
      return { credited: (await creditOffer(tx, caller, offer.id, now)).points };
    }
    const witnesses = await othersWithSameAnswer(tx, {
      listingId,
      question: question.key,
      answer,
      earnerId: caller.userId,
      ownerId: listing.userId,
      since: fact?.confirmedAt ?? new Date(0),
    });
    // D5.3 "Who counts": the answer and its witnesses count only from established members.
    const counting = await establishedAmong(tx, [caller.userId, ...witnesses], now);
    // A machine's reading is never a vote: the Pro extension's answers correct no fact (PX5).
    const votes = !offer.viaExtension && counting.has(caller.userId);
    if (votes && witnesses.filter((id) => counting.has(id)).length >= CROWD_AGREEMENT) {
      await confirmImdbFact(tx, {
        pageCode: listing.externalId,
        question: question.key,
        value: answer,
        at: now,
      });
      return { credited: (await creditOffer(tx, caller, offer.id, now)).points };
    }

    const recorded = await recordMiss(tx, {
      offerId: offer.id,
      listingId,
      earnerId: caller.userId,
      question: question.key,
      answer,
      at: now,
    });
    if (!recorded) throw new AppError(409, 'error', NOT_OFFERED);
    const confirmed = await correctAnswerSince(tx, listingId, dayAgo);
    // D5.3 "Who counts": a miss counts toward pausing the listing only from an established member.
    const missers = await missersSince(tx, { id: listingId, ownerId: listing.userId }, dayAgo);
    const distinctMissers = (await establishedAmong(tx, missers, now)).size;
    // Only the transaction that moves the listing from active to disabled alerts its owner.
    if (
      needsCreditUpdate({ distinctMissers, answeredCorrectly: confirmed }) &&
      (await disableForCreditUpdate(tx, listingId))
    ) {
      await raiseAlert(tx, {
        userId: listing.userId,
        kind: 'listing_disabled',
        content: `Your listing "${listing.name}" is paused while we check its IMDb details: several members could not find the answer.`,
        link: '/dashboard/imdb',
        at: now,
      });
    }
    return { missed: true, confirmed };
  });

  const recentlyMissed = await missesSince(deps.db, { earnerId: caller.userId }, dayAgo);
  if (!('missed' in outcome)) {
    return {
      status: 'updated' as const,
      recently_missed: recentlyMissed,
      points_earned: outcome.credited,
      message: MESSAGES.correctAnswer,
    };
  }
  return {
    status: outcome.confirmed ? ('confirmed' as const) : ('other' as const),
    recently_missed: recentlyMissed,
    points_earned: 0,
    message: outcome.confirmed
      ? 'That was not the right number. Another member found the expected number on this page today, so please read the page carefully next time.'
      : 'That was not the right number. We have noted your answer and will check this page.',
  };
}

/** recordYouTubeView (D5.5): credited no earlier than 30 s after Start, by the server's clock. */
export async function recordYouTubeView(deps: AppDeps, caller: Caller, listingId: number) {
  const credited = await withOpenOffer(
    deps,
    caller,
    listingId,
    async (tx, { offer, listing, actionId }, now) => {
      requireType(listing, 'youtube-view');
      if (actionId === null) checkDwell(offer, 'youtube-view', now);
      return creditOffer(tx, caller, offer.id, now);
    },
  );
  return creditAnswer(credited, earnedMessage(credited.points));
}

/**
 * confirmAction/{type} (D5.6): credited at once, then checked through the platform's verifier; a
 * follow or like the platform does not show goes to the missing-actions list.
 */
export async function confirmAction(
  deps: AppDeps,
  caller: Caller,
  type: 'twitter-follow' | 'facebook-like',
  listingId: number,
) {
  const platform = PLATFORM_OF_TYPE[type];
  const platformName = PLATFORM_NAME[platform];
  const { credited, account, listing, now } = await withOpenOffer(
    deps,
    caller,
    listingId,
    async (tx, { offer, listing, actionId }, now) => {
      requireType(listing, type);
      const account = await linkedAccount(tx, caller.userId, platform);
      if (!account || account.status !== 'verified') {
        throw new AppError(409, 'checktoken', `Please link your ${platformName} account first.`);
      }
      if (actionId === null) checkDwell(offer, type, now);
      return { credited: await creditOffer(tx, caller, offer.id, now), account, listing, now };
    },
  );
  const answer = creditAnswer(credited, earnedMessage(credited.points));
  if (credited.repeated) return answer;

  const seen = await askVerifier(deps, account, listing.externalId);
  // The platform cannot be asked now (or refused the account's sign-in): the credit stands for now.
  if (seen === 'offline' || seen === 'token_error') return answer;
  if (seen === 'seen') {
    await markActionChecked(deps.db, credited.actionId, 'verified', now);
    return answer;
  }
  await markActionChecked(deps.db, credited.actionId, 'missing', now);
  const { action: verb, verb: button } = LISTING_TYPE_WORDS[type];
  return {
    ...answer,
    extra: 'action_missing' as const,
    helper_headline: `We could not see that ${verb} on ${platformName}`,
    action_platform: platformName,
    platform_picture: account.handle,
    platform_title: `@${account.handle}`,
    action_type: verb,
    message: `Make sure you are signed in to ${platformName} as @${account.handle} when you click ${button}. The action is now in your missing actions: ${verb} and recheck it, or reverse it.`,
  };
}

/** updateListing: the listing's name is read again from its page through the platform's adapter. */
export async function updateListing(deps: AppDeps, caller: Caller, listingId: number) {
  const listing = await findListing(deps.db, listingId);
  if (!listing) throw notFound('There is no such listing.');
  if (listing.userId !== caller.userId) throw forbidden('You can only update your own listings.');
  const { integrations } = deps;
  let name: string | null = null;
  try {
    if (listing.platform === 'imdb') name = (await integrations.imdb.read(listing.url))?.name ?? null;
    else if (listing.platform === 'youtube')
      name = (await integrations.videos.video(listing.externalId))?.title ?? null;
    else if (listing.platform === 'twitter' || listing.platform === 'facebook')
      name = (await integrations.verifier.profile(listing.platform, listing.externalId))?.displayName ?? null;
  } catch (e) {
    if (e instanceof PlatformOffline)
      throw new AppError(
        503,
        'platform_offline',
        'That platform is not answering right now. Please try again later.',
      );
    throw e;
  }
  if (!name) throw new AppError(409, 'error', 'We could not find the page of this listing any more.');
  await setListing(deps.db, listingId, { name });
  return { status: 'success' as const, message: 'Your Listing has been updated.' };
}
