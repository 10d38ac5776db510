import { describe, expect, it } from 'vitest';
import { desc, eq, inArray } from 'drizzle-orm';
import { featuredMembers } from '@marquee/contract';
import { useTestApp } from '../../../test/test-app.js';
import { buildListing, buildMember, type BuiltMember } from '../../../test/factories.js';
import { runDueJobs } from '../../platform/jobs.js';
import { featuringJob } from './featured-members.service.js';
import { jobRuns } from '../../platform/jobs.tables.js';
import { outboxMails } from '../../platform/mail.tables.js';
import { emailSettings } from '../account/account.tables.js';
import { blocks, users } from '../members/members.tables.js';
import { HOUSE_ID, movePoints } from '../points/ledger.js';

// The pick looks at every member, so this file has a database of its own on PostgreSQL too.
const t = useTestApp({ ownDatabase: true });

type Level = 'free' | 'premium' | 'pro' | 'managed';

/** A member who chose "Feature Me", with feature points and (by default) a listing they can pay for. */
async function candidate(
  level: Level,
  featurePoints: number,
  opts: { featureMe?: boolean; listing?: boolean; points?: number; status?: string } = {},
): Promise<BuiltMember> {
  const m = await buildMember(t.db, t.clock, {
    membership: level,
    points: opts.points ?? 100,
    status: opts.status,
  });
  await t.db
    .update(users)
    .set({ featureMe: opts.featureMe ?? true, featurePoints })
    .where(eq(users.id, m.id));
  if (opts.listing ?? true) await buildListing(t.db, t.clock, m.id, { give: 18 });
  return m;
}

async function featured(ids: number[]) {
  return t.db
    .select({ id: users.id, featuredOn: users.featuredOn, featurePoints: users.featurePoints })
    .from(users)
    .where(inArray(users.id, ids))
    .orderBy(users.id);
}

const runs = async (name: string) =>
  (
    await t.db.select({ day: jobRuns.day }).from(jobRuns).where(eq(jobRuns.name, name)).orderBy(jobRuns.day)
  ).map((r) => r.day);

describe('the featuring pick at 12am Pacific (D8.3)', () => {
  it('features the two eligible members with the most feature points, resets their points and mails them', async () => {
    // 12am Pacific on 11 March 2026 (PDT, UTC-7).
    t.clock.set(new Date('2026-03-11T07:00:00Z'));
    const premium = await candidate('premium', 100);
    const pro = await candidate('pro', 50);
    const managed = await candidate('managed', 40);
    const noListing = await candidate('premium', 900, { listing: false });
    const free = await candidate('free', 800);
    const notOptedIn = await candidate('premium', 700, { featureMe: false });
    const cannotPay = await candidate('premium', 600, { points: 10 });
    const deactivated = await candidate('pro', 500, { status: 'deactivated' });
    const quiet = await candidate('premium', 0);
    await t.db
      .insert(emailSettings)
      .values({ userId: quiet.id, name: 'featured', enabled: false, updatedAt: t.clock.now() });

    expect(await runDueJobs(t.app.deps, [featuringJob])).toEqual(['featuring']);
    const all = [premium, pro, managed, noListing, free, notOptedIn, cannotPay, deactivated, quiet];
    const after = await featured(all.map((m) => m.id));
    expect(after.filter((r) => r.featuredOn !== null).map((r) => r.id)).toEqual([premium.id, pro.id]);
    expect(after.find((r) => r.id === premium.id)).toMatchObject({
      featuredOn: '2026-03-11',
      featurePoints: 0,
    });
    expect(after.find((r) => r.id === pro.id)?.featurePoints).toBe(0);
    expect(after.find((r) => r.id === managed.id)?.featurePoints).toBe(40);

    const mails = await t.db.select().from(outboxMails).orderBy(desc(outboxMails.id)).limit(5);
    expect(
      mails
        .filter((m) => m.subject === 'You are a Featured Member today')
        .map((m) => m.to)
        .sort(),
    ).toEqual([premium.email, pro.email].sort());

    // The same Pacific day, the job does not run again.
    t.clock.advance(23 * 3600_000);
    expect(await runDueJobs(t.app.deps, [featuringJob])).toEqual([]);

    // The next day the managed member comes first; the quiet one is second and gets no mail.
    t.clock.advance(3600_000);
    expect(await runDueJobs(t.app.deps, [featuringJob])).toEqual(['featuring']);
    const next = await featured([managed.id, quiet.id, premium.id, pro.id]);
    expect(next.filter((r) => r.featuredOn === '2026-03-12').map((r) => r.id)).toEqual([
      managed.id,
      quiet.id,
    ]);
    const quietMails = await t.db.select().from(outboxMails).where(eq(outboxMails.to, quiet.email));
    expect(quietMails).toHaveLength(0);
  });

  it('runs once per Pacific day across the change to and from daylight time (D1.1)', async () => {
    await candidate('premium', 10);
    await candidate('pro', 20);
    const steps: [string, boolean][] = [
      ['2026-03-08T07:59:00Z', true], // 11:59pm PST, 7 March
      ['2026-03-08T08:00:00Z', true], // 12am PST, 8 March: a new day
      ['2026-03-08T10:30:00Z', false], // 3:30am PDT, after the clocks went forward
      ['2026-03-09T06:59:00Z', false], // 11:59pm PDT, 8 March: a 23-hour day
      ['2026-03-09T07:00:00Z', true], // 12am PDT, 9 March
      ['2026-11-01T07:00:00Z', true], // 12am PDT, 1 November
      ['2026-11-01T09:30:00Z', false], // 1:30am PST, the hour that happens twice
      ['2026-11-02T07:59:00Z', false], // 11:59pm PST, 1 November: a 25-hour day
      ['2026-11-02T08:00:00Z', true], // 12am PST, 2 November
    ];
    for (const [at, runsNow] of steps) {
      t.clock.set(new Date(at));
      expect(await runDueJobs(t.app.deps, [featuringJob]), at).toEqual(runsNow ? ['featuring'] : []);
    }
    expect(await runs('featuring')).toEqual(
      expect.arrayContaining(['2026-03-07', '2026-03-08', '2026-03-09', '2026-11-01', '2026-11-02']),
    );
  });
});

