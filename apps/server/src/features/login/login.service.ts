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
  checkRate,
  clearRate,
  countRate,
  rateCount,
  takeRate,
  takeRateOrThrow,
  uncountRate,
  withKeyLocked,
} from '../../platform/rate-limit.js';
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
import {
  emailWasDeleted,
  eraseMember,
  hasRenewingSubscription,
  lockAccount,
} from '../account/account.repo.js';
import { removeImageFiles } from '../uploads/uploads.service.js';
import type { DailyJob } from '../../platform/jobs.js';
import {
  ADDRESS_FAILURES,
  CONFIRM_LINK_VALID_MS,
  CONFIRM_RESENDS,
  PAIR_FAILURES_KEPT_MS,
  RESET_LINK_VALID_MS,
  RESET_REQUESTS,
  SIGN_UPS,
  TAKEN_ADDRESS_NOTES,
  dayInWords,
  imdbPageCode,
  unconfirmedRemovalCutoff,
  unconfirmedRemovalDay,
  signInDelayMs,
  waitInWords,
} from './login.policy.js';

/** New members start with 100 points, paid by the house (D2.4). */
export const SIGNUP_BONUS = 100;

export interface RequestOrigin {
  address: string | null;
  userAgent: string | null;
}

export const WRONG_CREDENTIALS = 'The username or password you entered is incorrect.';
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

const SIGN_UP_ANSWER = { status: 'success' as const, message: contract.SIGN_UP_STARTED };

/**
 * D2.4, D11.4: sign-up. Every sign-up that passes the field checks and the per-address limit gets
 * the same answer (docs/domain.md "Sign-up", U1-U4): a new account is created unconfirmed and mailed
 * its confirmation link; an address that already has an account, or belonged to a deleted one, gets
 * a note instead and nothing is created. Only a taken username is said, as usernames are public.
 */
export async function register(
  deps: AppDeps,
  input: z.output<typeof contract.registerInput>,
  origin: RequestOrigin,
) {
  if (await usernameTaken(deps.db, input.username)) throw conflict(USERNAME_TAKEN);
  const now = deps.clock.now();
  await takeRateOrThrow(
    deps.db,
    `sign-up:${origin.address ?? 'unknown'}`,
    SIGN_UPS,
    now,
    (r) => `Too many sign-ups from your network. Please wait ${waitInWords(r.waitSeconds)} and try again.`,
  );
  // Hashed whatever follows, so a taken address answers no sooner than a new account.
  const passwordHash = await hashPassword(input.password);
  if (await emailWasDeleted(deps.db, input.email)) {
    await noteAttemptOnAddress(deps, input.email, null);
    return SIGN_UP_ANSWER;
  }
  const owner = await findByLogin(deps.db, input.email);
  if (owner && owner.email === input.email) {
    await noteAttemptOnAddress(deps, input.email, owner);
    return SIGN_UP_ANSWER;
  }
  // A system account's address: nobody to tell, and nothing to create.
  if (await emailTaken(deps.db, input.email)) return SIGN_UP_ANSWER;
  const referrerId =
    input.referrer && (await isActiveMember(deps.db, input.referrer)) ? input.referrer : null;
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
      await repo.markUnconfirmed(tx, id, now);
      return id;
    });
  } catch (e) {
    if (!isUniqueViolation(e)) throw e;
    // Two sign-ups racing: the unique indexes decide. A name may be said; an address may not.
    if (await usernameTaken(deps.db, input.username)) throw conflict(USERNAME_TAKEN);
    const holder = await findByLogin(deps.db, input.email);
    if (holder) await noteAttemptOnAddress(deps, input.email, holder);
    return SIGN_UP_ANSWER;
  }
  await mailConfirmationLink(deps, { id: userId, first: input.first, email: input.email }, now, 'welcome');
  if (referrerId) await mailReferralJoined(deps, referrerId, input);
  return SIGN_UP_ANSWER;
}

export const USERNAME_TAKEN = 'That username is already taken. Please choose another.';

/**
 * U3: the owner of an address someone tried to register again hears of it (at most once a day).
 * When the account holding it was never confirmed (U6), it may be someone else's: the mail says
 * when it goes and names nothing its maker chose.
 */
