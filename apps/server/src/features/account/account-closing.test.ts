import { describe, expect, it } from 'vitest';
import { and, eq, or } from 'drizzle-orm';
import { account, earn, login } from '@marquee/contract';
import { useTestApp } from '../../../test/test-app.js';
import {
  buildListing,
  buildMember,
  linkAccount,
  signUpDetails,
  TEST_PASSWORD,
} from '../../../test/factories.js';
import { pacificDay } from '../../platform/time.js';
import { users } from '../members/members.tables.js';
import { sessions } from '../login/login.tables.js';
import { listings } from '../listings/listings.tables.js';
import { actions, offers } from '../earn/earn.tables.js';
import { ledgerEntries } from '../points/points.tables.js';
import { messages, messageThreads } from '../messages/messages.tables.js';
import { alerts } from '../alerts/alerts.tables.js';
import { linkedAccounts } from '../linked-accounts/linked-accounts.tables.js';
import { subscriptions } from '../membership/membership.tables.js';
import { referralRewards } from '../referrals/referrals.tables.js';
import { checkLedger } from '../points/ledger.check.js';
import { HOUSE_ID, movePoints } from '../points/ledger.js';
import { DEACTIVATED, WRONG_CREDENTIALS } from '../login/login.service.js';
import { deletedEmails, emailSettings } from './account.tables.js';
import { deletedEmailHash } from './account.policy.js';
import { EMAIL_DELETED, RENEWING_SUBSCRIPTION } from './account.service.js';

const t = useTestApp();

const offeredBy = async (earnerToken: string, ownerId: number) =>
  (await t.call(earn.fetchListings, { listingType: 'user', user_id: ownerId, maxItems: 10 }, earnerToken))
    .body;

/** A credited IMDb view of `listingId` by `earnerId`, paid by its owner through the ledger (D3.1, D5.7). */
async function creditedView(earnerId: number, ownerId: number, listingId: number) {
  const now = t.clock.now();
  await t.db.transaction(async (tx) => {
    const [offer] = await tx
      .insert(offers)
      .values({ earnerId, listingId, points: 18, cost: 18, offeredAt: now, expiresAt: now })
      .returning({ id: offers.id });
    const [action] = await tx
      .insert(actions)
      .values({
        offerId: offer?.id ?? 0,
        earnerId,
        ownerId,
        listingId,
        type: 'imdb-view',
        platform: 'imdb',
        points: 18,
        cost: 18,
        day: pacificDay(now),
        createdAt: now,
      })
      .returning({ id: actions.id });
    await movePoints(tx, {
      from: ownerId,
      to: earnerId,
      amount: 18,
      kind: 'earn',
      refType: 'action',
      refId: String(action?.id),
      at: now,
    });
  });
}

describe('account/deactivate (D2.5)', () => {
  it('ends every session, blocks sign-in with the deactivated message and hides the listings', async () => {
    const m = await buildMember(t.db, t.clock, { points: 500 });
    const earner = await buildMember(t.db, t.clock);
    const listing = await buildListing(t.db, t.clock, m.id);
    expect((await offeredBy(earner.token, m.id)).listings.map((l) => l.id)).toEqual([listing.id]);
    const second = await t.call(login.checkCredentials, { username: m.username, password: TEST_PASSWORD });

    const res = await t.call(account.deactivate, {}, m.token);
    expect(res.statusCode).toBe(200);
    expect(res.body.status).toBe('success');

    for (const token of [m.token, second.body.token]) {
      const after = await t.call(account.fetchAccountDetails, {}, token);
      expect(after.statusCode).toBe(401);
      expect(after.body.extra).toBe('logged_out');
    }
    const signIn = await t.call(login.checkCredentials, { username: m.username, password: TEST_PASSWORD });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.body.message).toBe(DEACTIVATED);
    expect((await offeredBy(earner.token, m.id)).status).toBe('nolistings');
    const [row] = await t.db.select().from(users).where(eq(users.id, m.id));
    // Only support reactivates, so nothing else of the account changes (D2.5).
    expect(row).toMatchObject({ status: 'deactivated', points: 500, email: m.email });
  });
});

