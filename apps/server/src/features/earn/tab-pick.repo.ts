import { sql, type SQL } from 'drizzle-orm';
import { managed } from '@marquee/contract';
import { statement, type Db } from '../../platform/db/database.js';
import { DAY_MS } from '../../platform/time.js';
import { managedSetups } from '../managed/managed.tables.js';
import type { CandidateQuery, CandidateRow } from './earn.repo.js';

/** The query of a platform tab's candidates in the D4 order (findCandidates in earn.repo.ts). */

/**
 * The D4.4 repeat window of one type, on the actions alias `a` (the earner's own actions), with the
 * placeholders `today` and `since` (repeatWindowSince).
 */
function repeatWindowSql(type: string): SQL {
  // IMDb: the Pacific day lies within the last 25 hours: the same rows, with a bound the index probe can use.
  if (type === 'imdb-view')
    return sql`a.day = ${sql.placeholder('today')}::date and a.created_at > ${sql.placeholder('since')}`;
  if (type === 'youtube-view') return sql`a.created_at > ${sql.placeholder('since')}`;
  return sql`true`;
}

/** The lower bound of repeatWindowSql's `since`: 25 hours for IMDb, 7 days for YouTube. */
function repeatWindowSince(type: string, now: Date): Date {
  return new Date(now.getTime() - (type === 'imdb-view' ? 25 * 3600 * 1000 : 7 * DAY_MS));
}

/**
 * The first `limit` candidates of one type in the D4 order, read without sorting the whole
 * candidate set. The order is: sponsored with actions left, featured owners, higher points, fewer
 * actions today, random. It is read as four parts, each already in that order:
 *   1. featured owners' sponsored listings and 3. their other listings: few, sorted whole;
 *   2. other sponsored listings (bought with money, or a managed member's 0-point listing with the
 *      Managed Rank service's views, MR12): for each points value from the highest, those not
 *      acted on today shuffled whole on listings_acted_pick_idx alone, then those acted on today
 *      count by count, each count's from a random starting id, wrapping around;
 *   4. all other listings: for each points value from the highest (a skip scan over
 *      listings_offer_pick_idx), first the listings with no action today from a random starting id,
 *      wrapping around (random order among equals without sorting them), then those acted on today
 *      by their count, their ids sorted on listings_acted_pick_idx alone.
 * The owner and the earner's conditions are checked on each row as it is read.
 * Each part stops as soon as `limit` rows have come out (a LIMIT over UNION ALL reads its branches
 * in turn and lazily), so a tab costs a few short index range scans and a few dozen row lookups,
 * however many listings have sponsored actions left (each credit updates its listing, so reading
 * them all would also visit their pages).
 */
export async function fastCandidates(db: Db, q: CandidateQuery, type: string): Promise<CandidateRow[]> {
  let query = fastCandidateQueries.get(type);
  if (!query) {
    query = statement<CandidateRow & { part: number }>(`offer_pick_${type}`, () => fastCandidatesSql(type));
    fastCandidateQueries.set(type, query);
  }
  const rows = await query(db, {
    earner: q.earnerId,
    session: q.sessionId,
    today: q.today,
    since: repeatWindowSince(type, q.now),
    now: q.now,
    limit: q.limit,
  });
  // The parts come out in turn; a stable sort on the part keeps that even if a plan interleaved them.
  return rows
    .map((row, i) => ({ row, i }))
    .sort((a, b) => a.row.part - b.row.part || a.i - b.i)
    .map(({ row: { part: _part, ...row } }) => row);
}

const fastCandidateQueries = new Map<string, ReturnType<typeof statement<CandidateRow & { part: number }>>>();

/**
 * The text of fastCandidates for one type, with the placeholders earner, session, today, since, now
 * and limit.
 */
