import { exchange } from '@marquee/contract';
import { HOUR_MS, MINUTE_MS } from '../../platform/time.js';
import type { RateRefusal, RateRule } from '../../platform/rate-limit.js';

/**
 * The Instagram follow exchange's pure rules (docs/domain.md EX2-EX9, D7.1): the swap's state machine,
 * what each move does to the swap and to both reputations, which list a swap belongs to, and the
 * answers' words.
 */

const { INSTAGRAM } = exchange;
type SwapStatus = exchange.SwapStatus;

/** A swap as the rules read it. */
export interface SwapState {
  initiatorId: number;
  receiverId: number;
  status1: string;
  status2: string | null;
  acknowledged: boolean;
}

/** Every move of EX5, by who makes it. */
export type MoveKind =
  /** new + claimed (user 1): the viewer followed a new listing and starts the swap. */
  | 'start'
  /** new + skipped (user 1): never offered again, no reputation change. */
  | 'skip_new'
  /** claimed (user 2), by the receiver: the initiator's follow verified, the follow back claimed. */
  | 'follow_back'
  /** skipped (user 2), by the receiver: costs the receiver 20 and ends the swap. */
  | 'skip_follow_back'
  /** contested (user 1), by the receiver: the initiator's follow contested. */
  | 'contest_follow'
  /** verified (user 2), by the initiator: the swap is complete, +10 to both. */
  | 'complete'
  /** contested (user 2), by the initiator: the follow back contested. */
  | 'contest_follow_back'
  /** acknowledged, by the contested member: cleared from their list, nothing else. */
  | 'acknowledge';

export interface MoveAsked {
  status: SwapStatus;
  userNumber: 1 | 2;
  viewerId: number;
  otherId: number;
}

/**
 * EX5: the move a member asks for on a swap (null: a new listing), or null when it is not one of the
 * allowed moves ("This listing should not be here", 409). Each move is one member's only.
 */
export function moveOf(swap: SwapState | null, ask: MoveAsked): MoveKind | null {
  const { status, userNumber, viewerId, otherId } = ask;
  if (viewerId === otherId) return null;
  if (!swap) {
    if (userNumber !== 1) return null;
    if (status === 'claimed') return 'start';
    if (status === 'skipped') return 'skip_new';
    return null;
  }
  const isInitiator = swap.initiatorId === viewerId && swap.receiverId === otherId;
  const isReceiver = swap.receiverId === viewerId && swap.initiatorId === otherId;
  if (!isInitiator && !isReceiver) return null;
  const { status1, status2 } = swap;
  if (isReceiver && status1 === 'claimed' && status2 === null) {
    if (status === 'claimed' && userNumber === 2) return 'follow_back';
    if (status === 'skipped' && userNumber === 2) return 'skip_follow_back';
    if (status === 'contested' && userNumber === 1) return 'contest_follow';
    return null;
  }
  if (isInitiator && status1 === 'verified' && status2 === 'claimed') {
    if (status === 'verified' && userNumber === 2) return 'complete';
    if (status === 'contested' && userNumber === 2) return 'contest_follow_back';
    return null;
  }
  if (status === 'acknowledged' && !swap.acknowledged) {
    // The contested member, with the user number of their own follow.
    if (isInitiator && status1 === 'contested' && userNumber === 1) return 'acknowledge';
    if (isReceiver && status2 === 'contested' && userNumber === 2) return 'acknowledge';
  }
  return null;
}

/** What a move writes: the swap's statuses, the reputation changes, and whom it alerts (EX5, EX8). */
export interface MoveEffect {
  status1: string;
  status2: string | null;
  acknowledge: boolean;
  /** Reputation changes by member id (clamped to 0..1000 when written, EX3). */
  changes: { userId: number; delta: number }[];
  /** The other member is alerted: what happened, in their words. */
  alert: 'swap_started' | 'follow_back' | 'contest' | null;
}

