import { managed as contract } from '@marquee/contract';
import type { AppDeps } from '../../platform/deps.js';
import type { Caller } from '../../platform/auth.js';
import { conflict, loggedOut } from '../../platform/errors.js';
import { findMember } from '../members/index.js';
import { membershipOf } from '../membership/index.js';
import { tierName } from './invitations.policy.js';
import { joinWaitlist, waitlistPlace, type WaitlistPlace } from './waitlist.repo.js';

/** The member's side of the waitlist (docs/domain.md MR1; D14.1). */

type Selection = 1 | 2 | 3;

export const statusOf = (place: WaitlistPlace | null): contract.WaitlistStatus =>
  !place ? 'none' : place.status === 'invited' ? 'invited' : 'waitlisted';

/** What the member reads after asking for a tier, from their place before and after. */
function joinedMessage(before: WaitlistPlace | null, selection: number): string {
  const tier = tierName(selection);
  if (!before)
    return `You are on the waitlist for ${tier}. We will email you an invitation when a place opens.`;
  const invited = before.status === 'invited';
  if (before.selection === selection)
    return invited
      ? `You asked for ${tier} and your invitation is in your email.`
      : `You are on the waitlist for ${tier}.`;
  return invited
    ? `Your choice is now ${tier}. The invitation we emailed you stays as it was.`
    : `Your waitlist choice is now ${tier}. You keep your place in line.`;
}

/**
 * managed/addToWaitlist (MR1): any active member who is not managed joins with a tier, or changes
 * the tier and keeps the place (an invited member keeps the invitation).
 */
export async function addToWaitlist(deps: AppDeps, caller: Caller, selection: Selection) {
  const member = await findMember(deps.db, caller.userId);
  if (!member || member.status !== 'active') throw loggedOut();
  if (membershipOf(member, deps.clock.now()).membership === 'managed')
    throw conflict(contract.ALREADY_MANAGED);
  const before = await waitlistPlace(deps.db, caller.userId);
  const place = await joinWaitlist(deps.db, caller.userId, selection, deps.clock.now());
  return {
    status: 'success' as const,
    message: joinedMessage(before, selection),
    waitlistStatus: statusOf(place),
  };
}

/** managed/fetchWaitlistStatus (MR1): none, waitlisted or invited, with the tier asked for. */
export async function fetchWaitlistStatus(deps: AppDeps, caller: Caller) {
  const place = await waitlistPlace(deps.db, caller.userId);
  const selection = place?.selection;
  return {
    status: 'success' as const,
    waitlistStatus: statusOf(place),
    selection: selection === 1 || selection === 2 || selection === 3 ? (selection as Selection) : null,
  };
}
