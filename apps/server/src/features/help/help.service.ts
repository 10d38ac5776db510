import { recordAudit } from '../../platform/audit.repo.js';
import { help as contract, pacificDate, uploads } from '@marquee/contract';
import type { AppDeps } from '../../platform/deps.js';
import type { Caller } from '../../platform/auth.js';
import { badInput, notFound } from '../../platform/errors.js';
import { takeRateOrThrow } from '../../platform/rate-limit.js';
import type { Db } from '../../platform/db/database.js';
import { publishLive } from '../../platform/live.js';
import { linksOnlyHtml } from '../../platform/text.js';
import { timeAgo } from '../../platform/time.js';
import { raiseAlert } from '../alerts/index.js';
import { mailMember } from '../account/index.js';
import { SUPPORT_ACCOUNT_ID } from '../points/index.js';
import { removeImages, storeImage } from '../uploads/index.js';
import * as repo from './help.repo.js';
import * as policy from './help.policy.js';

type HelpStatus = contract.HelpStatus;

/** A thread shows at most this many of its latest messages (a request is a conversation, not an archive). */
const THREAD_MESSAGES = 500;

export const HELP_REPLY_ALERT = 'help reply';
/** The support account's name (migration 0001), as members read it on staff replies. */
const SUPPORT_NAME = { first: 'Marquee', last: 'Support' };

const readerOf = (caller: Caller): policy.Reader => ({
  userId: caller.userId,
  isAdmin: caller.role === 'admin',
});

function summary(r: repo.RequestRow, forStaff: boolean, now: Date): contract.HelpRequestSummary {
  return {
    id: r.id,
    subject: r.subject,
    date_opened: pacificDate(r.createdAt),
    date_updated: pacificDate(r.updatedAt),
    status: r.status,
    status_label: contract.statusLabel(r.status, forStaff),
    ago: timeAgo(r.updatedAt, now),
  };
}

function presentMessage(m: repo.MessageRow, forStaff: boolean, now: Date): contract.HelpMessage {
  const fromSupport = m.authorId === SUPPORT_ACCOUNT_ID;
  const staffName = m.staffFirst === null ? 'a former admin' : `${m.staffFirst} ${m.staffLast ?? ''}`.trim();
  return {
    id: m.id,
    user_id: m.authorId,
    first: m.first,
    last: m.last,
    content: linksOnlyHtml(m.body),
    ago: timeAgo(m.createdAt, now),
    from_support: fromSupport,
    image: uploads.pictureUrl(m.image),
    ...(forStaff && fromSupport ? { staff_name: staffName } : {}),
  };
}

/** LV7: the request's thread and lists, open for its member or the help desk, read it again. */
const requestChanged = (tx: Db, memberId: number, requestId: number) =>
  publishLive(tx, { kind: 'help', to: [memberId], staff: true, ref: requestId });

/** help/submitHelpRequest: the request and its description, counted against the opening limit (H6) in one transaction. */
export async function submitRequest(deps: AppDeps, caller: Caller, subject: string, content: string) {
  const now = deps.clock.now();
  const id = await deps.db.transaction(async (tx) => {
    await takeRateOrThrow(
      tx,
      policy.requestKey(caller.userId),
      policy.REQUEST_LIMITS,
      now,
      policy.tooManyRequests,
    );
    const made = await repo.insertRequest(tx, { userId: caller.userId, subject, body: content, at: now });
    await requestChanged(tx, caller.userId, made);
    return made;
  });
  return { status: 'success' as const, message: contract.REQUEST_SENT, thread_id: id };
}

/** help/fetchRequestThread: the member's own request, or any request for staff (H3). */
export async function requestThread(deps: AppDeps, caller: Caller, id: number) {
  const now = deps.clock.now();
  const reader = readerOf(caller);
  const request = await repo.findRequest(deps.db, id);
  const refusal = policy.readRefusal(reader, request);
  if (refusal || !request) throw refusal;
  const staff = policy.writesAsSupport(reader, request);
  const rows = await repo.messagesOf(deps.db, id, THREAD_MESSAGES);
  return {
    status: 'success' as const,
    subject: request.subject,
    request: summary(request, staff, now),
    messages: rows.map((m) => presentMessage(m, staff, now)),
    member: { id: request.userId, first: request.first, last: request.last },
    staff,
    canClose: policy.mayClose(reader, request),
  };
}

