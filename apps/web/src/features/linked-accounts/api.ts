import { queryOptions } from '@tanstack/react-query';
import type { earn } from '@marquee/contract';
import { LISTING_TYPE_WORDS, linkedAccounts, PLATFORM_NAME, TYPE_OF_PLATFORM } from '@marquee/contract';
import { call } from '../../app/api';

export type LinkedPlatform = earn.LinkedPlatform;

const wordsOf = (platform: LinkedPlatform) => {
  const { action, actions } = LISTING_TYPE_WORDS[TYPE_OF_PLATFORM[platform]];
  return { name: PLATFORM_NAME[platform], action, actions };
};

/** How the member knows each linked platform: its name, and its action in one and many. */
export const PLATFORM_NAMES: Record<LinkedPlatform, { name: string; action: string; actions: string }> = {
  twitter: wordsOf('twitter'),
  facebook: wordsOf('facebook'),
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
