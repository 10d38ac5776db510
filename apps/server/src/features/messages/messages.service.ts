import { messages as contract, uploads } from '@marquee/contract';
import type { AppDeps } from '../../platform/deps.js';
import type { Caller } from '../../platform/auth.js';
import { loggedOut } from '../../platform/errors.js';
import { linksOnlyHtml } from '../../platform/text.js';
import { timeAgo } from '../../platform/time.js';
import { findMember, type MemberRow } from '../members/index.js';
import { membershipOf } from '../membership/index.js';
import { markMessageAlertSeen, raiseMessageAlert } from '../alerts/index.js';
import * as repo from './messages.repo.js';
import { takeRateOrThrow } from '../../platform/rate-limit.js';
import { publishLive } from '../../platform/live.js';
import {
  SENDING_LIMITS,
  conversationRefusal,
  mayPost,
  postRefusal,
  preview,
  sendingKey,
  sendingTooFast,
} from './messages.policy.js';

const avatar = (defaultPic: string | null) => uploads.pictureUrl(defaultPic, 80);

/** The signed-in member with their derived membership (D2.3). */
async function asker(deps: AppDeps, caller: Caller): Promise<MemberRow & { free: boolean }> {
  const me = await findMember(deps.db, caller.userId);
  if (!me) throw loggedOut();
  return { ...me, free: membershipOf(me, deps.clock.now()).membership === 'free' };
}

type Person = { id: number; first: string; last: string; defaultPic: string | null };

/** A message as the browser gets it: its text links-only HTML (D8.1), with the sender's name and picture. */
function present(m: repo.MessageRow, people: Person[], now: Date): contract.ThreadMessage {
  const sender = people.find((p) => p.id === m.senderId);
  return {
    id: m.id,
    sender_id: m.senderId,
    sender_name: sender ? `${sender.first} ${sender.last}`.trim() : 'Member',
    sender_avatar: sender ? avatar(sender.defaultPic) : null,
    message: linksOnlyHtml(m.body),
    ago: timeAgo(m.createdAt, now),
  };
}

/** messages/fetchRecentThreads: the member's latest conversations, leaving out members they cannot see. */
export async function recentThreads(deps: AppDeps, caller: Caller, limit: number) {
  const now = deps.clock.now();
  const [rows, me] = await Promise.all([
    repo.recentThreads(deps.db, caller.userId, limit),
    asker(deps, caller),
  ]);
  return {
    status: 'success' as const,
    canStart: !me.free,
    threads: rows.map((t): contract.ThreadSummary => ({
      other_id: t.otherId,
      other_first: t.otherFirst,
      other_last: t.otherLast,
      other_avatar: avatar(t.otherAvatar),
      ago: timeAgo(t.lastAt, now),
      message: preview(t.body),
      unread: t.unread ? 'yes' : 'no',
    })),
  };
}

/** messages/fetchMessageThread: a page of one conversation, oldest first; reading it marks it read. */
export async function messageThread(
  deps: AppDeps,
  caller: Caller,
  otherId: number,
  before: number | undefined,
) {
  const now = deps.clock.now();
  const [me, other] = await Promise.all([
    asker(deps, caller),
    repo.correspondent(deps.db, caller.userId, otherId),
  ]);
  const refusal = conversationRefusal(caller.userId, other);
  if (refusal || !other) throw refusal;
  const size = contract.THREAD_PAGE_SIZE;
  const rows = await repo.conversationPage(deps.db, caller.userId, otherId, size + 1, before);
  if (before === undefined) {
    // Only the latest page means the member has caught up; paging back through old messages does not.
    await deps.db.transaction(async (tx) => {
      await repo.markThreadRead(tx, caller.userId, otherId);
      await markMessageAlertSeen(tx, caller.userId, otherId, now);
    });
  }
  const canPost = mayPost(me.free, other);
  return {
    status: 'success' as const,
    other: { id: other.id, first: other.first, last: other.last, avatar: avatar(other.defaultPic) },
    messages: rows
      .slice(0, size)
      .reverse()
      .map((m) => present(m, [me, other], now)),
    hasOlder: rows.length > size,
    canPost,
    notice: canPost ? '' : contract.FREE_CANNOT_START,
    needsUpgrade: !canPost,
  };
}

/**
 * messages/postMessage: in one transaction the sending limit's count (L2: a concurrent burst sends
 * exactly the limit), the message, both members' conversation rows (the recipient's unread) and the
 * recipient's message alert (D8.2).
 */
export async function postMessage(deps: AppDeps, caller: Caller, toId: number, text: string) {
  const now = deps.clock.now();
  const [me, other] = await Promise.all([
    asker(deps, caller),
    repo.correspondent(deps.db, caller.userId, toId),
  ]);
  const refusal = postRefusal(caller.userId, me.free, other);
  if (refusal || !other) throw refusal;
  const senderName = `${me.first} ${me.last}`.trim();
  const id = await deps.db.transaction(async (tx) => {
    await takeRateOrThrow(tx, sendingKey(caller.userId), SENDING_LIMITS, now, sendingTooFast);
    const messageId = await repo.insertMessage(tx, {
      senderId: caller.userId,
      recipientId: toId,
      body: text,
      at: now,
    });
    await raiseMessageAlert(tx, { userId: toId, senderId: caller.userId, senderName, at: now });
    // LV7: the conversation, open on either side (the sender's other tabs too), reads its new message.
    await publishLive(tx, { kind: 'messages', to: [toId], ref: caller.userId });
    await publishLive(tx, { kind: 'messages', to: [caller.userId], ref: toId });
    return messageId;
  });
  return {
    status: 'success' as const,
    message: `Your message to ${other.first} was sent.`,
    sent: present({ id, senderId: caller.userId, body: text, createdAt: now }, [me], now),
  };
}
