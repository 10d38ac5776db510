import { queryOptions } from '@tanstack/react-query';
import { earn } from '@marquee/contract';
import { call } from '../../app/api';

export type EarnPlatform = earn.Platform;

export const earnListingsKey = (platform: EarnPlatform) => ['earn', 'listings', platform] as const;

/**
 * The listings a dashboard tab offers (spec 2 §2). Every fetch opens new offers on the server
 * (D5.1), so the answer is never reused from the cache: a tab that appears asks again.
 */
export const earnListingsQuery = (platform: EarnPlatform) =>
  queryOptions({
    queryKey: earnListingsKey(platform),
    queryFn: ({ signal }) =>
      call(earn.fetchListings, { listingType: platform, maxItems: earn.EARN.dashboardItems }, { signal }),
    staleTime: 0,
    gcTime: 0,
    retry: false,
    meta: { quiet: true },
  });
