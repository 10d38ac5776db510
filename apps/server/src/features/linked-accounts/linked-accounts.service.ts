import {
  LISTING_TYPE_WORDS,
  OPERATIONS_BASE,
  PLATFORM_NAME,
  earn,
  type Platform,
  type linkedAccounts as contract,
} from '@marquee/contract';
import type { AppDeps } from '../../platform/deps.js';
import type { Caller } from '../../platform/auth.js';
import { AppError, notFound } from '../../platform/errors.js';
import { newToken } from '../../platform/tokens.js';
import { MINUTE_MS, timeAgo } from '../../platform/time.js';
import { PlatformOffline } from '../../integrations/types.js';
import { HOUSE_ID, InsufficientPoints, movePoints } from '../points/index.js';
import * as repo from './linked-accounts.repo.js';
import { linkedAccount, missingCount } from './linked-accounts.repo.js';
import { askVerifier } from './verify.js';

type LinkedPlatform = earn.LinkedPlatform;
const { MESSAGES } = earn;

/** The platform's name and its action's button (docs/domain.md V1, V2). */
const PRETTY: Record<LinkedPlatform, { name: string; action: string }> = {
  twitter: { name: PLATFORM_NAME.twitter, action: LISTING_TYPE_WORDS['twitter-follow'].verb },
  facebook: { name: PLATFORM_NAME.facebook, action: LISTING_TYPE_WORDS['facebook-like'].verb },
};

/** An OAuth state is good for 15 minutes and once. */
const STATE_VALID_MS = 15 * MINUTE_MS;

function callbackUrl(deps: AppDeps, platform: LinkedPlatform) {
  const path = `${OPERATIONS_BASE}/authenticate/${platform}/callback`;
  // The simulated consent page only returns to a path of this site; real platforms need the full address.
  return deps.integrations.mode === 'simulated' ? path : `${deps.config.publicUrl}${path}`;
}

/** authenticate/{platform}: the account check's first step (spec 1 §4). */
export async function accountStatus(
  deps: AppDeps,
  caller: Caller,
  platform: LinkedPlatform,
): Promise<{ status: contract.AccountStatus; loginUrl: string; handle: string | null; message: string }> {
  const account = await linkedAccount(deps.db, caller.userId, platform);
  if (account?.status === 'verified') {
    return { status: 'token_verified', loginUrl: '', handle: account.handle, message: '' };
  }
  const state = newToken();
  await repo.saveOauthState(deps.db, { state, userId: caller.userId, platform, at: deps.clock.now() });
  const loginUrl = deps.integrations.linker.loginUrl(platform, state, callbackUrl(deps, platform));
  const name = PRETTY[platform].name;
  return account
    ? {
        status: 'token_error',
        loginUrl,
        handle: account.handle,
        message:
          platform === 'facebook'
            ? MESSAGES.tokenError
            : `There was an issue using your ${name} sign-in. Please authorise Marquee again.`,
      }
    : {
        status: 'token_missing',
        loginUrl,
        handle: null,
        message: `Link your ${name} account so we can check your ${PRETTY[platform].action.toLowerCase()}s and credit them.`,
      };
}

/**
 * The consent page's return (a browser navigation, so no Bearer token): the one-time state says
 * which member started it. Answers where to send the browser next.
 */
export async function completeLink(
  deps: AppDeps,
  platform: LinkedPlatform,
  query: { state?: string; code?: string },
): Promise<string> {
  const back = `/dashboard/${platform}`;
  if (!query.state || !query.code) return `${back}?link=failed`;
  const now = deps.clock.now();
  const userId = await repo.useOauthState(deps.db, {
    state: query.state,
    platform,
    madeAfter: new Date(now.getTime() - STATE_VALID_MS),
    at: now,
  });
  if (userId === null) return `${back}?link=failed`;
  let account: { handle: string; displayName: string; accessToken: string | null };
  try {
    account = await deps.integrations.linker.exchange(platform, query.code, callbackUrl(deps, platform));
  } catch {
    return `${back}?link=failed`;
  }
  await repo.saveVerifiedAccount(deps.db, userId, platform, account, now);
  return back;
}

/** The newest missing actions the list shows. */
const MISSING_SHOWN = 100;

/** earnPoints/missingActions/fetchMissingActions/{platform} (spec 1 §3, §4). */
export async function fetchMissingActions(deps: AppDeps, caller: Caller, platform: LinkedPlatform) {
  const now = deps.clock.now();
  const [account, rows] = await Promise.all([
    linkedAccount(deps.db, caller.userId, platform),
    repo.missingActionsOf(deps.db, caller.userId, platform, MISSING_SHOWN),
  ]);
  return {
    status: 'success' as const,
    missingActions: rows.map((r) => ({
      history_id: r.id,
      giver_id: r.ownerId,
      listing_name: r.name,
      url: r.url,
      open_url: deps.integrations.openUrl(r.url),
      taken: r.points,
      datething: timeAgo(r.createdAt, now),
    })),
    platformDetails: {
      name: platform,
      namePretty: PRETTY[platform].name,
      actionPretty: PRETTY[platform].action,
      profileImage: null,
      profileName: account ? `@${account.handle}` : null,
    },
    profileConfirmed: account?.profileConfirmed ?? false,
  };
}

/** A missing action of the caller's, with its listing. */
async function missingAction(deps: AppDeps, caller: Caller, historyId: number) {
  const row = await repo.missingActionOf(deps.db, caller.userId, historyId);
  if (!row) throw notFound('That action is no longer in your missing actions.');
  return row;
}

const offline = (platform: LinkedPlatform) =>
  new AppError(
    503,
    'platform_offline',
    `${PRETTY[platform].name} is not answering right now. Please try again later.`,
  );

