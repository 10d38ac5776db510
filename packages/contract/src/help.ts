import { z } from 'zod';
import { operation } from './operation.js';
import { idSchema, wholeNumber } from './common.js';

/**
 * The help center (spec 3 §2-§9, D12.4, docs/domain.md H1-H12): requests a member opens with the
 * support team, their replies, the FAQs, the staff help desk, and the live chat of the help area.
 */

/** D12.4: a request's statuses, in the order the staff selector offers them. */
export const HELP_STATUSES = ['Pending', 'Awaiting Response', 'Closed'] as const;
export type HelpStatus = (typeof HELP_STATUSES)[number];

/** Spec 3 §4: what the member reads for Awaiting Response (staff read the status itself). */
export const AWAITING_YOUR_RESPONSE = 'Awaiting Your Response';
export const statusLabel = (status: HelpStatus, forStaff: boolean): string =>
  status === 'Awaiting Response' && !forStaff ? AWAITING_YOUR_RESPONSE : status;

/** Spec 3 §5: a subject longer than 3 characters and at most 50; a description longer than 5. */
export const SUBJECT_MIN = 4;
export const SUBJECT_MAX = 50;
export const DESCRIPTION_MIN = 6;
/** H2: the description is the request's first message, so it has a reply's upper bound. */
export const DESCRIPTION_MAX = 2000;
export const REQUEST_INCOMPLETE = 'Please be sure to include a Subject and full Description of your issue.';
export const DESCRIPTION_TOO_LONG = 'Please keep the description to 2,000 characters or fewer.';

/** Spec 3 §5: replies have 2 to 2000 characters. */
export const COMMENT_MIN = 2;
export const COMMENT_MAX = 2000;
export const COMMENT_LENGTH_ERROR = 'Please write a reply of 2 to 2,000 characters.';
/** Spec 3 §5, D12.4: only the support account's replies carry media. */
export const MEDIA_SUPPORT_ONLY = 'Only the support team can attach pictures to help replies.';

/** Spec 3 §9: replies are promised within 24 hours. */
export const REPLY_HOURS = 24;
export const REPLY_PROMISE = 'Our support team replies to every request within 24 hours.';

export const REQUEST_SENT = 'Your request was sent. Our support team will reply within 24 hours.';
export const REPLY_SENT = 'Your reply was sent.';
export const REQUEST_CLOSED = 'This request is now closed. Reply to it any time to open it again.';
export const NO_SUCH_REQUEST = 'There is no such help request.';
/** postHelpComment naming one request in its body and another in its query string (spec 3 §7). */
export const THREAD_NAMED_TWICE =
  'This reply names two different help requests. Please reload the page and try again.';

export const EMPTY_OPEN = 'You have no open help requests.';
export const EMPTY_CLOSED = 'You have no closed help requests.';
/** Spec 4 §8: the staff list with nothing in it. */
export const EMPTY_ADMIN = 'No current Help Requests!';
export const REQUESTS_FAILED = 'We had an issue loading your help requests...';
export const FAQS_FAILED = 'We had an issue loading the FAQs...';

/** A member's requests listed at most (newest first); older closed ones stay readable at /help/{id}. */
export const MEMBER_LIST_MAX = 100;
/** The staff list's page size. */
export const ADMIN_PAGE_SIZE = 25;

/** A thread shows more than this many messages scrolled to its end (spec 3 §2). */
export const SCROLL_TO_END_AFTER = 5;

/** A request as the lists and the thread show it (spec 3 §3 Help request). */
export interface HelpRequestSummary {
  id: number;
  subject: string;
  /** 'March 18, 2026', Pacific (V4). */
  date_opened: string;
  date_updated: string;
  status: HelpStatus;
  /** What the reader sees: 'Awaiting Your Response' for the member, the status for staff. */
  status_label: string;
  /** When it was last updated, '3 hours ago'. */
  ago: string;
}

/** One message of a request (spec 3 §3: user_id, first, last, content, ago). */
export interface HelpMessage {
  id: number;
  /** The author: the member, or the support account (D2.1) for staff replies. */
  user_id: number;
  first: string;
  last: string;
  /** Links-only HTML (D8.1); render it with LinksOnly. */
  content: string;
  ago: string;
  /** Written by the support team (posted as the support account, H5). */
  from_support: boolean;
  /** A picture the support team attached (D12.4), or null. */
  image: string | null;
  /** For staff only: the admin who wrote a support reply. */
  staff_name?: string;
}

