import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { points } from '@marquee/contract';
import { useTestApp } from '../../../test/test-app.js';
import { buildMember } from '../../../test/factories.js';
import { pacificDay } from '../../platform/time.js';
import { dailyActions } from './points.tables.js';
import { HOUSE_ID, InsufficientPoints, movePoints } from './ledger.js';
import { checkLedger } from './ledger.check.js';

const t = useTestApp();

async function setToday(userId: number, actions: number, limitRaised = false) {
  await t.db
    .insert(dailyActions)
    .values({ userId, day: pacificDay(t.clock.now()), actions, limitRaised })
    .onConflictDoUpdate({ target: [dailyActions.userId, dailyActions.day], set: { actions, limitRaised } });
}

describe('earnPoints/updatePointBalance (spec 1 §7, D6.3)', () => {
  it('shows the balance, today’s actions and the cap of each membership', async () => {
    const free = await buildMember(t.db, t.clock, { points: 250 });
    const premium = await buildMember(t.db, t.clock, { membership: 'premium' });
    const pro = await buildMember(t.db, t.clock, { membership: 'pro' });
    const managed = await buildMember(t.db, t.clock, { membership: 'managed' });
    await setToday(free.id, 7);
    expect((await t.call(points.updatePointBalance, {}, free.token)).body).toEqual({
      status: 'success',
      points: 250,
      actions: 7,
      max: 20,
      toasty: null,
    });
    expect((await t.call(points.updatePointBalance, {}, premium.token)).body).toMatchObject({ max: 60 });
    expect((await t.call(points.updatePointBalance, {}, pro.token)).body).toMatchObject({ max: 60 });
    expect((await t.call(points.updatePointBalance, {}, managed.token)).body).toMatchObject({ max: 60 });
  });

  it('a free member’s cap rises by 10 once a sponsored action raised it', async () => {
    const free = await buildMember(t.db, t.clock);
    await setToday(free.id, 20, true);
    expect((await t.call(points.updatePointBalance, {}, free.token)).body).toMatchObject({
      actions: 20,
      max: 30,
      toasty: null,
    });
  });

  it('counts only qualified referrals: members for 14 days and not free', async () => {
    const pro = await buildMember(t.db, t.clock, { membership: 'pro' });
    await buildMember(t.db, t.clock, { referrerId: pro.id, membership: 'premium', joinedDaysAgo: 20 }); // qualifies
    await buildMember(t.db, t.clock, { referrerId: pro.id, membership: 'managed', joinedDaysAgo: 15 }); // qualifies
    await buildMember(t.db, t.clock, { referrerId: pro.id, membership: 'premium', joinedDaysAgo: 13 }); // too new
    await buildMember(t.db, t.clock, { referrerId: pro.id, membership: 'free', joinedDaysAgo: 90 }); // free
    expect((await t.call(points.updatePointBalance, {}, pro.token)).body.max).toBe(66);
  });

  it('says so when the day’s actions are used up', async () => {
    const free = await buildMember(t.db, t.clock);
    await setToday(free.id, 20);
    const res = await t.call(points.updatePointBalance, {}, free.token);
    expect(res.body.toasty).toEqual({
      type: 'info',
      color: 'info',
      message:
        'You have used all 20 of your Daily Actions for today. They start again at midnight Pacific time.',
    });
  });

  it('counts actions of the Pacific day only', async () => {
    const free = await buildMember(t.db, t.clock);
    await t.db.insert(dailyActions).values({ userId: free.id, day: '2020-01-01', actions: 19 });
    expect((await t.call(points.updatePointBalance, {}, free.token)).body.actions).toBe(0);
  });

  it('needs a session', async () => {
    const res = await t.call(points.updatePointBalance, {});
    expect(res.statusCode).toBe(401);
    expect(res.body.extra).toBe('logged_out');
  });
});

describe('the ledger (D3.1)', () => {
  it('moves points as two rows summing to zero and updates both cached balances', async () => {
    const a = await buildMember(t.db, t.clock, { points: 50 });
    const b = await buildMember(t.db, t.clock);
    await t.db.transaction((tx) =>
      movePoints(tx, { from: a.id, to: b.id, amount: 20, kind: 'earn', at: t.clock.now() }),
    );
    expect((await t.call(points.updatePointBalance, {}, a.token)).body.points).toBe(30);
    expect((await t.call(points.updatePointBalance, {}, b.token)).body.points).toBe(20);
    expect((await checkLedger(t.db)).ok).toBe(true);
  });

  it('refuses to take a member below zero and leaves nothing half-written', async () => {
    const a = await buildMember(t.db, t.clock, { points: 10 });
    const b = await buildMember(t.db, t.clock);
    await expect(
      t.db.transaction((tx) =>
        movePoints(tx, { from: a.id, to: b.id, amount: 11, kind: 'earn', at: t.clock.now() }),
      ),
    ).rejects.toBeInstanceOf(InsufficientPoints);
    expect((await t.call(points.updatePointBalance, {}, a.token)).body.points).toBe(10);
    expect((await t.call(points.updatePointBalance, {}, b.token)).body.points).toBe(0);
  });

  it('lets the house go below zero: it mints points', async () => {
    const a = await buildMember(t.db, t.clock);
    await t.db.transaction((tx) =>
      movePoints(tx, { from: HOUSE_ID, to: a.id, amount: 5, kind: 'admin_adjust', at: t.clock.now() }),
    );
    expect((await t.call(points.updatePointBalance, {}, a.token)).body.points).toBe(5);
  });

  it('the invariant check finds a cached balance that drifted from its rows', async () => {
    const a = await buildMember(t.db, t.clock, { points: 10 });
    // The drift lives only inside a transaction that is rolled back: on PostgreSQL other test files
    // share the database, and their own ledger check must never see it.
    const drifted = new Error('rolled back on purpose');
    const report = await t.db
      .transaction(async (tx) => {
        await tx.execute(sql`update users set points = points + 1 where id = ${a.id}`);
        const seen = await checkLedger(tx);
        expect(seen.ok).toBe(false);
        expect(seen.problems).toContain(`Account ${a.id} shows 11 points but its ledger rows sum to 10.`);
        throw drifted;
      })
      .catch((e: unknown) => e);
    expect(report).toBe(drifted);
    expect((await checkLedger(t.db)).ok).toBe(true);
  });
});
