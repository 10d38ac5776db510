import type { Membership, points } from '@marquee/contract';
import type { AppDeps } from '../../platform/deps.js';
import { loggedOut } from '../../platform/errors.js';
import { pacificDay } from '../../platform/time.js';
import { membershipOf } from '../membership/membership.policy.js';
import { findMember } from '../members/members.repo.js';
import { QUALIFIED_REFERRAL_DAYS, dailyActionCap, dailyActionsUsedUpMessage } from './points.policy.js';
import type { Db } from '../../platform/db/database.js';
import { dailyActionsOn, qualifiedReferralCount } from './points.repo.js';

/** Today's credited actions and today's cap (D6.3) of a member of a known level. */
export async function dailyAllowance(db: Db, userId: number, membership: Membership, now: Date) {
  const [today, qualifiedReferrals] = await Promise.all([
    dailyActionsOn(db, userId, pacificDay(now)),
    membership === 'free'
      ? Promise.resolve(0)
      : qualifiedReferralCount(db, userId, now, QUALIFIED_REFERRAL_DAYS),
  ]);
  const max = dailyActionCap({ membership, limitRaised: today.limitRaised, qualifiedReferrals });
  return { actions: today.actions, limitRaised: today.limitRaised, max };
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
  const member = await findMember(deps.db, userId);
  if (!member) throw loggedOut();
  const { membership } = membershipOf(member, now);
  const { actions, max } = await dailyAllowance(deps.db, userId, membership, now);
  // Once the day's actions are used up, the point box says so and when they come back.
  const toasty = actions >= max ? dailyActionsUsedUp(max) : null;
  return { status: 'success' as const, points: member.points, actions, max, toasty };
}
