import { afterEach, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import {
  admin,
  adminMembers,
  APP_VERSION,
  listings as listingsContract,
  login,
  managed,
  membership,
} from '@marquee/contract';
import { TEST_START, useTestApp } from '../../../test/test-app.js';
import { buildListing, buildMember } from '../../../test/factories.js';
import { outboxMails } from '../../platform/mail.tables.js';
import { DAY_MS } from '../../platform/time.js';
import { listings } from '../listings/listings.tables.js';
import { sessions } from '../login/login.tables.js';
import { users } from '../members/members.tables.js';
import type { subscriptions } from '../membership/membership.tables.js';
import { paymentEvents, purchases } from '../payments/payments.tables.js';
import { sendTestEvent } from '../payments/payments.test-support.js';
import { SUBSCRIBE_REFUSALS } from './subscription.service.js';
import {
  checkout,
  subscriptionOf,
  invitationRow,
  invite,
  latestPurchase,
  managedSubscriptionsOf,
  payOn,
  startCheckout,
  waitlistRow,
} from './subscription.test-support.js';
import { MANAGED_TERMS } from './terms.js';

/** Subscribing to Managed Rank (docs/domain.md MR4, MR5, MR9; D14.1, D14.3; spec 4 §2, §4, §7). */
const t = useTestApp();

// Tests that move the clock through a month put it back, whatever happens.
afterEach(() => t.clock.set(TEST_START));

const { MANAGED_TEXTS, SUBSCRIPTION_EXTRA } = managed;
const MONTH_LATER = '2026-04-10T18:00:00.000Z';

const receiptsTo = (email: string) =>
  t.db
    .select()
    .from(outboxMails)
    .where(eq(outboxMails.to, email))
    .orderBy(asc(outboxMails.id))
    .then((rows) => rows.filter((r) => r.subject.startsWith('Your Marquee receipt')));

const purchasesOf = (userId: number) =>
  t.db.select().from(purchases).where(eq(purchases.userId, userId)).orderBy(asc(purchases.id));

/** Moves the clock, the member's session kept in use meanwhile (sessions end after 30 idle days). */
async function moveTo(at: string, ...members: { id: number }[]) {
  t.clock.set(new Date(at));
  for (const m of members)
    await t.db.update(sessions).set({ lastUsedAt: t.clock.now() }).where(eq(sessions.userId, m.id));
}

/** The member as the app keeps them (the start-up check, spec 4 §4). */
const currentUser = async (token: string) =>
  (await t.call(login.checkToken, { token, version: APP_VERSION }, token)).body as {
    status: string;
    user?: { membership: string };
  };

/** An invited member who has paid on the test checkout: their subscription and invitation. */
async function subscribed(selection: 1 | 2 | 3 = 2) {
  const m = await buildMember(t.db, t.clock);
  const invitation = await invite(t, m, selection);
  const redirect = await startCheckout(t, m, invitation.code, selection);
  expect(await payOn(t, redirect)).toBe('/v4/managed/subscribed');
  const [sub] = await managedSubscriptionsOf(t, m.id);
  return { m, invitation, redirect, sub: sub as typeof subscriptions.$inferSelect };
}

describe('managed/fetchManagedRankTerms (MR4)', () => {
  it('gives the terms, the three tiers and no invitation to a member who has none', async () => {
    const m = await buildMember(t.db, t.clock);
    const { statusCode, body } = await t.call(managed.fetchManagedRankTerms, {}, m.token);
    expect(statusCode).toBe(200);
    expect(body.status).toBe('success');
    expect(body.terms).toEqual([...MANAGED_TERMS]);
    expect(body.terms.join(' ')).toMatch(/no guaranteed rank/i);
    expect(body.terms.join(' ')).toMatch(/serves until|carries on until the end/);
    expect(body.terms.join(' ')).toContain('support@marquee.local');
    expect(body.tiers.map((tier) => [tier.selection, tier.name, tier.pricePennies])).toEqual([
      [3, 'Top 60K', 4900],
      [2, 'Top 100K', 3700],
      [1, 'Top 200K', 2400],
    ]);
    expect(body.invitedSelection).toBeNull();
    expect(body.alternate).toBe('no');
  });

  it('names the tier of the caller’s own unused, unexpired invitation, whatever their level', async () => {
    for (const level of ['free', 'premium', 'pro'] as const) {
      const m = await buildMember(t.db, t.clock, { membership: level });
      await invite(t, m, 1);
      const { body } = await t.call(managed.fetchManagedRankTerms, {}, m.token);
      expect(body.invitedSelection).toBe(1);
      // The test checkout takes either route.
      expect(body.alternate).toBe('yes');
    }
  });

  it('does not count an invitation that expired, was used, or is another member’s', async () => {
    const expired = await buildMember(t.db, t.clock);
    await invite(t, expired, 3, { expiresInDays: -1 });
    const used = await buildMember(t.db, t.clock);
    await invite(t, used, 3, { usedAt: t.clock.now() });
    const other = await buildMember(t.db, t.clock);
    const neighbour = await buildMember(t.db, t.clock);
    await invite(t, neighbour, 3);
    for (const m of [expired, used, other]) {
      expect((await t.call(managed.fetchManagedRankTerms, {}, m.token)).body.invitedSelection).toBeNull();
    }
  });

  it('is for members only', async () => {
    const { statusCode, body } = await t.call(managed.fetchManagedRankTerms, {});
    expect(statusCode).toBe(401);
    expect(body.extra).toBe('logged_out');
  });
});

describe('the managed checkout (MR4, GET /v4/checkout/managed/subscribe/)', () => {
  it('starts a pending monthly purchase at the invited tier’s price; nothing is granted before the verified event', async () => {
    const m = await buildMember(t.db, t.clock);
    const invitation = await invite(t, m, 2);
    const redirect = await startCheckout(t, m, invitation.code, 2);
    const purchase = await latestPurchase(t, m.id);
    expect(purchase).toMatchObject({
      provider: 'test',
      kind: 'managed',
      level: 'managed',
      months: 1,
      quantity: invitation.id,
      amountPennies: 3700,
      status: 'pending',
    });
    expect(redirect).toBe(`/v4/checkout/test/${purchase.providerRef}`);
    const page = await t.app.inject({ method: 'GET', url: redirect });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('This is a test payment');
    expect(page.body).toContain('Managed Rank, Top 100K, monthly');
    expect(page.body).toContain('Subscribe $37.00');
    // Nothing yet: no subscription, the invitation unused, still on the waitlist, not managed.
    expect(await managedSubscriptionsOf(t, m.id)).toEqual([]);
    expect((await invitationRow(t, invitation.id)).usedAt).toBeNull();
    expect(await waitlistRow(t, m.id)).toMatchObject({ status: 'invited' });
    expect((await t.call(managed.checkManagedSubscription, {}, m.token)).body.status).toBe('retry');
  });

  it('reads the code with spaces around it, as a link pasted by hand gives it', async () => {
    const m = await buildMember(t.db, t.clock);
    const { code } = await invite(t, m, 3);
    const started = await checkout(t, m.token, { selection: '3', code: ` ${code} `, terms: 'yes' });
    expect(started.statusCode).toBe(200);
  });

  it('refuses a member with no invitation: the not-invited text, nothing started', async () => {
    const m = await buildMember(t.db, t.clock, { membership: 'premium' });
    const res = await checkout(t, m.token, { selection: 2, code: 'made-up-code', terms: 'yes' });
    expect(res.statusCode).toBe(403);
    expect(res.body.message).toBe(MANAGED_TEXTS.notInvited);
    expect(await purchasesOf(m.id)).toEqual([]);
  });

  it('refuses a wrong code, and another member’s code, to an invited member', async () => {
    const m = await buildMember(t.db, t.clock);
    await invite(t, m, 2);
    const other = await buildMember(t.db, t.clock);
    const theirs = await invite(t, other, 2);
    for (const code of ['not-the-code', theirs.code]) {
      const res = await checkout(t, m.token, { selection: 2, code, terms: 'yes' });
      expect(res.statusCode).toBe(403);
      expect(res.body.message).toBe(SUBSCRIBE_REFUSALS.notYourCode);
    }
    // Someone else's code, to a member with no invitation of their own: not invited.
    const stranger = await buildMember(t.db, t.clock);
    const res = await checkout(t, stranger.token, { selection: 2, code: theirs.code, terms: 'yes' });
    expect(res.statusCode).toBe(403);
    expect(res.body.message).toBe(MANAGED_TEXTS.notInvited);
    expect(await purchasesOf(m.id)).toEqual([]);
    expect(await purchasesOf(stranger.id)).toEqual([]);
    expect((await invitationRow(t, theirs.id)).usedAt).toBeNull();
  });

  it('refuses an expired invitation, and one replaced by a newer one', async () => {
    const m = await buildMember(t.db, t.clock);
    const old = await invite(t, m, 2, { expiresInDays: -2 });
    const res = await checkout(t, m.token, { selection: 2, code: old.code, terms: 'yes' });
    expect(res.statusCode).toBe(403);
    expect(res.body.message).toBe(SUBSCRIBE_REFUSALS.expired((await invitationRow(t, old.id)).expiresAt));
    expect(res.body.message).toMatch(/^This invitation expired on March 8, 2026\./);
    // A newer invitation still works; the lapsed one stays refused.
    const fresh = await invite(t, m, 2);
    expect((await checkout(t, m.token, { selection: 2, code: fresh.code, terms: 'yes' })).statusCode).toBe(
      200,
    );
    expect((await checkout(t, m.token, { selection: 2, code: old.code, terms: 'yes' })).statusCode).toBe(403);
  });

  it('refuses an invitation already used (409)', async () => {
    const m = await buildMember(t.db, t.clock);
    const { code } = await invite(t, m, 1, { usedAt: t.clock.now() });
    const res = await checkout(t, m.token, { selection: 1, code, terms: 'yes' });
    expect(res.statusCode).toBe(409);
    expect(res.body.message).toBe(SUBSCRIBE_REFUSALS.used);
    expect(await purchasesOf(m.id)).toEqual([]);
  });

  it('refuses another tier than the invitation’s (409), naming the invited one', async () => {
    const m = await buildMember(t.db, t.clock);
    const { code } = await invite(t, m, 1);
    for (const selection of [2, 3]) {
      const res = await checkout(t, m.token, { selection, code, terms: 'yes' });
      expect(res.statusCode).toBe(409);
      expect(res.body.message).toBe('Your invitation is for Top 200K. Please choose Top 200K to subscribe.');
    }
    expect(await purchasesOf(m.id)).toEqual([]);
  });

  it('refuses without the terms accepted, and bad input, with the field’s message; nothing changes', async () => {
    const m = await buildMember(t.db, t.clock);
    const { code, id } = await invite(t, m, 2);
    const cases: [Record<string, unknown>, string][] = [
      [{ selection: 2, code }, 'Please accept the terms of service.'],
      [{ selection: 2, code, terms: 'no' }, 'Please accept the terms of service.'],
      [{ selection: 2, terms: 'yes' }, 'Please open the invitation link from your email.'],
      [{ selection: 2, code: '   ', terms: 'yes' }, 'Please open the invitation link from your email.'],
      [{ selection: 2, code: 'x'.repeat(101), terms: 'yes' }, 'That invitation code is not valid.'],
      [{ code, terms: 'yes' }, 'Please choose Top 60K, Top 100K or Top 200K.'],
      [{ selection: 4, code, terms: 'yes' }, 'Please choose Top 60K, Top 100K or Top 200K.'],
      [{ selection: 'two', code, terms: 'yes' }, 'Please choose Top 60K, Top 100K or Top 200K.'],
    ];
    for (const [input, message] of cases) {
      const res = await checkout(t, m.token, input);
      expect(res.statusCode, JSON.stringify(input)).toBe(400);
      expect(res.body.message).toBe(message);
    }
    const badProvider = await checkout(t, m.token, { selection: 2, code, terms: 'yes', provider: 'bitcoin' });
    expect(badProvider.statusCode).toBe(400);
    expect(await purchasesOf(m.id)).toEqual([]);
    expect((await invitationRow(t, id)).usedAt).toBeNull();
  });

  it('refuses a member who already has Managed Rank', async () => {
    const m = await buildMember(t.db, t.clock, { membership: 'managed' });
    const { code } = await invite(t, m, 2);
    const res = await checkout(t, m.token, { selection: 2, code, terms: 'yes' });
    expect(res.statusCode).toBe(409);
    expect(res.body).toMatchObject({ status: 'current_sub', message: SUBSCRIBE_REFUSALS.alreadyManaged });
  });

  it('refuses staff using the member’s account: they cannot pay for the member', async () => {
    const boss = await buildMember(t.db, t.clock, { role: 'admin' });
    const m = await buildMember(t.db, t.clock);
    const { code } = await invite(t, m, 2);
    const as = (await t.call(adminMembers.useAsUser, { id: m.id }, boss.token)).body.token;
    const res = await checkout(t, as, { selection: 2, code, terms: 'yes' });
    expect(res.statusCode).toBe(403);
    expect(res.body.message).toBe("Staff using a member's account cannot pay for the member.");
    expect(await purchasesOf(m.id)).toEqual([]);
  });

  it('is for members only', async () => {
    const res = await checkout(t, undefined, { selection: 2, code: 'x', terms: 'yes' });
    expect(res.statusCode).toBe(401);
    expect(res.body.extra).toBe('logged_out');
  });
});

describe('from the staff invitation to Managed Rank (MR2, MR3, MR4)', () => {
  it('the code in the mailed link subscribes the member to the tier staff set up', async () => {
    const boss = await buildMember(t.db, t.clock, { role: 'admin' });
    const m = await buildMember(t.db, t.clock);
    expect((await t.call(managed.addToWaitlist, { selection: 2 }, m.token)).statusCode).toBe(200);
    const { details } = (await t.call(managed.fetchUserDetails, { user_id: m.id }, boss.token)).body;
    const setup = await t.call(
      managed.setupManagedUser,
      { ...details, nm_code: details.nm_code || 'nm1234567', level: 2 },
      boss.token,
    );
    expect(setup.statusCode, setup.response.body).toBe(200);
    const sent = await t.call(managed.sendInviteEmail, { user_id: m.id, uc: setup.body.unsub }, boss.token);
    expect(sent.statusCode, sent.response.body).toBe(200);
    const [mail] = await t.db.select().from(outboxMails).where(eq(outboxMails.to, m.email));
    const link = /\/managed\/subscribe\?code=(\S+)/.exec(mail?.text ?? '');
    const code = decodeURIComponent(link?.[1] ?? '');
    expect(code).not.toBe('');
    expect((await t.call(managed.fetchManagedRankTerms, {}, m.token)).body.invitedSelection).toBe(2);
    expect((await t.call(managed.fetchWaitlistStatus, {}, m.token)).body.waitlistStatus).toBe('invited');

    await payOn(t, await startCheckout(t, m, code, 2));
    expect((await managedSubscriptionsOf(t, m.id))[0]).toMatchObject({ tier: 2, status: 'active' });
    expect((await t.call(managed.fetchWaitlistStatus, {}, m.token)).body.waitlistStatus).toBe('none');
    expect((await t.call(managed.fetchManagedRankTerms, {}, m.token)).body.invitedSelection).toBeNull();
    // Used once: the same link again is refused.
    const again = await checkout(t, m.token, { selection: 2, code, terms: 'yes' });
    expect(again.statusCode).toBe(409);
  });
});

describe('the verified event grants Managed Rank (MR4, D10.1)', () => {
  it('makes the subscription for the tier, a month; uses the code; off the waitlist; listings to 0 (MR9); a receipt', async () => {
    const m = await buildMember(t.db, t.clock, { membership: 'premium' });
    const listing = await buildListing(t.db, t.clock, m.id, { give: 18 });
    const other = await buildListing(t.db, t.clock, m.id, { type: 'twitter-follow', give: 5 });
    await t.db
      .update(listings)
      .set({ changingTo: 12, changeAt: new Date(t.clock.now().getTime() + 60_000) })
      .where(eq(listings.id, listing.id));
    const invitation = await invite(t, m, 3);
    const redirect = await startCheckout(t, m, invitation.code, 3);
    const purchase = await latestPurchase(t, m.id);

    expect(await payOn(t, redirect)).toBe('/v4/managed/subscribed');

    const [sub, ...more] = await managedSubscriptionsOf(t, m.id);
    expect(more).toEqual([]);
    expect(sub).toMatchObject({
      level: 'managed',
      tier: 3,
      provider: 'test',
      providerRef: `test_sub_${purchase.id}`,
      status: 'active',
      months: 1,
      amountPennies: 4900,
    });
    expect(sub?.currentPeriodEnd.toISOString()).toBe(MONTH_LATER);
    expect(await latestPurchase(t, m.id)).toMatchObject({ status: 'paid', subscriptionId: sub?.id });
    expect((await invitationRow(t, invitation.id)).usedAt?.toISOString()).toBe(t.clock.now().toISOString());
    expect(await waitlistRow(t, m.id)).toBeNull();
    // Managed now (D2.3), with no expiry banner whatever premium days remain (MR9).
    expect(await currentUser(m.token)).toMatchObject({
      status: 'success',
      user: { membership: 'managed', expires_soon: false, expired_recently: false, expire_type: '' },
    });
    const given = await t.db
      .select()
      .from(listings)
      .where(eq(listings.userId, m.id))
      .orderBy(asc(listings.id));
    expect(given.map((l) => [l.id, l.give, l.changingTo, l.changeAt])).toEqual([
      [listing.id, 0, null, null],
      [other.id, 0, null, null],
    ]);
    // The receipt, like every payment's.
    const [receipt, ...others] = await receiptsTo(m.email);
    expect(others).toEqual([]);
    expect(receipt?.subject).toBe(
      'Your Marquee receipt: Managed Rank, Top 60K subscription, 1 month (renews monthly until you cancel)',
    );
    expect(receipt?.text).toContain('Your Managed Rank subscription is now paid through April 10, 2026.');
    expect(receipt?.text).toContain('Amount: $49.00 (US dollars)');
    expect(receipt?.text).toContain(`Order number: ${purchase.id}`);
    // The event keeps the money for the overview (AD4).
    const [event] = await t.db.select().from(paymentEvents).where(eq(paymentEvents.userId, m.id));
    expect(event).toMatchObject({ outcome: 'granted', amountPennies: 4900, sold: 'managed' });
  });

  it('counts the payment in the admin overview’s income', async () => {
    const boss = await buildMember(t.db, t.clock, { role: 'admin' });
    const before = (await t.call(admin.fetchOverview, {}, boss.token)).body.income;
    await subscribed(1);
    const after = (await t.call(admin.fetchOverview, {}, boss.token)).body.income;
    expect(after.today - before.today).toBeCloseTo(24, 2);
    expect(after.total - before.total).toBeCloseTo(24, 2);
  });

  it('applies a replayed event once', async () => {
    const m = await buildMember(t.db, t.clock);
    const invitation = await invite(t, m, 2);
    await startCheckout(t, m, invitation.code, 2);
    const purchase = await latestPurchase(t, m.id);
    const data = {
      type: 'subscription.paid' as const,
      subscriptionRef: `test_sub_${purchase.id}`,
      userId: m.id,
      level: 'managed' as const,
      months: 1,
      purchaseId: purchase.id,
      paidThrough: MONTH_LATER,
      amountPennies: 3700,
    };
    expect(await sendTestEvent(t, data, `evt_managed_${purchase.id}`)).toBe('granted');
    expect(await sendTestEvent(t, data, `evt_managed_${purchase.id}`)).toBe('duplicate');
    expect(await managedSubscriptionsOf(t, m.id)).toHaveLength(1);
    expect(await receiptsTo(m.email)).toHaveLength(1);
  });

  it('uses the code once: of two checkouts completed, the second grants nothing', async () => {
    const m = await buildMember(t.db, t.clock);
    const invitation = await invite(t, m, 2);
    const first = await startCheckout(t, m, invitation.code, 2);
    const second = await startCheckout(t, m, invitation.code, 2);
    await payOn(t, first);
    await payOn(t, second);
    const subs = await managedSubscriptionsOf(t, m.id);
    expect(subs).toHaveLength(1);
    const [firstPurchase, secondPurchase] = await purchasesOf(m.id);
    expect(firstPurchase).toMatchObject({ status: 'paid', subscriptionId: subs[0]?.id });
    expect(secondPurchase).toMatchObject({ status: 'pending', subscriptionId: null });
    const outcomes = await t.db
      .select({ outcome: paymentEvents.outcome, amount: paymentEvents.amountPennies })
      .from(paymentEvents)
      .where(eq(paymentEvents.userId, m.id))
      .orderBy(asc(paymentEvents.receivedAt));
    expect(outcomes.map((o) => o.outcome).sort()).toEqual([
      'granted',
      'ignored: the invitation was already used',
    ]);
    // Only the granted payment counts as income and is receipted.
    expect(outcomes.find((o) => o.outcome === 'granted')?.amount).toBe(3700);
    expect(outcomes.find((o) => o.outcome !== 'granted')?.amount).toBe(0);
    expect(await receiptsTo(m.email)).toHaveLength(1);
  });

  it('ignores an event naming a purchase that is not a managed checkout of that member', async () => {
    const m = await buildMember(t.db, t.clock);
    const other = await buildMember(t.db, t.clock);
    const invitation = await invite(t, other, 2);
    await startCheckout(t, other, invitation.code, 2);
    const purchase = await latestPurchase(t, other.id);
    const outcome = await sendTestEvent(t, {
      type: 'subscription.paid',
      subscriptionRef: 'test_sub_forged',
      userId: m.id,
      level: 'managed',
      months: 1,
      purchaseId: purchase.id,
      paidThrough: MONTH_LATER,
      amountPennies: 3700,
    });
    expect(outcome).toBe('ignored: no such Managed Rank checkout');
    expect(await managedSubscriptionsOf(t, m.id)).toEqual([]);
    expect((await invitationRow(t, invitation.id)).usedAt).toBeNull();
  });

  it('renews a month at a time (D14.3), with a renewal receipt; a late event for a paid month changes nothing', async () => {
    const { m, sub } = await subscribed(2);
    await moveTo(MONTH_LATER, m);
    const renewal = {
      type: 'subscription.paid' as const,
      subscriptionRef: sub.providerRef as string,
      userId: m.id,
      level: 'managed' as const,
      months: 1,
      purchaseId: null,
      paidThrough: '2026-05-10T18:00:00.000Z',
      amountPennies: 3700,
    };
    expect(await sendTestEvent(t, renewal)).toBe('renewed');
    let [row] = await managedSubscriptionsOf(t, m.id);
    expect(row?.currentPeriodEnd.toISOString()).toBe('2026-05-10T18:00:00.000Z');
    expect(row).toMatchObject({ status: 'active', tier: 2 });
    const receipts = await receiptsTo(m.email);
    expect(receipts.map((r) => r.subject)).toEqual([
      'Your Marquee receipt: Managed Rank, Top 100K subscription, 1 month (renews monthly until you cancel)',
      'Your Marquee receipt: Managed Rank, Top 100K subscription renewal, 1 month',
    ]);
    // The first month's event again, later, under another id: the period does not go back.
    expect(await sendTestEvent(t, { ...renewal, paidThrough: MONTH_LATER })).toBe('renewed');
    [row] = await managedSubscriptionsOf(t, m.id);
    expect(row?.currentPeriodEnd.toISOString()).toBe('2026-05-10T18:00:00.000Z');
    await moveTo('2026-05-01T18:00:00Z', m);
    expect((await currentUser(m.token)).user?.membership).toBe('managed');
  });

  it('cancelling through membership/cancelSubscription serves to the paid-through date, then the member is not managed', async () => {
    const { m, sub } = await subscribed(1);
    const cancelled = await t.call(membership.cancelSubscription, {}, m.token);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.body.message).toBe(
      'Your subscription will not renew. Your Managed Rank serves until April 10, 2026.',
    );
    expect(cancelled.body.user.membership).toBe('managed');
    const [row] = await managedSubscriptionsOf(t, m.id);
    expect(row).toMatchObject({ id: sub.id, status: 'cancelled' });
    expect(await subscriptionOf(t, m.token)).toEqual({
      active: 'yes',
      expirationPretty: 'April 10, 2026',
      extra: SUBSCRIPTION_EXTRA.cancelled,
      code: `MR-${sub.id}`,
      tier: 'Top 200K',
    });
    // Nothing renews now: a second cancel finds nothing to stop.
    expect((await t.call(membership.cancelSubscription, {}, m.token)).statusCode).toBe(409);

    await moveTo('2026-04-10T17:59:00Z', m);
    expect((await currentUser(m.token)).user?.membership).toBe('managed');
    await moveTo('2026-04-10T18:01:00Z', m);
    expect((await currentUser(m.token)).user?.membership).toBe('free');
    expect(await subscriptionOf(t, m.token)).toMatchObject({
      active: 'no',
      extra: SUBSCRIPTION_EXTRA.ended,
    });
    expect((await t.call(managed.checkManagedSubscription, {}, m.token)).body.status).toBe('retry');
  });
});

