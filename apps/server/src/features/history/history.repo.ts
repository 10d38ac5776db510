import { aliasedTable, and, count, desc, eq, gt, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.js';
import { users } from '../members/members.tables.js';
import { listings } from '../listings/listings.tables.js';
import { actions } from '../earn/earn.tables.js';

const earner = aliasedTable(users, 'earner');
const owner = aliasedTable(users, 'owner');

/** Which actions a history page shows, for the member asking. */
export function historyScope(memberId: number, filter: string, since: Date): SQL | undefined {
  const side =
    filter === 'mine'
      ? eq(actions.earnerId, memberId)
      : filter === 'theirs'
        ? eq(actions.ownerId, memberId)
        : filter === 'all'
          ? or(eq(actions.earnerId, memberId), eq(actions.ownerId, memberId))
          : and(eq(actions.ownerId, memberId), eq(actions.listingId, Number(filter)));
  return and(side, gt(actions.createdAt, since));
}

/** One page of history rows with both members and the listing, in one query. */
export async function historyPage(db: Db, scope: SQL | undefined, limit: number, offset: number) {
  return db
    .select({
      action: actions,
      listingName: listings.name,
      listingUrl: listings.url,
      earnerFirst: earner.first,
      earnerLast: earner.last,
      earnerPic: earner.defaultPic,
      ownerFirst: owner.first,
      ownerLast: owner.last,
      ownerPic: owner.defaultPic,
    })
    .from(actions)
    .innerJoin(listings, eq(listings.id, actions.listingId))
    .innerJoin(earner, eq(earner.id, actions.earnerId))
    .innerJoin(owner, eq(owner.id, actions.ownerId))
    .where(scope)
    .orderBy(desc(actions.createdAt), desc(actions.id))
    .limit(limit)
    .offset(offset);
}

export type HistoryRow = Awaited<ReturnType<typeof historyPage>>[number];

export async function historyCount(db: Db, scope: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(actions).where(scope);
  return row?.n ?? 0;
}
