import type { z } from 'zod';
import { account as contract, PLATFORM_NAME, type CurrentUser, type LinkedPlatform } from '@marquee/contract';
import type { AppDeps } from '../../platform/deps.js';
import { refuseWhileImpersonating, type Caller } from '../../platform/auth.js';
import { AppError, badInput, conflict, loggedOut, notFound, tooManyRequests } from '../../platform/errors.js';
import { hashPassword, verifyPassword } from '../../platform/passwords.js';
import { PlatformOffline, type ImdbPage } from '../../integrations/types.js';
import { imdbCodeOf } from '../../integrations/imdb-page.parser.js';
import { findMember } from '../members/index.js';
import { presentCurrentUser } from '../members/index.js';
import { checkRate, countRate, uncountRate, withKeyLocked } from '../../platform/rate-limit.js';
import * as repo from './account.repo.js';
import { removeImageFiles } from '../uploads/index.js';
import {
  PASSWORD_CHECKS,
  canonicalImdbUrl,
  emailSettingsView,
  isEmailKind,
  isNameOption,
  linkedDisplay,
  passwordCheckKey,
  refreshOutcome,
  tooManyWrongPasswords,
} from './account.policy.js';

type UpdateInput = z.output<typeof contract.updateUserFieldInput>;

const PROFILE_URLS = {
  facebook: (handle: string) => `https://www.facebook.com/${encodeURIComponent(handle)}`,
  twitter: (handle: string) => `https://x.com/${encodeURIComponent(handle)}`,
};

export const WRONG_PASSWORD = 'The current password you entered is incorrect.';
export const USERNAME_TAKEN = 'That username is already taken. Please choose another.';
export const EMAIL_TAKEN = 'Another account already uses that email address.';
export const EMAIL_DELETED = 'That email address belonged to a deleted account and cannot be used again.';
export const IMDB_NOT_FOUND = 'We could not find that page on IMDb. Please check the URL and try again.';
export const IMDB_OFFLINE = 'IMDb cannot be reached right now. Please try again in a little while.';
export const NOT_A_NAME_PAGE =
  'Your IMDb URL is a title page. Update it to your own name page (imdb.com/name/nm…) to take your name from IMDb.';
export const SINGLE_NAME =
  'Your IMDb page shows a single name. Please update your first and last name yourself with Update.';
export const RENEWING_SUBSCRIPTION =
  'Your membership still renews by subscription. Please stop its renewal on the Membership page first, so that you are not charged again after your account is gone.';

async function accountUser(deps: AppDeps, userId: number): Promise<contract.AccountUser> {
  const [row, linked] = await Promise.all([
    repo.accountOf(deps.db, userId),
    repo.linkedAccountsOf(deps.db, userId),
  ]);
  if (!row) throw loggedOut();
  const display = (platform: LinkedPlatform) =>
    linkedDisplay(platform, linked.find((l) => l.platform === platform) ?? null, (handle) =>
      deps.integrations.openUrl(PROFILE_URLS[platform](handle)),
    );
  return {
    first: row.first,
    last: row.last,
    email: row.email ?? '',
    imdb: row.imdbUrl ?? '',
    facebook_display: display('facebook'),
    twitter_display: display('twitter'),
    username: row.username ?? '',
    feature_me: row.featureMe,
  };
}

async function currentUser(deps: AppDeps, userId: number): Promise<CurrentUser> {
  const row = await findMember(deps.db, userId);
  if (!row) throw loggedOut();
  return presentCurrentUser(row, deps.clock.now());
}

async function changed(deps: AppDeps, userId: number, message: string): Promise<contract.AccountChanged> {
  const [user, current] = await Promise.all([accountUser(deps, userId), currentUser(deps, userId)]);
  return { status: 'success', message, user, currentUser: current };
}

export async function fetchAccountDetails(deps: AppDeps, caller: Caller) {
  return { status: 'success' as const, user: await accountUser(deps, caller.userId) };
}

/**
 * Spec 3 §5: every change but feature_me needs the current password; wrong ones are limited like
 * sign-in. The check takes its place in the limit before the (slow) password comparison, under the
 * member's key, so concurrent guesses cannot pass it (L2); a right password gives the place back.
 */
async function checkCurrentPassword(deps: AppDeps, caller: Caller, password: string, hash: string | null) {
  const now = deps.clock.now();
  const key = passwordCheckKey(caller.userId);
  const attempt = await withKeyLocked(deps.db, key, async (tx) => {
    const refusal = await checkRate(tx, key, PASSWORD_CHECKS, now);
    if (refusal) {
      const answer = tooManyWrongPasswords(refusal.waitSeconds);
      throw tooManyRequests(answer.message, answer.retryAfterSeconds);
    }
    return countRate(tx, key, now);
  });
  if (!(await verifyPassword(hash, password))) throw new AppError(403, 'error', WRONG_PASSWORD);
  await uncountRate(deps.db, attempt);
}