describe('membership/checkManagedSubscription (MR5)', () => {
  it('answers retry, counting the checks of the latest checkout, then success with the member', async () => {
    const m = await buildMember(t.db, t.clock);
    const invitation = await invite(t, m, 2);
    const redirect = await startCheckout(t, m, invitation.code, 2);
    for (const subchecks of [1, 2, 3]) {
      expect((await t.call(managed.checkManagedSubscription, {}, m.token)).body).toEqual({
        status: 'retry',
        subchecks,
      });
    }
    await payOn(t, redirect);
    const found = await t.call(managed.checkManagedSubscription, {}, m.token);
    expect(found.statusCode).toBe(200);
    expect(found.body).toMatchObject({
      status: 'success',
      subchecks: 3,
      user: { id: m.id, membership: 'managed' },
    });
  });

  it('tells a member with no managed checkout to stop asking (the most checks), and a managed one success', async () => {
    const m = await buildMember(t.db, t.clock, { membership: 'pro' });
    expect((await t.call(managed.checkManagedSubscription, {}, m.token)).body).toEqual({
      status: 'retry',
      subchecks: membership.SUBSCRIPTION_CHECK.maxChecks,
    });
    const given = await buildMember(t.db, t.clock, { membership: 'managed' });
    expect((await t.call(managed.checkManagedSubscription, {}, given.token)).body).toMatchObject({
      status: 'success',
      subchecks: 0,
      user: { membership: 'managed' },
    });
  });

  it('does not count a membership checkout, nor answer the membership’s own check', async () => {
    const m = await buildMember(t.db, t.clock);
    const invitation = await invite(t, m, 2);
    await startCheckout(t, m, invitation.code, 2);
    // The membership page's check knows nothing of the managed checkout.
    expect((await t.call(membership.checkSubscriptionStatus, {}, m.token)).body).toEqual({
      status: 'retry',
      subchecks: membership.SUBSCRIPTION_CHECK.maxChecks,
    });
    expect((await t.call(managed.checkManagedSubscription, {}, m.token)).body).toEqual({
      status: 'retry',
      subchecks: 1,
    });
  });

  it('is for members only', async () => {
    const res = await t.call(managed.checkManagedSubscription, {});
    expect(res.statusCode).toBe(401);
    expect(res.body.extra).toBe('logged_out');
  });
});

