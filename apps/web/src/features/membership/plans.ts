import {
  LEVEL_NAME,
  membership as contract,
  pacificDate,
  type CurrentUser,
  type PaidLevel,
} from '@marquee/contract';

const { PRO_TRADE } = contract;

/**
 * The pro trade's choices (spec 1 §5): premium days in steps of 2, up to 30 or the whole premium
 * days the member has, each giving half as many pro days. None unless more than 2 are tradeable.
 */
export function proTradeChoices(tradeablePremium: number): { premium: number; pro: number }[] {
  if (tradeablePremium <= PRO_TRADE.step) return [];
  const most = Math.min(PRO_TRADE.maxPremiumDays, tradeablePremium);
  const choices = [];
  for (let premium = PRO_TRADE.step; premium <= most; premium += PRO_TRADE.step) {
    choices.push({ premium, pro: premium / PRO_TRADE.premiumPerPro });
  }
  return choices;
}

/** The row a price table starts on (spec 1 §2), kept within the table. */
export function defaultRow(level: PaidLevel, rows: number): number {
  return Math.max(0, Math.min(contract.DEFAULT_PRICE_ROW[level], rows - 1));
}

/** The cheapest per-month price of a table, as shown ("$4.50"), or '' for an empty table. */
export function fromPrice(rows: Pick<contract.PriceOption, 'permonth' | 'subpermonth'>[]): string {
  const cents = (price: string) => Math.round(Number(price.replace(/[^0-9.]/g, '')) * 100);
  const all = rows.flatMap((r) => [r.permonth, r.subpermonth]).filter((p) => cents(p) > 0);
  return all.sort((a, b) => cents(a) - cents(b))[0] ?? '';
}

/** "1 month", "12 months". */
export const monthsLabel = (months: number) => (months === 1 ? '1 month' : `${months} months`);

/**
 * The expiry banner (D2.3) of a member, or null: a paid level that ends within 7 days, or ended
 * in the last 14 days. Managed members never see one (spec 2 §6).
 */
export function expiryNotice(
  user: Pick<
    CurrentUser,
    'membership' | 'expires_soon' | 'expired_recently' | 'expire_type' | 'expire_show_time'
  >,
): { tone: 'soon' | 'ended'; text: string } | null {
  if (user.membership === 'managed' || !user.expire_type || !user.expire_show_time) return null;
  const level = LEVEL_NAME[user.expire_type];
  const when = pacificDate(user.expire_show_time);
  if (user.expires_soon) {
    return { tone: 'soon', text: `Your ${level} membership ends on ${when}.` };
  }
  if (user.expired_recently) {
    return { tone: 'ended', text: `Your ${level} membership ended on ${when}.` };
  }
  return null;
}

/**
 * What a member is told once a payment went through (docs/domain.md Payments): the level they now
 * hold and the date it runs until, e.g. "You are now a Premium member until December 1, 2026."
 */
export function paidNotice(user: Pick<CurrentUser, 'membership' | 'expire_show_time'>): string {
  if (user.membership !== 'premium' && user.membership !== 'pro') return 'Your payment went through.';
  const level = LEVEL_NAME[user.membership];
  return user.expire_show_time
    ? `You are now a ${level} member until ${pacificDate(user.expire_show_time)}.`
    : `You are now a ${level} member.`;
}
