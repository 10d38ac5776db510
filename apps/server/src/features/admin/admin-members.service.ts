import { adminMembers as contract, pacificDate, pacificDay, type Membership } from '@marquee/contract';
import type { AppDeps } from '../../platform/deps.js';
import type { Db } from '../../platform/db/database.js';
import type { Caller } from '../../platform/auth.js';
import { auditEntries, recordAudit } from '../../platform/audit.repo.js';
import { AppError, badInput, conflict, notFound } from '../../platform/errors.js';
import { hashPassword } from '../../platform/passwords.js';
import { addDays, pacificMidnight } from '../../platform/time.js';
import { findMember, searchMembersForStaff } from '../members/index.js';
import { membershipOf } from '../membership/index.js';
import { HOUSE_ID, InsufficientPoints, movePoints } from '../points/index.js';
import {
  emailWasDeleted,
  eraseMember,
  hasRenewingSubscription,
  isUniqueViolation,
} from '../account/index.js';
import { removeImageFiles } from '../uploads/index.js';
import { startSession, type RequestOrigin } from '../login/index.js';

import {
  emailHeldByOther,
  endSessions,
  lockMemberForStaff,
  memberExtras,
  referrerName,
  setMemberColumns,
  usernameHeldByOther,
  type StaffEditable,
} from './admin-members.repo.js';
import { presentAudit } from './admin.present.js';
import { presentSignalsOf } from './signals.service.js';

/** A member's page shows this many of the audit entries about them (AM7). */
const MEMBER_AUDIT_ENTRIES = 50;

const level = (
  row: {
    premiumExpires: Date | null;
    proExpires: Date | null;
    managedUntil: Date | null;
    subscribed: boolean;
  },
  now: Date,
) => membershipOf(row, now).membership as Membership;

/** 'YYYY-MM-DD': the Pacific day paid time ends on (its last moment belongs to that day), or ''. */
export const expiryDay = (at: Date | null) => (at ? pacificDay(new Date(at.getTime() - 1)) : '');
/** The end of that Pacific day, or null for ''. */
export const expiryOfDay = (day: string) => (day ? pacificMidnight(addDays(day, 1)) : null);

/** admin/searchUsers (AM1). */
export async function searchUsers(deps: AppDeps, q: string) {
  const now = deps.clock.now();
  const rows = await searchMembersForStaff(deps.db, q, contract.SEARCH_MAX);
  return {
    status: 'success' as const,
    users: rows.map((r) => ({
      id: r.id,
      first: r.first,
      last: r.last,
      username: r.username ?? '',
      email: r.email ?? '',
      status: r.status,
      membership: level(r, now),
      last_activity: r.lastActiveAt ? pacificDate(r.lastActiveAt) : '',
    })),
  };
}

/** AM8: staff act on members' accounts: not their own, not another admin's, not a deleted one. */
export function mayChange(caller: Caller, target: { id: number; role: string; status: string }) {
  return target.id !== caller.userId && target.role !== 'admin' && target.status !== 'deleted';
}

/** admin/fetchUserDetails: the card, with the audit entries about the member (AM2, AM7). */
export async function userDetails(
  deps: AppDeps,
  caller: Caller,
  id: number,
): Promise<contract.AdminUserAnswer> {
  const now = deps.clock.now();
  const row = await findMember(deps.db, id);
  if (!row || row.kind !== 'member') throw notFound(contract.NO_SUCH_MEMBER);
  const [{ subs, linked }, referrer, audit, signals] = await Promise.all([
    memberExtras(deps.db, id),
    row.referrerId ? referrerName(deps.db, row.referrerId) : Promise.resolve(null),
    auditEntries(deps.db, { limit: MEMBER_AUDIT_ENTRIES, userId: id }),
    presentSignalsOf(deps.db, [id]),
  ]);
  const handle = (platform: string) => linked.find((l) => l.platform === platform)?.handle ?? '';
  const changeable = mayChange(caller, row);
  return {
    status: 'success',
    user: {
      id: row.id,
      first: row.first,
      last: row.last,
      email: row.email ?? '',
      username: row.username ?? '',
      status: row.status,
      role: row.role === 'admin' ? 'admin' : 'member',
      membership: level(row, now),
      points: row.points,
      ref_points: row.refPoints,
      imdb_url: row.imdbUrl ?? '',
      facebook: handle('facebook'),
      twitter: handle('twitter'),
      date_registered: pacificDate(row.createdAt),
      last_activity: row.lastActiveAt ? pacificDate(row.lastActiveAt) : '',
      premium_expires: expiryDay(row.premiumExpires),
      pro_expires: expiryDay(row.proExpires),
      hasSubs: subs.some((s) => s.status === 'active') ? 'yes' : 'no',
      subscriptions: subs.map((s) => ({
        id: s.id,
        status: s.status,
        level: s.level,
        provider: s.provider,
        period_end: pacificDate(s.periodEnd),
      })),
      referredby: row.referrerId && referrer ? { id: row.referrerId, name: referrer } : null,
      avatar: row.defaultPic,
      canEdit: changeable,
      canDelete: changeable,
    },
    audit: audit.map((a) => presentAudit(a, now)),
    signals: signals.get(id) ?? [],
  };
}

