import { history as contract, isListingType, LISTING_TYPE_WORDS, uploads } from '@marquee/contract';
import type { AppDeps } from '../../platform/deps.js';
import type { Caller } from '../../platform/auth.js';
import { AppError, notFound } from '../../platform/errors.js';
import { DAY_MS, timeAgo } from '../../platform/time.js';
import { linkedAccount } from '../linked-accounts/index.js';
import { askVerifier } from '../linked-accounts/index.js';
import {
  actionOnPlatform,
  historyCount,
  historyKindOf,
  historyPage,
  ownListingName,
  setCheckedStatus,
  type HistoryAsk,
  type HistoryRow,
} from './history.repo.js';

/** History shows the last six months (spec 2 §9). */
const WINDOW_MS = 183 * DAY_MS;

const SOCIAL = ['twitter-follow', 'facebook-like'];

function verifyWord(status: string, type: string): string {
  if (status === 'reversed') return 'Reversed';
  if (status === 'invalid') return 'Invalid';
  if (!SOCIAL.includes(type)) return '';
  return status === 'verified' ? 'yes' : status === 'missing' ? 'no' : 'Not checked';
}

/** What the History shows as the amount of an IMDb view-for-view (spec 2 §3: 99 and -99 read "V4V"; EX12). */
export const V4V_AMOUNT = 99;

/** The words of a history row, from the side of the member asking (`mine`: they did it). */
function actionText(a: HistoryRow['action'], mine: boolean, otherName: string): string {
  const words = isListingType(a.type) ? LISTING_TYPE_WORDS[a.type] : null;
  const verb = words?.done ?? 'acted on';
  const what = words?.target ?? 'listing';
  // An IMDb view-for-view (D7.2, EX12) moved no points; both sides read it as such.
  if (a.exchange) {
    return mine
      ? `View-For-View of ${otherName}'s ${what}`
      : `${otherName} ${verb} your ${what} (View-For-View)`;
  }
  const pro = a.proView ? ' (IMDbPro view)' : '';
  const paidBy = !mine && a.sponsored ? ' (a sponsored action)' : '';
  // PX9: both sides read that the Pro extension did the view.
  const extension = a.viaExtension ? ' (by the Pro extension)' : '';
  return mine
    ? `You ${verb} ${otherName}'s ${what}${pro}${extension}`
    : `${otherName} ${verb} your ${what}${pro}${extension}${paidBy}`;
}

/**
 * A history row as the member asking sees it: their own side's amount and the other member. An
 * exchange view shows 99 to the viewer and -99 to the owner, which the page reads as V4V (EX12).
 */
export function presentHistory(row: HistoryRow, memberId: number, now: Date): contract.HistoryItem {
  const a = row.action;
  const mine = a.earnerId === memberId;
  const otherFirst = mine ? row.ownerFirst : row.earnerFirst;
  const otherName = `${otherFirst} ${mine ? row.ownerLast : row.earnerLast}`;
  const otherId = mine ? a.ownerId : a.earnerId;
  // A reversed or invalid action took back everything it paid (D11.3): its row moves no points.
  const undone = a.status === 'reversed' || a.status === 'invalid';
  const amount = a.exchange ? V4V_AMOUNT : mine ? a.points : a.cost;
  return {
    id: a.id,
    amount: undone ? 0 : mine ? amount : -amount,
    action: actionText(a, mine, otherName),
    img: uploads.pictureUrl(mine ? row.ownerPic : row.earnerPic, 35),
    link_pic: `/profile/${otherId}`,
    profile_id: otherId,
    first_name: otherFirst,
    icon: a.platform,
    listing_url: row.listingUrl,
    listing_name: row.listingName,
    ago: timeAgo(a.createdAt, now),
    verify: verifyWord(a.status, a.type),
    canVerify: SOCIAL.includes(a.type) && ['credited', 'verified', 'missing'].includes(a.status),
  };
}

/** history/fetchRecentHistoryList: the dashboard's Recent History card. */
export async function recentHistory(deps: AppDeps, caller: Caller) {
  const now = deps.clock.now();
  const ask: HistoryAsk = { member: caller.userId, kind: 'all', since: new Date(now.getTime() - WINDOW_MS) };
  const [rows, total] = await Promise.all([
    historyPage(deps.db, ask, contract.RECENT_HISTORY_ITEMS, 0),
    historyCount(deps.db, ask),
  ]);
  return {
    status: 'success' as const,
    history_count: total,
    histories: rows.map((r) => presentHistory(r, caller.userId, now)),
  };
}

async function titleOf(deps: AppDeps, caller: Caller, filter: string): Promise<string> {
  if (filter === 'mine') return "Your Actions on Others' Listings";
  if (filter === 'theirs') return "Others' Actions on Your Listings";
  if (filter === 'all') return 'Your History';
  const name = await ownListingName(deps.db, caller.userId, Number(filter));
  // Only the owner sees a listing's own history.
  if (name === null) throw notFound('There is no such listing among yours.');
  return `History of "${name}"`;
}

/** history/fetchHistoryList: one page of the History table (spec 2 §2, §7). */
export async function historyList(deps: AppDeps, caller: Caller, filter: string, page: number) {
  const now = deps.clock.now();
  const kind = historyKindOf(filter);
  const ask: HistoryAsk = {
    member: caller.userId,
    kind,
    listing: kind === 'listing' ? Number(filter) : undefined,
    since: new Date(now.getTime() - WINDOW_MS),
  };
  const size = contract.HISTORY_PAGE_SIZE;
  // The title and the rows at once: a listing's rows are the owner's own (the scope says so), and
  // the title refuses anyone else's listing.
  const [historyTitle, rows, total] = await Promise.all([
    titleOf(deps, caller, filter),
    historyPage(deps.db, ask, size, (page - 1) * size),
    historyCount(deps.db, ask),
  ]);
  return {
    status: 'success' as const,
    histories: rows.map((r) => presentHistory(r, caller.userId, now)),
    history_count: total,
    pageCount: Math.max(1, Math.ceil(total / size)),
    historyTitle,
  };
}

/**
 * history/verify/{icon}: asks the platform whether the earner's follow or like is still there. One
 * that is gone goes back to the earner's missing actions, to recheck or reverse.
 */
export async function verifyHistory(
  deps: AppDeps,
  caller: Caller,
  icon: 'twitter' | 'facebook',
  historyId: number,
) {
  const row = await actionOnPlatform(deps.db, historyId, icon);
  const a = row?.action;
  if (!row || !a || (a.earnerId !== caller.userId && a.ownerId !== caller.userId)) {
    throw notFound('There is no such action in your history.');
  }
  if (!['credited', 'verified', 'missing'].includes(a.status)) {
    throw new AppError(409, 'error', 'This action was already given back, so there is nothing to check.');
  }
  const account = await linkedAccount(deps.db, a.earnerId, icon);
  const answer = account ? await askVerifier(deps, account, row.externalId) : 'unseen';
  if (answer === 'offline' || answer === 'token_error') {
    throw new AppError(
      503,
      'platform_offline',
      'That platform is not answering right now. Please try again later.',
    );
  }
  const seen = answer === 'seen';
  const now = deps.clock.now();
  await setCheckedStatus(deps.db, a.id, seen, now);
  const verb = icon === 'twitter' ? 'follow' : 'like';
  return seen
    ? { status: 'verified' as const, message: `The ${verb} is there.` }
    : {
        status: 'unverified' as const,
        message: `We cannot see this ${verb} any more. It is back in the member's missing actions to fix or give back.`,
      };
}
