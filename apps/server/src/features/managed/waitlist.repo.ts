import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.js';
import { managedWaitlist } from '../admin/admin.tables.js';

/** The managed waitlist's queries (docs/domain.md MR1, MR3; the table is AD11's, `admin.tables.ts`). */

export interface WaitlistPlace {
  selection: number;
  status: string;
  createdAt: Date;
}

/** The member's place on the waitlist, or null. */
export async function waitlistPlace(db: Db, userId: number): Promise<WaitlistPlace | null> {
  const [row] = await db
    .select({
      selection: managedWaitlist.selection,
      status: managedWaitlist.status,
      createdAt: managedWaitlist.createdAt,
    })
    .from(managedWaitlist)
    .where(eq(managedWaitlist.userId, userId))
    .limit(1);
  return row ?? null;
}

/**
 * MR1: joins the waitlist with a tier, or changes the tier of the place held: the place (its date)
 * and an invitation stay. One statement, so two at once leave one row.
 */
export async function joinWaitlist(
  db: Db,
  userId: number,
  selection: number,
  at: Date,
): Promise<WaitlistPlace> {
  const [row] = await db
    .insert(managedWaitlist)
    .values({ userId, selection, status: 'waitlisted', createdAt: at })
    .onConflictDoUpdate({ target: managedWaitlist.userId, set: { selection } })
    .returning({
      selection: managedWaitlist.selection,
      status: managedWaitlist.status,
      createdAt: managedWaitlist.createdAt,
    });
  return row as WaitlistPlace;
}

/** MR3: the invited member's place says so; a member invited without asking gets one with the setup's tier. */
export async function markInvited(tx: Db, userId: number, selection: number, at: Date): Promise<void> {
  await tx
    .insert(managedWaitlist)
    .values({ userId, selection, status: 'invited', createdAt: at })
    .onConflictDoUpdate({ target: managedWaitlist.userId, set: { status: sql`'invited'` } });
}

/** MR4: a member who subscribed leaves the waitlist. */
export async function leaveWaitlist(tx: Db, userId: number): Promise<void> {
  await tx.delete(managedWaitlist).where(eq(managedWaitlist.userId, userId));
}
