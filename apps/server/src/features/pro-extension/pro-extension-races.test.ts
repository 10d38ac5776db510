import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { earn, proExtension } from '@marquee/contract';
import { useTestApp } from '../../../test/test-app.js';
import { buildMember, unique } from '../../../test/factories.js';
import { onlyTheseListings, pairedPro } from './pro-extension.test-support.js';
import { users } from '../members/members.tables.js';
import { actions } from '../earn/earn.tables.js';
import { sessions } from '../login/login.tables.js';
import { checkLedger } from '../points/index.js';
import { extensionPairings } from './pro-extension.tables.js';

/**
 * An extension sending too fast, and pairings made at once (D11.1, D3.2, PX2). On PostgreSQL
 * (TEST_DB=postgres) the calls run on the pool's connections at the same moment; on PGlite they
 * queue on its one connection. Either way the speed limit, the one credit per offer and the pairing
 * limit hold, and the ledger balances.
 */
const t = useTestApp({ ownDatabase: true });
const SECOND = 1000;
const { PRO_EXTENSION } = proExtension;

async function startedListings(extension: string, count: number) {
  const { owner, listings: made } = await onlyTheseListings(t, count);
  const fetched = await t.call(earn.fetchListings, { listingType: 'imdb', maxItems: 20 }, extension);
  expect(fetched.body.listings).toHaveLength(count);
  for (const listing of made) await t.call(earn.startAction, { listing_id: listing.id }, extension);
  t.clock.advance(6 * SECOND);
  return { owner, listings: made };
}

describe('an extension answering all at once (D11.1, D3.2)', () => {
  it('is credited six of ten answers sent at the same moment; the rest wait (429)', async () => {
    const pro = await pairedPro(t);
    const { owner, listings: made } = await startedListings(pro.extension, 10);
    const answers = await Promise.all(
      made.map((l) => t.call(earn.recordCorrectAnswer, { listing_id: l.id, answer: 12 }, pro.extension)),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([200, 200, 200, 200, 200, 200, 429, 429, 429, 429]);
    expect(await t.db.select().from(actions).where(eq(actions.earnerId, pro.id))).toHaveLength(6);
    const [earner] = await t.db.select({ points: users.points }).from(users).where(eq(users.id, pro.id));
    const [payer] = await t.db.select({ points: users.points }).from(users).where(eq(users.id, owner.id));
    expect(earner?.points).toBe(6 * 18);
    expect(payer?.points).toBe(5000 - 6 * 18);
    expect((await checkLedger(t.db)).problems).toEqual([]);
  });

  it('credits one answer sent five times at once, once (D3.2)', async () => {
    const pro = await pairedPro(t);
    const {
      listings: [listing],
    } = await startedListings(pro.extension, 1);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.call(earn.recordCorrectAnswer, { listing_id: listing?.id, answer: 12 }, pro.extension),
      ),
    );
    expect(answers.every((a) => a.statusCode === 200 && a.body.status === 'success')).toBe(true);
    expect(await t.db.select().from(actions).where(eq(actions.earnerId, pro.id))).toHaveLength(1);
  });
});

describe('pairings made at once (PX2)', () => {
  it('leaves one pairing and one live session when one installation pairs twice at once', async () => {
    const member = await buildMember(t.db, t.clock, { membership: 'pro' });
    const input = { install_id: `install-${unique()}${unique()}`, version: '1.0.0' };
    const both = await Promise.all([1, 2].map(() => t.call(proExtension.pair, input, member.token)));
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(
      await t.db.select().from(extensionPairings).where(eq(extensionPairings.userId, member.id)),
    ).toHaveLength(1);
    const live = await Promise.all(both.map((r) => t.call(proExtension.fetchStatus, {}, r.body.token)));
    expect(live.map((r) => r.statusCode).sort()).toEqual([200, 401]);
    const extensionSessions = await t.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, member.id), eq(sessions.kind, 'extension')));
    expect(extensionSessions.filter((s) => s.revokedAt === null)).toHaveLength(1);
  });

  it(`keeps to ${PRO_EXTENSION.maxPairings} browsers when eight pair at once`, async () => {
    const member = await buildMember(t.db, t.clock, { membership: 'pro' });
    const all = await Promise.all(
      Array.from({ length: 8 }, () =>
        t.call(
          proExtension.pair,
          { install_id: `install-${unique()}${unique()}`, version: '1.0.0' },
          member.token,
        ),
      ),
    );
    expect(all.filter((r) => r.statusCode === 200)).toHaveLength(PRO_EXTENSION.maxPairings);
    expect(all.filter((r) => r.statusCode === 409)).toHaveLength(8 - PRO_EXTENSION.maxPairings);
    expect(
      await t.db.select().from(extensionPairings).where(eq(extensionPairings.userId, member.id)),
    ).toHaveLength(PRO_EXTENSION.maxPairings);
  });
});
