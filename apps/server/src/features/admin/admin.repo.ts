import { inArray, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../platform/db/database.js';
import { SITE_TIME_ZONE } from '../../platform/time.js';
import { FIRST_MEMBER_ID } from '../points/index.js';
import { ledgerChecks, siteDailyFigures } from './admin.tables.js';

/** Every query of the admin console's overview (AD1-AD6). */

export interface MemberFigures {
  activeToday: number;
  active30: number;
  activeTotal: number;
  expiring14: number;
  karmaPoints: number;
}

/**
 * AD1, AD2: active members today, in 30 days and in all, counted in one pass over users_activity_idx
 * (the index alone, not the table); paid time ending within 14 days with no renewing subscription
 * (the expiry indexes); and the points members hold, which by D3.1 is what the system accounts'
 * balances (ids below 1000, D2.1) owe: a few rows instead of every member's.
 */
export async function memberFigures(
  db: Db,
  at: { todayStart: Date; since30: Date; now: Date; in14: Date },
): Promise<MemberFigures> {
  const [row] = await rowsOf<MemberFigures>(
    db,
    sql`select a.*,
      (select count(*) from users u
         where ((u.premium_expires > ${at.now} and u.premium_expires <= ${at.in14})
             or (u.pro_expires > ${at.now} and u.pro_expires <= ${at.in14}))
           and u.kind = 'member' and u.status = 'active'
           and not exists (select 1 from subscriptions s
                           where s.user_id = u.id and s.status = 'active'))::int as "expiring14",
      (select -coalesce(sum(points), 0) from users where id < ${FIRST_MEMBER_ID})::bigint as "karmaPoints"
    from (select count(*) filter (where last_active_at >= ${at.todayStart})::int as "activeToday",
                 count(*) filter (where last_active_at >= ${at.since30})::int as "active30",
                 count(*)::int as "activeTotal"
          from users where kind = 'member' and status = 'active') a`,
  );
  return { ...row!, karmaPoints: Number(row!.karmaPoints) };
}

export interface ActionCounts {
  imdbViews: number;
  youtubeViews: number;
  follows: number;
  likes: number;
}

const actionColumns = sql`
  count(*) filter (where type = 'imdb-view')::int as "imdbViews",
  count(*) filter (where type = 'youtube-view')::int as "youtubeViews",
  count(*) filter (where type = 'twitter-follow')::int as "follows",
  count(*) filter (where type = 'facebook-like')::int as "likes"`;

/** The actions credited on each of these Pacific days, by type (actions_day_type_idx, AD3). */
export async function actionsOnDays(db: Db, days: string[]): Promise<Map<string, ActionCounts>> {
  if (days.length === 0) return new Map();
  const rows = await rowsOf<ActionCounts & { day: string }>(
    db,
    sql`select day::text as day, ${actionColumns}
        from actions where day in (${sql.join(
          days.map((d) => sql`${d}::date`),
          sql`, `,
        )})
        group by day`,
  );
  return new Map(rows.map((r) => [r.day, r]));
}

/** Money received less refunds on each Pacific day from `from` to before `to`, in pennies (AD4). */
export async function incomeByDay(db: Db, from: Date, to: Date): Promise<Map<string, number>> {
  const rows = await rowsOf<{ day: string; pennies: string }>(
    db,
    sql`select (received_at at time zone ${SITE_TIME_ZONE})::date::text as day,
               sum(amount_pennies)::bigint as pennies
        from payment_events
        where amount_pennies <> 0 and received_at >= ${from} and received_at < ${to}
        group by 1`,
  );
  return new Map(rows.map((r) => [r.day, Number(r.pennies)]));
}

export interface MoneyFigures {
  today: number;
  seven: number;
  thirty: number;
  total: number;
  premiumToday: number;
  proToday: number;
  sponsoredToday: number;
}

/** AD4: income in pennies since each start, and what was sold today, from the events that moved money. */
export async function moneyFigures(
  db: Db,
  since: { today: Date; seven: Date; thirty: Date },
): Promise<MoneyFigures> {
  const [row] = await rowsOf<Record<keyof MoneyFigures, string | number>>(
    db,
    sql`select
      coalesce(sum(amount_pennies) filter (where received_at >= ${since.today}), 0)::bigint as today,
      coalesce(sum(amount_pennies) filter (where received_at >= ${since.seven}), 0)::bigint as seven,
      coalesce(sum(amount_pennies) filter (where received_at >= ${since.thirty}), 0)::bigint as thirty,
      coalesce(sum(amount_pennies), 0)::bigint as total,
      count(*) filter (where received_at >= ${since.today} and sold = 'premium')::int as "premiumToday",
      count(*) filter (where received_at >= ${since.today} and sold = 'pro')::int as "proToday",
      count(*) filter (where received_at >= ${since.today} and sold = 'sponsored')::int as "sponsoredToday"
    from payment_events where amount_pennies <> 0`,
  );
  const out = {} as MoneyFigures;
  for (const [k, v] of Object.entries(row!)) out[k as keyof MoneyFigures] = Number(v);
  return out;
}

export type DayFiguresRow = typeof siteDailyFigures.$inferSelect;

/** The finished days the daily job has already counted (AD3). */
export const storedDays = (db: Db, days: string[]) =>
  days.length === 0
    ? Promise.resolve([] as DayFiguresRow[])
    : db.select().from(siteDailyFigures).where(inArray(siteDailyFigures.day, days));

/** Keeps a finished day's figures; counting it again replaces them. */
export async function storeDay(db: Db, row: DayFiguresRow): Promise<void> {
  await db
    .insert(siteDailyFigures)
    .values(row)
    .onConflictDoUpdate({
      target: siteDailyFigures.day,
      set: {
        imdbViews: row.imdbViews,
        youtubeViews: row.youtubeViews,
        follows: row.follows,
        likes: row.likes,
        incomePennies: row.incomePennies,
        computedAt: row.computedAt,
      },
    });
}

export type LedgerCheckRow = typeof ledgerChecks.$inferSelect & { adminName: string | null };

/** The newest ledger check, with the name of the admin who asked for it (AD6). */
export async function lastLedgerCheck(db: Db): Promise<LedgerCheckRow | null> {
  const [row] = await rowsOf<LedgerCheckRow>(
    db,
    sql`select c.id, c.ok, c.problems, c.accounts, c.entries, c.admin_id as "adminId", c.source,
               c.checked_at as "checkedAt",
               case when c.admin_id is null then null
                    else coalesce(u.first || ' ' || u.last, 'a former admin') end as "adminName"
        from ledger_checks c left join users u on u.id = c.admin_id and u.status <> 'deleted'
        order by c.id desc limit 1`,
  );
  return row ? { ...row, checkedAt: new Date(row.checkedAt) } : null;
}

/** Keeps a run of the ledger check; runs older than the newest 100 are forgotten. */
export async function storeLedgerCheck(db: Db, row: Omit<typeof ledgerChecks.$inferInsert, 'id'>) {
  await db.insert(ledgerChecks).values(row);
  await db.execute(
    sql`delete from ledger_checks where id <= (select id from ledger_checks order by id desc offset 100 limit 1)`,
  );
}

/** The managed waitlist, oldest first, with each member's name (AD11). */
export async function waitlist(db: Db, limit: number) {
  return rowsOf<{
    userId: number;
    first: string;
    last: string;
    selection: number;
    status: string;
    createdAt: Date;
  }>(
    db,
    sql`select w.user_id as "userId", u.first, u.last, w.selection, w.status, w.created_at as "createdAt"
        from managed_waitlist w join users u on u.id = w.user_id
        where u.status = 'active'
        order by w.created_at, w.user_id
        limit ${limit}`,
  );
}

/** The newest STARmeter weeks of these members, with the IMDb views their listings got each week (AD11). */
export async function recentWeeks(db: Db, userIds: number[], weeks: number) {
  if (userIds.length === 0) return [];
  return rowsOf<{ userId: number; weekEnding: string; rank: number; views: number }>(
    db,
    sql`select s.user_id as "userId", s.week_ending::text as "weekEnding", s.rank,
               (select count(*)::int from actions a
                where a.owner_id = s.user_id and a.type = 'imdb-view'
                  and a.day between s.week_ending - 6 and s.week_ending) as views
        from unnest(${sql.raw(`ARRAY[${userIds.map((id) => Number(id)).join(',')}]::int[]`)}) as m(id)
        cross join lateral (
          select * from starmeter_weeks w where w.user_id = m.id order by w.week_ending desc limit ${weeks}
        ) s`,
  );
}
