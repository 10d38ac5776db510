import { describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '../../platform/db/database.js';
import { pacificDay } from '../../platform/time.js';
import { useTestApp } from '../../../test/test-app.js';
import { planOf } from '../../../test/plans.js';
import {
  candidatesQuery,
  candidatesSql,
  exchangeHistoryQuery,
  weekCountsQuery,
  type CandidateValues,
} from './imdb-exchange.repo.js';
import { sameDaySince, viewedYouSince, weekStart } from './imdb-exchange.policy.js';
import { swapper, view } from './imdb-exchange.test-support.js';

const t = useTestApp();

/**
 * The plan of a statement prepared once and planned generically, as the pool runs it
 * (platform/db: plan_cache_mode force_generic_plan): the parameters' values unknown to the planner.
 */
async function genericPlan(name: string, query: SQL, types: string, values: string): Promise<string> {
  return t.db.transaction(async (tx) => {
    await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
    await tx.execute(sql`set local enable_seqscan = off`);
    await tx.execute(sql.join([sql.raw(`prepare ${name} (${types}) as `), query]));
    const plan = await rowsOf<{ 'QUERY PLAN': string }>(
      tx as unknown as Db,
      sql.raw(`explain execute ${name} (${values})`),
    );
    await tx.execute(sql.raw(`deallocate ${name}`));
    return plan.map((r) => r['QUERY PLAN']).join('\n');
  });
}

const SCANS = /Seq Scan on (actions|listings|users|imdb_exchange_listings|blocks|hidden_listings)/;

/** EX11, EX12: the exchange's reads start from their indexes, never a table scan. */
describe('the IMDb exchange reads through indexes', () => {
  it('the candidate query: the opted-in listings and both ways of the viewer’s exchange views', async () => {
    const a = await swapper(t);
    const b = await swapper(t);
    await view(t, a.member, b.listing.id);
    const now = t.clock.now();
    const ask = {
      earner: b.member.id,
      session: 1,
      today: pacificDay(now),
      since: sameDaySince(now),
      viewedSince: viewedYouSince(now),
      now,
      limit: 10,
    };
    const $ = (n: number, type: string) => sql.raw(`$${n}::${type}`);
    const generic: CandidateValues = {
      earner: $(1, 'int'),
      session: $(2, 'int'),
      today: $(3, 'date'),
      since: $(4, 'timestamptz'),
      viewedSince: $(5, 'timestamptz'),
      now: $(6, 'timestamptz'),
      limit: $(7, 'int'),
    };
    const at = (d: Date) => `'${d.toISOString()}'`;
    const plans = [
      await planOf(t.db, candidatesQuery(ask)),
      await genericPlan(
        'imdb_exchange_candidates_plan',
        candidatesSql(generic),
        'int, int, date, timestamptz, timestamptz, timestamptz, int',
        `${ask.earner}, 1, '${ask.today}', ${at(ask.since)}, ${at(ask.viewedSince)}, ${at(now)}, 10`,
      ),
    ];
    for (const plan of plans) {
      expect(plan, plan).not.toMatch(SCANS);
      expect(plan, plan).toMatch(/imdb_exchange_listings_allowed_idx/);
      expect(plan, plan).toMatch(/actions_exchange_owner_idx/);
      expect(plan, plan).toMatch(/actions_exchange_earner_idx/);
    }
  });

  it("This Week's counts and the recent history: both exchange indexes", async () => {
    const m = await swapper(t);
    const since = weekStart(t.clock.now());
    for (const [what, query] of [
      ['counts', weekCountsQuery(t.db, m.member.id, since)],
      ['history', exchangeHistoryQuery(t.db, m.member.id, since, 10)],
    ] as const) {
      const plan = await planOf(t.db, query);
      expect(plan, `${what}:\n${plan}`).not.toMatch(SCANS);
      expect(plan, `${what}:\n${plan}`).toMatch(/actions_exchange_earner_idx/);
      expect(plan, `${what}:\n${plan}`).toMatch(/actions_exchange_owner_idx/);
    }
  });
});