/** missingActions/recheck/{platform}: asks the platform again. */
export async function recheck(deps: AppDeps, caller: Caller, platform: LinkedPlatform, historyId: number) {
  const { action, listing } = await missingAction(deps, caller, historyId);
  if (action.platform !== platform) throw notFound('That action is no longer in your missing actions.');
  const account = await linkedAccount(deps.db, caller.userId, platform);
  if (!account)
    throw new AppError(409, 'checktoken', `Please link your ${PRETTY[platform].name} account first.`);
  const answer = await askVerifier(deps, account, listing.externalId);
  if (answer === 'offline') throw offline(platform);
  if (answer === 'token_error') {
    throw new AppError(409, 'checktoken', `Please authorise your ${PRETTY[platform].name} account again.`);
  }
  const seen = answer === 'seen';
  if (seen) {
    await repo.markActionSeen(deps.db, action.id, deps.clock.now());
  }
  return {
    status: seen ? ('verified' as const) : ('missing' as const),
    message: seen
      ? `Thanks! We can see that ${PRETTY[platform].action.toLowerCase()} now.`
      : `We still cannot see that ${PRETTY[platform].action.toLowerCase()} on ${PRETTY[platform].name}.`,
    remaining: await missingCount(deps.db, caller.userId, platform),
  };
}

/**
 * D11.3: a reversed or invalid action takes back everything it paid, bonuses included, in one
 * transaction: the owner gets their points back, the house its sponsored and featured points.
 */
async function takeBack(deps: AppDeps, action: repo.ActionRow, status: 'reversed' | 'invalid') {
  const now = deps.clock.now();
  const ref = { refType: 'action', refId: String(action.id), at: now };
  try {
    await deps.db.transaction(async (tx) => {
      if (!(await repo.closeMissingAction(tx, action.id, status, now)))
        throw notFound('That action is no longer in your missing actions.');
      if (action.cost > 0) {
        await movePoints(tx, {
          from: action.earnerId,
          to: action.ownerId,
          amount: action.cost,
          kind: 'reverse',
          ...ref,
        });
      }
      const house = action.points - action.cost;
      if (house > 0) {
        await movePoints(tx, { from: action.earnerId, to: HOUSE_ID, amount: house, kind: 'reverse', ...ref });
      }
      if (action.sponsored) await repo.giveBackSponsoredAction(tx, action.listingId);
    });
  } catch (e) {
    if (e instanceof InsufficientPoints) {
      throw new AppError(
        409,
        'error',
        `You need ${action.points} points to give this action back. Earn a few more, then try again.`,
      );
    }
    throw e;
  }
}

/** missingActions/reverse: the points go back (D11.3). */
export async function reverse(deps: AppDeps, caller: Caller, historyId: number) {
  const { action } = await missingAction(deps, caller, historyId);
  await takeBack(deps, action, 'reversed');
  return {
    status: 'success' as const,
    message: `The ${action.points} points went back, and the listing can be offered to you again.`,
    remaining: await missingCount(deps.db, caller.userId, action.platform),
  };
}

async function pageExists(deps: AppDeps, platform: LinkedPlatform, target: string) {
  try {
    return (await deps.integrations.verifier.profile(platform, target)) !== null;
  } catch (e) {
    if (e instanceof PlatformOffline) throw offline(platform);
    throw e;
  }
}

/** A page that is gone: the action is taken back (D11.3) and the listing marked invalid for everyone. */
async function invalidate(deps: AppDeps, caller: Caller, historyId: number) {
  const { action, listing } = await missingAction(deps, caller, historyId);
  const platform = action.platform as LinkedPlatform;
  if (await pageExists(deps, platform, listing.externalId)) return { exists: true, platform };
  await takeBack(deps, action, 'invalid');
  await repo.markPageMissing(deps.db, listing.id);
  return { exists: false, platform };
}

/** earnPoints/checkPageExists: "page no longer exists" on a missing action (spec 1 §4). */
export async function checkPageExists(deps: AppDeps, caller: Caller, historyId: number) {
  const { exists, platform } = await invalidate(deps, caller, historyId);
  return {
    status: exists ? ('exists' as const) : ('missing' as const),
    message: exists ? MESSAGES.pageStillExists : MESSAGES.markedInvalid,
    remaining: await missingCount(deps.db, caller.userId, platform),
  };
}

/** missingActions/markInvalid: only a page the platform no longer has can be marked invalid. */
export async function markInvalid(deps: AppDeps, caller: Caller, historyId: number) {
  const { exists, platform } = await invalidate(deps, caller, historyId);
  if (exists) throw new AppError(409, 'error', MESSAGES.pageStillExists);
  return {
    status: 'success' as const,
    message: MESSAGES.markedInvalid,
    remaining: await missingCount(deps.db, caller.userId, platform),
  };
}

/** earnPoints/confirmProfile: the member says the linked account is theirs. */
export async function confirmProfile(deps: AppDeps, caller: Caller, platform: LinkedPlatform) {
  if (!(await repo.confirmLinkedProfile(deps.db, caller.userId, platform))) {
    throw new AppError(409, 'checktoken', `Please link your ${PRETTY[platform].name} account first.`);
  }
  return { status: 'success' as const, message: 'Thanks! Your profile is confirmed.' };
}

/** earnPoints/getPlatformOfflineMessage. */
export function platformOfflineMessage(platform: Platform) {
  return {
    status: 'success' as const,
    messageContent: `${PLATFORM_NAME[platform]} is not answering us right now, so we cannot check actions there. Your points are safe; please try again in a few minutes.`,
  };
}
