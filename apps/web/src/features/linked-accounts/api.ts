import { queryOptions } from '@tanstack/react-query';
import type { earn } from '@marquee/contract';
import { linkedAccounts } from '@marquee/contract';
import { call } from '../../app/api';

export type LinkedPlatform = earn.LinkedPlatform;

/** How the member knows each linked platform. */
export const PLATFORM_NAMES: Record<LinkedPlatform, { name: string; action: string; actions: string }> = {
  twitter: { name: 'X', action: 'follow', actions: 'follows' },
  facebook: { name: 'Facebook', action: 'like', actions: 'likes' },
};

/** The member's own account on the platform (spec 1 §4 "Account check per platform"). */
export const accountStatusQuery = (platform: LinkedPlatform) =>
  queryOptions({
    queryKey: ['linked-accounts', 'status', platform] as const,
    queryFn: ({ signal }) => call(linkedAccounts.authenticate[platform], {}, { signal }),
    staleTime: 0,
    gcTime: 0,
    retry: false,
    meta: { quiet: true },
  });

export const missingActionsQuery = (platform: LinkedPlatform) =>
  queryOptions({
    queryKey: ['linked-accounts', 'missing', platform] as const,
    queryFn: ({ signal }) => call(linkedAccounts.fetchMissingActions[platform], {}, { signal }),
    staleTime: 0,
    gcTime: 0,
    retry: false,
    meta: { quiet: true },
  });

export const offlineMessageQuery = (platform: LinkedPlatform) =>
  queryOptions({
    queryKey: ['linked-accounts', 'offline', platform] as const,
    queryFn: ({ signal }) => call(linkedAccounts.getPlatformOfflineMessage, { platform }, { signal }),
    meta: { quiet: true },
  });
