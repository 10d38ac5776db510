import { earn, exchange, type YesNo } from '@marquee/contract';
import type { AppDeps } from '../../platform/deps.js';
import type { Caller } from '../../platform/auth.js';
import type { Db } from '../../platform/db/database.js';
import { AppError, forbidden, tooManyRequests } from '../../platform/errors.js';
import { pacificDay } from '../../platform/time.js';
import { dailyActionsUsedUpMessage } from '../points/index.js';
import { dayOf } from '../points/index.js';
import { QUALIFIED_REFERRAL_DAYS } from '../points/index.js';
import { InsufficientPoints, houseTill } from '../points/index.js';
import { paymentFailure, type Payment } from '../points/index.js';
import { latestOffer, latestOfferLocked, type OfferAsker } from './offers.repo.js';
import { creditState, writeCredit, type Offer } from './credit.repo.js';
import { EARNING_TOO_FAST, minimumDwellSeconds } from './earn.policy.js';

const { EARN, MESSAGES } = earn;
type ListingType = earn.ListingType;

export const NOT_OFFERED = 'This listing is no longer offered to you. Please reload the list.';
const OWNER_CANNOT_PAY =
  'This member has run out of points for the moment, so this action cannot be paid. Please try another listing.';

export interface Credited {
  actionId: number;
  points: number;
  limitRaised: boolean;
  /** The first result of an earlier identical call (D3.2). */
  repeated: boolean;
}

/**
 * The open offer of a listing to an earner that a credit call names (D5.1), with its listing; a
 * credited offer comes back too, so a repeated call can answer with the first result (D3.2).
 */
export async function openOffer(db: Db, asker: OfferAsker, listingId: number, now: Date) {
  return isOpen(await latestOffer(db, asker, listingId, now), now);
}

function isOpen<R extends { actionId: number | null; offer: Offer }>(row: R | null, now: Date): R {
  if (!row || (row.actionId === null && row.offer.expiresAt <= now)) {
    throw new AppError(409, 'error', NOT_OFFERED);
  }
  return row;
}

export type OpenOffer = Awaited<ReturnType<typeof latestOfferLocked>> & {};

/**
 * A credit call on its open offer (openOffer) in one transaction: the offer is read with the
 * accounts its credit touches locked in the same statement (latestOfferLocked), then `work` checks
 * the call and credits it with creditOffer, so the call makes one round trip fewer than reading
 * the offer first. Whatever `work` throws writes nothing.
 */
export async function withOpenOffer<T>(
  deps: AppDeps,
  caller: Caller,
  listingId: number,
  work: (tx: Db, open: OpenOffer, now: Date) => Promise<T>,
): Promise<T> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) =>
    work(tx, isOpen(await latestOfferLocked(tx, caller, listingId, now), now), now),
  );
}

/** D11.1: too soon after Start is refused; Start must have been pressed at all. */
export function checkDwell(offer: Offer, type: ListingType, now: Date) {
  const seconds = minimumDwellSeconds(type);
  if (!offer.startedAt) {
    throw new AppError(
      400,
      'error',
      'Please press Start and complete the action before asking for the points.',
    );
  }
  const waited = (now.getTime() - offer.startedAt.getTime()) / 1000;
  if (waited < seconds) {
    throw new AppError(
      400,
      'error',
      type === 'youtube-view'
        ? `Please watch at least ${seconds} seconds of the video before asking for the points.`
        : `That was quicker than anyone can ${type === 'imdb-view' ? 'read the page' : 'complete the action'}. Please take a moment and try again.`,
    );
  }
}

/**
 * Credits one action (D5.7), an earned one or an exchange view (EX12: no points, counted in today's
 * actions), in a transaction that already holds the locks of the member accounts it touches (the
 * earner and, when the owner pays, the owner; withOpenOffer takes them, in id order, so two members
 * crediting on each other's listings at once cannot deadlock), with two statements, each built and
 * planned once. A repeated or concurrent call for the same offer finds the first credit and returns
 * it (D3.2). Everything it checks is read in one statement against settled counts (creditState),
 * which also counts the speed limit (D11.1) in the same transaction, so only credits that commit
 * count. Everything it writes is one statement: the action, today's count, the listing's counters
 * and the payments. The rows many earners share (a sponsored listing, the house's till of D6.4) are
 * locked by that last statement, so credits queue on them only until the commit.
 */