function fastCandidatesSql(type: string): SQL {
  const today = sql`${sql.placeholder('today')}::date`;
  const earner = sql`${sql.placeholder('earner')}::int`;
  // A pro earner's minimum (docs/domain.md "Pro panels"): IMDb listings giving fewer points are left
  // out. It is read once (pro_floor) and bounds the give column of the indexes below.
  const minimum = type === 'imdb-view' ? sql` and l.give >= (select give from pro_floor)` : sql``;
  const proFloor =
    type === 'imdb-view'
      ? sql`, pro_floor as materialized (
      select coalesce((select e.pro_minimum from users e where e.id = ${earner}
                       and e.pro_expires > ${sql.placeholder('now')}::timestamptz), 0) as give
    )`
      : sql``;
  // What the partial indexes listings_offer_pick_idx, listings_acted_pick_idx and
  // listings_sponsored_pick_idx cover.
  const offerable = sql`l.type = ${type} and l.status = 'active' and l.give > 0 and l.changing_to is null${minimum}`;
  // MR6, MR12: a managed member's IMDb listing is at 0 points (D14.2), which D4.2 leaves out; while it
  // has sponsored views left (the Managed Rank service's, paid by the house) it is offered as any
  // sponsored listing, paying MANAGED_VIEW_POINTS. Its owners are the few members set up for Managed
  // Rank (managed_setups), read first.
  const managedPoints = sql`${sql.raw(String(managed.MANAGED_VIEW_POINTS))}::int`;
  const managedZero =
    type === 'imdb-view'
      ? sql`l.type = 'imdb-view' and l.status = 'active' and l.give = 0 and l.changing_to is null
          and l.sponsor_left and ${managedPoints} >= (select give from pro_floor)`
      : null;
  const actedToday = sql`(case when l.acted_on = ${today} then l.acted_count else 0 end)`;
  // D4.1 and D4.4-D4.6 for this earner on a listing `l`. The few blocks and hidden listings are
  // read once (hashed); the repeat window is one probe of the earner's actions per row.
  const earnerMay = sql`l.user_id <> ${earner}
    and l.user_id not in (select b.blocked_id from blocks b where b.blocker_id = ${earner}
                          union all select b.blocker_id from blocks b where b.blocked_id = ${earner})
    and l.id not in (select h.listing_id from hidden_listings h where h.session_id = ${sql.placeholder('session')}::int)
    and not exists (select 1 from actions a where a.earner_id = ${earner} and a.listing_id = l.id
                    and a.status not in ('reversed', 'invalid') and ${repeatWindowSql(type)})`;
  // D4.1 and D4.3 on the owner `u`.
  const ownerMay = sql`u.status = 'active' and (u.points >= l.give or l.sponsor_left)`;
  // Pro views need the owner to be premium or pro now (spec 2 §5), whatever the listing's switch says.
  const proViewsAllowed = sql`(l.allow_pro_views and greatest(u.premium_expires, u.pro_expires) > ${sql.placeholder('now')}::timestamptz)`;
  const columns = (part: number) => sql`l.id, l.user_id as "userId", l.type, l.platform, l.name, l.url,
    l.external_id as "externalId", l.give, l.rl_selection as "rlSelection", l.distributed,
    ${proViewsAllowed} as "allowProViews", l.imdb_type as "imdbType", l.test_cat as "testCat",
    l.nm_code as "nmCode", u.first, u.last, u.default_pic as avatar, u.points as "ownerPoints",
    l.sponsor_left as "sponsoredLeft", coalesce(u.featured_on = ${today}, false) as featured,
    ${actedToday}::int as "actedToday", ${part}::int as part`;
  const limit = sql`${sql.placeholder('limit')}::int`;
  const notFeatured = sql`u.featured_on is distinct from ${today}`;

  // Parts 1 and 3: the featured owners' listings (D8.3: two members a day).
  const featuredOfferable = (sponsored: boolean) =>
    sponsored && managedZero
      ? sql`(${offerable} or (${managedZero} and l.user_id in (select m.user_id from ${managedSetups} m)))`
      : offerable;
  const featuredPart = (sponsored: boolean, part: number) => sql`(
    select ${columns(part)} from listings l join users u on u.id = l.user_id
    where u.featured_on = ${today} and ${featuredOfferable(sponsored)} and l.sponsor_left = ${sponsored}
      and ${ownerMay} and ${earnerMay}
    order by l.give desc, ${actedToday}, random() limit ${limit})`;

  // Each row of sorted ids `s` read and checked in turn until enough pass.
  const readInTurn = (ids: SQL, part: number) => sql`(
    select ${columns(part)} from (${ids} offset 0) s
    cross join lateral (select l.* from listings l where l.id = s.id offset 0) l
    cross join lateral (select u.* from users u where u.id = l.user_id offset 0) u
    where ${notFeatured} and ${ownerMay} and ${earnerMay}
    limit ${limit})`;

  // For each points value from the highest among the listings `where` (a skip scan over
  // listings_offer_pick_idx), with `extra` joining at one value when it has rows.
  const pointValues = (where: SQL, extra?: { give: SQL; exists: SQL }) => {
    const highest = (below: SQL | null) => {
      const own = sql`(select max(l.give) from listings l where ${where}${below ? sql` and l.give < ${below}` : sql``})`;
      return extra
        ? sql`greatest(${own}, (select ${extra.give} where ${extra.exists}${below ? sql` and ${extra.give} < ${below}` : sql``}))`
        : own;
    };
    return sql`(
      with recursive gives(g) as (
        select ${highest(null)}
        union all
        select ${highest(sql`gives.g`)} from gives where gives.g is not null
      )
      select g from gives where g is not null
    ) t`;
  };

  // Part 2: the other listings with sponsored actions left (bought with money), and a managed
  // member's 0-point IMDb listing with the Managed Rank service's views, ranked as one paying
  // MANAGED_VIEW_POINTS (MR12). Most of them are acted on every day, and each credit rewrites its
  // listing, so reading them all would visit every one's page: at each points value, those not
  // acted on today (whose pages no credit touched today) are shuffled whole from
  // listings_acted_pick_idx alone, then those acted on today are read by their count, each count's
  // from a random starting id, wrapping around, and a managed view after the bought ones of its count.
  const sponsored = sql`${offerable} and l.sponsor_left and l.give = t.g`;
  const managedAt = (when: SQL) =>
    managedZero
      ? sql`select l.id from ${managedSetups} m join listings l on l.user_id = m.user_id and l.type = 'imdb-view'
          where ${managedZero} and t.g = ${managedPoints} and ${when}`
      : null;
  const notActedToday = sql`select s.id from (
      select l.id from listings l where ${sponsored} and l.acted_on is null
      union all select l.id from listings l where ${sponsored} and l.acted_on < ${today}${
        managedZero
          ? sql`
      union all ${managedAt(sql`(l.acted_on is null or l.acted_on < ${today})`)}`
          : sql``
      }
    ) s order by random()`;
  const actedRows = (from: SQL) => sql`select l.id from listings l
    where ${sponsored} and l.acted_on = ${today} and l.acted_count = k.c and ${from} order by l.id`;
  const lowestCount = (above: SQL | null) => {
    const more = above ? sql` and l.acted_count > ${above}` : sql``;
    const own = sql`(select min(l.acted_count) from listings l where ${sponsored} and l.acted_on = ${today}${more})`;
    return managedZero
      ? sql`least(${own}, (select min(l.acted_count) from listings l where l.id in (${managedAt(sql`l.acted_on = ${today}`)})${more}))`
      : own;
  };
  const sponsoredActedToday = sql`(
    select c.* from (
      with recursive counts(c) as (
        select ${lowestCount(null)}
        union all
        select ${lowestCount(sql`counts.c`)} from counts where counts.c is not null
      )
      select c from counts where c is not null
    ) k cross join lateral (
      ${readInTurn(actedRows(sql`l.id >= (select start from pick)`), 2)}
      union all
      ${readInTurn(actedRows(sql`l.id < (select start from pick)`), 2)}${
        managedZero
          ? sql`
      union all
      ${readInTurn(sql`select l.id from listings l where l.id in (${managedAt(sql`l.acted_on = ${today}`)}) and l.acted_count = k.c order by random()`, 2)}`
          : sql``
      }
    ) c)`;
  const sponsoredPart = sql`(
    select c.* from ${pointValues(
      sql`${offerable} and l.sponsor_left`,
      managedZero
        ? {
            give: managedPoints,
            exists: sql`exists (select 1 from ${managedSetups} m join listings l on l.user_id = m.user_id
              and l.type = 'imdb-view' where ${managedZero})`,
          }
        : undefined,
    )} cross join lateral (
      ${readInTurn(notActedToday, 2)}
      union all
      ${sponsoredActedToday}
    ) c)`;

  // Part 4: all other listings. For each points value from the highest, the listings not acted on
  // today from a random starting id, wrapping around, then those acted on today by their count.
  const plain = sql`${offerable} and not l.sponsor_left`;
  const notActedRows = (from: SQL) => sql`(
    select ${columns(4)} from listings l join users u on u.id = l.user_id
    where ${plain} and l.give = t.g and l.acted_on is distinct from ${today} and ${from}
      and ${notFeatured} and ${ownerMay} and ${earnerMay}
    order by l.id limit ${limit})`;
  const plainPart = sql`(
    select c.* from ${pointValues(plain)} cross join lateral (
      ${notActedRows(sql`l.id >= (select start from pick)`)}
      union all
      ${notActedRows(sql`l.id < (select start from pick)`)}
      union all
      ${readInTurn(
        sql`select l.id from listings l where ${plain} and l.give = t.g and l.acted_on = ${today}
            order by l.acted_count, random()`,
        4,
      )}
    ) c)`;

  return sql`
    with pick as materialized (
      select floor(random() * (coalesce((select max(id) from listings), 0) + 1))::int as start
    )${proFloor}
    select * from (
      ${featuredPart(true, 1)}
      union all ${sponsoredPart}
      union all ${featuredPart(false, 3)}
      union all ${plainPart}
    ) x limit ${limit}`;
}
