import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { account, adminMembers, adminSignals as contract } from '@marquee/contract';
import { useTestApp } from '../../../test/test-app.js';
import { buildListing, buildMember, type BuiltMember } from '../../../test/factories.js';
import { runDueJobs } from '../../platform/jobs.js';
import { hashToken, newToken } from '../../platform/tokens.js';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../../platform/time.js';
import { users } from '../members/members.tables.js';
import { sessions } from '../login/login.tables.js';
import { answerMisses } from '../earn/earn.tables.js';
import { computeSignals, fairplaySignalsJob } from './signals.service.js';
import { evidenceWords, signalScore } from './signals.policy.js';
import { recordAction } from './admin.test-support.js';

// Signals are site-wide: a database of this file's own.
const t = useTestApp({ ownDatabase: true });

const staff = () => buildMember(t.db, t.clock, { role: 'admin' });

/** A session of the member's started from a network address. */
async function signInFrom(m: BuiltMember, address: string, at = t.clock.now()) {
  await t.db
    .insert(sessions)
    .values({ tokenHash: hashToken(newToken()), userId: m.id, createdAt: at, lastUsedAt: at, address });
}

/** `n` credited actions of `earner` on one of `owner`'s listings, with their status. */
async function act(earner: BuiltMember, owner: BuiltMember, n: number, status = 'credited') {
  const listing = await buildListing(t.db, t.clock, owner.id, { type: 'twitter-follow' });
  for (let i = 0; i < n; i++) await recordAction(t, { listing, earnerId: earner.id, status });
}

const ofMember = async (id: number) =>
  (await computeSignals(t.db, t.clock.now())).filter((s) => s.userId === id);

describe('the fair-play signals, each on built data (D11.2, FP2-FP6)', () => {
  it('a shared address: three accounts signing in from one address, each shown the others; two are not', async () => {
    // Members of long standing, so that no sign-up burst shows beside it.
    const old = () => buildMember(t.db, t.clock, { joinedDaysAgo: 400 });
    const [a, b, c] = [await old(), await old(), await old()];
    for (const m of [a, b, c]) await signInFrom(m, '198.51.100.7');
    const [x, y] = [await old(), await old()];
    for (const m of [x, y]) await signInFrom(m, '198.51.100.8');
    const found = await ofMember(a.id);
    expect(found).toEqual([
      expect.objectContaining({
        kind: 'shared_address',
        score: 30,
        evidence: { address: '198.51.100.7', accounts: 3, members: [b.id, c.id] },
      }),
    ]);
    expect(await ofMember(x.id)).toEqual([]);
    // Sessions older than the window are forgotten.
    t.clock.advance(31 * DAY_MS);
    expect(await ofMember(a.id)).toEqual([]);
  });

  it('a sign-up burst: three accounts joining from one address within a day', async () => {
    const joined = [];
    for (let i = 0; i < 3; i++) {
      const m = await buildMember(t.db, t.clock, { joinedDaysAgo: 0 });
      await signInFrom(m, '203.0.113.50');
      joined.push(m);
      t.clock.advance(2 * HOUR_MS);
    }
    const burst = (await ofMember(joined[0]!.id)).find((s) => s.kind === 'signup_burst');
    expect(burst?.evidence).toMatchObject({ address: '203.0.113.50', accounts: 3, hours: 4 });
    expect(burst?.score).toBe(45);
  });

  it('a ring of accounts acting on each other: every pair is shown, naming the other', async () => {
    const ring = [
      await buildMember(t.db, t.clock),
      await buildMember(t.db, t.clock),
      await buildMember(t.db, t.clock),
    ];
    for (const from of ring) for (const to of ring) if (from !== to) await act(from, to, 5);
    // Someone who acts widely is not a pair, however much they act.
    const busy = await buildMember(t.db, t.clock);
    for (let i = 0; i < 4; i++) await act(busy, await buildMember(t.db, t.clock), 5);
    await act(ring[0]!, busy, 5);
    const first = (await ofMember(ring[0]!.id)).filter((s) => s.kind === 'mutual_pair');
    expect(first.map((s) => (s.evidence.members as number[])[0]).sort()).toEqual(
      [ring[1]!.id, ring[2]!.id].sort(),
    );
    expect(first[0]!.evidence).toMatchObject({ given: 5, received: 5 });
    expect(await ofMember(busy.id)).toEqual([]);
  });

  it('a listing missed by several members, and an earner whose actions were found missing', async () => {
    const owner = await buildMember(t.db, t.clock);
    const listing = await buildListing(t.db, t.clock, owner.id);
    for (let i = 0; i < 5; i++) {
      const earner = await buildMember(t.db, t.clock);
      await t.db.insert(answerMisses).values({
        listingId: listing.id,
        earnerId: earner.id,
        question: 'credits:actor',
        answer: 40 + i,
        createdAt: t.clock.now(),
      });
    }
    expect((await ofMember(owner.id))[0]).toMatchObject({
      kind: 'listing_misses',
      evidence: { listing_id: listing.id, misses: 5, missers: 5 },
    });
    const cheat = await buildMember(t.db, t.clock);
    await act(cheat, await buildMember(t.db, t.clock), 6, 'missing');
    await act(cheat, await buildMember(t.db, t.clock), 4);
    expect((await ofMember(cheat.id))[0]).toMatchObject({
      kind: 'reversed_actions',
      score: 12,
      evidence: { reversed: 6, total: 10 },
    });
  });

  it('scores and words each kind of evidence (pure rules)', () => {
    expect(signalScore('shared_address', { accounts: 25 })).toBe(100);
    expect(signalScore('mutual_pair', { share: 100 })).toBe(40);
    expect(signalScore('reversed_actions', { reversed: 50 })).toBe(40);
    expect(evidenceWords('shared_address', { address: '198.51.100.7', accounts: 3 })).toBe(
      '3 accounts signed in from 198.51.100.7 in the last 30 days.',
    );
    expect(evidenceWords('signup_burst', { address: 'a', accounts: 3, hours: 0 })).toBe(
      '3 accounts joined from a within 1 hour.',
    );
    expect(evidenceWords('reversed_actions', { reversed: 1, total: 9 })).toBe(
      '1 action of 9 found missing or reversed in 30 days.',
    );
  });
});

