import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { preparedOnce, type Db } from '../../platform/db/database.js';
import { actions } from '../earn/earn.tables.js';
import { listings } from '../listings/listings.tables.js';
import { linkedAccounts, oauthStates } from './linked-accounts.tables.js';

export type LinkedAccount = typeof linkedAccounts.$inferSelect;
export type ActionRow = typeof actions.$inferSelect;

export async function linkedAccount(db: Db, userId: number, platform: string): Promise<LinkedAccount | null> {
  const [row] = await db
    .select()
    .from(linkedAccounts)
    .where(and(eq(linkedAccounts.userId, userId), eq(linkedAccounts.platform, platform)))
    .limit(1);
  return row ?? null;
}

/** Follows or likes of a member that the platform does not show (spec 1 §4 "missing"). */
export async function missingCount(db: Db, userId: number, platform: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(actions)
    .where(and(eq(actions.earnerId, userId), eq(actions.platform, platform), eq(actions.status, 'missing')));
  return row?.n ?? 0;
}

/**
 * D4 checktoken, in one query: the member's account on the platform is linked and verified and
 * none of their follows or likes there is missing.
 */
export async function platformReady(db: Db, userId: number, platform: string): Promise<boolean> {
  const [row] = await platformReadyQuery(db).execute({ userId, platform });
  return row?.ready ?? false;
}

const platformReadyQuery = preparedOnce((db) =>
  db
    .select({
      ready: sql<boolean>`not exists (select 1 from ${actions} a
        where a.earner_id = ${sql.placeholder('userId')} and a.platform = ${sql.placeholder('platform')}
          and a.status = 'missing')`,
    })
    .from(linkedAccounts)
    .where(
      and(
        eq(linkedAccounts.userId, sql.placeholder('userId')),
        eq(linkedAccounts.platform, sql.placeholder('platform')),
        eq(linkedAccounts.status, 'verified'),
      ),
    )
    .limit(1)
    .prepare('platform_ready'),
);

/** The platform refused the account's sign-in: the account check asks the member to authorise again. */
export async function markTokenError(db: Db, userId: number, platform: string): Promise<void> {
  await db
    .update(linkedAccounts)
    .set({ status: 'token_error' })
    .where(and(eq(linkedAccounts.userId, userId), eq(linkedAccounts.platform, platform)));
}

/** The one-time state of a consent page visit, naming the member who started it. */
export async function saveOauthState(
  db: Db,
  s: { state: string; userId: number; platform: string; at: Date },
): Promise<void> {
  await db
    .insert(oauthStates)
    .values({ state: s.state, userId: s.userId, platform: s.platform, createdAt: s.at });
}

/** Uses a state made after `madeAfter` and never used; answers its member, or null. */
export async function useOauthState(
  db: Db,
  s: { state: string; platform: string; madeAfter: Date; at: Date },
): Promise<number | null> {
  const [row] = await db
    .update(oauthStates)
    .set({ usedAt: s.at })
    .where(
      and(
        eq(oauthStates.state, s.state),
        eq(oauthStates.platform, s.platform),
        isNull(oauthStates.usedAt),
        gt(oauthStates.createdAt, s.madeAfter),
      ),
    )
    .returning({ userId: oauthStates.userId });
  return row?.userId ?? null;
}

/** The account the platform vouched for, linked (again) and verified; its profile to be confirmed anew. */
export async function saveVerifiedAccount(
  db: Db,
  userId: number,
  platform: string,
  account: { handle: string; displayName: string; accessToken: string | null },
  at: Date,
): Promise<void> {
  await db
    .insert(linkedAccounts)
    .values({ userId, platform, ...account, status: 'verified', linkedAt: at })
    .onConflictDoUpdate({
      target: [linkedAccounts.userId, linkedAccounts.platform],
      set: { ...account, status: 'verified', linkedAt: at, profileConfirmed: false },
    });
}

/** The member's missing actions on the platform, newest first, with their listings. */
export function missingActionsOf(db: Db, userId: number, platform: string, limit: number) {
  return db
    .select({
      id: actions.id,
      ownerId: actions.ownerId,
      points: actions.points,
      createdAt: actions.createdAt,
      name: listings.name,
      url: listings.url,
    })
    .from(actions)
    .innerJoin(listings, eq(listings.id, actions.listingId))
    .where(and(eq(actions.earnerId, userId), eq(actions.platform, platform), eq(actions.status, 'missing')))
    .orderBy(desc(actions.createdAt))
    .limit(limit);
}

/** One missing action of the member's, with its listing; null if it is not (or no longer) missing. */
export async function missingActionOf(db: Db, userId: number, actionId: number) {
  const [row] = await db
    .select({ action: actions, listing: listings })
    .from(actions)
    .innerJoin(listings, eq(listings.id, actions.listingId))
    .where(and(eq(actions.id, actionId), eq(actions.earnerId, userId), eq(actions.status, 'missing')))
    .limit(1);
  return row ?? null;
}

/** The platform shows the action after all. */
export async function markActionSeen(db: Db, actionId: number, at: Date): Promise<void> {
  await db.update(actions).set({ status: 'verified', checkedAt: at }).where(eq(actions.id, actionId));
}

/** Ends a missing action as reversed or invalid; false if another request already ended it. */
export async function closeMissingAction(
  db: Db,
  actionId: number,
  status: 'reversed' | 'invalid',
  at: Date,
): Promise<boolean> {
  const [claimed] = await db
    .update(actions)
    .set({ status, checkedAt: at })
    .where(and(eq(actions.id, actionId), eq(actions.status, 'missing')))
    .returning({ id: actions.id });
  return Boolean(claimed);
}

/** A sponsored action taken back gives its listing the sponsored action again. */
export async function giveBackSponsoredAction(db: Db, listingId: number): Promise<void> {
  await db
    .update(listings)
    .set({ sponsorUsed: sql`greatest(${listings.sponsorUsed} - 1, 0)` })
    .where(eq(listings.id, listingId));
}

/** The listing's page is gone: the listing is invalid for everyone. */
export async function markPageMissing(db: Db, listingId: number): Promise<void> {
  await db
    .update(listings)
    .set({ status: 'invalid', statusReason: 'page_missing' })
    .where(eq(listings.id, listingId));
}

/** The member says the linked account is theirs; false when none is linked. */
export async function confirmLinkedProfile(db: Db, userId: number, platform: string): Promise<boolean> {
  const updated = await db
    .update(linkedAccounts)
    .set({ profileConfirmed: true })
    .where(and(eq(linkedAccounts.userId, userId), eq(linkedAccounts.platform, platform)))
    .returning({ handle: linkedAccounts.handle });
  return updated.length > 0;
}