describe('home/fetchFeaturedMembers (spec 1 §7, D8.3)', () => {
  it('lists the day’s featured members while their balance pays for their listings', async () => {
    t.clock.set(new Date('2026-04-01T07:00:00Z'));
    const viewer = await buildMember(t.db, t.clock);
    const a = await candidate('premium', 1000);
    const b = await candidate('pro', 900);
    expect(await runDueJobs(t.app.deps, [featuringJob])).toEqual(['featuring']);
    await t.db.update(users).set({ defaultPic: '/media/a.jpg' }).where(eq(users.id, a.id));

    const { statusCode, body } = await t.call(featuredMembers.fetchFeaturedMembers, {}, viewer.token);
    expect(statusCode).toBe(200);
    expect(body.users).toEqual([
      {
        id: a.id,
        full_name: expect.stringMatching(/^Test Member /),
        desc_line: 'Marquee member since March 2026',
        images: ['/media/a.jpg'],
      },
      expect.objectContaining({ id: b.id, images: [] }),
    ]);

    // Once b's balance cannot pay for a listing, b's featuring no longer counts.
    const at = t.clock.now();
    await t.db.transaction((tx) =>
      movePoints(tx, { from: b.id, to: HOUSE_ID, amount: 90, kind: 'admin_adjust', at }),
    );
    const later = await t.call(featuredMembers.fetchFeaturedMembers, {}, viewer.token);
    expect(later.body.users.map((u) => u.id)).toEqual([a.id]);

    // The next Pacific day, nobody is featured until the pick runs.
    t.clock.advance(24 * 3600_000);
    expect((await t.call(featuredMembers.fetchFeaturedMembers, {}, viewer.token)).body.users).toEqual([]);
    expect((await t.call(featuredMembers.fetchFeaturedMembers, {})).statusCode).toBe(401);
  });

  it('leaves out, for this viewer only, a featured member blocked either way (D4.1)', async () => {
    t.clock.set(new Date('2026-05-01T07:00:00Z'));
    const a = await candidate('premium', 2000);
    const b = await candidate('pro', 1900);
    expect(await runDueJobs(t.app.deps, [featuringJob])).toEqual(['featuring']);
    const [iBlocked, blockedMe, other] = await Promise.all([1, 2, 3].map(() => buildMember(t.db, t.clock)));
    const at = t.clock.now();
    await t.db.insert(blocks).values([
      { blockerId: iBlocked!.id, blockedId: a.id, createdAt: at },
      { blockerId: b.id, blockedId: blockedMe!.id, createdAt: at },
    ]);
    const seenBy = async (m: BuiltMember) =>
      (await t.call(featuredMembers.fetchFeaturedMembers, {}, m.token)).body.users.map((u) => u.id);
    expect(await seenBy(iBlocked!)).toEqual([b.id]);
    expect(await seenBy(blockedMe!)).toEqual([a.id]);
    // The pick itself is site-wide: everyone else still sees both.
    expect(await seenBy(other!)).toEqual([a.id, b.id]);
  });
});
