import { queryOptions } from '@tanstack/react-query';
import { membership } from '@marquee/contract';
import { call } from '../../app/api';

export const membershipKey = ['membership'] as const;

export const pricesQuery = queryOptions({
  queryKey: [...membershipKey, 'prices'],
  queryFn: ({ signal }) => call(membership.fetchMembershipPrices, {}, { signal }),
  meta: { quiet: true },
});

export const summaryQuery = queryOptions({
  queryKey: [...membershipKey, 'summary'],
  queryFn: ({ signal }) => call(membership.fetchMembershipSummary, {}, { signal }),
  meta: { quiet: true },
});
