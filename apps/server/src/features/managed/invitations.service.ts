import { adminMembers, managed as contract, pacificDate, type ParsedInputOf } from '@marquee/contract';
import type { AppDeps } from '../../platform/deps.js';
import type { Caller } from '../../platform/auth.js';
import type { Db } from '../../platform/db/database.js';
import { recordAudit } from '../../platform/audit.repo.js';
import { AppError, badInput, conflict, forbidden, notFound } from '../../platform/errors.js';
import { hashToken, newToken } from '../../platform/tokens.js';
import { findMember, type MemberRow } from '../members/index.js';
import { membershipOf } from '../membership/index.js';
import { mailMember, saveEmailSetting, takesMail } from '../account/index.js';
import { recentWeeks, staffMayChange } from '../admin/index.js';
import * as policy from './invitations.policy.js';
import * as repo from './invitations.repo.js';
import { leaveWaitlist, markInvited, waitlistPlace } from './waitlist.repo.js';
import { statusOf } from './waitlist.service.js';

/**
 * Set Up Managed and the invitation (docs/domain.md MR2, MR3; spec 4 §2 Admin screens, §3
 * "Managed user setup", §7 Admin): staff read and save a member's setup, then mail the invitation;
 * the mail's unsubscribe link turns the member's Managed Rank mail off.
 */

/** The member a staff call is about: 404 for an id that is no member's. */
async function memberFor(deps: AppDeps, userId: number): Promise<MemberRow> {
  const member = await findMember(deps.db, userId);
  if (!member || member.kind !== 'member') throw notFound(adminMembers.NO_SUCH_MEMBER);
  return member;
}

/** AM8: staff set up members only, not their own account or another admin's, nor a deleted one. */
function refuseUnlessChangeable(caller: Caller, member: MemberRow) {
  if (member.status === 'deleted') throw conflict(adminMembers.ACCOUNT_DELETED);
  if (!staffMayChange(caller, member)) throw forbidden(adminMembers.NOT_ON_THIS_ACCOUNT);
}

/**
 * admin/managed/fetchUserDetails (MR2): the saved setup, or one filled from the member, their
 * waitlist tier and their last four STARmeter weeks with their listings' IMDb views (AD11's query);
 * with their waitlist status and the day of the last invitation.
 */
export async function fetchUserDetails(deps: AppDeps, userId: number) {
  const member = await memberFor(deps, userId);
  const setup = await repo.findSetup(deps.db, userId);
  const place = await waitlistPlace(deps.db, userId);
  const invitedAt = await repo.lastInvitationAt(deps.db, userId);
  const details = setup
    ? policy.savedSetup(member, setup)
    : policy.prefilledSetup(
        member,
        place?.selection ?? null,
        await recentWeeks(deps.db, [userId], policy.SETUP_WEEKS),
      );
  return {
    status: 'success' as const,
    details,
    saved: Boolean(setup),
    waitlistStatus: statusOf(place),
    invitedOn: invitedAt ? pacificDate(invitedAt) : null,
  };
}

/**
 * admin/managed/setupManagedUser (MR2): keeps the setup and answers the member's unsubscribe code,
 * made at the first save and the same on every later one. Audit-logged with the setup before and after.
 */
export async function setupManagedUser(
  deps: AppDeps,
  caller: Caller,
  input: ParsedInputOf<typeof contract.setupManagedUser>,
) {
  const member = await memberFor(deps, input.karma_id);
  refuseUnlessChangeable(caller, member);
  if (policy.differsFromAccount(member, input)) throw badInput(contract.ACCOUNT_DETAILS_DIFFER);
  const row = policy.setupRowOf(input);
  const now = deps.clock.now();
  const unsub = await deps.db.transaction(async (tx) => {
    const before = await repo.lockSetup(tx, member.id);
    const code = await repo.saveSetup(tx, member.id, row, {
      adminId: caller.userId,
      at: now,
      newUnsubCode: newToken(),
    });
    const { unsubCode: _kept, ...was } = before ?? { unsubCode: '' };
    await recordAudit(tx, {
      adminId: caller.userId,
      userId: member.id,
      action: 'managed.setup',
      summary: `${before ? 'Changed' : 'Set up'} Managed Rank for ${row.nmCode}, ${policy.tierName(row.selection)}`,
      before: before ? was : null,
      after: { ...row },
      at: now,
    });
    return code;
  });
  return { status: 'success' as const, message: policy.SETUP_SAVED, unsub };
}

