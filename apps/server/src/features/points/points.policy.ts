import type { Membership } from '@marquee/contract';

export const FREE_DAILY_ACTIONS = 20;
export const SPONSORED_LIMIT_RAISE = 10;
export const PAID_DAILY_ACTIONS = 60;

/** Extra daily actions per qualified referral and their ceiling (D6.3, spec 1 §9). */
const REFERRAL_BONUS: Record<Membership, { each: number; max: number }> = {
  free: { each: 0, max: 0 },
  premium: { each: 2, max: 20 },
  managed: { each: 2, max: 20 },
  pro: { each: 3, max: 30 },
};

/**
 * D6.3: free 20, plus 10 once a day after a sponsored action; premium and managed 60 + 2 per
 * qualified referral (at most +20); pro 60 + 3 per qualified referral (at most +30).
 */
export function dailyActionCap(input: {
  membership: Membership;
  limitRaised: boolean;
  qualifiedReferrals: number;
}): number {
  if (input.membership === 'free') {
    return FREE_DAILY_ACTIONS + (input.limitRaised ? SPONSORED_LIMIT_RAISE : 0);
  }
  const bonus = REFERRAL_BONUS[input.membership];
  return PAID_DAILY_ACTIONS + Math.min(bonus.max, bonus.each * Math.max(0, input.qualifiedReferrals));
}

/** A referral qualifies once it has been a member for 14 days and is not free (D6.3). */
export const QUALIFIED_REFERRAL_DAYS = 14;

/** What a member reads once the day's actions are used up (the point box, the earn list, a refused credit). */
export const dailyActionsUsedUpMessage = (max: number) =>
  `You have used all ${max} of your Daily Actions for today. They start again at midnight Pacific time.`;
