import { queryOptions } from '@tanstack/react-query';
import { referrals } from '@marquee/contract';
import { call } from '../../app/api';

export const referralsKey = ['referrals'] as const;

export const referralStatsQuery = queryOptions({
  queryKey: [...referralsKey, 'stats'],
  queryFn: ({ signal }) => call(referrals.fetchReferralStats, {}, { signal }),
  meta: { quiet: true },
});

export const recentReferralsQuery = queryOptions({
  queryKey: [...referralsKey, 'recent'],
  queryFn: ({ signal }) => call(referrals.fetchRecentReferrals, {}, { signal }),
  meta: { quiet: true },
});
