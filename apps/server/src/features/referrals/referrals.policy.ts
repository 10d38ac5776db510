import { LEVEL_NAME, referrals as contract, type Membership, type PaidLevel } from '@marquee/contract';
import { DAY_MS } from '../../platform/time.js';
import { dailyActionCap, PAID_DAILY_ACTIONS } from '../points/index.js';

/** What one trade-in is paid with: points through the ledger, or referral points. */
export type TradeCurrency = 'points' | 'referral_points';

/** Referral points a referrer earns per month a referral paid for: one day of that level (spec 3 §9). */
export const REFERRAL_POINTS_PER_MONTH: Record<PaidLevel, number> = {
  premium: contract.REFERRAL_DAY_PRICE.premium,
  pro: contract.REFERRAL_DAY_PRICE.pro,
};
/** Feature points a referrer earns per month a referral paid for, whatever the level (D8.3). */
export const FEATURE_POINTS_PER_MONTH = 25;

/** What a referrer earns when a member they referred pays for `months` of `level`. */
export function referralReward(
  level: PaidLevel,
  months: number,
): { refPoints: number; featurePoints: number } {
  const paid = Math.max(0, Math.floor(months));
  return {
    refPoints: paid * REFERRAL_POINTS_PER_MONTH[level],
    featurePoints: paid * FEATURE_POINTS_PER_MONTH,
  };
}

/**
 * What a refund takes back of a reward: what is still unspent of it. Referral points already traded
 * for days and feature points already used by being featured stay spent.
 */
export function rewardToTakeBack(
  reward: { refPoints: number; featurePoints: number },
  balance: { refPoints: number; featurePoints: number },
): { refPoints: number; featurePoints: number } {
  return {
    refPoints: Math.max(0, Math.min(reward.refPoints, balance.refPoints)),
    featurePoints: Math.max(0, Math.min(reward.featurePoints, balance.featurePoints)),
  };
}

/** The price of a day of `level` in the currency of the trade (spec 3 §9, D10.3). */
export function dayPrice(currency: TradeCurrency, level: PaidLevel): number {
  return currency === 'points' ? contract.POINT_DAY_PRICE[level] : contract.REFERRAL_DAY_PRICE[level];
}

/** The whole cost of a trade: days × the price of a day. */
export function tradeCost(currency: TradeCurrency, level: PaidLevel, days: number): number {
  return days * dayPrice(currency, level);
}

/**
 * A level's paid-through date after `days` more of it: counted from now when the date has passed,
 * as the pro trade and one-time purchases do (docs/domain.md "Membership").
 */
export function extendedExpiry(current: Date | null, now: Date, days: number): Date {
  const from = current && current.getTime() > now.getTime() ? current : now;
  return new Date(from.getTime() + days * DAY_MS);
}

/** D6.3: a referral qualifies once they have been a member 14 days and are not free. */
export function isQualifiedReferral(referral: { joined: Date; membership: Membership }, now: Date): boolean {
  const member14Days = now.getTime() - referral.joined.getTime() >= contract.QUALIFIED_REFERRAL_DAYS * DAY_MS;
  return member14Days && referral.membership !== 'free';
}

/** Extra daily actions the qualified referrals give a member today: their cap above the base (D6.3). */
export function referralActionBonus(membership: Membership, qualified: number): number {
  if (membership === 'free') return 0;
  return (
    dailyActionCap({ membership, limitRaised: false, qualifiedReferrals: qualified }) - PAID_DAILY_ACTIONS
  );
}

const count = (n: number) => n.toLocaleString('en-US');
const daysOf = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

/** The success message of a trade-in (spec 3 §8 "the trade success messages"). */
export function tradeSuccessMessage(currency: TradeCurrency, level: PaidLevel, days: number): string {
  const what = currency === 'points' ? 'points' : 'referral points';
  return `Success! You traded ${count(tradeCost(currency, level, days))} ${what} for ${daysOf(days)} of ${LEVEL_NAME[level]}.`;
}

/** Why a trade-in was refused for want of points. */
export function notEnoughMessage(
  currency: TradeCurrency,
  level: PaidLevel,
  days: number,
  have: number,
): string {
  const what = currency === 'points' ? 'points' : 'referral points';
  return `You need ${count(tradeCost(currency, level, days))} ${what} for ${daysOf(days)} of ${LEVEL_NAME[level]}, and you have ${count(have)}.`;
}
