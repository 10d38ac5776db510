import { dayInWords, login as contract } from '@marquee/contract';
import type { z } from 'zod';
import type { AppDeps } from '../../platform/deps.js';
import { AppError, conflict, loggedOut } from '../../platform/errors.js';
import { hashPassword } from '../../platform/passwords.js';
import { hashToken, newToken } from '../../platform/tokens.js';
import { takeRate, takeRateOrThrow } from '../../platform/rate-limit.js';
import { emailTaken, findByLogin, findMember, isActiveMember, usernameTaken } from '../members/index.js';
import { mailReferralJoined } from '../referrals/index.js';
import { HOUSE_ID, movePoints } from '../points/index.js';
import * as repo from './login.repo.js';
import { emailWasDeleted, eraseMember, hasRenewingSubscription, lockAccount } from '../account/index.js';
import { removeImageFiles } from '../uploads/index.js';
import type { DailyJob } from '../../platform/jobs.js';
import {
  CONFIRM_LINK_VALID_MS,
  CONFIRM_RESENDS,
  SIGN_UPS,
  TAKEN_ADDRESS_NOTES,
  unconfirmedRemovalCutoff,
  unconfirmedRemovalDay,
  waitInWords,
} from './login.policy.js';
import { startSession, type RequestOrigin } from './session.service.js';

/**
 * Sign-up (docs/domain.md "Sign-up", U1-U6): one answer for every sign-up, the confirmation link
 * that pays the welcome points, and the daily removal of accounts never confirmed.
 */

/** New members start with 100 points, paid by the house (D2.4). */
export const SIGNUP_BONUS = 100;

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
      const id = await repo.createMember(tx, {
        first: input.first,
        last: input.last,
        email: input.email,
        username: input.username,
        passwordHash,
        imdbUrl: input.imdb,
        referrerId,
        at: now,
      });
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