export async function creditOffer(tx: Db, caller: Caller, offerId: number, now: Date): Promise<Credited> {
  const today = pacificDay(now);
  const state = await creditState(tx, {
    earnerId: caller.userId,
    offerId,
    today,
    now,
    qualifyingDays: QUALIFIED_REFERRAL_DAYS,
  });
  if (!state) throw new AppError(409, 'error', NOT_OFFERED);
  if (state.actionId !== null) {
    return {
      actionId: state.actionId,
      points: state.actionPoints ?? 0,
      limitRaised: false,
      repeated: true,
    };
  }
  const { offer, listing } = state;
  if (offer.expiresAt <= now) throw new AppError(409, 'error', NOT_OFFERED);
  // D11.1, counted by creditState in this transaction (L2): a credit refused or rolled back below
  // does not count.
  if (state.speedRefusal) throw tooManyRequests(EARNING_TOO_FAST, 60);
  if (state.actedInWindow) {
    throw new AppError(409, 'error', 'You have already been credited for this listing.');
  }
  const { membership, allowance } = dayOf(state.earner, now);
  // EX1, EX11: a view-for-view view is credited only to a paid member whose own page is still on
  // the exchange, whichever call credits it (a right answer or the crowd's correction).
  if (offer.exchange && membership === 'free') throw forbidden(exchange.NOT_FOR_FREE);
  if (offer.exchange && !state.exchangeListed) {
    throw new AppError(409, 'error', exchange.EXCHANGE_MESSAGES.notOptedIn);
  }
  if (allowance.actions >= allowance.max) {
    throw new AppError(409, 'done', dailyActionsUsedUpMessage(allowance.max));
  }

  // D6.3: a free member's first sponsored action of the day raises the cap by 10.
  const raise = membership === 'free' && offer.sponsored && !allowance.limitRaised;
  const payments = offer.exchange ? [] : paymentsOf(offer, listing.userId, houseTill(caller.userId));
  // One statement: the action (its unique offer id makes a concurrent twin fail, D3.2), today's
  // actions (D6.3), the listing's actions today (D4.5) and, for a sponsored action, one fewer left
  // (D6.4; a sponsored offer made just before the last one was used is still honoured, D5.1), and
  // the payments, whose ledger rows are written only if every balance moved. An exchange view
  // (EX12) pays nothing and leaves the listing's counters alone; it still counts today.
  const written = await writeCredit(tx, {
    offer,
    listing,
    earnerId: caller.userId,
    today,
    now,
    raise,
    payments,
  });
  if (!written.paid) {
    const failure = await paymentFailure(tx, caller.userId, written.owed);
    if (failure instanceof InsufficientPoints) throw new AppError(409, 'error', OWNER_CANNOT_PAY);
    throw failure;
  }
  return {
    actionId: written.actionId,
    points: offer.points,
    limitRaised: raise,
    repeated: false,
  };
}

/**
 * What a paid credit moves (D5.7): the listing's points from the owner, or from the house for a
 * sponsored action (D6.4); a pro view's +2 from the owner; the featured bonus from the house (D8.3),
 * paid from the earner's till.
 */
function paymentsOf(offer: Offer, ownerId: number, house: number): Payment[] {
  const basePoints = offer.points - offer.bonus - (offer.proView ? EARN.proViewBonus : 0);
  const payments: Payment[] = [];
  if (offer.sponsored) payments.push({ from: house, amount: basePoints, kind: 'sponsored' });
  else payments.push({ from: ownerId, amount: basePoints, kind: 'earn' });
  if (offer.proView) payments.push({ from: ownerId, amount: EARN.proViewBonus, kind: 'pro_view_bonus' });
  if (offer.bonus > 0) payments.push({ from: house, amount: offer.bonus, kind: 'featured_bonus' });
  return payments;
}

export const yesNo = (b: boolean): YesNo => (b ? 'yes' : 'no');

/** The answer every credit call gives (spec 1 §7). */
export function creditAnswer(credited: Credited, message: string) {
  return {
    status: 'success' as const,
    points_earned: credited.points,
    limit_raised: yesNo(credited.limitRaised),
    update_listing: yesNo(false),
    message,
  };
}

export const earnedMessage = (points: number) => MESSAGES.earned(points);
