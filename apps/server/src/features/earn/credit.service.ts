import { and, eq, sql } from 'drizzle-orm';
import { earn, type YesNo } from '@marquee/contract';
import type { AppDeps } from '../../platform/deps.js';
import type { Caller } from '../../platform/auth.js';
import type { Db } from '../../platform/db/database.js';
import { AppError, loggedOut, tooManyRequests } from '../../platform/errors.js';
import { MINUTE_MS, pacificDay } from '../../platform/time.js';
import { findMember } from '../members/members.repo.js';
import { users } from '../members/members.tables.js';
import { listings } from '../listings/listings.tables.js';
import { membershipOf } from '../membership/membership.policy.js';
import { dailyActionsUsedUpMessage } from '../points/points.policy.js';
import { dailyActions } from '../points/points.tables.js';
import { dailyAllowance } from '../points/points.service.js';
import { HOUSE_ID, InsufficientPoints, movePoints } from '../points/ledger.js';
import { actions, listingDays, offers } from './earn.tables.js';
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
 * Credits one action (D5.7) in one transaction: the earner's row is locked first, so a repeated or
 * concurrent call for the same offer finds the first credit and returns it (D3.2), and the daily
 * cap, the speed limit and the repeat window are checked against settled counts.
 */
export async function creditOffer(deps: AppDeps, caller: Caller, offerId: number): Promise<Credited> {
  const now = deps.clock.now();
  const today = pacificDay(now);
  return deps.db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, caller.userId)).for('update');
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

    const member = await findMember(tx, caller.userId);
    if (!member) throw loggedOut();
    const { membership } = membershipOf(member, now);
    const allowance = await dailyAllowance(tx, caller.userId, membership, now);
    if (allowance.actions >= allowance.max) {
      throw new AppError(409, 'done', dailyActionsUsedUpMessage(allowance.max));
    }

    const ref = { refType: 'offer', refId: String(offer.id), at: now };
    try {
      const basePoints = offer.points - offer.bonus - (offer.proView ? EARN.proViewBonus : 0);
      if (offer.sponsored) {
        // D6.4: the house pays the earner; the owner paid money for the sponsored action.
        await movePoints(tx, {
          from: HOUSE_ID,
          to: caller.userId,
          amount: basePoints,
          kind: 'sponsored',
          ...ref,
        });
        await tx
          .update(listings)
          .set({ sponsorUsed: sql`${listings.sponsorUsed} + 1` })
          .where(eq(listings.id, listing.id));
      } else {
        await movePoints(tx, {
          from: listing.userId,
          to: caller.userId,
          amount: basePoints,
          kind: 'earn',
          ...ref,
        });
      }
      if (offer.proView) {
        await movePoints(tx, {
          from: listing.userId,
          to: caller.userId,
          amount: EARN.proViewBonus,
          kind: 'pro_view_bonus',
          ...ref,
        });
      }
      if (offer.bonus > 0) {
        await movePoints(tx, {
          from: HOUSE_ID,
          to: caller.userId,
          amount: offer.bonus,
          kind: 'featured_bonus',
          ...ref,
        });
      }
    } catch (e) {
      if (e instanceof InsufficientPoints) throw new AppError(409, 'error', OWNER_CANNOT_PAY);
      throw e;
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
    await tx
      .insert(listingDays)
      .values({ listingId: listing.id, day: today, actions: 1 })
      .onConflictDoUpdate({
        target: [listingDays.listingId, listingDays.day],
        set: { actions: sql`${listingDays.actions} + 1` },
      });
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
