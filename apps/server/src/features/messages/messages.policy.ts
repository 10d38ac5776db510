import { messages as contract } from '@marquee/contract';
import { AppError, forbidden, notFound } from '../../platform/errors.js';
import type { RateRefusal, RateRule } from '../../platform/rate-limit.js';
import { HOUR_MS, MINUTE_MS } from '../../platform/time.js';

/** The other side of a conversation as the rules need it. */
export interface CorrespondentFacts {
  id: number;
  kind: string;
  status: string;
  /** The asker blocked this member. */
  blockedByMe: boolean;
  /** This member blocked the asker (never told: the asker cannot tell they were blocked). */
  blockedMe: boolean;
  /** The other member has sent the asker at least one message: the asker would be replying. */
  theyWrote: boolean;
}

export const NO_SUCH_CONVERSATION = 'There is no conversation with this member.';
export const CANNOT_MESSAGE = "You can't exchange messages with this member.";
export const NOT_TO_YOURSELF = "You can't send a message to yourself.";

/**
 * Whether a conversation with this member can be shown at all: an active member (D2.1 system
 * accounts never; D2.5 deactivated and deleted members are hidden), not blocked either way.
 */
export function conversationRefusal(askerId: number, other: CorrespondentFacts | null): AppError | null {
  if (other?.id === askerId) return forbidden(NOT_TO_YOURSELF);
  if (
    !other ||
    other.kind !== 'member' ||
    other.status !== 'active' ||
    other.blockedByMe ||
    other.blockedMe
  ) {
    return notFound(NO_SUCH_CONVERSATION);
  }
  return null;
}

/** Free members may only reply: post to someone who has written to them (spec 2 §5, §6). */
export function mayPost(askerIsFree: boolean, other: CorrespondentFacts): boolean {
  return !askerIsFree || other.theyWrote;
}

export const CANNOT_RECEIVE = 'This member is not able to receive messages.';

/**
 * What posting is refused with, in the order a member would want to hear it; null when allowed. A
 * member who blocked the asker answers exactly as one who cannot receive messages (docs/domain.md
 * Profiles: you cannot tell you were blocked); only a block the asker made is named as such.
 */
export function postRefusal(
  askerId: number,
  askerIsFree: boolean,
  other: CorrespondentFacts | null,
): AppError | null {
  if (other?.id === askerId) return forbidden(NOT_TO_YOURSELF);
  if (!other || other.kind !== 'member' || other.status !== 'active' || other.blockedMe) {
    return notFound(CANNOT_RECEIVE);
  }
  if (other.blockedByMe) return forbidden(CANNOT_MESSAGE);
  if (!mayPost(askerIsFree, other)) {
    return new AppError(403, 'error', contract.FREE_CANNOT_START, contract.UPGRADE_EXTRA);
  }
  return null;
}

/**
 * Rate limit (docs/domain.md Direct messages, counted as L1-L3 say): at most 10 messages in any
 * minute and 120 in any hour per member, so nobody can flood members.
 */
export const SENDING_LIMITS: readonly RateRule[] = [
  { limit: contract.MESSAGES_PER_MINUTE, windowMs: MINUTE_MS },
  { limit: contract.MESSAGES_PER_HOUR, windowMs: HOUR_MS },
];

/** The rate-limit key of a member's sending, across every conversation. */
export const sendingKey = (memberId: number) => `message:${memberId}`;

/** What a member who must wait is told; the wait is until the oldest message leaves the full window. */
export function sendingTooFast({ rule, waitSeconds }: RateRefusal): string {
  if (rule.windowMs <= MINUTE_MS) {
    return `You are sending messages very quickly. Please wait ${waitSeconds} second${waitSeconds === 1 ? '' : 's'} before sending another.`;
  }
  const minutes = Math.ceil(waitSeconds / 60);
  return `You have sent ${rule.limit} messages in the last hour. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} before sending another.`;
}

/** The preview of a last message in a conversation list: plain text, one line's worth. */
export const PREVIEW_LENGTH = 120;
export function preview(body: string): string {
  const flat = body.replace(/\s+/g, ' ').trim();
  return flat.length > PREVIEW_LENGTH ? `${flat.slice(0, PREVIEW_LENGTH - 3)}...` : flat;
}