/** Reads an IMDb page through the page reader (D9); null when the page does not exist. */
async function readImdb(deps: AppDeps, url: string): Promise<ImdbPage | null> {
  try {
    return await deps.integrations.imdb.read(url);
  } catch (e) {
    if (e instanceof PlatformOffline) throw new AppError(503, 'error', IMDB_OFFLINE);
    throw e;
  }
}

/** account/updateUserField (spec 3 §5, §7). */
export async function updateUserField(deps: AppDeps, caller: Caller, input: UpdateInput) {
  const userId = caller.userId;
  if (input.field === 'feature_me') {
    await repo.updateMember(deps.db, userId, { featureMe: input.value });
    return changed(
      deps,
      userId,
      input.value
        ? 'You are now in the running to be a Featured Member.'
        : 'You will no longer be picked as a Featured Member.',
    );
  }
  if (input.field === 'password') refuseWhileImpersonating(caller, 'change the member’s password');
  if (input.field === 'email') refuseWhileImpersonating(caller, 'change the member’s email address');
  const member = await repo.accountOf(deps.db, userId);
  if (!member) throw loggedOut();
  await checkCurrentPassword(deps, caller, input.password, member.passwordHash);
  const now = deps.clock.now();

  switch (input.field) {
    case 'name':
      await repo.updateMember(deps.db, userId, { first: input.value.first, last: input.value.last });
      return changed(deps, userId, 'Your name has been updated.');

    case 'username':
      if (await repo.usernameTakenByOther(deps.db, input.value, userId)) throw conflict(USERNAME_TAKEN);
      await saveUnique(() => repo.updateMember(deps.db, userId, { username: input.value }), USERNAME_TAKEN);
      return changed(deps, userId, 'Your username has been updated.');

    case 'email': {
      if (await repo.emailWasDeleted(deps.db, input.value)) throw conflict(EMAIL_DELETED);
      if (await repo.emailTakenByOther(deps.db, input.value, userId)) throw conflict(EMAIL_TAKEN);
      await saveUnique(() => repo.updateMember(deps.db, userId, { email: input.value }), EMAIL_TAKEN);
      // A security notice to the old address, which is not optional mail.
      if (member.email && member.email !== input.value) {
        await deps.mailer.send({
          to: member.email,
          subject: 'Your Marquee email address was changed',
          text:
            `Hello ${member.first},\n\nThe email address of your Marquee account "${member.username ?? ''}" ` +
            `was changed to ${input.value}.\n\nIf you did not do this, email support@marquee.local at once.\n\nMarquee Support`,
        });
      }
      return changed(deps, userId, 'Your email address has been updated.');
    }

    case 'imdb': {
      let stored = input.value;
      let hint = '';
      try {
        const page = await readImdb(deps, input.value);
        if (!page) throw badInput(IMDB_NOT_FOUND);
        stored = canonicalImdbUrl(page.code);
        const outcome = refreshOutcome(page, member);
        if (outcome.kind === 'pending') hint = ' Use Refresh from IMDb to take your name from it.';
      } catch (e) {
        // IMDb being unreachable must not stop a member correcting their URL.
        if (!(e instanceof AppError && e.httpStatus === 503)) throw e;
      }
      await repo.updateMember(deps.db, userId, { imdbUrl: stored });
      return changed(deps, userId, `Your IMDb URL has been updated.${hint}`);
    }

    case 'password': {
      const passwordHash = await hashPassword(input.value);
      await deps.db.transaction(async (tx) => {
        await repo.updateMember(tx, userId, { passwordHash });
        await repo.revokeOtherSessions(tx, userId, caller.sessionId, now);
      });
      return changed(
        deps,
        userId,
        'Your password has been changed. You have been signed out everywhere else.',
      );
    }
  }
}

async function saveUnique(write: () => Promise<void>, message: string) {
  try {
    await write();
  } catch (e) {
    if (repo.isUniqueViolation(e)) throw conflict(message);
    throw e;
  }
}

export async function removeLinkedAccount(deps: AppDeps, caller: Caller, platform: LinkedPlatform) {
  const name = PLATFORM_NAME[platform];
  if (!(await repo.removeLinkedAccount(deps.db, caller.userId, platform))) {
    throw notFound(`You have no ${name} account linked.`);
  }
  return {
    status: 'success' as const,
    message: `Your ${name} account has been removed. Link one again from the dashboard to earn with it.`,
    user: await accountUser(deps, caller.userId),
  };
}