interface CommentInput {
  thread: number;
  comment: string;
  hasFile: 'yes' | 'no';
  myFile?: Uint8Array | undefined;
}

/**
 * help/postHelpComment (D12.4, H4-H6): in one transaction that holds the request's row, the reply
 * limit's count, the message and the status it leads to (a member's reply: Pending, reopening a
 * closed request; a staff reply: Awaiting Response) with the member's alert (D8.2 'a help reply').
 * The mail of a staff reply goes after the commit, honouring the member's email settings.
 */
export async function postComment(deps: AppDeps, caller: Caller, input: CommentInput) {
  const now = deps.clock.now();
  const reader = readerOf(caller);
  const found = await repo.findRequest(deps.db, input.thread);
  const refusal = policy.readRefusal(reader, found);
  if (refusal || !found) throw refusal;
  const fromSupport = policy.writesAsSupport(reader, found);
  const wantsMedia = input.hasFile === 'yes' || input.myFile !== undefined;
  const mediaRefusal = policy.mediaRefusal(fromSupport, wantsMedia);
  if (mediaRefusal) throw mediaRefusal;
  if (wantsMedia && !input.myFile?.length) throw badInput(uploads.NO_FILE);

  const image = input.myFile?.length
    ? (
        await storeImage(deps, {
          ownerId: SUPPORT_ACCOUNT_ID,
          folder: 'help',
          file: Buffer.from(input.myFile),
        })
      ).name
    : null;
  let done: { request: repo.RequestRow; messageId: number };
  try {
    done = await deps.db.transaction(async (tx) => {
      const request = await repo.lockRequest(tx, input.thread);
      if (!request) throw notFound(contract.NO_SUCH_REQUEST);
      await takeRateOrThrow(
        tx,
        fromSupport ? policy.staffKey(caller.userId) : policy.replyKey(caller.userId),
        fromSupport ? policy.STAFF_LIMITS : policy.REPLY_LIMITS,
        now,
        policy.tooManyReplies,
      );
      const messageId = await repo.insertMessage(tx, {
        requestId: request.id,
        authorId: fromSupport ? SUPPORT_ACCOUNT_ID : caller.userId,
        staffId: fromSupport ? caller.userId : null,
        body: input.comment,
        image,
        at: now,
      });
      const to = policy.statusAfterReply(fromSupport);
      await repo.applyStatus(tx, {
        requestId: request.id,
        from: request.status,
        to,
        by: caller.userId,
        reason: fromSupport ? 'staff reply' : 'member reply',
        at: now,
      });
      await requestChanged(tx, request.userId, request.id);
      if (fromSupport) {
        await raiseAlert(tx, {
          userId: request.userId,
          kind: HELP_REPLY_ALERT,
          content: `Marquee Support replied to your help request: ${request.subject}`,
          link: contract.helpPath(request.id),
          at: now,
        });
      }
      return { request: { ...request, status: to, updatedAt: now }, messageId };
    });
  } catch (error) {
    // No picture stays behind for a reply that was not written.
    if (image) await removeImages(deps, [image]).catch(() => undefined);
    throw error;
  }
  if (fromSupport) await mailReply(deps, done.request, input.comment);
  // The member writes on their own request; anyone else writing on it is staff (H5).
  const author = fromSupport ? SUPPORT_NAME : { first: found.first, last: found.last };
  const staffRow = fromSupport ? await staffName(deps, caller.userId) : null;
  return {
    status: 'success' as const,
    message: contract.REPLY_SENT,
    request: summary(done.request, fromSupport, now),
    sent: presentMessage(
      {
        id: done.messageId,
        authorId: fromSupport ? SUPPORT_ACCOUNT_ID : caller.userId,
        first: author.first,
        last: author.last,
        staffFirst: staffRow?.first ?? null,
        staffLast: staffRow?.last ?? null,
        body: input.comment,
        image,
        createdAt: now,
      },
      fromSupport,
      now,
    ),
  };
}

async function staffName(deps: AppDeps, adminId: number) {
  const [row] = await repo.memberNameQuery(deps.db, adminId);
  return row ?? null;
}

