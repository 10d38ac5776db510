import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../platform/db/database.js';
import { fairplaySignals } from './admin.tables.js';
import { SIGNAL_RULES as R } from './signals.policy.js';

/**
 * The queries of the fair-play signals (D11.2, docs/domain.md FP1-FP8): each finds its pattern over
 * the whole site in one set-based statement, for the daily job and the on-demand run.
 */

export interface FoundSignal {
  userId: number;
  kind: string;
  score: number;
  evidence: Record<string, unknown>;
}

const memberOnly = sql`exists (select 1 from users u where u.id = s.user_id and u.kind = 'member' and u.role = 'member' and u.status <> 'deleted')`;

/** FP2: addresses that members' sessions came from, with three or more accounts in the window. */
export async function sharedAddresses(db: Db, since: Date) {
  return rowsOf<{ address: string; ids: number[] }>(
    db,
    sql`select s.address, array_agg(distinct s.user_id order by s.user_id) as ids
        from sessions s
        where s.created_at >= ${since} and s.address is not null and s.impersonated_by is null and ${memberOnly}
        group by s.address
        having count(distinct s.user_id) >= ${R.sharedAddressAccounts}`,
  );
}

/** FP3: addresses that three or more accounts joined from within a day (their first session). */
export async function signupBursts(db: Db, since: Date) {
  return rowsOf<{ address: string; ids: number[]; hours: number }>(
    db,
    sql`with firsts as (
          select distinct on (s.user_id) s.user_id, s.address, u.created_at
          from sessions s join users u on u.id = s.user_id
          where u.created_at >= ${since} and u.kind = 'member' and u.role = 'member' and u.status <> 'deleted'
            and s.address is not null and s.impersonated_by is null
          order by s.user_id, s.created_at
        )
        select address, array_agg(user_id order by user_id) as ids,
               ceil(extract(epoch from max(created_at) - min(created_at)) / 3600)::int as hours
        from firsts
        group by address
        having count(*) >= ${R.burstAccounts}
           and max(created_at) - min(created_at) <= make_interval(hours => ${R.burstHours})`,
  );
}

/**
 * FP4: pairs who mostly act on each other: both ways at least N actions, and half or more of one's.
 * View-for-view swaps are mutual by design and move no points, so they are left out (decision 0026).
 */
export async function mutualPairs(db: Db, since: Date) {
  return rowsOf<{ a: number; b: number; ab: number; ba: number; aTotal: number; bTotal: number }>(
    db,
    sql`with given as (
          select earner_id, owner_id, count(*)::int as n
          from actions where created_at >= ${since} and not exchange
          group by earner_id, owner_id
        ), totals as (
          select earner_id, sum(n)::int as total from given group by earner_id
        )
        select g1.earner_id as a, g1.owner_id as b, g1.n as ab, g2.n as ba,
               t1.total as "aTotal", t2.total as "bTotal"
        from given g1
        join given g2 on g2.earner_id = g1.owner_id and g2.owner_id = g1.earner_id
        join totals t1 on t1.earner_id = g1.earner_id
        join totals t2 on t2.earner_id = g2.earner_id
        where g1.earner_id < g1.owner_id
          and g1.n >= ${R.pairActions} and g2.n >= ${R.pairActions}
          and (g1.n * 100 >= t1.total * ${R.pairSharePercent} or g2.n * 100 >= t2.total * ${R.pairSharePercent})`,
  );
}

/** FP5: listings missed often by several members in the window, with their owners. */
export async function missedListings(db: Db, since: Date) {
  return rowsOf<{ ownerId: number; listingId: number; name: string; misses: number; missers: number }>(
    db,
    sql`select l.user_id as "ownerId", l.id as "listingId", l.name,
               count(*)::int as misses, count(distinct m.earner_id)::int as missers
        from answer_misses m join listings l on l.id = m.listing_id
        where m.created_at >= ${since} and l.status <> 'deleted'
        group by l.id
        having count(*) >= ${R.listingMisses} and count(distinct m.earner_id) >= ${R.listingMissers}`,
  );
}

/** FP6: earners with many actions found missing, reversed or invalid in the window. */
export async function reversedEarners(db: Db, since: Date) {
  return rowsOf<{ userId: number; reversed: number; total: number }>(
    db,
    sql`select earner_id as "userId",
               count(*) filter (where status in ('missing', 'reversed', 'invalid'))::int as reversed,
               count(*)::int as total
        from actions where created_at >= ${since}
        group by earner_id
        having count(*) filter (where status in ('missing', 'reversed', 'invalid')) >= ${R.reversedActions}`,
  );
}

/** The names of members, for the evidence. */
export async function memberNames(db: Db, ids: number[]) {
  if (ids.length === 0) return new Map<number, string>();
  const rows = await rowsOf<{ id: number; name: string }>(
    db,
    sql`select id, first || ' ' || last as name from users where id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Replaces every signal with this run's, in the caller's transaction (FP7). */
export async function replaceSignals(tx: Db, found: FoundSignal[], at: Date) {
  await tx.delete(fairplaySignals);
  for (let i = 0; i < found.length; i += 1000) {
    await tx.insert(fairplaySignals).values(found.slice(i, i + 1000).map((f) => ({ ...f, computedAt: at })));
  }
  await tx.execute(
    sql`insert into fairplay_runs (id, computed_at) values (1, ${at})
        on conflict (id) do update set computed_at = excluded.computed_at`,
  );
}

export interface FlaggedRow {
  userId: number;
  first: string;
  last: string;
  status: string;
  score: number;
}

/** Members by their signals' total score, highest first (fairplay_signals_user_idx). */
export async function flaggedMembers(db: Db, limit: number, offset: number) {
  return rowsOf<FlaggedRow>(
    db,
    sql`select f.user_id as "userId", u.first, u.last, u.status, f.score
        from (select user_id, sum(score)::int as score from fairplay_signals group by user_id) f
        join users u on u.id = f.user_id
        order by f.score desc, f.user_id
        limit ${limit} offset ${offset}`,
  );
}

export async function flaggedCount(db: Db) {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`select count(distinct user_id)::int as n from fairplay_signals`,
  );
  return row?.n ?? 0;
}

export async function signalsOf(db: Db, userIds: number[]) {
  if (userIds.length === 0) return [];
  return rowsOf<FoundSignal>(
    db,
    sql`select user_id as "userId", kind, score, evidence from fairplay_signals
        where user_id in (${sql.join(
          userIds.map((id) => sql`${id}`),
          sql`, `,
        )})
        order by score desc, id`,
  );
}

export async function lastRunAt(db: Db): Promise<Date | null> {
  const [row] = await rowsOf<{ at: Date }>(db, sql`select computed_at as at from fairplay_runs where id = 1`);
  return row ? new Date(row.at) : null;
}
