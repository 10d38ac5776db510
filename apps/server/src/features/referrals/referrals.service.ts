import { referrals as contract, uploads } from '@marquee/contract';
import type { AppDeps } from '../../platform/deps.js';
import type { Caller } from '../../platform/auth.js';
import { loggedOut } from '../../platform/errors.js';
import { membershipOf } from '../membership/index.js';
import { memberToday } from '../points/index.js';
import { isQualifiedReferral, referralActionBonus } from './referrals.policy.js';
import { releaseDueRewards } from './rewards.service.js';
import {
  countReferrals,
  heldRefPoints,
  recentReferralCredits,
  recentReferrals,
  referralTradeDays,
} from './referrals.repo.js';

/** How many of the latest referral trade-ins the Referrals page lists. */
const CREDITS_SHOWN = 10;

/** referrals/fetchReferralStats (spec 3 §3): the member's referral stats and recent credits. */
export async function fetchReferralStats(deps: AppDeps, caller: Caller) {
  const now = deps.clock.now();
  // Rewards whose hold ended since the daily job last ran show at once.
  await deps.db.transaction((tx) => releaseDueRewards(tx, { now, referrerId: caller.userId }));
  const [today, refCount, days, credits, held] = await Promise.all([
    memberToday(deps.db, caller.userId, now),
    countReferrals(deps.db, caller.userId),
    referralTradeDays(deps.db, caller.userId),
    recentReferralCredits(deps.db, caller.userId, CREDITS_SHOWN),
    heldRefPoints(deps.db, caller.userId),
  ]);
  if (!today) throw loggedOut();
  const { member, membership } = today;
  const stats: contract.ReferralStats = {
    ref_count: refCount,
    days_premium: days.premium,
    days_pro: days.pro,
    ref_points: member.refPoints,
    held_ref_points: held,
    feature_points: member.featurePoints,
    last_featured: member.featuredOn ?? '',
    qualified_count: member.qualifiedReferrals,
    extra_actions: referralActionBonus(membership, member.qualifiedReferrals),
  };
  return {
    status: 'success' as const,
    stats,
    credits: credits.map((c) => ({
      level: c.level as 'premium' | 'pro',
      days: c.days,
      date: c.createdAt.toISOString(),
    })),
  };
}

/** referrals/fetchRecentReferrals (spec 3 §7): who joined with the link, when, and whether they qualify (D6.3). */
export async function fetchRecentReferrals(deps: AppDeps, caller: Caller) {
  const now = deps.clock.now();
  const rows = await recentReferrals(deps.db, caller.userId, contract.RECENT_REFERRALS_SHOWN);
  if (!rows.length) return { status: 'noresults' as const, users: [] as [] };
  return {
    status: 'success' as const,
    users: rows.map((r): contract.RecentReferral => ({
      id: r.id,
      full_name: `${r.first} ${r.last}`.trim(),
      avatar: uploads.pictureUrl(r.defaultPic, 80),
      joined: r.createdAt.toISOString(),
      qualified: isQualifiedReferral(
        { joined: r.createdAt, membership: membershipOf(r, now).membership },
        now,
      ),
    })),
  };
}
