import { help as contract, type help } from '@marquee/contract';
import { forbidden, notFound, type AppError } from '../../platform/errors.js';
import type { RateRefusal, RateRule } from '../../platform/rate-limit.js';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../../platform/time.js';

type HelpStatus = help.HelpStatus;

/** Who is reading or writing on a request, as the rules need it. */
export interface Reader {
  userId: number;
  isAdmin: boolean;
}

/**
 * H3: a request is read by the member who opened it and by staff (admins); to anyone else it does
 * not exist, so nobody learns which ids are taken.
 */
export function readRefusal(reader: Reader, request: { userId: number } | null): AppError | null {
  if (!request) return notFound(contract.NO_SUCH_REQUEST);
  if (request.userId === reader.userId || reader.isAdmin) return null;
  return notFound(contract.NO_SUCH_REQUEST);
}

/**
 * H5: on a request, its own member always writes as themself (an admin who opened a request too);
 * any other admin writes for the support team, as the support account.
 */
export const writesAsSupport = (reader: Reader, request: { userId: number }): boolean =>
  reader.isAdmin && request.userId !== reader.userId;

/** D12.4: a reply from the member makes the request Pending (reopening a closed one); from staff, Awaiting Response. */
export const statusAfterReply = (fromSupport: boolean): HelpStatus =>
  fromSupport ? 'Awaiting Response' : 'Pending';

/** Spec 3 §5, D12.4: only the support account's replies carry media. */
export function mediaRefusal(fromSupport: boolean, hasMedia: boolean): AppError | null {
  return hasMedia && !fromSupport ? forbidden(contract.MEDIA_SUPPORT_ONLY) : null;
}

/** D12.4: the member or staff may close an open request. */
export const mayClose = (reader: Reader, request: { userId: number; status: string }): boolean =>
  request.status !== 'Closed' && (request.userId === reader.userId || reader.isAdmin);

/** The spec's "over 24 hours": a Pending request waiting longer than the promise (spec 3 §9, H8). */
export const isOverdue = (status: string, updatedAt: Date, now: Date): boolean =>
  status === 'Pending' && now.getTime() - updatedAt.getTime() > contract.REPLY_HOURS * HOUR_MS;

/**
 * H6: limits, counted through the one mechanism (L1-L3). Opening requests: 5 an hour and 20 a day;
 * replies on requests: 10 a minute and 60 an hour; live chat messages: 10 a minute and 120 an hour.
 * Staff answer under their own key with roomier limits, so a busy desk is never stopped.
 */
export const REQUEST_LIMITS: readonly RateRule[] = [
  { limit: 5, windowMs: HOUR_MS },
  { limit: 20, windowMs: DAY_MS },
];
export const REPLY_LIMITS: readonly RateRule[] = [
  { limit: 10, windowMs: MINUTE_MS },
  { limit: 60, windowMs: HOUR_MS },
];
export const CHAT_LIMITS: readonly RateRule[] = [
  { limit: 10, windowMs: MINUTE_MS },
  { limit: 120, windowMs: HOUR_MS },
];
export const STAFF_LIMITS: readonly RateRule[] = [{ limit: 60, windowMs: MINUTE_MS }];

export const requestKey = (memberId: number) => `help-request:${memberId}`;
export const replyKey = (memberId: number) => `help-reply:${memberId}`;
export const chatKey = (memberId: number) => `help-chat:${memberId}`;
export const staffKey = (adminId: number) => `help-staff:${adminId}`;

const wait = ({ waitSeconds }: RateRefusal) =>
  waitSeconds < 120
    ? `${waitSeconds} second${waitSeconds === 1 ? '' : 's'}`
    : `${Math.ceil(waitSeconds / 60)} minutes`;

export const tooManyRequests = (refusal: RateRefusal) =>
  `You have opened ${refusal.rule.limit} help requests recently. Please wait ${wait(refusal)}, or add to one of your open requests.`;
export const tooManyReplies = (refusal: RateRefusal) =>
  `You are replying very quickly. Please wait ${wait(refusal)} before sending another reply.`;
export const tooManyChats = (refusal: RateRefusal) =>
  `You are sending messages very quickly. Please wait ${wait(refusal)} before sending another.`;

/** The last message of a chat in the staff list: plain text, one line's worth. */
export const PREVIEW_LENGTH = 120;
export function preview(body: string): string {
  const flat = body.replace(/\s+/g, ' ').trim();
  return flat.length > PREVIEW_LENGTH ? `${flat.slice(0, PREVIEW_LENGTH - 3)}...` : flat;
}

/** Whole pages of the staff list: at least one, so page 0 of an empty list exists. */
export const pageCount = (total: number): number => Math.max(1, Math.ceil(total / contract.ADMIN_PAGE_SIZE));