async function noteAttemptOnAddress(
  deps: AppDeps,
  email: string,
  owner: { id: number; first: string; username: string | null } | null,
) {
  const now = deps.clock.now();
  if (await takeRate(deps.db, `sign-up-note:${email}`, TAKEN_ADDRESS_NOTES, now)) return;
  const waitingSince = owner ? await repo.unconfirmedSince(deps.db, owner.id) : null;
  const url = deps.config.publicUrl;
  const text = waitingSince
    ? `Hello,\n\n` +
      `Someone just tried to join Marquee with this email address. An account waiting for this address to be confirmed ` +
      `was already started with it, so no new account was made.\n\n` +
      `If you did not start that account, you need do nothing. Please do not open the confirmation link mailed to this address: ` +
      `it would sign you into an account whose password someone else chose. Unless it is confirmed, the account is removed ` +
      `on ${dayInWords(unconfirmedRemovalDay(waitingSince))}; from then on you can sign up with this address at ${url}/signup.\n\n` +
      `If you started it yourself, open the confirmation link we mailed you, or sign in at ${url}/login and choose "Resend the mail".\n\n` +
      `Marquee Support`
    : owner
      ? `Hello ${owner.first},\n\n` +
        `Someone just tried to join Marquee with this email address, which already belongs to your account "${owner.username ?? ''}". ` +
        `No new account was made.\n\n` +
        `If it was you: sign in at ${deps.config.publicUrl}/login with your username or this address. ` +
        `If you have forgotten your password, choose "Forgot Password" there to reset it.\n\n` +
        `If it was not you, you need do nothing: your account is unchanged.\n\nMarquee Support`
      : `Hello,\n\n` +
        `Someone just tried to join Marquee with this email address. It belonged to a Marquee account that was deleted, ` +
        `and an address of a deleted account cannot be used to join again, so no account was made.\n\n` +
        `If it was not you, you need do nothing.\n\nMarquee Support`;
  await deps.mailer.send({
    to: email,
    subject: 'Someone tried to join Marquee with your email address',
    text,
  });
}

/**
 * Mails a fresh single-use link that confirms `member`'s current address (D2.4), warning whoever did
 * not sign up not to open it, and when the account started at `startedAt` goes unless confirmed (U6).
 */
async function mailConfirmationLink(
  deps: AppDeps,
  member: { id: number; first: string; email: string },
  startedAt: Date,
  why: 'welcome' | 'again',
) {
  const now = deps.clock.now();
  const token = newToken();
  await repo.createConfirmation(deps.db, {
    tokenHash: hashToken(token),
    userId: member.id,
    email: member.email,
    at: now,
    expiresAt: new Date(now.getTime() + CONFIRM_LINK_VALID_MS),
  });
  const link = `${deps.config.publicUrl}/confirm-email?token=${encodeURIComponent(token)}`;
  await deps.mailer.send({
    to: member.email,
    subject: 'Confirm your email address for Marquee',
    text:
      `Hello ${member.first},\n\n` +
      (why === 'welcome'
        ? `Welcome to Marquee! Please confirm that this is your email address by opening this link:\n\n`
        : `Here is a new link to confirm your email address for Marquee:\n\n`) +
      `${link}\n\n` +
      `Your ${SIGNUP_BONUS} welcome points are paid as soon as you do. The link works once, within 7 days.\n\n` +
      `If you did not sign up for Marquee, ignore this mail and do not open the link: someone else chose this account's password. ` +
      `Unless it is confirmed, the account is removed on ${dayInWords(unconfirmedRemovalDay(startedAt))}, ` +
      `and this address is free to sign up again.\n\nMarquee Support`,
  });
}

/**
 * Opening the mailed link (D2.4): confirms the address, pays the sign-up bonus through the ledger
 * exactly once (U2: whoever removes the waiting row pays; a second opening finds no row), and
 * signs the member in.
 */
