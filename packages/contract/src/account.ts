import { z } from 'zod';
import { operation } from './operation.js';
import type { CurrentUser } from './common.js';
import { registerInput } from './login.js';
import { LINKED_PLATFORMS } from './platforms.js';

/** Spec 3 §5 and §8: the texts the account page shows. */
export const PASSWORD_MISMATCH = 'The values for your new password do not match each other!';
export const ACCOUNT_LOAD_FAILED = 'We had an issue retrieving your Account information.';
export const IMDB_UP_TO_DATE = 'Your name and IMDb information are up to date!';
export const EMAIL_SETTINGS_LOAD_FAILED = 'We had a problem loading your settings...';
export const EMAIL_SETTINGS_UPDATE_FAILED = 'There was an issue updating your settings...';
export const EMAIL_SETTINGS_UPDATED = 'Your preferences have been updated!';
export const PASSWORD_REQUIRED = 'Please enter your current password to make this change.';
export const DELETE_NOT_WARNED =
  'Please confirm that you understand deleting your account is permanent before we delete it.';

/** Spec 3 §8 confirmations: reactivation only through support; deletion is permanent. */
export const DEACTIVATE_CONFIRM =
  'Your profile and listings will be hidden from everyone and you will be signed out everywhere. ' +
  'You will not be able to sign in again until you email support@marquee.local and ask us to reactivate your account.';
export const DELETE_CONFIRM =
  'This is permanent and cannot be undone. Your history, comments and listings are deleted, your remaining ' +
  'points are forfeited, and this email address can never be used to register on Marquee again.';

/** Spec 3 §4: what the Update Account Details modal is updating. */
export const UPDATING = [
  'none',
  'name',
  'imdb',
  'email',
  'username',
  'password',
  'facebook',
  'twitter',
  'feature_me',
] as const;
export type Updating = (typeof UPDATING)[number];

/** Spec 3 §3 "accountUser". A display of 2 characters or less means the account is not linked. */
export interface AccountUser {
  first: string;
  last: string;
  email: string;
  imdb: string;
  /** A link to the member's own account (HTML, sanitised on the server and again in the browser). */
  facebook_display: string;
  twitter_display: string;
  username: string;
  feature_me: boolean;
}

/** The answer of a change to the member: their account details and the current user the shell keeps. */
export interface AccountChanged {
  status: 'success';
  message: string;
  user: AccountUser;
  currentUser: CurrentUser;
}

export const fetchAccountDetails = operation<{ status: 'success'; user: AccountUser }>()({
  method: 'GET',
  path: 'account/fetchAccountDetails',
  audience: 'member',
  input: z.object({}),
});

const currentPassword = z
  .string({ error: PASSWORD_REQUIRED })
  .min(1, { error: PASSWORD_REQUIRED })
  .max(200, { error: PASSWORD_REQUIRED });

/** A yes/no switch sent as a boolean (JSON) or as text (a query string). */
export const switchValue = z
  .union([z.boolean(), z.enum(['yes', 'no', 'true', 'false', '1', '0'])], {
    error: 'Please choose on or off.',
  })
  .transform((v) => v === true || v === 'yes' || v === 'true' || v === '1');

/**
 * account/updateUserField (spec 3 §5, §7): `field`, `value` and the member's current `password`,
 * which every field but feature_me needs. A name is sent as `value: { first, last }`; a new password
 * as `value` with its repetition in `confirm`. The values follow sign-up's rules.
 */
export const updateUserFieldInput = z.discriminatedUnion(
  'field',
  [
    z.object({
      field: z.literal('name'),
      value: z.object(
        { first: registerInput.shape.first, last: registerInput.shape.last },
        { error: 'Please enter your first and last name.' },
      ),
      password: currentPassword,
    }),
    z.object({ field: z.literal('email'), value: registerInput.shape.email, password: currentPassword }),
    z.object({ field: z.literal('imdb'), value: registerInput.shape.imdb, password: currentPassword }),
    z.object({
      field: z.literal('username'),
      value: registerInput.shape.username,
      password: currentPassword,
    }),
    z
      .object({
        field: z.literal('password'),
        value: registerInput.shape.password,
        confirm: z.string({ error: PASSWORD_MISMATCH }).max(200, { error: PASSWORD_MISMATCH }),
        password: currentPassword,
      })
      .refine((v) => v.value === v.confirm, { error: PASSWORD_MISMATCH, path: ['confirm'] }),
    z.object({ field: z.literal('feature_me'), value: switchValue }),
  ],
  { error: 'Please choose a detail to update: name, email, imdb, username, password or feature_me.' },
);

export const UPDATE_FIELDS = ['name', 'email', 'imdb', 'username', 'password', 'feature_me'] as const;
export type UpdateField = (typeof UPDATE_FIELDS)[number];

export const updateUserField = operation<AccountChanged>()({
  method: 'POST',
  path: 'account/updateUserField',
  audience: 'member',
  input: updateUserFieldInput,
});

export const removeLinkedAccount = operation<{ status: 'success'; message: string; user: AccountUser }>()({
  method: 'GET',
  path: 'account/removeLinkedAccount',
  audience: 'member',
  input: z.object({
    a: z.enum(LINKED_PLATFORMS, { error: 'Please say which account to remove: facebook or twitter.' }),
  }),
});

/** Spec 3 §3 "Name option". */
export interface NameOption {
  first: string;
  last: string;
}

/** Spec 3 §4: the name refresh from IMDb. Pending lists the ways to read the page's name. */
export type RefreshAnswer =
  AccountChanged | { status: 'pending'; message: string; options: NameOption[]; imdb: string };

export const refreshIMDbInfo = operation<RefreshAnswer>()({
  method: 'GET',
  path: 'account/refreshIMDbInfo',
  audience: 'member',
  input: z.object({}),
});

export const selectNameOption = operation<AccountChanged>()({
  method: 'POST',
  path: 'account/selectNameOption',
  audience: 'member',
  input: z.object({
    first: registerInput.shape.first,
    last: registerInput.shape.last,
    imdb: registerInput.shape.imdb,
  }),
});

export const deactivate = operation<{ status: 'success'; message: string }>()({
  method: 'GET',
  path: 'account/deactivate',
  audience: 'member',
  input: z.object({}),
});

export const deleteAccount = operation<{ status: 'success'; message: string }>()({
  method: 'POST',
  path: 'account/delete',
  audience: 'member',
  input: z.object({
    warned: z
      .union([z.literal(true), z.enum(['yes', 'true'])], { error: DELETE_NOT_WARNED })
      .transform(() => true as const),
  }),
});

/** Spec 3 §3 "Email setting"; the first is the 'all' switch. */
export interface EmailSetting {
  name: string;
  title: string;
  description: string;
  enabled: boolean;
}

export interface EmailSettingsAnswer {
  status: 'success';
  settings: EmailSetting[];
}

export const fetchEmailSettings = operation<EmailSettingsAnswer>()({
  method: 'GET',
  path: 'account/fetchEmailSettings',
  audience: 'member',
  input: z.object({}),
});

export const updateEmailSetting = operation<EmailSettingsAnswer & { message: string }>()({
  method: 'GET',
  path: 'account/updateEmailSetting',
  audience: 'member',
  input: z.object({
    field: z
      .string({ error: 'Please say which email setting to change.' })
      .trim()
      .min(1, { error: 'Please say which email setting to change.' })
      .max(40, { error: 'There is no such email setting.' }),
    value: switchValue,
  }),
});
