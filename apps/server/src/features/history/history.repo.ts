import {
  aliasedTable,
  and,
  count,
  desc,
  eq,
  gt,
  inArray,
  or,
  sql,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import { preparedOnce, type Db } from '../../platform/db/database.js';
import { users } from '../members/members.tables.js';
import { listings } from '../listings/listings.tables.js';
import { actions } from '../earn/earn.tables.js';

const earner = aliasedTable(users, 'earner');
const owner = aliasedTable(users, 'owner');

/** The four shapes of history: every action of mine, mine on others', others' on mine, one listing's. */
export type HistoryKind = 'all' | 'mine' | 'theirs' | 'listing';
export const HISTORY_KINDS: readonly HistoryKind[] = ['all', 'mine', 'theirs', 'listing'];

export const historyKindOf = (filter: string): HistoryKind =>
  filter === 'all' || filter === 'mine' || filter === 'theirs' ? filter : 'listing';

/** What a history query is asked with: values, or the placeholders of a prepared statement. */
interface ScopeValues {
  member: number | Placeholder;
  listing: number | Placeholder;
  since: Date | Placeholder;
}

/** Which actions a history page shows, for the member asking. */
export function historyScope(kind: HistoryKind, v: ScopeValues): SQL | undefined {
  const side =
    kind === 'mine'
      ? eq(actions.earnerId, v.member)
      : kind === 'theirs'
        ? eq(actions.ownerId, v.member)
        : kind === 'all'
          ? or(eq(actions.earnerId, v.member), eq(actions.ownerId, v.member))
          : and(eq(actions.ownerId, v.member), eq(actions.listingId, v.listing));
  return and(side, gt(actions.createdAt, v.since));
}

const placeholders: ScopeValues = {
  member: sql.placeholder('member'),
  listing: sql.placeholder('listing'),
  since: sql.placeholder('since'),
};

/**
 * The page and count queries of each kind, prepared once per database: planned once per
 * connection, not on every page asked for.
 */
const statements = preparedOnce(
  (db) =>
    Object.fromEntries(
      HISTORY_KINDS.map((kind) => {
        const scope = historyScope(kind, placeholders);
        return [
          kind,
          {
            page: historyPageQuery(db, scope, sql.placeholder('limit'), sql.placeholder('offset')).prepare(
              `history_page_${kind}`,
            ),
            count: historyCountQuery(db, scope).prepare(`history_count_${kind}`),
          },
        ];
      }),
    ) as Record<HistoryKind, { page: PageStatement; count: CountStatement }>,
);

type PageStatement = ReturnType<ReturnType<typeof historyPageQuery>['prepare']>;
type CountStatement = ReturnType<ReturnType<typeof historyCountQuery>['prepare']>;

export interface HistoryAsk {
  member: number;
  kind: HistoryKind;
  /** For kind 'listing'. */
  listing?: number;
  since: Date;
}

const valuesOf = (q: HistoryAsk) => ({ member: q.member, listing: q.listing ?? 0, since: q.since });

/** One page of history rows with both members and the listing, in one query. */
export async function historyPage(db: Db, q: HistoryAsk, limit: number, offset: number) {
  return statements(db)[q.kind].page.execute({ ...valuesOf(q), limit, offset });
}

/** The query of historyPage, not yet run (its plan is checked by history-plans.test.ts). */
export function historyPageQuery(
  db: Db,
  scope: SQL | undefined,
  limit: number | Placeholder,
  offset: number | Placeholder,
) {
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

export type HistoryRow = Awaited<ReturnType<typeof historyPageQuery>>[number];

export async function historyCount(db: Db, q: HistoryAsk): Promise<number> {
  const [row] = await statements(db)[q.kind].count.execute(valuesOf(q));
  return row?.n ?? 0;
}

export const historyCountQuery = (db: Db, scope: SQL | undefined) =>
  db.select({ n: count() }).from(actions).where(scope);

/** The name of one of the member's own listings (a listing's history is its owner's only). */
export async function ownListingName(db: Db, memberId: number, listingId: number): Promise<string | null> {
  const [listing] = await db
    .select({ name: listings.name })
    .from(listings)
    .where(and(eq(listings.id, listingId), eq(listings.userId, memberId)))
    .limit(1);
  return listing?.name ?? null;
}

/** An action on one platform, with its listing's page id (history/verify). */
export async function actionOnPlatform(db: Db, actionId: number, platform: string) {
  const [row] = await db
    .select({ action: actions, externalId: listings.externalId })
    .from(actions)
    .innerJoin(listings, eq(listings.id, actions.listingId))
    .where(and(eq(actions.id, actionId), eq(actions.platform, platform)))
    .limit(1);
  return row ?? null;
}

/** The platform answered whether a follow or like is there: verified or missing, unless given back meanwhile. */
export async function setCheckedStatus(db: Db, actionId: number, seen: boolean, at: Date) {
  await db
    .update(actions)
    .set({ status: seen ? 'verified' : 'missing', checkedAt: at })
    .where(and(eq(actions.id, actionId), inArray(actions.status, ['credited', 'verified', 'missing'])));
}
