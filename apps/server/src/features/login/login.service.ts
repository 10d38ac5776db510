import { APP_VERSION, login as contract } from '@marquee/contract';
import type { AppDeps } from '../../platform/deps.js';
import { AppError, forbidden, loggedOut, tooManyRequests } from '../../platform/errors.js';
import { authenticate } from '../../platform/auth.js';
import { decoyHash, hashPassword, verifyPassword } from '../../platform/passwords.js';
import { hashToken, newToken } from '../../platform/tokens.js';
import {
  checkRate,
  clearRate,
  countRate,
  rateCount,
  takeRateOrThrow,
  uncountRate,
  withKeyLocked,
} from '../../platform/rate-limit.js';
import { findByLogin, findMember } from '../members/index.js';
import * as repo from './login.repo.js';
import {
  ADDRESS_FAILURES,
  PAIR_FAILURES_KEPT_MS,
  RESET_LINK_VALID_MS,
  RESET_REQUESTS,
  imdbPageCode,
  signInDelayMs,
  waitInWords,
} from './login.policy.js';
import { currentUser, startSession, type RequestOrigin } from './session.service.js';

export const WRONG_CREDENTIALS = 'The username or password you entered is incorrect.';
export const DEACTIVATED = 'This account has been deactivated. Please email support to reactivate it.';

/**
 * Sign-in (docs/domain.md "Sign-in limits", S1-S4). Failures are counted per account and address
 * pair: a pair past its free failures waits a growing delay, so a guesser is slowed while the owner,
 * signing in from an address that has not failed, never is. Each attempt is counted as a failure
 * under the pair's lock before its password is checked, so attempts sent at once see one another
 * and cannot each get a guess; a right password clears the pair.
 */
export async function checkCredentials(
  deps: AppDeps,
  input: { username: string; password: string },
  origin: RequestOrigin,
) {
  const now = deps.clock.now();
  const address = origin.address ?? 'unknown';
  const user = await findByLogin(deps.db, input.username);
  // Keyed by the account itself when there is one, so its username and its email share a count.
  const account = user ? `member:${user.id}` : `name:${input.username.trim().toLowerCase()}`;
  const pairKey = `sign-in:${account}@${address}`;
  const addressKey = `sign-in-address:${address}`;

  type Held = { refused: string; waitSeconds: number } | { refused: null; addressEvent: number };
  const held = await withKeyLocked(deps.db, pairKey, async (tx): Promise<Held> => {
    const failures = await rateCount(tx, pairKey, PAIR_FAILURES_KEPT_MS, now);
    const delayMs = signInDelayMs(failures);
    if (delayMs > 0) {
      // The latest failure's age decides: a window of one event as long as the delay.
      const wait = await checkRate(tx, pairKey, [{ limit: 1, windowMs: delayMs }], now);
      if (wait) {
        return {
          refused: `Too many failed sign-ins for this account from your network. Please wait ${waitInWords(wait.waitSeconds)} and try again, or use Forgot Password.`,
          waitSeconds: wait.waitSeconds,
        };
      }
    }
    // S3, under the address's own lock (always taken after the pair's, so never the other way round).
    const addressEvent = await withKeyLocked(tx, addressKey, async (atx) => {
      const full = await checkRate(atx, addressKey, ADDRESS_FAILURES, now);
      return full ?? (await countRate(atx, addressKey, now));
    });
    if (typeof addressEvent !== 'number') {
      return {
        refused: `Too many failed sign-ins from your network. Please wait ${waitInWords(addressEvent.waitSeconds)} and try again.`,
        waitSeconds: addressEvent.waitSeconds,
      };
    }
    await countRate(tx, pairKey, now);
    return { refused: null, addressEvent };
  });
  if (held.refused !== null) throw tooManyRequests(held.refused, held.waitSeconds);

  const passwordOk = await verifyPassword(user?.passwordHash ?? (await decoyHash()), input.password);
  if (!user || !passwordOk || user.status === 'deleted') {
    throw new AppError(401, 'error', WRONG_CREDENTIALS);
  }
  // S4: the right password clears the pair and takes back its own count from the address.
  await clearRate(deps.db, pairKey);
  await uncountRate(deps.db, held.addressEvent);
  if (user.status !== 'active') throw forbidden(DEACTIVATED);
  await repo.markActive(deps.db, user.id, now);
  return startSession(deps, user.id, origin);
}

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
  // The Pro extension's session signs no one in to the site (docs/domain.md PX3).
  if (!caller || caller.extension) throw loggedOut();
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
  // Every request counts toward the limit, matched or not.
  await takeRateOrThrow(
    deps.db,
    `password-reset:${origin.address ?? 'unknown'}`,
    RESET_REQUESTS,
    now,
    (r) =>
      `Too many password resets were asked for from your network. Please wait ${waitInWords(r.waitSeconds)} and try again.`,
  );
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
    await repo.setPassword(tx, user.id, passwordHash);
    await repo.revokeAllSessions(tx, user.id, now);
    return true;
  });
  if (!done) throw new AppError(400, 'expired', contract.RESET_EXPIRED);
  return startSession(deps, user.id, origin);
}
