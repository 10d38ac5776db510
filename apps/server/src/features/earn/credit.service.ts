import { and, eq, sql } from 'drizzle-orm';
import { earn, type YesNo } from '@marquee/contract';
import type { AppDeps } from '../../platform/deps.js';
import type { Caller } from '../../platform/auth.js';
import type { Db } from '../../platform/db/database.js';
import { AppError, loggedOut, tooManyRequests } from '../../platform/errors.js';
import { MINUTE_MS, pacificDay } from '../../platform/time.js';
import { users } from '../members/members.tables.js';
import { listings } from '../listings/listings.tables.js';
import { dailyActionsUsedUpMessage } from '../points/points.policy.js';
import { dailyActions } from '../points/points.tables.js';
import { memberToday } from '../points/points.service.js';
import { InsufficientPoints, houseTill, payInto, type Payment } from '../points/ledger.js';
import { actions, offers } from './earn.tables.js';
import { actedWithinWindow, creditsSince, latestOffer } from './earn.repo.js';
import { MAX_CREDITS_PER_MINUTE, minimumDwellSeconds } from './earn.policy.js';

const { EARN, MESSAGES } = earn;
type ListingType = earn.ListingType;

export const NOT_OFFERED = 'This listing is no longer offered to you. Please reload the list.';
const OWNER_CANNOT_PAY =
  'This member has run out of points for the moment, so this action cannot be paid. Please try another listing.';

export type Offer = typeof offers.$inferSelect;
export type Listing = typeof listings.$inferSelect;

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
export async function openOffer(db: Db, earnerId: number, listingId: number, now: Date) {
  const row = await latestOffer(db, earnerId, listingId);
  if (!row || (row.actionId === null && row.offer.expiresAt <= now)) {
    throw new AppError(409, 'error', NOT_OFFERED);
  }
  return row;
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
 * Credits one action (D5.7) in one transaction. The member accounts it touches (the earner and, when
 * the owner pays, the owner) are locked first and in id order, so two members crediting on each
 * other's listings at once cannot deadlock, and a repeated or concurrent call for the same offer
 * finds the first credit and returns it (D3.2); the daily cap, the speed limit and the repeat window
 * are checked against settled counts. The rows many earners share (a sponsored listing, the house
 * account of D6.4) are touched last, just before the commit, so credits queue on them briefly.
 */
export async function creditOffer(deps: AppDeps, caller: Caller, offerId: number): Promise<Credited> {
  const now = deps.clock.now();
  const today = pacificDay(now);
  return deps.db.transaction(async (tx) => {
    await tx.execute(sql`
      select u.id from ${users} u
      where u.id = ${caller.userId}
         or u.id = (select l.user_id from ${offers} o join ${listings} l on l.id = o.listing_id
                    where o.id = ${offerId} and o.earner_id = ${caller.userId} and not o.sponsored)
      order by u.id for update of u`);
    const [row] = await tx
      .select({ offer: offers, listing: listings, actionId: actions.id, actionPoints: actions.points })
      .from(offers)
      .innerJoin(listings, eq(listings.id, offers.listingId))
      .leftJoin(actions, eq(actions.offerId, offers.id))
      .where(and(eq(offers.id, offerId), eq(offers.earnerId, caller.userId)))
      .limit(1);
    if (!row) throw new AppError(409, 'error', NOT_OFFERED);
    if (row.actionId !== null) {
      return { actionId: row.actionId, points: row.actionPoints ?? 0, limitRaised: false, repeated: true };
    }
    const { offer, listing } = row;
    if (offer.expiresAt <= now) throw new AppError(409, 'error', NOT_OFFERED);

    const recent = await creditsSince(tx, caller.userId, new Date(now.getTime() - MINUTE_MS));
    if (recent >= MAX_CREDITS_PER_MINUTE) {
      throw tooManyRequests(
        'You are earning faster than we can check. Please wait a minute before the next action.',
        60,
      );
    }
    if (await actedWithinWindow(tx, caller.userId, listing, today, now)) {
      throw new AppError(409, 'error', 'You have already been credited for this listing.');
    }

    const earner = await memberToday(tx, caller.userId, now);
    if (!earner) throw loggedOut();
    const { membership, allowance } = earner;
    if (allowance.actions >= allowance.max) {
      throw new AppError(409, 'done', dailyActionsUsedUpMessage(allowance.max));
    }

    const [action] = await tx
      .insert(actions)
      .values({
        offerId: offer.id,
        earnerId: caller.userId,
        ownerId: listing.userId,
        listingId: listing.id,
        type: listing.type,
        platform: listing.platform,
        points: offer.points,
        cost: offer.cost,
        bonus: offer.bonus,
        sponsored: offer.sponsored,
        proView: offer.proView,
        day: today,
        createdAt: now,
      })
      .returning({ id: actions.id });

    // D6.3: a free member's first sponsored action of the day raises the cap by 10.
    const raise = membership === 'free' && offer.sponsored && !allowance.limitRaised;
    await tx
      .insert(dailyActions)
      .values({ userId: caller.userId, day: today, actions: 1, limitRaised: raise })
      .onConflictDoUpdate({
        target: [dailyActions.userId, dailyActions.day],
        set: {
          actions: sql`${dailyActions.actions} + 1`,
          ...(raise ? { limitRaised: true } : {}),
        },
      });
    // The points (D5.7): the owner pays, or the house for a sponsored action (D6.4), and the house
    // pays the featured bonus (D8.3), from the earner's till. The rows many earners share come last,
    // each held only until the commit: a sponsored listing's row (one fewer left), then the till's.
    const basePoints = offer.points - offer.bonus - (offer.proView ? EARN.proViewBonus : 0);
    const ref = { refType: 'offer', refId: String(offer.id), at: now };
    const fromOwner: Payment[] = [];
    const fromHouse: Payment[] = [];
    const house = houseTill(caller.userId);
    if (offer.sponsored) fromHouse.push({ from: house, amount: basePoints, kind: 'sponsored' });
    else fromOwner.push({ from: listing.userId, amount: basePoints, kind: 'earn' });
    if (offer.proView)
      fromOwner.push({ from: listing.userId, amount: EARN.proViewBonus, kind: 'pro_view_bonus' });
    if (offer.bonus > 0) fromHouse.push({ from: house, amount: offer.bonus, kind: 'featured_bonus' });
    try {
      await payInto(tx, caller.userId, fromOwner, ref);
    } catch (e) {
      if (e instanceof InsufficientPoints) throw new AppError(409, 'error', OWNER_CANNOT_PAY);
      throw e;
    }
    // Actions today on the listing (D4.5) and, for a sponsored action, one fewer left (D6.4). A
    // sponsored offer made just before the last one was used is still honoured (D5.1).
    await tx
      .update(listings)
      .set({
        actedCount: sql`case when ${listings.actedOn} = ${today} then ${listings.actedCount} + 1 else 1 end`,
        actedOn: today,
        ...(offer.sponsored ? { sponsorUsed: sql`${listings.sponsorUsed} + 1` } : {}),
      })
      .where(eq(listings.id, listing.id));

    await payInto(tx, caller.userId, fromHouse, ref);
    return {
      actionId: (action as { id: number }).id,
      points: offer.points,
      limitRaised: raise,
      repeated: false,
    };
  });
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