describe('managed/fetchSubscription (MR4, spec 4 §3 Subscription)', () => {
  it('gives the subscription: active, paid-through date, renews monthly, its reference and tier', async () => {
    const { m, sub } = await subscribed(3);
    const { statusCode, body } = await t.call(managed.fetchSubscription, {}, m.token);
    expect(statusCode).toBe(200);
    expect(body).toEqual({
      status: 'success',
      subscription: {
        active: 'yes',
        expirationPretty: 'April 10, 2026',
        extra: SUBSCRIPTION_EXTRA.renews,
        code: `MR-${sub.id}`,
        tier: 'Top 60K',
      },
    });
  });

  it('answers null to a member who never subscribed, and only their own', async () => {
    await subscribed(2);
    const m = await buildMember(t.db, t.clock, { membership: 'premium' });
    expect((await t.call(managed.fetchSubscription, {}, m.token)).body).toEqual({
      status: 'success',
      subscription: null,
    });
  });

  it('says a subscription staff arranged serves until its date without renewing', async () => {
    const m = await buildMember(t.db, t.clock, { membership: 'managed' });
    expect(await subscriptionOf(t, m.token)).toMatchObject({
      active: 'yes',
      expirationPretty: 'April 9, 2026',
      extra: SUBSCRIPTION_EXTRA.arranged,
      tier: 'Managed Rank',
    });
  });

  it('is for members only', async () => {
    const res = await t.call(managed.fetchSubscription, {});
    expect(res.statusCode).toBe(401);
    expect(res.body.extra).toBe('logged_out');
  });
});