/**
 * One change to a member by staff, in one transaction with its audit entry (D13.1): the member's row
 * is locked, the rule AM8 checked, `apply` makes the change and says what to log.
 */
async function changeMember(
  deps: AppDeps,
  caller: Caller,
  id: number,
  apply: (tx: Db, member: StaffEditable, now: Date) => Promise<Omit<AuditLine, 'userId'>>,
): Promise<contract.AdminUserAnswer & { message: string }> {
  const now = deps.clock.now();
  const message = await deps.db.transaction(async (tx) => {
    const member = await lockMemberForStaff(tx, id);
    if (!member || member.kind !== 'member') throw notFound(contract.NO_SUCH_MEMBER);
    if (member.status === 'deleted') throw conflict(contract.ACCOUNT_DELETED);
    if (!mayChange(caller, member)) throw new AppError(403, 'error', contract.NOT_ON_THIS_ACCOUNT);
    const line = await apply(tx, member, now);
    await recordAudit(tx, { ...line, adminId: caller.userId, userId: id, at: now });
    return line.message;
  });
  return { ...(await userDetails(deps, caller, id)), message };
}

interface AuditLine {
  action: string;
  summary: string;
  message: string;
  userId: number;
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
  reason?: string;
}

const FIELD_WORDS: Record<contract.UserField, string> = {
  first: 'first name',
  last: 'last name',
  email: 'email address',
  username: 'username',
  imdb_url: 'IMDb URL',
  status: 'status',
  referredby: 'referrer',
};

/** admin/updateUserField (AM3): each field with sign-up's rules; the audit keeps the value before and after. */
export async function updateUserField(
  deps: AppDeps,
  caller: Caller,
  input: { user_id: number; field: contract.UserField; value: string },
) {
  const { user_id: id, field } = input;
  const value = input.value;
  if (field === 'email' && (await emailWasDeleted(deps.db, value)))
    throw conflict('That email address belonged to a deleted account and cannot be used again.');
  // Two changes racing for one username or email: the unique index decides, and the loser hears why.
  return changeMember(deps, caller, id, async (tx, member, now) => {
    const before = current(member, field);
    let stored: string | number | null = value;
    switch (field) {
      case 'first':
      case 'last':
        await setMemberColumns(tx, id, { [field]: value });
        break;
      case 'email':
        if (await emailHeldByOther(tx, value, id)) throw conflict('Another account uses that email address.');
        await setMemberColumns(tx, id, { email: value });
        break;
      case 'username':
        if (await usernameHeldByOther(tx, value, id)) throw conflict('Another account uses that username.');
        await setMemberColumns(tx, id, { username: value });
        break;
      case 'imdb_url':
        await setMemberColumns(tx, id, { imdbUrl: value });
        break;
      case 'status':
        await setMemberColumns(tx, id, { status: value });
        // D2.5: a deactivated member is signed out everywhere and cannot sign in.
        if (value === 'deactivated') await endSessions(tx, id, now);
        break;
      case 'referredby': {
        const referrer = value === '' ? null : Number(value);
        if (referrer === id) throw badInput('A member cannot be their own referrer.');
        if (referrer !== null && !(await referrerName(tx, referrer)))
          throw badInput('There is no member with that referrer id.');
        await setMemberColumns(tx, id, { referrerId: referrer });
        stored = referrer;
        break;
      }
    }
    return {
      action: `user.${field}`,
      summary: `Changed the ${FIELD_WORDS[field]}.`,
      message: `The ${FIELD_WORDS[field]} was changed.`,
      before: { [field]: before },
      after: { [field]: stored },
    };
  }).catch((e: unknown) => {
    if (isUniqueViolation(e))
      throw conflict(
        field === 'email'
          ? 'Another account uses that email address.'
          : 'Another account uses that username.',
      );
    throw e;
  });
}

function current(member: StaffEditable, field: contract.UserField): string | number | null {
  switch (field) {
    case 'imdb_url':
      return member.imdbUrl;
    case 'referredby':
      return member.referrerId;
    case 'first':
    case 'last':
    case 'email':
    case 'username':
    case 'status':
      return member[field];
  }
}

