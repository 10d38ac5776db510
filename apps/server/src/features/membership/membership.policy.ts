import { membership as contract, uploads, type Membership } from '@marquee/contract';
import { imdbPointsCap } from '../earn/index.js';
import { mayAskProViews } from '../listings/index.js';
import { dailyActionCap } from '../points/index.js';
import { mayUseProPanels } from '../pro/index.js';
import { referralActionBonus } from '../referrals/index.js';
import { mayAddPhoto } from '../uploads/index.js';
import { DAY_MS } from '../../platform/time.js';

export interface MembershipFacts {
  premiumExpires: Date | null;
  proExpires: Date | null;
  /** End of the paid-through period of a managed subscription that has not ended. */
  managedUntil: Date | null;
  /** A recurring subscription is active and not cancelled. */
  subscribed: boolean;
}

export interface MembershipState {
  membership: Membership;
  expires_soon: boolean;
  expired_recently: boolean;
  expire_type: 'premium' | 'pro' | '';
  expire_show_time: string;
}

export const EXPIRES_SOON_MS = 7 * DAY_MS;
export const EXPIRED_RECENTLY_MS = 14 * DAY_MS;

const after = (d: Date | null, now: Date) => d !== null && d.getTime() > now.getTime();

/**
 * D2.3: managed while a managed subscription is active; else pro while pro_expires is in the
 * future; else premium while premium_expires is; else free. expires_soon: under 7 days left of
 * the level held (never for managed or a renewing subscription); expired_recently: a paid level
 * lapsed under 14 days ago and the member is now free.
 */
export function membershipOf(facts: MembershipFacts, now: Date): MembershipState {
  const none = {
    expires_soon: false,
    expired_recently: false,
    expire_type: '' as const,
    expire_show_time: '',
  };
  if (after(facts.managedUntil, now)) return { membership: 'managed', ...none };
  const level: Membership = after(facts.proExpires, now)
    ? 'pro'
    : after(facts.premiumExpires, now)
      ? 'premium'
      : 'free';
  if (level !== 'free') {
    const ends = (level === 'pro' ? facts.proExpires : facts.premiumExpires) as Date;
    const soon = !facts.subscribed && ends.getTime() - now.getTime() < EXPIRES_SOON_MS;
    return {
      membership: level,
      expires_soon: soon,
      expired_recently: false,
      expire_type: soon ? level : '',
      expire_show_time: ends.toISOString(),
    };
  }
  // Free now: did a paid level lapse in the last 14 days? The later of the two is the one that ended last.
  const lapsed = [
    { type: 'pro' as const, at: facts.proExpires },
    { type: 'premium' as const, at: facts.premiumExpires },
  ]
    .filter((e): e is { type: 'pro' | 'premium'; at: Date } => e.at !== null)
    .sort((a, b) => b.at.getTime() - a.at.getTime())[0];
  if (lapsed && now.getTime() - lapsed.at.getTime() < EXPIRED_RECENTLY_MS) {
    return {
      membership: 'free',
      expires_soon: false,
      expired_recently: true,
      expire_type: lapsed.type,
      expire_show_time: lapsed.at.toISOString(),
    };
  }
  return { membership: 'free', ...none };
}

/** Whole premium days left that could be traded for pro days (spec 1 §5 pro trade). */
export function tradeablePremiumDays(premiumExpires: Date | null, now: Date): number {
  if (!after(premiumExpires, now)) return 0;
  return Math.floor(((premiumExpires as Date).getTime() - now.getTime()) / DAY_MS);
}

/**
 * A date `months` calendar months later, in UTC, kept within the month: 31 January and one month
 * is 28 (or 29) February.
 */
export function addMonths(from: Date, months: number): Date {
  const d = new Date(from.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, lastDay));
  return d;
}

/**
 * What a level lets a member do (docs/domain.md MEM1), read from the rules the features apply, so the
 * app shows the server's numbers and never works them out from the level's name.
 */
export function levelAbilities(level: Membership): contract.LevelAbilities {
  const { FREE_PHOTO_LIMIT } = uploads;
  return {
    dailyActions: dailyActionCap({ membership: level, limitRaised: false, qualifiedReferrals: 0 }),
    referralBonus: {
      each: referralActionBonus(level, 1),
      max: referralActionBonus(level, Number.MAX_SAFE_INTEGER),
    },
    // Free members keep one listing of each type (listings/add-listing.service.ts).
    listingsPerType: level === 'free' ? 1 : null,
    photos: mayAddPhoto(level, FREE_PHOTO_LIMIT) ? null : FREE_PHOTO_LIMIT,
    // Free members reply but start no conversation (messages.service.ts, canStart).
    startConversations: level !== 'free',
    askProViews: mayAskProViews(level),
    proTools: mayUseProPanels(level),
    imdbPointsCap: imdbPointsCap(level),
  };
}

/**
 * The pro trade's choices (spec 1 §5, D10.3): premium days in steps of 2, up to 30 or the whole
 * premium days the member has, each giving half as many pro days. None unless more than 2 are tradeable.
 */
export function proTradeChoices(tradeablePremium: number): contract.ProTradeChoice[] {
  const { PRO_TRADE } = contract;
  if (tradeablePremium <= PRO_TRADE.step) return [];
  const most = Math.min(PRO_TRADE.maxPremiumDays, tradeablePremium);
  const choices: contract.ProTradeChoice[] = [];
  for (let premium = PRO_TRADE.step; premium <= most; premium += PRO_TRADE.step) {
    choices.push({ premium, pro: premium / PRO_TRADE.premiumPerPro });
  }
  return choices;
}
