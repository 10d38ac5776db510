import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.js';
import { managedInvitations, managedSetups } from './managed.tables.js';
import type { SetupRow } from './invitations.policy.js';

/** Set Up Managed and the invitations: every query (docs/domain.md MR2, MR3). */

const setupColumns = {
  nmCode: managedSetups.nmCode,
  selection: managedSetups.selection,
  rank1: managedSetups.rank1,
  rank2: managedSetups.rank2,
  rank3: managedSetups.rank3,
  rank4: managedSetups.rank4,
  views1: managedSetups.views1,
  views2: managedSetups.views2,
  views3: managedSetups.views3,
  views4: managedSetups.views4,
  hasPicture: managedSetups.hasPicture,
  unsubCode: managedSetups.unsubCode,
};

export type SavedSetup = SetupRow & { unsubCode: string };

/** The member's setup, or null. */
export async function findSetup(db: Db, userId: number): Promise<SavedSetup | null> {
  const [row] = await db
    .select(setupColumns)
    .from(managedSetups)
    .where(eq(managedSetups.userId, userId))
    .limit(1);
  return row ?? null;
}

/** The setup, locked until the transaction ends: invitations of one member are made one at a time. */
export async function lockSetup(tx: Db, userId: number): Promise<SavedSetup | null> {
  const [row] = await tx
    .select(setupColumns)
    .from(managedSetups)
    .where(eq(managedSetups.userId, userId))
    .for('update');
  return row ?? null;
}

/**
 * MR2: keeps the setup; its unsubscribe code is `newUnsubCode` when it is the member's first, and
 * the one made then on every later save (one statement, so two first saves at once keep one code).
 * Answers the code kept.
 */
export async function saveSetup(
  tx: Db,
  userId: number,
  row: SetupRow,
  by: { adminId: number; at: Date; newUnsubCode: string },
): Promise<string> {
  const [saved] = await tx
    .insert(managedSetups)
    .values({ userId, ...row, unsubCode: by.newUnsubCode, setUpBy: by.adminId, setUpAt: by.at })
    .onConflictDoUpdate({
      target: managedSetups.userId,
      set: { ...row, setUpBy: by.adminId, setUpAt: by.at },
    })
    .returning({ unsubCode: managedSetups.unsubCode });
  return (saved as { unsubCode: string }).unsubCode;
}

/** The member whose unsubscribe code this is, or null (MR3). */
export async function setupOwnerByUnsubCode(db: Db, unsubCode: string): Promise<number | null> {
  const [row] = await db
    .select({ userId: managedSetups.userId })
    .from(managedSetups)
    .where(eq(managedSetups.unsubCode, unsubCode))
    .limit(1);
  return row?.userId ?? null;
}

/** MR3: a new invitation replaces the unused ones: they stop working now (kept, for the record). */
export async function expireUnusedInvitations(tx: Db, userId: number, now: Date): Promise<void> {
  await tx
    .update(managedInvitations)
    .set({ expiresAt: now })
    .where(
      and(
        eq(managedInvitations.userId, userId),
        isNull(managedInvitations.usedAt),
        gt(managedInvitations.expiresAt, now),
      ),
    );
}

export async function insertInvitation(
  tx: Db,
  row: { userId: number; codeHash: string; selection: number; sentAt: Date; expiresAt: Date },
): Promise<number> {
  const [made] = await tx.insert(managedInvitations).values(row).returning({ id: managedInvitations.id });
  return (made as { id: number }).id;
}

export interface Invitation {
  id: number;
  userId: number;
  selection: number;
  sentAt: Date;
  expiresAt: Date;
}

const invitationColumns = {
  id: managedInvitations.id,
  userId: managedInvitations.userId,
  selection: managedInvitations.selection,
  sentAt: managedInvitations.sentAt,
  expiresAt: managedInvitations.expiresAt,
};

/** The member's unused, unexpired invitation with this code hash, or null (MR4). */
export async function unusedInvitation(
  db: Db,
  userId: number,
  codeHash: string,
  now: Date,
): Promise<Invitation | null> {
  const [row] = await db
    .select(invitationColumns)
    .from(managedInvitations)
    .where(
      and(
        eq(managedInvitations.codeHash, codeHash),
        eq(managedInvitations.userId, userId),
        isNull(managedInvitations.usedAt),
        gt(managedInvitations.expiresAt, now),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Marks the invitation used, once: null when it was used already (MR4). */
export async function markInvitationUsed(
  tx: Db,
  invitationId: number,
  now: Date,
): Promise<Invitation | null> {
  const [row] = await tx
    .update(managedInvitations)
    .set({ usedAt: now })
    .where(and(eq(managedInvitations.id, invitationId), isNull(managedInvitations.usedAt)))
    .returning(invitationColumns);
  return row ?? null;
}

/** When the member's last invitation was mailed, or null. */
export async function lastInvitationAt(db: Db, userId: number): Promise<Date | null> {
  const [row] = await db
    .select({ sentAt: managedInvitations.sentAt })
    .from(managedInvitations)
    .where(eq(managedInvitations.userId, userId))
    .orderBy(desc(managedInvitations.sentAt))
    .limit(1);
  return row?.sentAt ?? null;
}
