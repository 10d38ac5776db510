import { exchange } from '@marquee/contract';
import type { SwapMove } from './api';

type Card = Pick<exchange.InstagramCard, 'id' | 'user_id' | 'stage' | 'status_1' | 'name'>;

/** What a card's buttons do; which show depends on the card's stage and whether Instagram was opened. */
export type SwapButton = 'done' | 'skip' | 'contest' | 'confirm' | 'acknowledge';

/**
 * The buttons of a card (spec 3 §2, spec 4 §4): a new listing or a follow back is opened on Instagram
 * first, then Done or Skip (and Contest, when the other member says they followed you first); a follow
 * back to review is confirmed or contested; a contest against you is acknowledged.
 */
export function buttonsOf(stage: exchange.InstagramCard['stage'], opened: boolean): SwapButton[] {
  switch (stage) {
    case 'new':
      return opened ? ['done', 'skip'] : [];
    case 'follow_back':
      return opened ? ['done', 'skip', 'contest'] : [];
    case 'review':
      return ['confirm', 'contest'];
    case 'acknowledge':
      return ['acknowledge'];
  }
}

/** Whether the card starts with "Open Instagram": the member follows the other first. */
export const opensInstagram = (stage: exchange.InstagramCard['stage']) =>
  stage === 'new' || stage === 'follow_back';

/**
 * The move a button sends (docs/domain.md EX5): the status, and the user number of the follow it is
 * about (1 the initiator's follow, 2 the follow back).
 * - new: Done claims the follow (user 1, action 'new'); Skip skips the listing (user 1).
 * - follow back: Done verifies their follow and claims yours (user 2); Skip (user 2, costs 20);
 *   Contest contests their follow (user 1).
 * - review: Confirm verifies the follow back (user 2); Contest contests it (user 2).
 * - a contest against you: Acknowledge, with the number of your own follow (status_1 contested: you
 *   started the swap, user 1; else the contested follow was your follow back, user 2).
 */
export function moveOf(card: Card, button: SwapButton): SwapMove {
  const base = { action_id: card.stage === 'new' ? ('new' as const) : card.id, other_id: card.user_id };
  switch (button) {
    case 'done':
      return { ...base, status: 'claimed', user_number: card.stage === 'new' ? 1 : 2 };
    case 'skip':
      return { ...base, status: 'skipped', user_number: card.stage === 'new' ? 1 : 2 };
    case 'contest':
      return { ...base, status: 'contested', user_number: card.stage === 'follow_back' ? 1 : 2 };
    case 'confirm':
      return { ...base, status: 'verified', user_number: 2 };
    case 'acknowledge':
      return { ...base, status: 'acknowledged', user_number: card.status_1 === 'contested' ? 1 : 2 };
  }
}

/** The confirmation a button asks first (spec 4 §5), or null when it needs none. */
export function confirmationOf(card: Card, button: SwapButton): { title: string; text: string } | null {
  const name = `@${card.name}`;
  switch (button) {
    case 'skip':
      return card.stage === 'new'
        ? { title: `Skip ${name}`, text: exchange.CONFIRM_TEXTS.skipNew(name) }
        : { title: `Skip following ${name} back`, text: exchange.CONFIRM_TEXTS.skipFollowBack(name) };
    case 'contest':
      return { title: `Contest ${name}'s follow`, text: exchange.CONFIRM_TEXTS.contest(name) };
    case 'acknowledge':
      return { title: 'Acknowledge the contest', text: exchange.CONFIRM_TEXTS.acknowledge };
    default:
      return null;
  }
}

export const BUTTON_LABEL: Record<SwapButton, string> = {
  done: 'Done',
  skip: 'Skip',
  contest: 'Contest',
  confirm: 'Confirm',
  acknowledge: 'Acknowledge',
};

/** The left column shows one list (spec 4 §2): For Review if any, else Follow Back, else New Listings. */
export function shownList(lists: exchange.AvailableListingsAnswer): {
  kind: 'review' | 'follow_back' | 'new';
  cards: exchange.InstagramCard[];
} {
  if (lists.reviewListings.length) return { kind: 'review', cards: lists.reviewListings };
  if (lists.followBackListings.length) return { kind: 'follow_back', cards: lists.followBackListings };
  return { kind: 'new', cards: lists.newListings };
}
