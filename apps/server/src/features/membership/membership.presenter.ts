import {
  LEVEL_NAME,
  membership as contract,
  PAID_LEVELS,
  type Membership,
  type PaidLevel,
} from '@marquee/contract';
import { levelAbilities, proTradeChoices, type MembershipState } from './membership.policy.js';
import { dollars, fromPennies, perMonth, perMonthCents, PRICES } from './prices.js';

/**
 * The membership answers as the app shows them: the spec's text fields, and beside them the numbers
 * they are made from (prices in cents, each level's abilities: docs/domain.md MEM1, MEM2).
 */

/** How a paid table row is bought: the card checkout's code and address, and the alternate's plan. */
export interface RowCheckout {
  card: boolean;
  subCode: (level: PaidLevel, months: number) => string;
}

/** A level's price table (spec 1 §3 "Membership price option"), each price as text and in cents. */
export function priceTable(level: PaidLevel, checkout: RowCheckout): contract.PriceOption[] {
  return PRICES[level].map((row) => ({
    months: row.months,
    permonth: perMonth(row.once, row.months),
    unsubscribed: dollars(row.once),
    subpermonth: perMonth(row.recurring, row.months),
    subscribed: dollars(row.recurring),
    amountPennies: row.once,
    permonthPennies: perMonthCents(row.once, row.months),
    subpermonthPennies: perMonthCents(row.recurring, row.months),
    subscribedPennies: row.recurring,
    stripe_code: `${level}-${row.months}`,
    stripe_target: `${contract.CHECKOUT_PATHS.subscribe}?level=${level}&months=${row.months}`,
    use_stripe: checkout.card ? 'yes' : 'no',
    subCode: checkout.subCode(level, row.months),
  }));
}

/** Each paid level's "from" price (spec 1 §2, §9) and what it gives. */
export function levelOffers(): Record<PaidLevel, contract.LevelOffer> {
  const offer = (level: PaidLevel): contract.LevelOffer => {
    const cents = fromPennies(level);
    return { fromPennies: cents, from: dollars(cents), abilities: levelAbilities(level) };
  };
  return Object.fromEntries(PAID_LEVELS.map((level) => [level, offer(level)])) as Record<
    PaidLevel,
    contract.LevelOffer
  >;
}

/** The pro trade the member may make now (spec 1 §5). */
export function proTradeOffer(tradeablePremium: number) {
  return { tradeablePremium, choices: proTradeChoices(tradeablePremium) };
}

const ICON: Record<Membership, contract.MembershipOption['icon']> = {
  free: 'star',
  premium: 'star',
  pro: 'rocket',
  managed: 'crown',
};

/** What a level gives, in the member's words, its numbers from its abilities. */
function levelDescription(level: Membership, a: contract.LevelAbilities): string {
  switch (level) {
    case 'free': {
      const listings = a.listingsPerType === 1 ? 'one listing' : `${a.listingsPerType} listings`;
      return `${a.dailyActions} Daily Actions, ${listings} of each type and ${a.photos} profile photos.`;
    }
    case 'premium':
      return `${a.dailyActions} Daily Actions plus more for each qualified referral, unlimited listings and photos, new board topics, direct messages, being Featured and the Exchange.`;
    case 'pro':
      return 'Everything in Premium, plus the Chrome extension that automates IMDb views, historical rank tracking, no ads and the Optimized rate limit.';
    case 'managed':
      return 'We look after your IMDb page for you. By invitation only.';
  }
}

/**
 * The levels (spec 3 §3 "Membership option"), the member's own marked 'check' with the date it runs
 * until; Managed Rank only for its members.
 */
export function levelOptions(state: MembershipState, runsUntil: string): contract.MembershipOption[] {
  const levels: Membership[] = ['free', 'premium', 'pro', 'managed'];
  return levels
    .filter((level) => level !== 'managed' || state.membership === 'managed')
    .map((level) => {
      const abilities = levelAbilities(level);
      const description = levelDescription(level, abilities);
      const mine = level === state.membership;
      return {
        icon: mine ? 'check' : ICON[level],
        level,
        abilities,
        title: LEVEL_NAME[level],
        description: mine ? `${description}${runsUntil}` : description,
      };
    });
}