/** The member's IMDb page, read for the name refresh; errors for a page that cannot give a name. */
async function nameSource(deps: AppDeps, imdbUrl: string | null) {
  if (!imdbUrl) throw badInput('Please add your IMDb URL first.');
  const page = await readImdb(deps, imdbUrl);
  if (!page) throw notFound(IMDB_NOT_FOUND);
  return page;
}

/** account/refreshIMDbInfo (spec 3 §4): success, pending with the name options, or an error. */
export async function refreshIMDbInfo(deps: AppDeps, caller: Caller): Promise<contract.RefreshAnswer> {
  const member = await repo.accountOf(deps.db, caller.userId);
  if (!member) throw loggedOut();
  const page = await nameSource(deps, member.imdbUrl);
  const imdb = canonicalImdbUrl(page.code);
  const outcome = refreshOutcome(page, member);
  if (outcome.kind === 'title_page') throw badInput(NOT_A_NAME_PAGE);
  if (outcome.kind === 'single_name') throw badInput(SINGLE_NAME);
  if (outcome.kind === 'pending') {
    return {
      status: 'pending',
      message: `Your IMDb page lists you as ${page.name}. Which is your first name and which your last?`,
      options: outcome.options,
      imdb,
    };
  }
  if (member.imdbUrl !== imdb) await repo.updateMember(deps.db, caller.userId, { imdbUrl: imdb });
  return changed(deps, caller.userId, contract.IMDB_UP_TO_DATE);
}

/** account/selectNameOption: the name must be one the member's IMDb page gives, read again here. */
export async function selectNameOption(
  deps: AppDeps,
  caller: Caller,
  input: { first: string; last: string; imdb: string },
) {
  const member = await repo.accountOf(deps.db, caller.userId);
  if (!member) throw loggedOut();
  const code = imdbCodeOf(input.imdb);
  if (!code || code !== imdbCodeOf(member.imdbUrl ?? '')) {
    throw badInput('That IMDb page is not the one on your account. Please refresh from IMDb again.');
  }
  const page = await nameSource(deps, member.imdbUrl);
  const outcome = refreshOutcome(page, { first: '', last: '' });
  if (outcome.kind === 'title_page') throw badInput(NOT_A_NAME_PAGE);
  const option = outcome.kind === 'pending' ? isNameOption(outcome.options, input.first, input.last) : null;
  if (!option) throw badInput('Please pick one of the names your IMDb page gives.');
  await repo.updateMember(deps.db, caller.userId, {
    first: option.first,
    last: option.last,
    imdbUrl: canonicalImdbUrl(page.code),
  });
  return changed(deps, caller.userId, contract.IMDB_UP_TO_DATE);
}

/** D2.5: deactivation hides the member and their listings and ends every session; support reactivates. */
export async function deactivate(deps: AppDeps, caller: Caller) {
  refuseWhileImpersonating(caller, 'deactivate the account');
  const now = deps.clock.now();
  await deps.db.transaction((tx) => repo.deactivateMember(tx, caller.userId, now));
  return {
    status: 'success' as const,
    message: 'Your account has been deactivated. Email support@marquee.local to reactivate it.',
  };
}

/** D2.5: deletion erases the member in one transaction; the ledger keeps balancing (D3.1). */
export async function deleteAccount(deps: AppDeps, caller: Caller) {
  refuseWhileImpersonating(caller, 'delete the account');
  const member = await repo.accountOf(deps.db, caller.userId);
  if (!member) throw loggedOut();
  const now = deps.clock.now();
  const pictures = await deps.db.transaction(async (tx) => {
    // Checked with the member's row locked, as payments lock it too: no renewal can start meanwhile.
    await repo.lockAccount(tx, caller.userId);
    if (await repo.hasRenewingSubscription(tx, caller.userId)) {
      throw new AppError(409, 'subscribed', RENEWING_SUBSCRIPTION);
    }
    return repo.eraseMember(tx, { id: caller.userId, email: member.email, username: member.username }, now);
  });
  // Files go once their rows are gone for good (D2.5).
  await removeImageFiles(deps, pictures);
  return { status: 'success' as const, message: 'Your account and everything in it has been deleted.' };
}

export async function fetchEmailSettings(deps: AppDeps, caller: Caller) {
  return {
    status: 'success' as const,
    settings: emailSettingsView(await repo.emailSettingRows(deps.db, caller.userId)),
  };
}

export async function updateEmailSetting(
  deps: AppDeps,
  caller: Caller,
  input: { field: string; value: boolean },
) {
  if (!isEmailKind(input.field)) throw badInput('There is no such email setting.');
  await repo.saveEmailSetting(deps.db, caller.userId, input.field, input.value, deps.clock.now());
  return {
    status: 'success' as const,
    message: contract.EMAIL_SETTINGS_UPDATED,
    settings: emailSettingsView(await repo.emailSettingRows(deps.db, caller.userId)),
  };
}