describe('managed members (MR9, D2.3)', () => {
  it('set their listings to 0 points only: any other choice is refused, 0 is taken', async () => {
    const m = await buildMember(t.db, t.clock, { membership: 'managed' });
    const listing = await buildListing(t.db, t.clock, m.id, { give: 0 });
    for (const points of [12, 18]) {
      const res = await t.call(
        listingsContract.updatePointSetting,
        { listing_id: listing.id, points },
        m.token,
      );
      expect(res.statusCode).toBe(403);
      expect(res.body.message).toBe('Listings of Managed members can only be set to 0 points.');
    }
    const ok = await t.call(
      listingsContract.updatePointSetting,
      { listing_id: listing.id, points: 0 },
      m.token,
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.body.listing.pointOptions).toEqual([0]);
    const [row] = await t.db.select().from(listings).where(eq(listings.id, listing.id));
    expect(row?.give).toBe(0);
  });

  it('see no expiry banner, whatever premium or pro days run out soon', async () => {
    const m = await buildMember(t.db, t.clock, { membership: 'managed' });
    await t.db
      .update(users)
      .set({
        premiumExpires: new Date(t.clock.now().getTime() + 2 * DAY_MS),
        proExpires: new Date(t.clock.now().getTime() - 3 * DAY_MS),
      })
      .where(eq(users.id, m.id));
    expect((await currentUser(m.token)).user).toMatchObject({
      membership: 'managed',
      expires_soon: false,
      expired_recently: false,
      expire_type: '',
      expire_show_time: '',
    });
  });
});