export const submitHelpRequest = operation<{
  status: 'success';
  message: string;
  thread_id: number;
}>()({
  method: 'POST',
  path: 'help/submitHelpRequest',
  audience: 'member',
  input: z.object({
    subject: z
      .string({ error: REQUEST_INCOMPLETE })
      .trim()
      .min(SUBJECT_MIN, { error: REQUEST_INCOMPLETE })
      .max(SUBJECT_MAX, { error: REQUEST_INCOMPLETE }),
    content: z
      .string({ error: REQUEST_INCOMPLETE })
      .trim()
      .min(DESCRIPTION_MIN, { error: REQUEST_INCOMPLETE })
      .max(DESCRIPTION_MAX, { error: DESCRIPTION_TOO_LONG }),
  }),
});

const threadId = z.object({ thread_id: idSchema('help request') });

export const fetchRequestThread = operation<{
  status: 'success';
  subject: string;
  request: HelpRequestSummary;
  messages: HelpMessage[];
  /** The member who opened it (staff link to /admin/users/{id}, spec 3 §6). */
  member: { id: number; first: string; last: string };
  /** The reader is staff answering for support (spec 3 §6 admin context). */
  staff: boolean;
  /** The reader may close it now (its member, or staff, while it is open). */
  canClose: boolean;
}>()({
  method: 'POST',
  path: 'help/fetchRequestThread',
  audience: 'member',
  input: threadId,
});

const yesNo = z.enum(['yes', 'no'], { error: "Please say 'yes' or 'no' for the picture." }).default('no');
const fileBytes = z.custom<Uint8Array>((v) => v instanceof Uint8Array, {
  error: 'Please choose a picture to attach.',
});

/**
 * help/postHelpComment (spec 3 §7 `postHelpComment?thread`): the request's id as `thread`, in the
 * body or the query string; the reply as `comment`; for the support team, a picture (`hasFile` yes
 * and `myFile`, multipart).
 */
/** The request named in the query string of postHelpComment (spec 3 §7). */
export const threadInQuery = z.object({ thread: idSchema('help request') });

export const postHelpComment = operation<{
  status: 'success';
  message: string;
  request: HelpRequestSummary;
  sent: HelpMessage;
}>()({
  method: 'POST',
  path: 'help/postHelpComment',
  audience: 'member',
  input: z.object({
    /** Left out when the query string names it (the spec's form). */
    thread: idSchema('help request').optional(),
    comment: z
      .string({ error: COMMENT_LENGTH_ERROR })
      .trim()
      .min(COMMENT_MIN, { error: COMMENT_LENGTH_ERROR })
      .max(COMMENT_MAX, { error: COMMENT_LENGTH_ERROR }),
    hasFile: yesNo,
    myFile: fileBytes.optional(),
  }),
});

/** The member closes their own request (D12.4 "closed by staff or the member"). */
export const closeHelpRequest = operation<{
  status: 'success';
  message: string;
  request: HelpRequestSummary;
}>()({
  method: 'POST',
  path: 'help/closeHelpRequest',
  audience: 'member',
  input: threadId,
});

export interface Faq {
  id: number;
  question: string;
  /** Links-only HTML (D8.1). */
  answer: string;
}

export const fetchFaqs = operation<{ status: 'success'; faqs: Faq[] }>()({
  method: 'GET',
  path: 'help/fetchFaqs',
  audience: 'member',
  input: z.object({}),
});

export const fetchOpenRequests = operation<{ status: 'success'; openRequests: HelpRequestSummary[] }>()({
  method: 'GET',
  path: 'help/fetchOpenRequests',
  audience: 'member',
  input: z.object({}),
});

export const fetchClosedRequests = operation<{ status: 'success'; closedRequests: HelpRequestSummary[] }>()({
  method: 'GET',
  path: 'help/fetchClosedRequests',
  audience: 'member',
  input: z.object({}),
});

const statusSchema = z.enum(HELP_STATUSES, {
  error: 'Please choose Pending, Awaiting Response or Closed.',
});

/** Staff set a request's status with the selector (spec 3 §4, §7). */
export const updateHelpStatus = operation<{
  status: 'success';
  message: string;
  request: HelpRequestSummary;
}>()({
  method: 'POST',
  path: 'admin/updateHelpStatus',
  audience: 'admin',
  input: z.object({ thread_id: idSchema('help request'), status: statusSchema }),
});

/** What the staff list shows (spec 4 §3 Help request (admin list): id, subject, first, last, ago). */
export interface AdminHelpRequest {
  id: number;
  subject: string;
  user_id: number;
  first: string;
  last: string;
  status: HelpStatus;
  date_opened: string;
  /** Since the last update: how long a Pending request has waited. */
  ago: string;
  /** A Pending request older than the 24 hours promised (spec 3 §9). */
  overdue: boolean;
}

export const ADMIN_FILTERS = ['Pending', 'Awaiting Response', 'Closed', 'all'] as const;
export type AdminHelpFilter = (typeof ADMIN_FILTERS)[number];

