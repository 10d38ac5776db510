import {
  LEVEL_NAME,
  membership as contract,
  pacificDate,
  type CurrentUser,
  type PaidLevel,
} from '@marquee/contract';

/** The row a price table starts on (spec 1 §2), kept within the table. */
export function defaultRow(level: PaidLevel, rows: number): number {
  return Math.max(0, Math.min(contract.DEFAULT_PRICE_ROW[level], rows - 1));
}

/**
 * A paid level's line under its name, from the abilities the server sends (docs/domain.md MEM1): the
 * Pro tools for Pro, else the Daily Actions and what else the level opens.
 */
export function levelTagline(abilities: contract.LevelAbilities): string {
  if (abilities.proTools) return 'Everything in Premium, plus the IMDb extension, rank history and no ads.';
  const opens = [
    abilities.listingsPerType === null ? 'unlimited listings' : null,
    abilities.startConversations ? 'direct messages' : null,
    'the Exchange',
  ].filter((part): part is string => part !== null);
  const last = opens.pop();
  return `${abilities.dailyActions} Daily Actions, ${opens.length ? `${opens.join(', ')} and ` : ''}${last}.`;
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