/** admin/updateSpecialField (AM4): a new password ends every session; expiry days are Pacific. */
export async function updateSpecialField(
  deps: AppDeps,
  caller: Caller,
  input: { user_id: number; field: 'password' | 'premium_expires' | 'pro_expires'; value: string },
) {
  const { user_id: id, field, value } = input;
  if (field === 'password') {
    const passwordHash = await hashPassword(value);
    return changeMember(deps, caller, id, async (tx, _member, now) => {
      await setMemberColumns(tx, id, { passwordHash });
      await endSessions(tx, id, now);
      return {
        action: 'user.password',
        summary: 'Set a new password; every session of the member ended.',
        message: 'The password was changed and the member was signed out everywhere.',
      };
    });
  }
  if (value && (Number.isNaN(Date.parse(`${value}T12:00:00Z`)) || pacificDay(`${value}T12:00:00Z`) !== value))
    throw badInput('Please give a real date as YYYY-MM-DD, or leave it empty for none.');
  const column = field === 'premium_expires' ? 'premiumExpires' : 'proExpires';
  const words = field === 'premium_expires' ? 'premium' : 'pro';
  return changeMember(deps, caller, id, async (tx, member) => {
    await setMemberColumns(tx, id, { [column]: expiryOfDay(value) });
    return {
      action: `user.${field}`,
      summary: value ? `Set ${words} time to end on ${value}.` : `Removed the ${words} time.`,
      message: value ? `Their ${words} time now ends on ${value}.` : `They have no ${words} time now.`,
      before: { [field]: expiryDay(member[column]) },
      after: { [field]: value },
    };
  });
}

/** admin/adjustPoints (AM5): through the ledger with the house, never below 0, with the reason logged. */
export async function adjustPoints(
  deps: AppDeps,
  caller: Caller,
  input: { user_id: number; amount: number; reason: string },
) {
  const { user_id: id, amount, reason } = input;
  return changeMember(deps, caller, id, async (tx, member, now) => {
    try {
      await movePoints(tx, {
        from: amount > 0 ? HOUSE_ID : id,
        to: amount > 0 ? id : HOUSE_ID,
        amount: Math.abs(amount),
        kind: 'admin_adjust',
        refType: 'admin',
        refId: String(caller.userId),
        at: now,
      });
    } catch (e) {
      if (e instanceof InsufficientPoints)
        throw conflict(
          `The member has ${member.points.toLocaleString('en-US')} points; an adjustment cannot take them below 0.`,
        );
      throw e;
    }
    const words = `${Math.abs(amount).toLocaleString('en-US')} point${Math.abs(amount) === 1 ? '' : 's'}`;
    return {
      action: 'user.points',
      summary: amount > 0 ? `Gave ${words}.` : `Took ${words}.`,
      message: amount > 0 ? `${words} given.` : `${words} taken.`,
      before: { points: member.points },
      after: { points: member.points + amount },
      reason,
    };
  });
}

/** admin/deleteUserAccount (AM6, D2.5): the member erased as their own deletion would, logged. */
export async function deleteUserAccount(deps: AppDeps, caller: Caller, id: number) {
  const now = deps.clock.now();
  const { pictures, name } = await deps.db.transaction(async (tx) => {
    const member = await lockMemberForStaff(tx, id);
    if (!member || member.kind !== 'member') throw notFound(contract.NO_SUCH_MEMBER);
    if (member.status === 'deleted') throw conflict(contract.ACCOUNT_DELETED);
    if (!mayChange(caller, member)) throw new AppError(403, 'error', contract.NOT_ON_THIS_ACCOUNT);
    if (await hasRenewingSubscription(tx, id)) throw conflict(contract.SUBSCRIPTION_RENEWS);
    const name = `${member.first} ${member.last}`;
    // The log keeps the deletion, not the member: no name or address outlives the erasure (D2.5).
    const erased = await eraseMember(tx, { id, email: member.email, username: member.username }, now);
    await recordAudit(tx, {
      adminId: caller.userId,
      action: 'user.delete',
      summary: `Deleted the account of member #${id}.`,
      userId: id,
      before: { points: member.points, status: member.status },
      after: { status: 'deleted' },
      at: now,
    });
    return { pictures: erased, name };
  });
  await removeImageFiles(deps, pictures);
  return { status: 'success' as const, message: `The account of ${name} was deleted.` };
}

/**
 * admin/useAsUser (D13.2, AM9): a new session of the member's, marked with the admin, audit-logged. It
 * lets staff see and act as the member, not change their password or email, close the account or pay
 * (refuseWhileImpersonating), and ends at logout.
 */
export async function useAsUser(deps: AppDeps, caller: Caller, id: number, origin: RequestOrigin) {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const member = await lockMemberForStaff(tx, id);
    if (!member || member.kind !== 'member') throw notFound(contract.NO_SUCH_MEMBER);
    if (member.status === 'deleted') throw conflict(contract.ACCOUNT_DELETED);
    if (!mayChange(caller, member)) throw new AppError(403, 'error', contract.NOT_ON_THIS_ACCOUNT);
    if (member.status !== 'active') throw conflict(contract.NOT_ACTIVE);
    const session = await startSession(deps, id, origin, { impersonatedBy: caller.userId, db: tx });
    await recordAudit(tx, {
      adminId: caller.userId,
      action: 'user.use',
      summary: 'Used the site as the member.',
      userId: id,
      at: now,
    });
    return {
      ...session,
      message: `You are using Marquee as ${member.first} ${member.last}.`,
    };
  });
}
