import { exchange, type Membership } from '@marquee/contract';
import type { Db } from '../../platform/db/database.js';
import type { Caller } from '../../platform/auth.js';
import { forbidden, loggedOut } from '../../platform/errors.js';
import { findMember } from '../members/index.js';
import { membershipOf } from '../membership/index.js';

/** EX1: the Exchange is for every level but free. */
export const mayUseExchange = (membership: Membership) => membership !== 'free';

/**
 * EX1: every exchange call starts here. A free member is refused with 403 and the upgrade text; the
 * answer is the caller's current membership.
 */
export async function requireExchangeMember(db: Db, caller: Caller, now: Date): Promise<Membership> {
  const member = await findMember(db, caller.userId);
  if (!member) throw loggedOut();
  const { membership } = membershipOf(member, now);
  if (!mayUseExchange(membership)) throw forbidden(exchange.NOT_FOR_FREE);
  return membership;
}
