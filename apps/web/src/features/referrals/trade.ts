import { LEVEL_NAME, referrals, type PaidLevel } from '@marquee/contract';

/** What a trade-in is paid with: points (account/tradePoints) or referral points (referrals/tradePoints). */
export type TradeCurrency = 'points' | 'referral_points';

/** Spec 3 §5: day choices from 2 to 10. */
export const DAY_CHOICES: readonly number[] = Array.from(
  { length: referrals.TRADE_DAYS.max - referrals.TRADE_DAYS.min + 1 },
  (_, i) => referrals.TRADE_DAYS.min + i,
);

const count = new Intl.NumberFormat('en-US');
export const formatCount = (n: number): string => count.format(n);

/** The price of a day (spec 3 §9); sent back as `multiplier`, so the server trades only at it. */
export function dayPrice(currency: TradeCurrency, level: PaidLevel): number {
  return currency === 'points' ? referrals.POINT_DAY_PRICE[level] : referrals.REFERRAL_DAY_PRICE[level];
}

export function tradeCost(currency: TradeCurrency, level: PaidLevel, days: number): number {
  return dayPrice(currency, level) * days;
}

export const unitName = (currency: TradeCurrency): string =>
  currency === 'points' ? 'points' : 'referral points';

const daysOf = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

/** The confirmation summary (spec 3 §8) shown before a trade is sent. */
export function tradeSummary(currency: TradeCurrency, level: PaidLevel, days: number, balance: number) {
  const cost = tradeCost(currency, level, days);
  return {
    question: `Trade ${formatCount(cost)} ${unitName(currency)} for ${daysOf(days)} of ${LEVEL_NAME[level]}?`,
    after: `Your balance goes from ${formatCount(balance)} to ${formatCount(Math.max(0, balance - cost))} ${unitName(currency)}, and ${daysOf(days)} of ${LEVEL_NAME[level]} are added to your membership.`,
  };
}

/** What is missing for a trade, or null when the balance covers it. */
export function shortfall(currency: TradeCurrency, level: PaidLevel, days: number, balance: number) {
  const missing = tradeCost(currency, level, days) - balance;
  return missing > 0 ? `You need ${formatCount(missing)} more ${unitName(currency)} for this trade.` : null;
}