export async function confirmEmail(deps: AppDeps, token: string, origin: RequestOrigin) {
  const now = deps.clock.now();
  const outcome = await deps.db.transaction(async (tx) => {
    // The member is locked before their link or wait is touched, in the order the daily removal
    // (U6) takes them, so that one of the two wins and neither waits on the other.
    const whose = await repo.confirmationOwner(tx, hashToken(token));
    if (whose === null) return null;
    await lockAccount(tx, whose);
    const link = await repo.useConfirmation(tx, hashToken(token), now);
    if (!link) return null;
    const member = await findMember(tx, link.userId);
    // A link to an address the member has since changed confirms nothing.
    if (!member || member.status !== 'active' || member.email !== link.email) return null;
    const paid = await repo.markConfirmed(tx, member.id);
    if (paid) {
      await movePoints(tx, {
        from: HOUSE_ID,
        to: member.id,
        amount: SIGNUP_BONUS,
        kind: 'signup_bonus',
        at: now,
      });
    }
    return { userId: member.id, paid };
  });
  if (!outcome) throw new AppError(400, 'expired', contract.CONFIRM_EXPIRED);
  const session = await startSession(deps, outcome.userId, origin);
  return {
    ...session,
    bonus: outcome.paid ? SIGNUP_BONUS : 0,
    message: outcome.paid
      ? `Your email address is confirmed. Welcome to Marquee: your ${SIGNUP_BONUS} welcome points are in your balance.`
      : 'Your email address was already confirmed.',
  };
}

/** For the shell's notice: whether the signed-in member still has to confirm their address. */
export async function fetchEmailConfirmation(deps: AppDeps, userId: number) {
  const member = await findMember(deps.db, userId);
  if (!member) throw loggedOut();
  return {
    status: 'success' as const,
    confirmed: !(await repo.isUnconfirmed(deps.db, userId)),
    email: member.email ?? '',
  };
}

/** "Resend the mail": a fresh link, limited per member (CONFIRM_RESENDS). */
export async function resendConfirmation(deps: AppDeps, userId: number) {
  const member = await findMember(deps.db, userId);
  if (!member) throw loggedOut();
  const startedAt = await repo.unconfirmedSince(deps.db, userId);
  if (!startedAt || !member.email) {
    return { status: 'success' as const, message: 'Your email address is already confirmed.' };
  }
  await takeRateOrThrow(
    deps.db,
    `confirm-resend:${userId}`,
    CONFIRM_RESENDS,
    deps.clock.now(),
    (r) =>
      `We have sent you several links already. Please wait ${waitInWords(r.waitSeconds)} before asking again.`,
  );
  await mailConfirmationLink(
    deps,
    { id: userId, first: member.first, email: member.email },
    startedAt,
    'again',
  );
  return {
    status: 'success' as const,
    message: `We have sent a new link to ${member.email}. It works once, within 7 days.`,
  };
}

/**
 * U6, daily: an account whose address is still unconfirmed once its first link has lapsed is
 * erased as a deletion would (D2.5; its points back to the house, so the ledger balances, D3.1),
 * but its address is not kept from joining: nobody showed it was theirs. An account whose paid
 * subscription still renews is kept, as deleting it would leave the provider charging nobody.
 */
export const removeUnconfirmedJob: DailyJob = {
  name: 'remove-unconfirmed-accounts',
  async run(tx, { deps, day, now }) {
    const cutoff = unconfirmedRemovalCutoff(day);
    const pictures: string[] = [];
    for (const member of await repo.unconfirmedSinceBefore(tx, cutoff)) {
      await lockAccount(tx, member.id);
      // Read again under the lock: a link opened meanwhile has confirmed the account.
      if (!(await repo.isUnconfirmed(tx, member.id))) continue;
      if (await hasRenewingSubscription(tx, member.id)) continue;
      pictures.push(...(await eraseMember(tx, member, now, { addressFree: true })));
    }
    // Files go once their rows are gone for good (D2.5).
    if (pictures.length) return () => removeImageFiles(deps, pictures);
  },
};

function isUniqueViolation(e: unknown): boolean {
  const code =
    (e as { code?: string; cause?: { code?: string } })?.code ??
    (e as { cause?: { code?: string } })?.cause?.code;
  return code === '23505';
}

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
  await deps.db.update(users).set({ lastActiveAt: now }).where(eq(users.id, user.id));
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
    await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
    await repo.revokeAllSessions(tx, user.id, now);
    return true;
  });
  if (!done) throw new AppError(400, 'expired', contract.RESET_EXPIRED);
  return startSession(deps, user.id, origin);
}
