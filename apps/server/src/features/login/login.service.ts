import { eq } from 'drizzle-orm';
import { APP_VERSION, type CurrentUser, login as contract } from '@marquee/contract';
import type { z } from 'zod';
import type { AppDeps } from '../../platform/deps.js';
import { AppError, conflict, forbidden, loggedOut, tooManyRequests } from '../../platform/errors.js';
import { authenticate } from '../../platform/auth.js';
import { decoyHash, hashPassword, verifyPassword } from '../../platform/passwords.js';
import { hashToken, newToken } from '../../platform/tokens.js';
import { users } from '../members/members.tables.js';
import {
  emailTaken,
  findByLogin,
  findMember,
  isActiveMember,
  usernameTaken,
} from '../members/members.repo.js';
import { presentCurrentUser } from '../members/members.presenter.js';
import { mailReferralJoined } from '../referrals/rewards.service.js';
import { HOUSE_ID, movePoints } from '../points/ledger.js';
import * as repo from './login.repo.js';
import { emailWasDeleted } from '../account/account.repo.js';
import {
  MAX_FAILURES_PER_ACCOUNT,
  MAX_FAILURES_PER_ADDRESS,
  MAX_RESETS_PER_ADDRESS,
  RESET_LINK_VALID_MS,
  RESET_WINDOW_MS,
  SIGN_IN_WINDOW_MS,
  attemptAllowed,
  imdbPageCode,
} from './login.policy.js';

/** New members start with 100 points, paid by the house (D2.4). */
export const SIGNUP_BONUS = 100;

export interface RequestOrigin {
  address: string | null;
  userAgent: string | null;
}

export const WRONG_CREDENTIALS = 'The username or password you entered is incorrect.';
/** D2.5: the email of a deleted account cannot register again. */
export const EMAIL_OF_DELETED_ACCOUNT =
  'That email address belonged to an account that was deleted, and cannot be used to register again.';
export const DEACTIVATED = 'This account has been deactivated. Please email support to reactivate it.';

async function currentUser(deps: AppDeps, userId: number): Promise<CurrentUser> {
  const row = await findMember(deps.db, userId);
  if (!row) throw loggedOut();
  return presentCurrentUser(row, deps.clock.now());
}

async function startSession(deps: AppDeps, userId: number, origin: RequestOrigin) {
  const token = newToken();
  await repo.createSession(deps.db, { tokenHash: hashToken(token), userId, at: deps.clock.now(), ...origin });
  return { status: 'success' as const, token, user: await currentUser(deps, userId) };
}

/** D2.4: sign-up, with the referrer remembered from a /r/{userId} visit and the 100-point bonus. */
export async function register(
  deps: AppDeps,
  input: z.output<typeof contract.registerInput>,
  origin: RequestOrigin,
) {
  if (await usernameTaken(deps.db, input.username))
    throw conflict('That username is already taken. Please choose another.');
  if (await emailWasDeleted(deps.db, input.email)) throw conflict(EMAIL_OF_DELETED_ACCOUNT);
  if (await emailTaken(deps.db, input.email)) {
    throw conflict(
      'An account with that email address already exists. Try signing in or resetting your password.',
    );
  }
  const passwordHash = await hashPassword(input.password);
  const referrerId =
    input.referrer && (await isActiveMember(deps.db, input.referrer)) ? input.referrer : null;
  const now = deps.clock.now();
  let userId: number;
  try {
    userId = await deps.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(users)
        .values({
          first: input.first,
          last: input.last,
          email: input.email,
          username: input.username,
          passwordHash,
          imdbUrl: input.imdb,
          referrerId,
          createdAt: now,
          lastActiveAt: now,
        })
        .returning({ id: users.id });
      const id = (created as { id: number }).id;
      await movePoints(tx, { from: HOUSE_ID, to: id, amount: SIGNUP_BONUS, kind: 'signup_bonus', at: now });
      return id;
    });
  } catch (e) {
    // Two sign-ups racing for the same name: the unique index decides.
    if (isUniqueViolation(e))
      throw conflict('That username or email address was just taken. Please choose another.');
    throw e;
  }
  if (referrerId) await mailReferralJoined(deps, referrerId, input);
  return startSession(deps, userId, origin);
}

function isUniqueViolation(e: unknown): boolean {
  const code =
    (e as { code?: string; cause?: { code?: string } })?.code ??
    (e as { cause?: { code?: string } })?.cause?.code;
  return code === '23505';
}