describe('admin/fetchSignals and admin/refreshSignals (FP7, FP8)', () => {
  it('ranks members by their signals with the evidence in words; the daily job and staff compute them', async () => {
    const boss = await staff();
    const before = await t.call(contract.fetchSignals, {}, boss.token);
    expect(before.body).toMatchObject({ computed_at: '', ago: '' });
    const [a, b, c] = [
      await buildMember(t.db, t.clock),
      await buildMember(t.db, t.clock),
      await buildMember(t.db, t.clock),
    ];
    for (const m of [a, b, c]) await signInFrom(m, '192.0.2.44');
    await act(a, b, 6);
    await act(b, a, 6);
    t.clock.advance(MINUTE_MS);
    expect(await runDueJobs(t.app.deps, [fairplaySignalsJob])).toEqual(['fairplay-signals']);

    const { body } = await t.call(contract.fetchSignals, {}, boss.token);
    expect(body.ago).toBe('just now');
    const ranked = body.members.filter((m) => [a.id, b.id, c.id].includes(m.user_id));
    // a and b: an address and a pair; c: the address only.
    expect(ranked.map((m) => m.user_id).slice(-1)).toEqual([c.id]);
    const aRow = ranked.find((m) => m.user_id === a.id)!;
    expect(aRow.signals.map((s) => s.label).sort()).toEqual([
      'Accounts at one address',
      'Pair acting on each other',
    ]);
    const pair = aRow.signals.find((s) => s.kind === 'mutual_pair')!;
    expect(pair.members).toEqual([{ id: b.id, name: `Test ${await lastName(b.id)}` }]);
    expect(pair.evidence).toMatch(
      /^6 actions on the other member's listings and 6 actions back in 30 days: \d+% of everything/,
    );
    const scores = body.members.map((m) => m.score);
    expect([...scores].sort((x, y) => y - x)).toEqual(scores);

    // The member's card shows theirs; nobody is limited by a signal.
    const card = await t.call(adminMembers.fetchUserDetails, { id: a.id }, boss.token);
    expect(card.body.signals.map((s) => s.kind).sort()).toEqual(['mutual_pair', 'shared_address']);
    expect((await t.call(account.fetchAccountDetails, {}, a.token)).statusCode).toBe(200);
    const [row] = await t.db.select({ status: users.status }).from(users).where(eq(users.id, a.id));
    expect(row!.status).toBe('active');

    // Staff compute them now: once a minute for the site, logged.
    t.clock.advance(2 * MINUTE_MS);
    const now = await t.call(contract.refreshSignals, {}, boss.token);
    expect(now.body.message).toMatch(/^The signals were computed: \d+ members? to look at\.$/);
    const again = await t.call(contract.refreshSignals, {}, boss.token);
    expect(again.statusCode).toBe(429);
    expect(again.body.message).toMatch(/^The signals were computed a moment ago\./);
  });

  it('is for staff only and refuses a bad page', async () => {
    const m = await buildMember(t.db, t.clock);
    const boss = await staff();
    expect((await t.call(contract.fetchSignals, {}, m.token)).body.extra).toBe('not_admin');
    expect((await t.call(contract.refreshSignals, {}, m.token)).body.extra).toBe('not_admin');
    expect((await t.call(contract.fetchSignals, {})).statusCode).toBe(401);
    expect((await t.call(contract.fetchSignals, { page: -1 }, boss.token)).body.message).toBe(
      'Please give a valid page.',
    );
  });
});

async function lastName(id: number) {
  const [row] = await t.db.select({ last: users.last }).from(users).where(eq(users.id, id));
  return row!.last;
}
