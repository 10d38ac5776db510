import { help as contract } from '@marquee/contract';
import type { AppDeps } from '../../platform/deps.js';
import type { Caller } from '../../platform/auth.js';
import { loggedOut, notFound } from '../../platform/errors.js';
import { takeRateOrThrow } from '../../platform/rate-limit.js';
import type { Db } from '../../platform/db/database.js';
import { publishLive } from '../../platform/live.js';
import { linksOnlyHtml } from '../../platform/text.js';
import { timeAgo } from '../../platform/time.js';
import * as repo from './chat.repo.js';
import * as policy from './help.policy.js';
import { identityHash } from './chat-identity.js';

/** Messages one poll returns at most; a panel that fell further behind asks again. */
const POLL_BATCH = 200;
export const SUPPORT_NAME = 'Marquee Support';
export const NO_SUCH_CHAT = 'There is no chat with this member.';

const nameOf = (p: { first: string; last: string }) => `${p.first} ${p.last}`.trim();

/**
 * A chat message as its reader sees it: the member reads 'Marquee Support' for the team; staff read
 * which admin answered (H10).
 */
function present(
  m: repo.ChatRow,
  member: { first: string; last: string },
  forStaff: boolean,
  now: Date,
): contract.ChatMessage {
  const staffName =
    m.staffFirst === null ? SUPPORT_NAME : `${nameOf({ first: m.staffFirst, last: m.staffLast ?? '' })}`;
  return {
    id: m.id,
    from_support: m.fromSupport,
    name: m.fromSupport ? (forStaff ? staffName : SUPPORT_NAME) : nameOf(member),
    content: linksOnlyHtml(m.body),
    ago: timeAgo(m.createdAt, now),
  };
}

async function memberOf(deps: AppDeps, id: number) {
  const [row] = await repo.chatMemberQuery(deps.db, id);
  return row ?? null;
}

/**
 * help/fetchChatConfig (spec 3 §1, H9): which chat the help area runs, and the member's identity as
 * the chat takes it: id, name, email and the HMAC-SHA256 of the id with the chat's secret.
 */
export async function chatSetup(
  deps: AppDeps,
  caller: Caller,
): Promise<{ status: 'success' } & contract.ChatSetup> {
  const me = await memberOf(deps, caller.userId);
  if (!me) throw loggedOut();
  const chat = deps.config.chat;
  const identity: contract.ChatIdentity = {
    user_id: String(me.id),
    name: nameOf(me),
    email: me.email ?? '',
    user_hash: identityHash(chat.identitySecret, me.id),
  };
  if (chat.provider === 'intercom' && chat.appId && chat.apiBase) {
    return { status: 'success', provider: 'intercom', identity, app_id: chat.appId, api_base: chat.apiBase };
  }
  return { status: 'success', provider: 'marquee', identity };
}

/** help/fetchChat: the member's own chat, the latest messages or those after `after` (H11). */
export async function memberChat(deps: AppDeps, caller: Caller, after: number | undefined) {
  const now = deps.clock.now();
  const [me, rows] = await Promise.all([
    memberOf(deps, caller.userId),
    repo.chatMessagesOf(
      deps.db,
      caller.userId,
      after,
      after === undefined ? contract.CHAT_HISTORY : POLL_BATCH,
    ),
  ]);
  if (!me) throw loggedOut();
  return { status: 'success' as const, messages: rows.map((m) => present(m, me, false, now)) };
}

/** LV7: the member's chat and the staff's desk, open anywhere, read the new message. */
const chatChanged = (tx: Db, memberId: number) =>
  publishLive(tx, { kind: 'chat', to: [memberId], staff: true, ref: memberId });

/** help/postChat: the member writes to the support team; counted against the chat limit (H6) in the same transaction. */
export async function postChat(deps: AppDeps, caller: Caller, message: string) {
  const now = deps.clock.now();
  const me = await memberOf(deps, caller.userId);
  if (!me) throw loggedOut();
  const id = await deps.db.transaction(async (tx) => {
    await takeRateOrThrow(tx, policy.chatKey(caller.userId), policy.CHAT_LIMITS, now, policy.tooManyChats);
    await chatChanged(tx, caller.userId);
    return repo.insertChatMessage(tx, {
      memberId: caller.userId,
      fromSupport: false,
      staffId: null,
      body: message,
      at: now,
    });
  });
  const row: repo.ChatRow = {
    id,
    fromSupport: false,
    staffFirst: null,
    staffLast: null,
    body: message,
    createdAt: now,
  };
  return { status: 'success' as const, sent: present(row, me, false, now) };
}

/** admin/fetchChats: the latest chats for the staff desk, waiting ones marked. */
export async function staffChats(deps: AppDeps) {
  const now = deps.clock.now();
  const rows = await repo.chatListQuery(deps.db, contract.CHATS_LISTED);
  return {
    status: 'success' as const,
    chats: rows.map((c): contract.ChatSummary => ({
      user_id: c.memberId,
      first: c.first,
      last: c.last,
      last_message: policy.preview(c.body),
      ago: timeAgo(c.lastAt, now),
      waiting: c.waiting,
    })),
  };
}

/** A member a chat can be with: members only, never the system accounts (D2.1). */
async function chatMember(deps: AppDeps, memberId: number) {
  const member = await memberOf(deps, memberId);
  if (!member || member.kind !== 'member') throw notFound(NO_SUCH_CHAT);
  return member;
}

/** admin/fetchChat: one member's chat for staff, the latest messages or those after `after`. */
export async function staffChat(deps: AppDeps, memberId: number, after: number | undefined) {
  const now = deps.clock.now();
  const member = await chatMember(deps, memberId);
  const rows = await repo.chatMessagesOf(
    deps.db,
    memberId,
    after,
    after === undefined ? contract.CHAT_HISTORY : POLL_BATCH,
  );
  return {
    status: 'success' as const,
    member: { id: member.id, first: member.first, last: member.last, email: member.email ?? '' },
    messages: rows.map((m) => present(m, member, true, now)),
  };
}

/** admin/postChat: staff answer a member's chat as the support team (H10); a deactivated member cannot be written to. */
export async function answerChat(deps: AppDeps, caller: Caller, memberId: number, message: string) {
  const now = deps.clock.now();
  const member = await chatMember(deps, memberId);
  if (member.status !== 'active') throw notFound(NO_SUCH_CHAT);
  const id = await deps.db.transaction(async (tx) => {
    await takeRateOrThrow(tx, policy.staffKey(caller.userId), policy.STAFF_LIMITS, now, policy.tooManyChats);
    await chatChanged(tx, memberId);
    return repo.insertChatMessage(tx, {
      memberId,
      fromSupport: true,
      staffId: caller.userId,
      body: message,
      at: now,
    });
  });
  const [admin] = await repo.chatMemberQuery(deps.db, caller.userId);
  const row: repo.ChatRow = {
    id,
    fromSupport: true,
    staffFirst: admin?.first ?? null,
    staffLast: admin?.last ?? null,
    body: message,
    createdAt: now,
  };
  return { status: 'success' as const, sent: present(row, member, true, now) };
}