describe('account/delete (D2.5)', () => {
  it('refuses unless the member was warned', async () => {
    const m = await buildMember(t.db, t.clock);
    for (const warned of [undefined, false, 'no']) {
      const res = await t.call(account.deleteAccount, warned === undefined ? {} : { warned }, m.token);
      expect(res.statusCode).toBe(400);
      expect(res.body.message).toBe(account.DELETE_NOT_WARNED);
    }
    expect((await t.call(account.fetchAccountDetails, {}, m.token)).statusCode).toBe(200);
  });

  it('refuses while a paid subscription still renews', async () => {
    const m = await buildMember(t.db, t.clock);
    await t.db.insert(subscriptions).values({
      userId: m.id,
      level: 'premium',
      provider: 'test',
      status: 'active',
      currentPeriodEnd: t.clock.now(),
      createdAt: t.clock.now(),
    });
    const res = await t.call(account.deleteAccount, { warned: true }, m.token);
    expect(res.statusCode).toBe(409);
    expect(res.body).toMatchObject({ status: 'subscribed', message: RENEWING_SUBSCRIPTION });
  });

  it('erases the member’s data, keeps the ledger balanced and others’ history, and gives the points to the house', async () => {
    const m = await buildMember(t.db, t.clock, { points: 300 });
    const other = await buildMember(t.db, t.clock, { points: 300 });
    const mine = await buildListing(t.db, t.clock, m.id);
    const theirs = await buildListing(t.db, t.clock, other.id);
    await creditedView(other.id, m.id, mine.id);
    await creditedView(m.id, other.id, theirs.id);
    const [sent] = await t.db
      .insert(messages)
      .values({ senderId: m.id, recipientId: other.id, body: 'Hello there', createdAt: t.clock.now() })
      .returning({ id: messages.id });
    await t.db.insert(messageThreads).values([
      { ownerId: m.id, otherId: other.id, lastMessageId: sent?.id ?? 0, lastAt: t.clock.now() },
      { ownerId: other.id, otherId: m.id, lastMessageId: sent?.id ?? 0, lastAt: t.clock.now() },
    ]);
    await t.db.insert(alerts).values([
      { userId: m.id, kind: 'welcome', content: 'Welcome', link: '/dashboard', createdAt: t.clock.now() },
      {
        userId: other.id,
        kind: 'message',
        content: 'A message',
        link: `/messages/${m.id}`,
        createdAt: t.clock.now(),
      },
    ]);
    await linkAccount(t.db, t.clock, m.id, 'twitter', 'to_be_gone');
    await t.db.insert(referralRewards).values({
      referrerId: m.id,
      referralId: other.id,
      source: `purchase:test-${m.id}`,
      refPoints: 300,
      featurePoints: 25,
      createdAt: t.clock.now(),
    });
    await t.call(account.updateEmailSetting, { field: 'all', value: 'no' }, m.token);
    const [before] = await t.db.select().from(users).where(eq(users.id, m.id));
    const balance = before?.points ?? 0;
    expect(balance).toBe(300);

    const res = await t.call(account.deleteAccount, { warned: 'yes' }, m.token);
    expect(res.statusCode).toBe(200);
    expect(res.body.status).toBe('success');

    const [row] = await t.db.select().from(users).where(eq(users.id, m.id));
    expect(row).toMatchObject({
      first: 'Deleted',
      last: 'Member',
      email: null,
      username: null,
      passwordHash: null,
      imdbUrl: null,
      status: 'deleted',
      points: 0,
    });
    const [listing] = await t.db.select().from(listings).where(eq(listings.id, mine.id));
    expect(listing).toMatchObject({ status: 'deleted', name: 'Deleted listing', url: '', externalId: '' });
    const involved = or(eq(messages.senderId, m.id), eq(messages.recipientId, m.id));
    expect(await t.db.select().from(messages).where(involved)).toEqual([]);
    expect(await t.db.select().from(messageThreads).where(eq(messageThreads.ownerId, other.id))).toEqual([]);
    expect(
      await t.db
        .select()
        .from(alerts)
        .where(or(eq(alerts.userId, m.id), eq(alerts.link, `/messages/${m.id}`))),
    ).toEqual([]);
    expect(await t.db.select().from(linkedAccounts).where(eq(linkedAccounts.userId, m.id))).toEqual([]);
    expect(await t.db.select().from(emailSettings).where(eq(emailSettings.userId, m.id))).toEqual([]);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, m.id))).toEqual([]);
    expect(await t.db.select().from(referralRewards).where(eq(referralRewards.referrerId, m.id))).toEqual([]);
    const [kept] = await t.db
      .select()
      .from(deletedEmails)
      .where(eq(deletedEmails.emailHash, deletedEmailHash(m.email)));
    expect(kept).toBeTruthy();

    // The other member's history keeps both actions, now with an anonymous other side (D3.2).
    const history = await t.db
      .select()
      .from(actions)
      .where(or(eq(actions.earnerId, other.id), eq(actions.ownerId, other.id)));
    expect(history).toHaveLength(2);
    // The remaining balance went to the house in one movement; the member's rows stay and sum to 0 (D3.1).
    const forfeited = await t.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.refType, 'account_deleted'), eq(ledgerEntries.refId, String(m.id))));
    expect(forfeited.map((e) => [e.accountId, e.delta]).sort()).toEqual(
      [
        [HOUSE_ID, balance],
        [m.id, -balance],
      ].sort(),
    );
    const rows = await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.accountId, m.id));
    expect(rows.reduce((sum, r) => sum + r.delta, 0)).toBe(0);
    expect((await checkLedger(t.db)).problems).toEqual([]);

    expect((await t.call(account.fetchAccountDetails, {}, m.token)).statusCode).toBe(401);
    const signIn = await t.call(login.checkCredentials, { username: m.username, password: TEST_PASSWORD });
    expect(signIn.statusCode).toBe(401);
    expect(signIn.body.message).toBe(WRONG_CREDENTIALS);
  });

  it('keeps the email from registering again, in any case, or being taken by another member', async () => {
    const m = await buildMember(t.db, t.clock);
    await t.call(account.deleteAccount, { warned: true }, m.token);
    // The sign-up answers as any other would (docs/domain.md "Sign-up", U3) and creates nothing.
    const again = await t.call(login.register, signUpDetails({ email: m.email.toUpperCase() }));
    expect(again.body).toEqual({ status: 'success', message: login.SIGN_UP_STARTED });
    expect(await t.db.select().from(users).where(eq(users.email, m.email))).toHaveLength(0);
    const other = await buildMember(t.db, t.clock);
    const taken = await t.call(
      account.updateUserField,
      { field: 'email', value: m.email, password: TEST_PASSWORD },
      other.token,
    );
    expect(taken.statusCode).toBe(409);
    expect(taken.body.message).toBe(EMAIL_DELETED);
    const fresh = await t.call(login.register, signUpDetails());
    expect(fresh.body.status).toBe('success');
  });
});
