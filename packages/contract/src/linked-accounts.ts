import { z } from 'zod';
import { operation } from './operation.js';
import { idSchema } from './common.js';
import { LINKED_PLATFORMS, PLATFORMS, type LinkedPlatform } from './platforms.js';

/**
 * The check of a member's own Twitter or Facebook account (spec 1 §4 "Account check per
 * platform"): token_missing or token_error show the authorise prompt; token_verified is followed
 * by the missing-actions fetch 1 s later; platform_offline shows the offline message.
 */
export type AccountStatus = 'token_missing' | 'token_error' | 'token_verified' | 'platform_offline';

const authenticateOp = (platform: LinkedPlatform) =>
  operation<{
    status: AccountStatus;
    /** Where the authorise button goes (the platform's consent page). */
    loginUrl: string;
    /** The linked account's handle, once there is one. */
    handle: string | null;
    message: string;
  }>()({
    method: 'GET',
    path: `authenticate/${platform}`,
    audience: 'member',
    input: z.object({}),
  });

export const authenticate = { twitter: authenticateOp('twitter'), facebook: authenticateOp('facebook') };

/** A follow or like that the platform does not show (spec 1 §3 "Missing-action item"). */
export interface MissingAction {
  history_id: number;
  giver_id: number;
  listing_name: string;
  url: string;
  /** What Start opens to follow or like again. */
  open_url: string;
  /** Points earned for it. */
  taken: number;
  datething: string;
}

/** Platform details (spec 1 §3). */
export interface PlatformDetails {
  name: string;
  namePretty: string;
  actionPretty: string;
  profileImage: string | null;
  profileName: string | null;
}

const fetchMissingOp = (platform: LinkedPlatform) =>
  operation<{
    status: 'success';
    missingActions: MissingAction[];
    platformDetails: PlatformDetails;
    profileConfirmed: boolean;
  }>()({
    method: 'GET',
    path: `earnPoints/missingActions/fetchMissingActions/${platform}`,
    audience: 'member',
    input: z.object({}),
  });

export const fetchMissingActions = {
  twitter: fetchMissingOp('twitter'),
  facebook: fetchMissingOp('facebook'),
};

const historyIdInput = z.object({ history_id: idSchema('history id') });

const recheckOp = (platform: LinkedPlatform) =>
  operation<{ status: 'verified' | 'missing'; message: string; remaining: number }>()({
    method: 'POST',
    path: `earnPoints/missingActions/recheck/${platform}`,
    audience: 'member',
    input: historyIdInput,
  });

export const recheck = { twitter: recheckOp('twitter'), facebook: recheckOp('facebook') };

/** Points go back to the listing's owner (D11.3). */
export const reverse = operation<{ status: 'success'; message: string; remaining: number }>()({
  method: 'POST',
  path: 'earnPoints/missingActions/reverse',
  // spec 1 §7 lists it both with and without the earnPoints/ prefix.
  aliases: ['missingActions/reverse'],
  audience: 'member',
  input: historyIdInput,
});

/** 'page no longer exists': asks the platform; a page that is gone marks the item invalid. */
export const checkPageExists = operation<{
  status: 'exists' | 'missing';
  message: string;
  remaining: number;
}>()({
  method: 'POST',
  path: 'earnPoints/checkPageExists',
  aliases: ['checkPageExists'],
  audience: 'member',
  input: historyIdInput,
});

export const markInvalid = operation<{ status: 'success'; message: string; remaining: number }>()({
  method: 'POST',
  path: 'earnPoints/missingActions/markInvalid',
  aliases: ['missingActions/markInvalid'],
  audience: 'member',
  input: historyIdInput,
});

export const confirmProfile = operation<{ status: 'success'; message: string }>()({
  method: 'POST',
  path: 'earnPoints/confirmProfile',
  audience: 'member',
  input: z.object({
    platform: z.enum(LINKED_PLATFORMS, { error: 'Please choose Twitter or Facebook.' }),
  }),
});

export const getPlatformOfflineMessage = operation<{ status: 'success'; messageContent: string }>()({
  method: 'GET',
  path: 'earnPoints/getPlatformOfflineMessage',
  audience: 'member',
  input: z.object({
    platform: z.enum(PLATFORMS, {
      error: 'Please choose IMDb, Twitter, YouTube or Facebook.',
    }),
  }),
});
