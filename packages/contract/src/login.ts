import { z } from 'zod';
import { operation } from './operation.js';
import { wholeNumber, type CurrentUser } from './common.js';

/** Field rules shared by the sign-up form and the server. */
export const USERNAME_PATTERN = /^[A-Za-z0-9._-]{3,30}$/;
export const IMDB_PAGE_PATTERN =
  /^https?:\/\/(www\.|m\.)?imdb\.com\/(name\/nm\d{5,10}|title\/tt\d{5,10})\/?(\?.*)?$/i;
export const PASSWORD_MIN = 8;

const trimmed = (message: string, max: number) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: `That is too long: at most ${max} characters.` });

export const registerInput = z.object({
  first: trimmed('Please enter your first name.', 50),
  last: trimmed('Please enter your last name.', 50),
  email: z
    .string({ error: 'Please enter your email address.' })
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: 'Please enter a valid email address.' }).max(254)),
  username: z.string({ error: 'Please choose a username.' }).trim().regex(USERNAME_PATTERN, {
    error: 'Usernames are 3 to 30 letters, numbers, dots, dashes or underscores.',
  }),
  password: z
    .string({ error: 'Please choose a password.' })
    .min(PASSWORD_MIN, { error: `Please choose a password of at least ${PASSWORD_MIN} characters.` })
    .max(200, { error: 'That password is too long: at most 200 characters.' }),
  imdb: z.string({ error: 'Please enter the URL of your IMDb page.' }).trim().regex(IMDB_PAGE_PATTERN, {
    error: 'Please enter the full URL of your IMDb page, like https://www.imdb.com/name/nm0000001/',
  }),
  referrer: wholeNumber(z.number().int().positive().optional().catch(undefined)),
});

export interface SessionAnswer {
  status: 'success';
  token: string;
  user: CurrentUser;
}

/**
 * Every sign-up that passes the field checks gets this same answer, whether it created an account
 * or the address was already taken (docs/domain.md, "Sign-up"): the mailed link does the rest.
 */
export const SIGN_UP_STARTED =
  'Check your inbox: we have emailed you a link to confirm your email address. Open it to finish joining and collect your 100 welcome points. If that address already has a Marquee account, the mail tells you how to sign in instead.';

export const register = operation<{ status: 'success'; message: string }>()({
  method: 'POST',
  path: 'login/register',
  audience: 'public',
  input: registerInput,
});

export const CONFIRM_EXPIRED =
  'This confirmation link has expired or was already used. Sign in and choose "Resend the mail" to get a new one.';

/** Opening the mailed link: confirms the address, pays the welcome points once, and signs in. */
export const confirmEmail = operation<SessionAnswer & { bonus: number; message: string }>()({
  method: 'POST',
  path: 'login/confirmEmail',
  audience: 'public',
  input: z.object({
    token: z.string({ error: CONFIRM_EXPIRED }).min(1, { error: CONFIRM_EXPIRED }).max(200),
  }),
});

/** Whether the signed-in member still has to confirm their email address (the shell's notice). */
export const fetchEmailConfirmation = operation<{ status: 'success'; confirmed: boolean; email: string }>()({
  method: 'GET',
  path: 'login/fetchEmailConfirmation',
  audience: 'member',
  input: z.object({}).optional(),
});

/** Mails the signed-in member a fresh confirmation link. */
export const resendConfirmation = operation<{ status: 'success'; message: string }>()({
  method: 'POST',
  path: 'login/resendConfirmation',
  audience: 'member',
  input: z.object({}).optional(),
});

export const MISSING_CREDENTIALS = 'You need both a username and password.';

export const checkCredentials = operation<SessionAnswer>()({
  method: 'POST',
  path: 'login/checkCredentials',
  audience: 'public',
  input: z.object({
    username: z.string({ error: MISSING_CREDENTIALS }).trim().min(1, { error: MISSING_CREDENTIALS }).max(254),
    password: z.string({ error: MISSING_CREDENTIALS }).min(1, { error: MISSING_CREDENTIALS }).max(200),
  }),
});

export type CheckTokenAnswer =
  | { status: 'success'; user: CurrentUser }
  | { status: 'version_error'; user_version: string; correct_version: string; message: string };

export const checkToken = operation<CheckTokenAnswer>()({
  method: 'POST',
  path: 'login/checkToken',
  audience: 'public',
  input: z.object({
    token: z.string({ error: 'Please sign in.' }).max(200),
    version: z.string({ error: 'Please reload the page.' }).max(20),
  }),
});

export const logout = operation<{ status: 'success' }>()({
  method: 'POST',
  path: 'login/logout',
  audience: 'member',
  input: z.object({}).optional(),
});

export const RESET_STARTED =
  'If those details match an account, we have emailed it a link to choose a new password. Please check your inbox.';

export const startPasswordReset = operation<{ status: 'success'; message: string }>()({
  method: 'POST',
  path: 'login/startPasswordReset',
  audience: 'public',
  input: z.object({
    username: z
      .string({ error: 'Please enter your username or email address.' })
      .trim()
      .min(1, { error: 'Please enter your username or email address.' })
      .max(254),
    imdb: z
      .string({ error: 'Please enter the URL of your IMDb page.' })
      .trim()
      .min(1, { error: 'Please enter the URL of your IMDb page.' })
      .max(500),
  }),
});

export const RESET_EXPIRED = 'This reset link has expired or was already used. Please ask for a new one.';

export const checkResetToken = operation<
  { status: 'success'; username: string } | { status: 'expired'; message: string }
>()({
  method: 'GET',
  path: 'login/checkResetToken',
  audience: 'public',
  input: z.object({ token: z.string({ error: RESET_EXPIRED }).min(1, { error: RESET_EXPIRED }).max(200) }),
});

export const completePasswordReset = operation<SessionAnswer>()({
  method: 'POST',
  path: 'login/completePasswordReset',
  audience: 'public',
  input: z.object({
    token: z.string({ error: RESET_EXPIRED }).min(1, { error: RESET_EXPIRED }).max(200),
    password: registerInput.shape.password,
  }),
});