/** Sign-in, limited per address and per account (ARCHITECTURE: rate-limit sign-in). */
export async function checkCredentials(
  deps: AppDeps,
  input: { username: string; password: string },
  origin: RequestOrigin,
) {
  const now = deps.clock.now();
  const since = new Date(now.getTime() - SIGN_IN_WINDOW_MS);
  const accountKey = input.username.trim().toLowerCase();
  const addressKey = origin.address ?? 'unknown';
  // Each attempt counts as a failure before its password is checked, so attempts sent all at once
  // see one another and cannot each get a guess in under the limit; a refused attempt is not
  // counted, and a right password takes its own back.
  const held = {
    address: await repo.recordAttempt(deps.db, 'address', addressKey, false, now),
    account: await repo.recordAttempt(deps.db, 'account', accountKey, false, now),
  };
  const byAddress = attemptAllowed(
    {
      failures: await repo.recentFailures(deps.db, 'address', addressKey, since, held.address),
      limit: MAX_FAILURES_PER_ADDRESS,
      windowMs: SIGN_IN_WINDOW_MS,
    },
    now,
  );
  if (!byAddress.allowed) {
    await repo.dropAttempts(deps.db, [held.address, held.account]);
    throw tooManyRequests(
      `Too many failed sign-ins from your network. Please wait ${minutes(byAddress.waitMinutes)} and try again.`,
      byAddress.waitMinutes * 60,
    );
  }
  const byAccount = attemptAllowed(
    {
      failures: await repo.recentFailures(deps.db, 'account', accountKey, since, held.account),
      limit: MAX_FAILURES_PER_ACCOUNT,
      windowMs: SIGN_IN_WINDOW_MS,
    },
    now,
  );
  if (!byAccount.allowed) {
    await repo.dropAttempts(deps.db, [held.address, held.account]);
    throw tooManyRequests(
      `Too many failed sign-ins for this account. Please wait ${minutes(byAccount.waitMinutes)} and try again, or use Forgot Password.`,
      byAccount.waitMinutes * 60,
    );
  }
  const user = await findByLogin(deps.db, input.username);
  const passwordOk = await verifyPassword(user?.passwordHash ?? (await decoyHash()), input.password);
  if (!user || !passwordOk || user.status === 'deleted') {
    throw new AppError(401, 'error', WRONG_CREDENTIALS);
  }
  await repo.dropAttempts(deps.db, [held.address, held.account]);
  if (user.status !== 'active') throw forbidden(DEACTIVATED);
  await repo.clearFailures(deps.db, 'account', accountKey);
  await deps.db.update(users).set({ lastActiveAt: now }).where(eq(users.id, user.id));
  return startSession(deps, user.id, origin);
}

const minutes = (n: number) => `${n} minute${n === 1 ? '' : 's'}`;

/** App start (spec 4 §4): a client of another version gets version_error; else the token's member. */
export async function checkToken(deps: AppDeps, input: { token: string; version: string }) {
  if (input.version !== APP_VERSION) {
    return {
      status: 'version_error' as const,
      user_version: input.version,
      correct_version: APP_VERSION,
      message: `Marquee has been updated to version ${APP_VERSION}. Please reload the page.`,
    };
  }
  const caller = await authenticate(deps.db, deps.clock, input.token);
  if (!caller) throw loggedOut();
  return { status: 'success' as const, user: await currentUser(deps, caller.userId) };
}

export async function logout(deps: AppDeps, sessionId: number) {
  await repo.revokeSession(deps.db, sessionId, deps.clock.now());
  return { status: 'success' as const };
}

/**
 * D2.6: a reset asked for with username or email plus the IMDb URL mails a single-use link valid
 * for one hour. The answer is the same whether or not the details matched, so that it cannot be
 * used to find out who has an account.
 */
export async function startPasswordReset(
  deps: AppDeps,
  input: { username: string; imdb: string },
  origin: RequestOrigin,
) {
  const now = deps.clock.now();
  const addressKey = origin.address ?? 'unknown';
  const allowed = attemptAllowed(
    {
      failures: await repo.recentFailures(
        deps.db,
        'reset',
        addressKey,
        new Date(now.getTime() - RESET_WINDOW_MS),
      ),
      limit: MAX_RESETS_PER_ADDRESS,
      windowMs: RESET_WINDOW_MS,
    },
    now,
  );
  if (!allowed.allowed) {
    throw tooManyRequests(
      `Too many password resets were asked for from your network. Please wait ${minutes(allowed.waitMinutes)} and try again.`,
      allowed.waitMinutes * 60,
    );
  }
  // Every request counts toward the limit, matched or not.
  await repo.recordAttempt(deps.db, 'reset', addressKey, false, now);
  const user = await findByLogin(deps.db, input.username);
  const asked = imdbPageCode(input.imdb);
  if (user && user.status === 'active' && user.email && asked && asked === imdbPageCode(user.imdbUrl ?? '')) {
    const token = newToken();
    await repo.createReset(deps.db, {
      tokenHash: hashToken(token),
      userId: user.id,
      at: now,
      expiresAt: new Date(now.getTime() + RESET_LINK_VALID_MS),
    });
    const link = `${deps.config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
    await deps.mailer.send({
      to: user.email,
      subject: 'Reset your Marquee password',
      text:
        `Hello ${user.first},\n\n` +
        `Someone (hopefully you) asked to reset the password of your Marquee account "${user.username}".\n` +
        `Choose a new password within the next hour here:\n\n${link}\n\n` +
        `The link works once. If you did not ask for this, ignore this mail: your password stays as it is.\n\n` +
        `Marquee Support`,
    });
  }
  return { status: 'success' as const, message: contract.RESET_STARTED };
}

export async function checkResetToken(deps: AppDeps, token: string) {
  const reset = await repo.findLiveReset(deps.db, hashToken(token), deps.clock.now());
  const user = reset ? await findMember(deps.db, reset.userId) : null;
  if (!reset || !user || user.status !== 'active') {
    return { status: 'expired' as const, message: contract.RESET_EXPIRED };
  }
  return { status: 'success' as const, username: user.username ?? '' };
}

/** Completes a reset: new password, every other session ended, and the member signed in. */
export async function completePasswordReset(
  deps: AppDeps,
  input: { token: string; password: string },
  origin: RequestOrigin,
) {
  const now = deps.clock.now();
  const reset = await repo.findLiveReset(deps.db, hashToken(input.token), now);
  const user = reset ? await findMember(deps.db, reset.userId) : null;
  if (!reset || !user || user.status !== 'active') throw new AppError(400, 'expired', contract.RESET_EXPIRED);
  const passwordHash = await hashPassword(input.password);
  const done = await deps.db.transaction(async (tx) => {
    if (!(await repo.useReset(tx, reset.id, now))) return false;
    await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
    await repo.revokeAllSessions(tx, user.id, now);
    return true;
  });
  if (!done) throw new AppError(400, 'expired', contract.RESET_EXPIRED);
  return startSession(deps, user.id, origin);
}
