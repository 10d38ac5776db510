import type { points } from '@marquee/contract';
import type { AppDeps } from '../../platform/deps.js';
import { loggedOut } from '../../platform/errors.js';
import { pacificDay } from '../../platform/time.js';
import { membershipOf } from '../membership/index.js';
import { QUALIFIED_REFERRAL_DAYS, dailyActionCap, dailyActionsUsedUpMessage } from './points.policy.js';
import type { Db } from '../../platform/db/database.js';
import { findMemberWithDay, type MemberWithDay } from './points.repo.js';

/**
 * A member, their level and today's allowance (D6.3): credited actions, whether a sponsored action
 * raised the cap, and the cap. One query; null when there is no such member.
 */
export async function memberToday(db: Db, userId: number, now: Date) {
  const member = await findMemberWithDay(db, userId, pacificDay(now), now, QUALIFIED_REFERRAL_DAYS);
  return member ? dayOf(member, now) : null;
}

/** A member's level and today's allowance (D6.3), from what memberDayFieldsAt read. */
export function dayOf(member: MemberWithDay, now: Date) {
  const { membership } = membershipOf(member, now);
  const max = dailyActionCap({
    membership,
    limitRaised: member.limitRaised,
    qualifiedReferrals: membership === 'free' ? 0 : member.qualifiedReferrals,
  });
  return {
    member,
    membership,
    allowance: { actions: member.actions, limitRaised: member.limitRaised, max },
  };
}

/** The notice shown once the day's actions are used up. */
export function dailyActionsUsedUp(max: number): points.Toasty {
  return {
    type: 'info',
    color: 'info',
    message: dailyActionsUsedUpMessage(max),
  };
}

/** The point box: balance, today's actions and today's cap (spec 1 §7, D6.3). */
export async function pointBalance(deps: AppDeps, userId: number) {
  const now = deps.clock.now();
  const today = await memberToday(deps.db, userId, now);
  if (!today) throw loggedOut();
  const { member } = today;
  const { actions, max } = today.allowance;
  // Once the day's actions are used up, the point box says so and when they come back.
  const toasty = actions >= max ? dailyActionsUsedUp(max) : null;
  return { status: 'success' as const, points: member.points, actions, max, toasty };
}
