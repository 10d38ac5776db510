import { z } from 'zod';
import { operation } from './operation.js';
import { idSchema, wholeNumber } from './common.js';
import { registerInput } from './login.js';
import type { Membership } from './levels.js';
import type { CurrentUser } from './common.js';
import type { AuditEntry } from './admin.js';
import type { Signal } from './admin-signals.js';

/**
 * The admin console's members (spec 4 §2 users page, §3 Admin user, §6, §7; D2.5, D3; docs/domain.md
 * AM1-AM8): finding a member, the editable card, special fields, points adjustments and deletion.
 */

/** One member found by the search (AM1). */
export interface FoundMember {
  id: number;
  first: string;
  last: string;
  username: string;
  email: string;
  status: string;
  membership: Membership;
  /** 'March 10, 2026', Pacific, or '' for never. */
  last_activity: string;
}

export const SEARCH_MAX = 25;
export const SEARCH_HINT = 'Please type a name, username, email address or member id to search for.';

/** AM1: by id (digits), by email (with an @), else by the start of a first name, last name or username. */
export const searchUsers = operation<{ status: 'success'; users: FoundMember[] }>()({
  method: 'GET',
  path: 'admin/searchUsers',
  audience: 'admin',
  input: z.object({
    q: z
      .string({ error: SEARCH_HINT })
      .trim()
      .min(1, { error: SEARCH_HINT })
      .max(100, { error: 'Please search with at most 100 characters.' }),
  }),
});
export const NO_MEMBERS_FOUND = 'No member matches that search.';

/** A subscription on the card (spec 4 §3 subscriptions: id, status). */
export interface AdminSubscription {
  id: number;
  status: string;
  level: string;
  provider: string;
  /** The end of the paid period, 'March 10, 2026'. */
  period_end: string;
}

/** spec 4 §3 Admin user, as Marquee fills it (AM2). */
export interface AdminUser {
  id: number;
  first: string;
  last: string;
  email: string;
  username: string;
  /** 'active', 'deactivated' or 'deleted' (D2.5). */
  status: string;
  role: 'member' | 'admin';
  membership: Membership;
  points: number;
  ref_points: number;
  imdb_url: string;
  /** The handles of the member's linked accounts, '' when none. */
  facebook: string;
  twitter: string;
  date_registered: string;
  last_activity: string;
  /** 'YYYY-MM-DD', the Pacific day the paid time ends, or '' for none. */
  premium_expires: string;
  pro_expires: string;
  hasSubs: 'yes' | 'no';
  subscriptions: AdminSubscription[];
  /** Who referred them, or null. */
  referredby: { id: number; name: string } | null;
  avatar: string | null;
  /** What staff may do here (AM8): false for themselves, other admins and deleted accounts. */
  canDelete: boolean;
  canEdit: boolean;
}

export interface AdminUserAnswer {
  status: 'success';
  user: AdminUser;
  /** The audit entries about this member, newest first (D13.1). */
  audit: AuditEntry[];
  /** The member's fair-play signals from the last run, with their evidence (D11.2). */
  signals: Signal[];
}

/** spec 4 §7 admin/fetchUserDetails?id= */
export const fetchUserDetails = operation<AdminUserAnswer>()({
  method: 'GET',
  path: 'admin/fetchUserDetails',
  audience: 'admin',
  input: z.object({ id: idSchema('member id') }),
});
export const NO_SUCH_MEMBER = 'There is no member with that id.';

/** The card's plain fields (AM3); the special ones go through updateSpecialField. */
export const USER_FIELDS = [
  'first',
  'last',
  'email',
  'username',
  'imdb_url',
  'status',
  'referredby',
] as const;
export type UserField = (typeof USER_FIELDS)[number];

const userId = idSchema('member id');
const referrerValue = z
  .string({ error: 'Please give the referrer’s member id, or leave it empty for none.' })
  .trim()
  .regex(/^\d{0,10}$/, { error: 'Please give the referrer’s member id, or leave it empty for none.' });

