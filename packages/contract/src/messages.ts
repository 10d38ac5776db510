import { z } from 'zod';
import { operation } from './operation.js';
import { wholeNumber, type YesNo } from './common.js';

/** A conversation as listed in the top bar and on /messages (spec 1 §3, spec 2 §3). */
export interface ThreadSummary {
  other_id: number;
  other_first: string;
  other_last: string;
  /** The other member's 80 px picture, or null for the no-photo image. */
  other_avatar: string | null;
  ago: string;
  /** A plain-text preview of the last message (the client renders it as text, never as markup). */
  message: string;
  unread: YesNo;
}

/** One message of a conversation (spec 2 §3 Message). */
export interface ThreadMessage {
  id: number;
  sender_id: number;
  sender_name: string;
  /** The sender's 80 px picture, or null for the no-photo image. */
  sender_avatar: string | null;
  /** The text as HTML with links only (D8.1); render it with LinksOnly. */
  message: string;
  ago: string;
}

/** The member on the other side of a conversation. */
export interface Correspondent {
  id: number;
  first: string;
  last: string;
  avatar: string | null;
}

export const RECENT_THREADS_IN_DROPDOWN = 6;
/** Conversations listed on /messages. */
export const RECENT_THREADS_ON_PAGE = 30;
/** Messages per page of a conversation; older ones come a page at a time. */
export const THREAD_PAGE_SIZE = 30;
/** Posting needs more than 1 character (spec 2 §5). */
export const MESSAGE_MIN_LENGTH = 2;
/** Long enough for a real note, short enough that nobody pastes a script into a conversation. */
export const MESSAGE_MAX_LENGTH = 2000;
/** After posting, the thread is fetched again this much later (spec 2 §4). */
export const REFETCH_AFTER_POST_MS = 60_000;
/** Posting limits per member, across all conversations (docs/domain.md). */
export const MESSAGES_PER_MINUTE = 10;
export const MESSAGES_PER_HOUR = 120;

export const EMPTY_THREADS = 'No recent conversations. Start one!';
export const EMPTY_THREAD = "You haven't exchanged any messages yet. Say hello!";
export const THREADS_FAILED = 'There was an issue retrieving your recent conversations...';
export const FREE_CANNOT_START =
  "Free members can reply to messages but can't start new conversations. Upgrade your membership to message any member.";

/** The error `extra` of a post a free member may not start: the client offers the upgrade link. */
export const UPGRADE_EXTRA = 'upgrade';

const memberId = wholeNumber(
  z
    .number({ error: 'Please choose a member.' })
    .int({ error: 'Please choose a member.' })
    // D2.1: ids below 1000 are system accounts, which nobody can message.
    .min(1000, { error: 'Messages can only be exchanged with members.' })
    .max(2_147_483_647, { error: 'Please choose a member.' }),
);

export const fetchRecentThreads = operation<{
  status: 'success';
  threads: ThreadSummary[];
  /** The member may start new conversations (free members may only reply, spec 2 §5). */
  canStart: boolean;
}>()({
  method: 'GET',
  path: 'messages/fetchRecentThreads',
  audience: 'member',
  input: z.object({
    limit: wholeNumber(
      z
        .number({ error: 'The limit must be a number from 1 to 50.' })
        .int({ error: 'The limit must be a number from 1 to 50.' })
        .min(1, { error: 'The limit must be a number from 1 to 50.' })
        .max(50, { error: 'The limit must be a number from 1 to 50.' })
        .default(20),
    ),
  }),
});

/**
 * One conversation, oldest to newest: the latest page, or the page before message `before`.
 * Reading it marks the conversation read.
 */
export const fetchMessageThread = operation<{
  status: 'success';
  other: Correspondent;
  messages: ThreadMessage[];
  /** Older messages exist before the first one here. */
  hasOlder: boolean;
  /** The member may post in this conversation now. */
  canPost: boolean;
  /** Why not, for people (empty when canPost). */
  notice: string;
  /** The reason is the membership: the client offers the upgrade link. */
  needsUpgrade: boolean;
}>()({
  method: 'POST',
  path: 'messages/fetchMessageThread',
  audience: 'member',
  input: z.object({
    user_id: memberId,
    before: wholeNumber(
      z
        .number({ error: 'Please give a valid message to read before.' })
        .int({ error: 'Please give a valid message to read before.' })
        .positive({ error: 'Please give a valid message to read before.' })
        .optional(),
    ),
  }),
});

export const postMessage = operation<{ status: 'success'; message: string; sent: ThreadMessage }>()({
  method: 'POST',
  path: 'messages/postMessage',
  audience: 'member',
  input: z.object({
    to_id: memberId,
    message: z
      .string({ error: 'Please write a message.' })
      .trim()
      .min(MESSAGE_MIN_LENGTH, { error: 'Please write a message of at least 2 characters.' })
      .max(MESSAGE_MAX_LENGTH, {
        error: `Please keep your message under ${MESSAGE_MAX_LENGTH.toLocaleString('en-US')} characters.`,
      }),
  }),
});
