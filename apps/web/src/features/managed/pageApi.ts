import { queryOptions } from '@tanstack/react-query';
import { managed, membership } from '@marquee/contract';
import { call } from '../../app/api';

/** The /managed page's calls (MR1, MR10): the rank history, the subscription and the waitlist. */

export const managedPageKey = ['managed', 'page'] as const;

export const historyQuery = queryOptions({
  queryKey: [...managedPageKey, 'history'],
  queryFn: ({ signal }) => call(managed.fetchHistory, {}, { signal }),
  staleTime: 0,
  meta: { quiet: true },
});

export const subscriptionQuery = queryOptions({
  queryKey: [...managedPageKey, 'subscription'],
  queryFn: ({ signal }) => call(managed.fetchSubscription, {}, { signal }),
  staleTime: 0,
  meta: { quiet: true },
});

export const waitlistQuery = queryOptions({
  queryKey: [...managedPageKey, 'waitlist'],
  queryFn: ({ signal }) => call(managed.fetchWaitlistStatus, {}, { signal }),
  staleTime: 0,
  meta: { quiet: true },
});

export const joinWaitlist = (selection: 1 | 2 | 3) => call(managed.addToWaitlist, { selection });

/** Stops the subscription renewing (D14.3): it serves until its paid-through date. */
export const cancelSubscription = () => call(membership.cancelSubscription, {});
