import { z } from 'zod';
import { operation } from './operation.js';
import { type CurrentUser, wholeNumber } from './common.js';
import { PAID_LEVELS, type PaidLevel } from './levels.js';

/** Spec 3 §5, §9: days are traded 2 to 10 at a time. */
export const TRADE_DAYS = { min: 2, max: 10 } as const;
/** Spec 3 §9, D10.3: points a day of each level costs on the account page (account/tradePoints). */
export const POINT_DAY_PRICE: Record<PaidLevel, number> = { premium: 190, pro: 380 };
/** Spec 3 §9, D10.3: referral points a day of each level costs (referrals/tradePoints). */
export const REFERRAL_DAY_PRICE: Record<PaidLevel, number> = { premium: 300, pro: 600 };
/** Spec 1 §9, D6.3: extra daily actions per qualified referral, and their ceiling. */
export const REFERRAL_ACTION_BONUS: Record<PaidLevel, { each: number; max: number }> = {
  premium: { each: 2, max: 20 },
  pro: { each: 3, max: 30 },
};
/** D6.3: a referral qualifies once a member this many days and not free. */
export const QUALIFIED_REFERRAL_DAYS = 14;

export const REFERRALS_LOAD_FAILED = 'We had an issue retrieving your referral information...';
export const REFERRALS_NONE =
  'Nobody has joined with your link yet. Share it to start earning referral points!';

/** Spec 3 §3 "Referral stats". */
export interface ReferralStats {
  /** Members who joined with this member's link. */
  ref_count: number;
  /** Days got by trading referral points, per level. */
  days_premium: number;
  days_pro: number;
  /** Referral points to trade. */
  ref_points: number;
  /** Referral points of payments still in their 14 days, paid out when those end. */
  held_ref_points: number;
  /** Points toward being featured (D8.3). */
  feature_points: number;
  /** The Pacific day (YYYY-MM-DD) the member was last featured, or '' for never. */
  last_featured: string;
  /** Referrals that count toward the daily action bonus now (D6.3). */
  qualified_count: number;
  /** Daily actions the qualified referrals add to this member's cap today (0 while free). */
  extra_actions: number;
}

/** Spec 3 §3 "Credits": days got by trading referral points, newest first. */
export interface ReferralCredit {
  level: PaidLevel;
  days: number;
  /** When, ISO 8601. */
  date: string;
}

export const fetchReferralStats = operation<{
  status: 'success';
  stats: ReferralStats;
  credits: ReferralCredit[];
}>()({
  method: 'GET',
  path: 'referrals/fetchReferralStats',
  audience: 'member',
  input: z.object({}),
});

/** A member who joined with the link (spec 3 §2 "recent referrals"). */
export interface RecentReferral {
  id: number;
  full_name: string;
  /** Thumbnail, or null for the no-photo image. */
  avatar: string | null;
  /** When they joined, ISO 8601. */
  joined: string;
  /** D6.3: a member 14 days and not free. */
  qualified: boolean;
}

export const RECENT_REFERRALS_SHOWN = 20;

export const fetchRecentReferrals = operation<
  { status: 'success'; users: RecentReferral[] } | { status: 'noresults'; users: [] }
>()({
  method: 'GET',
  path: 'referrals/fetchRecentReferrals',
  audience: 'member',
  input: z.object({}),
});

const dayChoice = `Please choose from ${TRADE_DAYS.min} to ${TRADE_DAYS.max} days.`;

/**
 * A trade of points or referral points for membership days (spec 3 §7). `multiplier` is the price of
 * one day that the page showed; the server refuses it when it is not the current price, so nobody
 * pays a price they did not see.
 */
export const tradeInput = z.object({
  level: z.enum(PAID_LEVELS, { error: 'Please choose Premium or Pro days.' }),
  days: wholeNumber(
    z
      .number({ error: dayChoice })
      .int({ error: dayChoice })
      .min(TRADE_DAYS.min, { error: dayChoice })
      .max(TRADE_DAYS.max, { error: dayChoice }),
  ),
  multiplier: wholeNumber(
    z
      .number({ error: 'Please reload the page to see the current price.' })
      .int({ error: 'Please reload the page to see the current price.' })
      .positive({ error: 'Please reload the page to see the current price.' }),
  ),
});

export interface TradeAnswer {
  status: 'success';
  message: string;
  /** The member with their new membership dates, kept in browser storage (spec 3 §4). */
  user: CurrentUser;
}

/** Referral points for days (spec 3 §7); referral points are not ledger points (docs/domain.md). */
export const tradeReferralPoints = operation<TradeAnswer>()({
  method: 'POST',
  path: 'referrals/tradePoints',
  audience: 'member',
  input: tradeInput,
});

/** Points for days (spec 3 §7): moved to the house through the ledger, kind 'trade' (D3). */
export const tradePoints = operation<TradeAnswer>()({
  method: 'POST',
  path: 'account/tradePoints',
  audience: 'member',
  input: tradeInput,
});