/** EX5: the effect of an allowed move on the swap (for 'start' and 'skip_new', the new swap's row). */
export function effectOf(move: MoveKind, swap: SwapState): MoveEffect {
  const initiator = swap.initiatorId;
  const receiver = swap.receiverId;
  const keep = { status1: swap.status1, status2: swap.status2, acknowledge: false, changes: [], alert: null };
  switch (move) {
    case 'start':
      return { ...keep, status1: 'claimed', status2: null, alert: 'swap_started' };
    case 'skip_new':
      return { ...keep, status1: 'skipped', status2: null };
    case 'follow_back':
      return { ...keep, status1: 'verified', status2: 'claimed', alert: 'follow_back' };
    case 'skip_follow_back':
      return {
        ...keep,
        status1: 'verified',
        status2: 'skipped',
        changes: [{ userId: receiver, delta: -INSTAGRAM.skipFollowBackPenalty }],
      };
    case 'contest_follow':
      return {
        ...keep,
        status1: 'contested',
        changes: [
          { userId: initiator, delta: -INSTAGRAM.contestedPenalty },
          { userId: receiver, delta: -INSTAGRAM.contesterPenalty },
        ],
        alert: 'contest',
      };
    case 'complete':
      return {
        ...keep,
        status2: 'verified',
        changes: [
          { userId: initiator, delta: INSTAGRAM.completedSwap },
          { userId: receiver, delta: INSTAGRAM.completedSwap },
        ],
      };
    case 'contest_follow_back':
      return {
        ...keep,
        status2: 'contested',
        changes: [
          { userId: receiver, delta: -INSTAGRAM.contestedPenalty },
          { userId: initiator, delta: -INSTAGRAM.contesterPenalty },
        ],
        alert: 'contest',
      };
    case 'acknowledge':
      return { ...keep, acknowledge: true };
  }
}

/** EX3: a reputation after a change, kept between 0 and 1000. */
export function clampReputation(reputation: number): number {
  return Math.min(INSTAGRAM.maxReputation, Math.max(INSTAGRAM.minReputation, reputation));
}

/**
 * EX7: the follow a move needs the verifier's word on, as [who follows, whom]: a claim needs it seen
 * (or the platform unable to say), a contest needs it not seen.
 */
export function followChecked(
  move: MoveKind,
  swap: SwapState,
): { check: 'claim' | 'contest'; follower: number; followed: number } | null {
  const { initiatorId: initiator, receiverId: receiver } = swap;
  switch (move) {
    case 'start':
      return { check: 'claim', follower: initiator, followed: receiver };
    case 'follow_back':
      return { check: 'claim', follower: receiver, followed: initiator };
    case 'contest_follow':
      return { check: 'contest', follower: initiator, followed: receiver };
    case 'contest_follow_back':
      return { check: 'contest', follower: receiver, followed: initiator };
    default:
      return null;
  }
}

/** The card a swap is for the viewer (EX4): follow back, review or acknowledge; null when it asks nothing of them. */
export function stageOf(swap: SwapState, viewerId: number): 'follow_back' | 'review' | 'acknowledge' | null {
  const isInitiator = swap.initiatorId === viewerId;
  const { status1, status2 } = swap;
  if (!isInitiator && status1 === 'claimed' && status2 === null) return 'follow_back';
  if (isInitiator && status1 === 'verified' && status2 === 'claimed') return 'review';
  if (swap.acknowledged) return null;
  if (isInitiator && status1 === 'contested') return 'acknowledge';
  if (!isInitiator && status2 === 'contested') return 'acknowledge';
  return null;
}

/** The viewer's own follow and the other member's, as the card shows them (spec 4 §3 mine, theirs). */
export function sidesOf(
  swap: SwapState,
  viewerId: number,
): { mine: SwapStatus | null; theirs: SwapStatus | null } {
  const asStatus = (s: string | null) => (s as SwapStatus | null) ?? null;
  return swap.initiatorId === viewerId
    ? { mine: asStatus(swap.status1), theirs: asStatus(swap.status2) }
    : { mine: asStatus(swap.status2), theirs: asStatus(swap.status1) };
}

/** EX3: a member's reputation, 600 until they first set up. */
export const reputationOf = (standing: { reputation: number } | null) =>
  standing?.reputation ?? INSTAGRAM.startReputation;

/** EX4: new listings are withheld while this many review items wait. */
export const withheld = (reviewItems: number) => reviewItems >= INSTAGRAM.reviewBlockAt;