/**
 * admin/managed/sendInviteEmail (MR3): with the code of the member's setup, makes a one-time
 * invitation (its code kept hashed, valid 14 days; earlier unused ones stop working), marks the
 * member invited on the waitlist, logs it and mails the member the subscribe and unsubscribe links.
 */
export async function sendInviteEmail(deps: AppDeps, caller: Caller, userId: number, uc: string) {
  const member = await memberFor(deps, userId);
  refuseUnlessChangeable(caller, member);
  if (member.status !== 'active') throw conflict(policy.NOT_ACTIVE);
  const now = deps.clock.now();
  if (membershipOf(member, now).membership === 'managed') throw conflict(policy.ALREADY_MANAGED_STAFF);
  if (!(await takesMail(deps, userId, 'managed'))) throw conflict(contract.UNSUBSCRIBED);

  const code = newToken();
  const expiresAt = policy.invitationExpiry(now);
  const setup = await deps.db.transaction(async (tx) => {
    // The setup's lock takes two invitations of one member one after the other (MR3).
    const locked = await repo.lockSetup(tx, userId);
    if (!locked) throw conflict(policy.SET_UP_FIRST);
    if (locked.unsubCode !== uc) throw conflict(policy.WRONG_UNSUB_CODE);
    await repo.expireUnusedInvitations(tx, userId, now);
    await repo.insertInvitation(tx, {
      userId,
      codeHash: hashToken(code),
      selection: locked.selection,
      sentAt: now,
      expiresAt,
    });
    await markInvited(tx, userId, locked.selection, now);
    await recordAudit(tx, {
      adminId: caller.userId,
      userId,
      action: 'managed.invite',
      summary: `Invited to Managed Rank, ${policy.tierName(locked.selection)}, until ${pacificDate(expiresAt)}`,
      after: { selection: locked.selection, expiresAt: expiresAt.toISOString() },
      at: now,
    });
    return locked;
  });

  const mail = policy.invitationMail({
    first: member.first,
    selection: setup.selection,
    code,
    unsubCode: setup.unsubCode,
    expiresAt,
    publicUrl: deps.config.publicUrl,
  });
  const sent = await mailMember(deps, userId, 'managed', mail).catch((err: unknown) => {
    console.warn('Marquee: the Managed Rank invitation was not sent.', err);
    throw new AppError(502, 'error', policy.MAIL_FAILED);
  });
  // Switched off between the check and the mail: the invitation stays unsent, as staff are told.
  if (!sent) throw conflict(contract.UNSUBSCRIBED);
  return {
    status: 'success' as const,
    message: `The invitation to ${policy.tierName(setup.selection)} was mailed to ${member.email ?? ''}.`,
  };
}

/** managed/unsubscribe (MR3): the mail's link turns the member's Managed Rank mail off. */
export async function unsubscribe(deps: AppDeps, uc: string) {
  const userId = await repo.setupOwnerByUnsubCode(deps.db, uc);
  if (userId === null) throw notFound(contract.UNSUBSCRIBE_LINK_INVALID);
  await saveEmailSetting(deps.db, userId, 'managed', false, deps.clock.now());
  return { status: 'success' as const, message: policy.UNSUBSCRIBED_MESSAGE };
}

/**
 * MR4, for subscribing: the member's unused, unexpired invitation whose code this is, or null.
 * Codes are kept hashed (MR3), so the code is hashed and looked up.
 */
export async function findInvitation(
  db: Db,
  userId: number,
  code: string,
  now: Date,
): Promise<repo.Invitation | null> {
  return repo.unusedInvitation(db, userId, hashToken(code.trim()), now);
}

/**
 * MR4, inside the transaction that grants a verified managed payment: uses the invitation up and
 * takes its member off the waitlist. Null when it was used already (the member stays as they are).
 * Expiry is not checked here: the code was checked when the checkout began.
 */
export async function useInvitation(
  tx: Db,
  invitationId: number,
  now: Date,
): Promise<repo.Invitation | null> {
  const used = await repo.markInvitationUsed(tx, invitationId, now);
  if (used) await leaveWaitlist(tx, used.userId);
  return used;
}
