import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { points } from '@marquee/contract';
import { call } from '../../app/api';
import { showToasty } from '../../ui/toast';
import { historyKey } from '../history';
import { myListingsKey } from '../listings';

/** The member's point balance and today's actions; every feature that moves points refreshes it. */
export const pointBalanceQueryKey = ['points', 'balance'] as const;

export const pointBalanceQuery = queryOptions({
  queryKey: pointBalanceQueryKey,
  queryFn: async ({ signal }) => {
    const answer = await call(points.updatePointBalance, {}, { signal });
    if (answer.toasty) showToasty(answer.toasty);
    return answer;
  },
  meta: { quiet: true },
});

/** For later features: call after an action that earns or spends points. */
export function useRefreshPointBalance(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: pointBalanceQueryKey }), [queryClient]);
}

/**
 * After every credit or reversal (an IMDb answer, a follow or like confirmed, a video view, a missing
 * action given back): everything that shows points or history is read again, in this one place, so
 * the point box, the History page, the dashboard's Recent History card and My Listings' counts agree.
 */
export function useRefreshAfterCredit(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await Promise.all(
      [pointBalanceQueryKey, historyKey, myListingsKey].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
  }, [queryClient]);
}