/** The answer's colour (spec 4 §7): 'info' for a move that now waits on the other member, else 'success'. */
export function colourOf(move: MoveKind): 'success' | 'info' {
  return move === 'start' || move === 'follow_back' ? 'info' : 'success';
}

/** What the answer says to the member who moved (spec 4 §7: a toast). */
export function answerOf(move: MoveKind, other: { first: string; handle: string }): string {
  const name = other.first || `@${other.handle}`;
  switch (move) {
    case 'start':
      return `Thanks! We let ${name} know you followed @${other.handle}. Their follow back will show here for you to confirm once ${name} follows you.`;
    case 'skip_new':
      return `Skipped. You will not see ${name} here again.`;
    case 'follow_back':
      return `Thanks! We let ${name} know you followed back. ${name} will confirm your follow.`;
    case 'skip_follow_back':
      return `You skipped following ${name} back. That cost you ${INSTAGRAM.skipFollowBackPenalty} reputation.`;
    case 'contest_follow':
    case 'contest_follow_back':
      return `You contested ${name}'s follow. It cost ${name} ${INSTAGRAM.contestedPenalty} reputation and you ${INSTAGRAM.contesterPenalty}; we let ${name} know.`;
    case 'complete':
      return `Swap complete! You and ${name} each gained ${INSTAGRAM.completedSwap} reputation.`;
    case 'acknowledge':
      return 'Thanks. The contest is cleared from your list.';
  }
}

/** What the other member's alert says (EX8); each links to the Instagram exchange. */
export function alertOf(
  kind: NonNullable<MoveEffect['alert']>,
  mover: { name: string; handle: string },
): { kind: string; content: string } {
  switch (kind) {
    case 'swap_started':
      return {
        kind: 'exchange_follow',
        content: `${mover.name} (@${mover.handle}) followed you on Instagram. Follow them back on the Exchange.`,
      };
    case 'follow_back':
      return {
        kind: 'exchange_review',
        content: `${mover.name} (@${mover.handle}) followed you back on Instagram. Please confirm it on the Exchange.`,
      };
    case 'contest':
      return {
        kind: 'exchange_contest',
        content: `${mover.name} contested your Instagram follow, which cost you ${INSTAGRAM.contestedPenalty} reputation.`,
      };
  }
}

export const EXCHANGE_LINK = '/exchange/instagram';

/** EX7: a claim the simulated Instagram does not show. */
export const followNotSeen = (followed: string, me: string) =>
  `We could not see your follow of @${followed} on Instagram. Make sure you are signed in to Instagram as @${me} when you press Follow, then try again.`;

/** EX7: a contest of a follow the platform shows. */
export const followSeen = (follower: string, me: string) =>
  `We can see that @${follower} follows @${me} on Instagram, so there is nothing to contest.`;

export const INSTAGRAM_ERRORS = {
  noListing: 'Please set up your Instagram listing first.',
  alreadyListed: 'You already have an Instagram listing. Remove it first to list another profile.',
  handleTaken: 'Another member has already listed that Instagram profile.',
  removeWithItems:
    'Please answer your For Review and Follow Back items before removing your Instagram listing.',
  nothingToRemove: 'You do not have an Instagram listing to remove.',
  nothingToUpdate: 'Your Instagram listing was removed meanwhile. Please set it up again.',
  badPicture: 'We could not use that picture. Please upload your profile picture instead (PNG, GIF or JPEG).',
  offline: 'We could not reach Instagram just now. Please try again in a moment.',
} as const;

/**
 * Reading profiles and pictures from Instagram for the setup form (EX2): the server asks Instagram on
 * the member's behalf, so a member's asks are limited (the one rate-limit mechanism, L1-L3).
 */
export const READING_LIMITS: readonly RateRule[] = [
  { limit: 10, windowMs: MINUTE_MS },
  { limit: 60, windowMs: HOUR_MS },
];

export const readingKey = (memberId: number) => `instagram-read:${memberId}`;

export function readingTooFast({ waitSeconds }: RateRefusal): string {
  return `You have looked up many Instagram profiles in a short time. Please wait ${waitSeconds} second${waitSeconds === 1 ? '' : 's'} and try again.`;
}

/** EX2: a title of ")" is what the old lookup gave for a missing profile. */
export const isMissingTitle = (title: string) => title.trim() === '' || title.trim() === ')';