const page = wholeNumber(
  z
    .number({ error: 'Please give a valid page.' })
    .int({ error: 'Please give a valid page.' })
    .min(0, { error: 'Please give a valid page.' })
    .max(100_000, { error: 'Please give a valid page.' })
    .default(0),
);

/** spec 4 §7 admin/fetchHelpRequests: the staff list, a status at a time, with its counts. */
export const fetchHelpRequests = operation<{
  status: 'success';
  requests: AdminHelpRequest[];
  counts: Record<HelpStatus, number>;
  page: number;
  pageCount: number;
}>()({
  method: 'GET',
  path: 'admin/fetchHelpRequests',
  audience: 'admin',
  input: z.object({
    filter: z
      .enum(ADMIN_FILTERS, { error: 'Please choose Pending, Awaiting Response, Closed or all.' })
      .default('Pending'),
    page,
  }),
});

/* ---------------------------------------------------------------- live chat (spec 3 §1, H9-H12) */

/** The panel asks for new messages this often while it is open (H11). */
export const CHAT_POLL_MS = 4000;
export const CHAT_MAX = 1000;
export const CHAT_LENGTH_ERROR = 'Please write a message of 1 to 1,000 characters.';
export const CHAT_WELCOME =
  'Hi! Ask us anything: the support team answers here while you are on the help pages.';
/** The chat messages a panel opens with (older ones are kept, not shown). */
export const CHAT_HISTORY = 50;

/**
 * How the help area's chat is set up (H9): the member's identity as a hosted chat service takes it
 * (id, name, email and an HMAC-SHA256 of the id), and which chat runs: Marquee's own, or Intercom.
 */
export interface ChatIdentity {
  user_id: string;
  name: string;
  email: string;
  /** HMAC-SHA256 of `user_id` with the chat's identity secret, hex. */
  user_hash: string;
}

export type ChatSetup =
  | { provider: 'marquee'; identity: ChatIdentity }
  | { provider: 'intercom'; identity: ChatIdentity; app_id: string; api_base: string };

export const fetchChatConfig = operation<{ status: 'success' } & ChatSetup>()({
  method: 'GET',
  path: 'help/fetchChatConfig',
  audience: 'member',
  input: z.object({}),
});

export interface ChatMessage {
  id: number;
  /** Written by the support team. */
  from_support: boolean;
  /** The author's name as the reader sees it: 'Marquee Support' for staff (their own name to staff). */
  name: string;
  /** Links-only HTML (D8.1). */
  content: string;
  ago: string;
}

const after = wholeNumber(
  z
    .number({ error: 'Please give a valid message to read after.' })
    .int({ error: 'Please give a valid message to read after.' })
    .min(0, { error: 'Please give a valid message to read after.' })
    .max(2_147_483_647, { error: 'Please give a valid message to read after.' })
    .optional(),
);

const chatText = z
  .string({ error: CHAT_LENGTH_ERROR })
  .trim()
  .min(1, { error: CHAT_LENGTH_ERROR })
  .max(CHAT_MAX, { error: CHAT_LENGTH_ERROR });

/** The member's chat with support: the latest messages, or those after message `after` (the panel's poll). */
export const fetchChat = operation<{ status: 'success'; messages: ChatMessage[] }>()({
  method: 'GET',
  path: 'help/fetchChat',
  audience: 'member',
  input: z.object({ after }),
});

export const postChat = operation<{ status: 'success'; sent: ChatMessage }>()({
  method: 'POST',
  path: 'help/postChat',
  audience: 'member',
  input: z.object({ message: chatText }),
});

/** A member's chat in the staff desk's list. */
export interface ChatSummary {
  user_id: number;
  first: string;
  last: string;
  /** The last message as plain text, one line's worth. */
  last_message: string;
  ago: string;
  /** The member wrote last and no one has answered yet. */
  waiting: boolean;
}

export const CHATS_LISTED = 50;
export const EMPTY_CHATS = 'No live chats yet.';

export const fetchChats = operation<{ status: 'success'; chats: ChatSummary[] }>()({
  method: 'GET',
  path: 'admin/fetchChats',
  audience: 'admin',
  input: z.object({}),
});

const chatMember = idSchema('member');

export const fetchMemberChat = operation<{
  status: 'success';
  member: { id: number; first: string; last: string; email: string };
  messages: ChatMessage[];
}>()({
  method: 'GET',
  path: 'admin/fetchChat',
  audience: 'admin',
  input: z.object({ user_id: chatMember, after }),
});

export const answerChat = operation<{ status: 'success'; sent: ChatMessage }>()({
  method: 'POST',
  path: 'admin/postChat',
  audience: 'admin',
  input: z.object({ user_id: chatMember, message: chatText }),
});

/** Where a request is read: the member's page, or the staff desk's. */
export const helpPath = (id: number, staff = false) => (staff ? `/admin/help/${id}` : `/help/${id}`);