/** spec 4 §7 admin/updateUserField {user_id, field, value} (AM3). */
export const updateUserField = operation<AdminUserAnswer & { message: string }>()({
  method: 'POST',
  path: 'admin/updateUserField',
  audience: 'admin',
  input: z.discriminatedUnion(
    'field',
    [
      z.object({ user_id: userId, field: z.literal('first'), value: registerInput.shape.first }),
      z.object({ user_id: userId, field: z.literal('last'), value: registerInput.shape.last }),
      z.object({ user_id: userId, field: z.literal('email'), value: registerInput.shape.email }),
      z.object({ user_id: userId, field: z.literal('username'), value: registerInput.shape.username }),
      z.object({ user_id: userId, field: z.literal('imdb_url'), value: registerInput.shape.imdb }),
      z.object({
        user_id: userId,
        field: z.literal('status'),
        value: z.enum(['active', 'deactivated'], { error: 'Please choose active or deactivated.' }),
      }),
      z.object({ user_id: userId, field: z.literal('referredby'), value: referrerValue }),
    ],
    {
      error: 'Please choose a field to change: first, last, email, username, imdb_url, status or referredby.',
    },
  ),
});

/** 'YYYY-MM-DD' or '' (no paid time). */
const expiryValue = z
  .string({ error: 'Please give a date as YYYY-MM-DD, or leave it empty for none.' })
  .trim()
  .regex(/^(\d{4}-\d{2}-\d{2})?$/, {
    error: 'Please give a date as YYYY-MM-DD, or leave it empty for none.',
  });

/** spec 4 §7 admin/updateSpecialField: the password, premium and pro expiry (AM4). */
export const updateSpecialField = operation<AdminUserAnswer & { message: string }>()({
  method: 'POST',
  path: 'admin/updateSpecialField',
  audience: 'admin',
  input: z.discriminatedUnion(
    'field',
    [
      z.object({ user_id: userId, field: z.literal('password'), value: registerInput.shape.password }),
      z.object({ user_id: userId, field: z.literal('premium_expires'), value: expiryValue }),
      z.object({ user_id: userId, field: z.literal('pro_expires'), value: expiryValue }),
    ],
    { error: 'Please choose password, premium_expires or pro_expires.' },
  ),
});

/** AM5: an adjustment is at most this many points either way. */
export const ADJUST_MAX = 100_000;
export const REASON_MIN = 5;
export const REASON_MAX = 300;
export const REASON_NEEDED = `Please give a reason of ${REASON_MIN} to ${REASON_MAX} characters; it goes into the audit log.`;
const adjustError = `Please give a whole number of points from -${ADJUST_MAX.toLocaleString('en-US')} to ${ADJUST_MAX.toLocaleString('en-US')}, not 0.`;

/** AM5: points given or taken through the ledger (kind admin_adjust), with a reason. */
export const adjustPoints = operation<AdminUserAnswer & { message: string }>()({
  method: 'POST',
  path: 'admin/adjustPoints',
  audience: 'admin',
  input: z.object({
    user_id: userId,
    amount: wholeNumber(
      z
        .number({ error: adjustError })
        .int({ error: adjustError })
        .min(-ADJUST_MAX, { error: adjustError })
        .max(ADJUST_MAX, { error: adjustError })
        .refine((n) => n !== 0, { error: adjustError }),
    ),
    reason: z
      .string({ error: REASON_NEEDED })
      .trim()
      .min(REASON_MIN, { error: REASON_NEEDED })
      .max(REASON_MAX, { error: REASON_NEEDED }),
  }),
});

/** spec 4 §7 admin/deleteUserAccount?delete_id= (confirmed on the page; D2.5, AM6). */
export const deleteUserAccount = operation<{ status: 'success'; message: string }>()({
  method: 'GET',
  path: 'admin/deleteUserAccount',
  audience: 'admin',
  input: z.object({ delete_id: idSchema('member id') }),
});

export const NOT_ON_THIS_ACCOUNT = 'Staff cannot change their own account or another admin’s here.';
export const ACCOUNT_DELETED = 'This account was deleted; there is nothing left to change.';
export const SUBSCRIPTION_RENEWS =
  'This member has a subscription that still renews. It must be cancelled with the payment provider before the account is deleted.';

/**
 * spec 4 §7 admin/useAsUser (D13.2, AM9): a session of the member's, marked as staff's; its token and
 * the member as the browser keeps them. Confirmed on the page first.
 */
export const useAsUser = operation<{
  status: 'success';
  message: string;
  token: string;
  user: CurrentUser;
}>()({
  method: 'GET',
  path: 'admin/useAsUser',
  audience: 'admin',
  input: z.object({ id: idSchema('member id') }),
});
export const NOT_ACTIVE = 'Only an active member’s account can be used: reactivate it first.';