/** The member hears of a staff reply by mail too (D12.4), unless their email settings say no ('help'). */
async function mailReply(deps: AppDeps, request: repo.RequestRow, reply: string) {
  const link = `${deps.config.publicUrl}${contract.helpPath(request.id)}`;
  const text = [
    `Marquee Support replied to your help request "${request.subject}":`,
    '',
    reply,
    '',
    `Read it and reply: ${link}`,
    '',
    'You can turn these mails off under Email Settings on your Account page.',
  ].join('\n');
  await mailMember(deps, request.userId, 'help', {
    subject: `Marquee Support replied: ${request.subject}`,
    text,
  }).catch((err: unknown) => console.warn('Marquee: the help reply mail was not sent.', err));
}

/** help/closeHelpRequest: the member (or staff) closes an open request; closing a closed one changes nothing. */
export async function closeRequest(deps: AppDeps, caller: Caller, id: number) {
  const now = deps.clock.now();
  const reader = readerOf(caller);
  const request = await deps.db.transaction(async (tx) => {
    const row = await repo.lockRequest(tx, id);
    const refusal = policy.readRefusal(reader, row);
    if (refusal || !row) throw refusal;
    if (row.status === 'Closed') return row;
    const byMember = row.userId === caller.userId;
    await repo.applyStatus(tx, {
      requestId: id,
      from: row.status,
      to: 'Closed',
      by: caller.userId,
      reason: byMember ? 'member closed' : 'staff set',
      at: now,
    });
    await requestChanged(tx, row.userId, id);
    return { ...row, status: 'Closed' as const, updatedAt: now };
  });
  return {
    status: 'success' as const,
    message: contract.REQUEST_CLOSED,
    request: summary(request, policy.writesAsSupport(reader, request), now),
  };
}

/** admin/updateHelpStatus: staff set the status with the selector (spec 3 §4), recorded with who and when (D13.1). */
export async function updateStatus(deps: AppDeps, caller: Caller, id: number, status: HelpStatus) {
  const now = deps.clock.now();
  const request = await deps.db.transaction(async (tx) => {
    const row = await repo.lockRequest(tx, id);
    if (!row) throw notFound(contract.NO_SUCH_REQUEST);
    await repo.applyStatus(tx, {
      requestId: id,
      from: row.status,
      to: status,
      by: caller.userId,
      reason: 'staff set',
      at: now,
    });
    await requestChanged(tx, row.userId, id);
    await recordAudit(tx, {
      adminId: caller.userId,
      action: 'help.status',
      summary: `Set help request #${id} to ${status}.`,
      userId: row.userId,
      before: { status: row.status },
      after: { status },
      at: now,
    });
    return { ...row, status, updatedAt: now };
  });
  return {
    status: 'success' as const,
    message: `The request is now ${status}.`,
    request: summary(request, true, now),
  };
}

/** help/fetchOpenRequests and help/fetchClosedRequests: the member's own, newest first. */
export async function memberRequests(deps: AppDeps, caller: Caller, closed: boolean) {
  const now = deps.clock.now();
  const rows = await repo.memberRequestsQuery(deps.db, caller.userId, closed, contract.MEMBER_LIST_MAX);
  return rows.map((r) => summary(r, false, now));
}

/** help/fetchFaqs: the operator's FAQs in order, answers links-only (D8.1). */
export async function faqList(deps: AppDeps) {
  const rows = await repo.faqsQuery(deps.db);
  return {
    status: 'success' as const,
    faqs: rows.map((f) => ({ id: f.id, question: f.question, answer: linksOnlyHtml(f.answer) })),
  };
}

/** admin/fetchHelpRequests: a page of one status (or all), with each status's count (H8). */
export async function adminRequests(deps: AppDeps, filter: contract.AdminHelpFilter, page: number) {
  const now = deps.clock.now();
  const size = contract.ADMIN_PAGE_SIZE;
  const [rows, counts] = await Promise.all([
    repo.adminRequestsQuery(deps.db, filter, page * size, size),
    repo.statusCounts(deps.db),
  ]);
  const total =
    filter === 'all' ? counts.Pending + counts['Awaiting Response'] + counts.Closed : counts[filter];
  return {
    status: 'success' as const,
    requests: rows.map((r): contract.AdminHelpRequest => ({
      id: r.id,
      subject: r.subject,
      user_id: r.userId,
      first: r.first,
      last: r.last,
      status: r.status,
      date_opened: pacificDate(r.createdAt),
      ago: timeAgo(r.updatedAt, now),
      overdue: policy.isOverdue(r.status, r.updatedAt, now),
    })),
    counts,
    page,
    pageCount: policy.pageCount(total),
  };
}
