import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { account, membership } from '@marquee/contract';
import { useTestApp } from '../../../test/test-app.js';
import { buildMember } from '../../../test/factories.js';
import { users } from '../members/members.tables.js';
import { subscriptions } from '../membership/membership.tables.js';
import { DAY_MS } from '../../platform/time.js';
import { purchases } from './payments.tables.js';
import { TEST_SIGNATURE_HEADER } from './providers/test.js';
import { liveProviders, signPayPal, TEST_CERTS, testPayPalCerts } from './webhook-test-support.js';

const STRIPE_SECRET = 'whsec_test_marquee';
const PAYPAL_WEBHOOK_ID = 'WH-MARQUEE-TEST';

const t = useTestApp({
  payments: liveProviders(
    STRIPE_SECRET,
    PAYPAL_WEBHOOK_ID,
    // The certificate a real event names is fetched from PayPal; here a test authority's stands in.
    testPayPalCerts(),
  ),
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function expiries(id: number) {
  const [row] = await t.db
    .select({ premium: users.premiumExpires, pro: users.proExpires })
    .from(users)
    .where(eq(users.id, id));
  return row as { premium: Date | null; pro: Date | null };
}

/** Starts a one-time checkout through the card route, as the purchase panel does. */
async function charge(token: string, level: 'premium' | 'pro', months: number, amountPennies: number) {
  return t.app.inject({
    method: 'POST',
    url: membership.CHECKOUT_PATHS.charge,
    headers: bearer(token),
    payload: { level, months, amountPennies, token: 'tok_browser' },
  });
}

async function sendTestEvent(body: string, headers: Record<string, string>) {
  return t.app.inject({
    method: 'POST',
    url: '/v4/webhooks/test',
    payload: body,
    headers: { ...headers, 'content-type': 'application/json' },
  });
}

describe('membership/fetchMembershipPrices (spec 1 §2, §7)', () => {
  it('gives both tables with the spec’s "from" prices, and canSubscribe', async () => {
    const m = await buildMember(t.db, t.clock);
    const { body, statusCode } = await t.call(membership.fetchMembershipPrices, {}, m.token);
    expect(statusCode).toBe(200);
    expect(body.status).toBe('success');
    expect(body.canSubscribe).toBe('yes');
    expect(body.alternate).toBe('yes');
    expect(body.premium).toHaveLength(4);
    expect(body.pro).toHaveLength(4);
    expect(body.premium[membership.DEFAULT_PRICE_ROW.premium]).toMatchObject({
      months: 12,
      subpermonth: '$4.50',
    });
    expect(body.pro.map((r) => r.subpermonth)).toContain('$7.92');
    expect(body.premium[0]).toMatchObject({
      months: 1,
      amountPennies: 995,
      unsubscribed: '$9.95',
      use_stripe: 'yes',
    });
    // Every price in cents beside its text, and each level's "from" price (docs/domain.md MEM2).
    expect(body.pro[3]).toMatchObject({
      months: 12,
      subpermonth: '$7.92',
      subpermonthPennies: 792,
      subscribed: '$95.00',
      subscribedPennies: 9500,
      permonthPennies: 995,
    });
    expect(body.levels.premium).toMatchObject({ fromPennies: 450, from: '$4.50' });
    expect(body.levels.pro).toMatchObject({ fromPennies: 792, from: '$7.92' });
    expect(body.levels.premium.abilities).toMatchObject({
      dailyActions: 60,
      listingsPerType: null,
      proTools: false,
    });
    expect(body.proTrade).toEqual({ tradeablePremium: 0, choices: [] });
  });

  it('is for members only', async () => {
    const { statusCode, body } = await t.call(membership.fetchMembershipPrices, {});
    expect(statusCode).toBe(401);
    expect(body.extra).toBe('logged_out');
  });
});

describe('the test checkout (D10.2)', () => {
  it('a free member buys premium: pending until the signed event, then granted once', async () => {
    const m = await buildMember(t.db, t.clock);
    const started = await charge(m.token, 'premium', 1, 995);
    expect(started.statusCode).toBe(200);
    const { redirect } = started.json() as { redirect: string };
    expect(redirect).toMatch(/^\/v4\/checkout\/test\/test_co_/);

    const page = await t.app.inject({ method: 'GET', url: redirect });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('This is a test payment');
    expect(page.body).toContain('$9.95');
    expect((await t.call(membership.checkSubscriptionStatus, {}, m.token)).body).toEqual({
      status: 'retry',
      subchecks: 1,
    });
    expect((await expiries(m.id)).premium).toBeNull();

    const paid = await t.app.inject({ method: 'POST', url: `${redirect}/pay` });
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe('/v4/membership?checkout=complete');
    const { premium } = await expiries(m.id);
    expect(premium?.toISOString()).toBe('2026-04-10T18:00:00.000Z');
    // The subscription check finds it and carries the member's new level (spec 3 §4).
    expect((await t.call(membership.checkSubscriptionStatus, {}, m.token)).body).toMatchObject({
      status: 'success',
      user: { id: m.id, membership: 'premium' },
    });

    // Paying the same checkout again finds it closed and grants nothing more.
    const again = await t.app.inject({ method: 'POST', url: `${redirect}/pay` });
    expect(again.statusCode).toBe(404);
    expect((await expiries(m.id)).premium?.toISOString()).toBe('2026-04-10T18:00:00.000Z');
  });

  it('refuses a price that is not the table’s, and a row that does not exist', async () => {
    const m = await buildMember(t.db, t.clock);
    const cheap = await charge(m.token, 'premium', 12, 100);
    expect(cheap.statusCode).toBe(409);
    expect(cheap.json()).toMatchObject({ status: 'price_changed' });
    const odd = await charge(m.token, 'premium', 5, 995);
    expect(odd.statusCode).toBe(400);
    const bad = await t.app.inject({
      method: 'POST',
      url: membership.CHECKOUT_PATHS.charge,
      headers: bearer(m.token),
      payload: { level: 'gold', months: 1, amountPennies: 1 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Please choose premium or pro.');
    const anonymous = await charge('', 'premium', 1, 995);
    expect(anonymous.statusCode).toBe(401);
    expect(await t.db.select().from(purchases).where(eq(purchases.userId, m.id))).toHaveLength(0);
  });

  it('cancelling leaves the member as they were', async () => {
    const m = await buildMember(t.db, t.clock);
    const { redirect } = (await charge(m.token, 'pro', 1, 1695)).json() as { redirect: string };
    const cancelled = await t.app.inject({ method: 'POST', url: `${redirect}/cancel` });
    expect(cancelled.headers.location).toBe('/v4/membership');
    expect((await expiries(m.id)).pro).toBeNull();
    expect((await t.app.inject({ method: 'POST', url: `${redirect}/pay` })).statusCode).toBe(404);
  });

  it('a subscription is granted, shown as current, and renews by event', async () => {
    const m = await buildMember(t.db, t.clock);
    const started = await t.app.inject({
      method: 'GET',
      url: `${membership.CHECKOUT_PATHS.subscribe}?level=pro&months=1`,
      headers: bearer(m.token),
    });
    const { redirect } = started.json() as { redirect: string };
    await t.app.inject({ method: 'POST', url: `${redirect}/pay` });
    expect((await expiries(m.id)).pro?.toISOString()).toBe('2026-04-10T18:00:00.000Z');
    const prices = (await t.call(membership.fetchMembershipPrices, {}, m.token)).body;
    expect(prices.status).toBe('current_sub');
    expect(prices.canSubscribe).toBe('no');
    expect(prices.subInfo.message).toContain('renewing every month');

    const [sub] = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, m.id));
    const renewal = t.app.deps.payments.test.signEvent({
      type: 'subscription.paid',
      subscriptionRef: sub?.providerRef as string,
      userId: m.id,
      level: 'pro',
      months: 1,
      purchaseId: null,
      paidThrough: '2026-05-10T18:00:00.000Z',
      amountPennies: 1495,
    });
    expect((await sendTestEvent(renewal.body, renewal.headers)).json()).toMatchObject({ outcome: 'renewed' });
    expect((await sendTestEvent(renewal.body, renewal.headers)).json()).toMatchObject({
      outcome: 'duplicate',
    });
    expect((await expiries(m.id)).pro?.toISOString()).toBe('2026-05-10T18:00:00.000Z');

    // Cancelled: no more renewals, the member keeps pro to the paid-through date (D2.3).
    const cancel = t.app.deps.payments.test.signEvent({
      type: 'subscription.cancelled',
      subscriptionRef: sub?.providerRef as string,
      ended: false,
    });
    expect((await sendTestEvent(cancel.body, cancel.headers)).json()).toMatchObject({ outcome: 'cancelled' });
    expect((await expiries(m.id)).pro?.toISOString()).toBe('2026-05-10T18:00:00.000Z');
    expect((await t.call(membership.fetchMembershipPrices, {}, m.token)).body.canSubscribe).toBe('yes');
  });

  it('membership/cancelSubscription stops the renewal; the member keeps the level to the paid-through date', async () => {
    const m = await buildMember(t.db, t.clock);
    const none = await t.call(membership.cancelSubscription, {}, m.token);
    expect(none.statusCode).toBe(409);
    expect(none.body.message).toBe('You have no subscription that renews. Nothing was changed.');
    expect((await t.call(membership.cancelSubscription, {})).statusCode).toBe(401);

    const started = await t.app.inject({
      method: 'GET',
      url: `${membership.CHECKOUT_PATHS.subscribe}?level=premium&months=3`,
      headers: bearer(m.token),
    });
    await t.app.inject({ method: 'POST', url: `${(started.json() as { redirect: string }).redirect}/pay` });
    const res = await t.call(membership.cancelSubscription, {}, m.token);
    expect(res.statusCode).toBe(200);
    expect(res.body.message).toBe(
      'Your subscription will not renew. Your membership runs until June 10, 2026.',
    );
    expect(res.body.user).toMatchObject({ membership: 'premium', subscribed: 'no' });
    const [sub] = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, m.id));
    expect(sub?.status).toBe('cancelled');
    expect((await expiries(m.id)).premium?.toISOString()).toBe('2026-06-10T18:00:00.000Z');
    // Nothing renews now, so a second cancel has nothing to stop, and a new subscription may start.
    expect((await t.call(membership.cancelSubscription, {}, m.token)).statusCode).toBe(409);
    expect((await t.call(membership.fetchMembershipPrices, {}, m.token)).body.canSubscribe).toBe('yes');
  });

  it('a checkout left open when the member deletes the account can no longer be paid (D2.5)', async () => {
    const m = await buildMember(t.db, t.clock);
    const { redirect } = (await charge(m.token, 'premium', 1, 995)).json() as { redirect: string };
    expect((await t.call(account.deleteAccount, { warned: true }, m.token)).statusCode).toBe(200);
    const [p] = await t.db.select().from(purchases).where(eq(purchases.userId, m.id));
    expect(p?.status).toBe('abandoned');
    expect((await t.app.inject({ method: 'POST', url: `${redirect}/pay` })).statusCode).toBe(404);
    expect((await expiries(m.id)).premium).toBeNull();
  });

  it('a managed member’s subscription from support is not theirs to cancel', async () => {
    const m = await buildMember(t.db, t.clock, { membership: 'managed' });
    const res = await t.call(membership.cancelSubscription, {}, m.token);
    expect(res.statusCode).toBe(409);
    const [sub] = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, m.id));
    expect(sub?.status).toBe('active');
  });

  it('a forged signature changes nothing', async () => {
    const m = await buildMember(t.db, t.clock);
    const { redirect } = (await charge(m.token, 'premium', 1, 995)).json() as { redirect: string };
    const [p] = await t.db.select().from(purchases).where(eq(purchases.userId, m.id));
    const body = JSON.stringify({
      id: 'evt_forged',
      created: Math.floor(t.clock.now().getTime() / 1000),
      data: {
        type: 'checkout.completed',
        purchaseId: p?.id,
        providerRef: redirect.split('/').pop(),
        amountPennies: 995,
      },
    });
    const forged = await sendTestEvent(body, {
      [TEST_SIGNATURE_HEADER]: `t=${Math.floor(t.clock.now().getTime() / 1000)},v1=${'0'.repeat(64)}`,
    });
    expect(forged.statusCode).toBe(400);
    const unsigned = await sendTestEvent(body, {});
    expect(unsigned.statusCode).toBe(400);
    expect((await expiries(m.id)).premium).toBeNull();
  });
});

describe('Stripe webhooks (D10.1), signed in the test', () => {
  const stripe = new Stripe('sk_test_offline');
  const send = (event: object, secret = STRIPE_SECRET) => {
    const payload = JSON.stringify(event);
    // Signed now by the server's clock: the SDK refuses a signature older than 5 minutes.
    const timestamp = Math.floor(t.clock.now().getTime() / 1000);
    const header = stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });
    return t.app.inject({
      method: 'POST',
      url: '/v4/webhooks/stripe',
      payload,
      headers: { 'stripe-signature': header, 'content-type': 'application/json' },
    });
  };
  const sessionCompleted = (id: string, purchaseId: number, amount: number) => ({
    id,
    object: 'event',
    type: 'checkout.session.completed',
    created: Math.floor(t.clock.now().getTime() / 1000),
    data: {
      object: {
        id: `cs_${id}`,
        object: 'checkout.session',
        mode: 'payment',
        payment_status: 'paid',
        amount_total: amount,
        currency: 'usd',
        payment_intent: `pi_${id}`,
        metadata: { purchaseId: String(purchaseId) },
      },
    },
  });

  async function pendingPurchase(userId: number, level: 'premium' | 'pro', months: number, amount: number) {
    const [row] = await t.db
      .insert(purchases)
      .values({
        userId,
        provider: 'stripe',
        kind: 'membership',
        level,
        months,
        amountPennies: amount,
        status: 'pending',
        providerRef: `cs_pending_${userId}_${months}`,
        createdAt: t.clock.now(),
      })
      .returning({ id: purchases.id });
    return (row as { id: number }).id;
  }

  it('grants a paid checkout once; a replay and a forged event change nothing', async () => {
    const m = await buildMember(t.db, t.clock);
    const purchaseId = await pendingPurchase(m.id, 'premium', 3, 2685);
    const forged = await send(sessionCompleted('evt_forged_1', purchaseId, 2685), 'whsec_someone_else');
    expect(forged.statusCode).toBe(400);
    expect((await expiries(m.id)).premium).toBeNull();

    const first = await send(sessionCompleted('evt_paid_1', purchaseId, 2685));
    expect(first.json()).toMatchObject({ outcome: 'granted' });
    const replay = await send(sessionCompleted('evt_paid_1', purchaseId, 2685));
    expect(replay.json()).toMatchObject({ outcome: 'duplicate' });
    expect((await expiries(m.id)).premium?.toISOString()).toBe('2026-06-10T18:00:00.000Z');
  });

  it('does not grant an amount that differs from the price', async () => {
    const m = await buildMember(t.db, t.clock);
    const purchaseId = await pendingPurchase(m.id, 'pro', 12, 11940);
    expect((await send(sessionCompleted('evt_short', purchaseId, 100))).json().outcome).toMatch(/^ignored/);
    expect((await expiries(m.id)).pro).toBeNull();
  });

  it('a refund takes back the time the purchase added (D2.3)', async () => {
    const m = await buildMember(t.db, t.clock);
    const purchaseId = await pendingPurchase(m.id, 'premium', 1, 995);
    await send(sessionCompleted('evt_refund_paid', purchaseId, 995));
    expect((await expiries(m.id)).premium?.toISOString()).toBe('2026-04-10T18:00:00.000Z');
    const refunded = await send({
      id: 'evt_refund',
      object: 'event',
      type: 'charge.refunded',
      created: Math.floor(t.clock.now().getTime() / 1000),
      data: { object: { id: 'ch_1', object: 'charge', payment_intent: 'pi_evt_refund_paid', metadata: {} } },
    });
    expect(refunded.json()).toMatchObject({ outcome: 'refunded' });
    expect((await expiries(m.id)).premium?.toISOString()).toBe(t.clock.now().toISOString());
  });

  it('out of order: a subscription deleted before its first invoice stays ended, and the paid period still counts', async () => {
    const m = await buildMember(t.db, t.clock);
    const metadata = { userId: String(m.id), level: 'premium', months: '1', purchaseId: '' };
    const deleted = await send({
      id: 'evt_sub_deleted',
      object: 'event',
      type: 'customer.subscription.deleted',
      created: 1_800_000_100,
      data: {
        object: {
          id: 'sub_ooo',
          object: 'subscription',
          status: 'canceled',
          cancel_at_period_end: false,
          metadata,
        },
      },
    });
    expect(deleted.json()).toMatchObject({ outcome: 'ended' });
    const paid = await send({
      id: 'evt_sub_paid',
      object: 'event',
      type: 'invoice.paid',
      created: 1_800_000_000,
      data: {
        object: {
          id: 'in_1',
          object: 'invoice',
          amount_paid: 895,
          currency: 'usd',
          parent: { subscription_details: { subscription: 'sub_ooo', metadata } },
          lines: {
            data: [{ period: { start: 0, end: Math.floor((t.clock.now().getTime() + 30 * DAY_MS) / 1000) } }],
          },
        },
      },
    });
    expect(paid.json()).toMatchObject({ outcome: 'renewed' });
    const [sub] = await t.db.select().from(subscriptions).where(eq(subscriptions.providerRef, 'sub_ooo'));
    expect(sub?.status).toBe('ended');
    expect((await expiries(m.id)).premium?.getTime()).toBeGreaterThan(t.clock.now().getTime() + 29 * DAY_MS);
    expect((await t.call(membership.fetchMembershipPrices, {}, m.token)).body.status).toBe('success');
  });
});

describe('PayPal webhooks (D10.1), signed in the test', () => {
  const send = (event: object, key?: string) => {
    const raw = Buffer.from(JSON.stringify(event));
    return t.app.inject({
      method: 'POST',
      url: '/v4/webhooks/paypal',
      payload: raw,
      headers: signPayPal(raw, { webhookId: PAYPAL_WEBHOOK_ID, at: t.clock.now(), key }),
    });
  };

  it('grants a completed capture once; another key’s signature is refused', async () => {
    const m = await buildMember(t.db, t.clock);
    const [row] = await t.db
      .insert(purchases)
      .values({
        userId: m.id,
        provider: 'paypal',
        kind: 'membership',
        level: 'pro',
        months: 1,
        amountPennies: 1695,
        status: 'pending',
        providerRef: `ORDER-${m.id}`,
        createdAt: t.clock.now(),
      })
      .returning({ id: purchases.id });
    const event = {
      id: `WH-${m.id}`,
      event_type: 'PAYMENT.CAPTURE.COMPLETED',
      create_time: t.clock.now().toISOString(),
      resource: {
        id: `CAP-${m.id}`,
        custom_id: `${row?.id}:${m.id}:pro:1`,
        amount: { currency_code: 'USD', value: '16.95' },
      },
    };
    expect((await send(event, TEST_CERTS['CERT-STRANGER'].key)).statusCode).toBe(400);
    expect((await expiries(m.id)).pro).toBeNull();
    expect((await send(event)).json()).toMatchObject({ outcome: 'granted' });
    expect((await send(event)).json()).toMatchObject({ outcome: 'duplicate' });
    expect((await expiries(m.id)).pro?.toISOString()).toBe('2026-04-10T18:00:00.000Z');
  });
});

describe('membership/tradePremiumForPro (spec 1 §5, D10.3)', () => {
  it('2 premium days make 1 pro day', async () => {
    const m = await buildMember(t.db, t.clock);
    const now = t.clock.now().getTime();
    await t.db
      .update(users)
      .set({ premiumExpires: new Date(now + 20 * DAY_MS + 3600_000) })
      .where(eq(users.id, m.id));
    const { body } = await t.call(membership.tradePremiumForPro, { premium: 10 }, m.token);
    expect(body).toMatchObject({
      status: 'success',
      message: 'Success! You traded 10 Premium days for 5 Pro days.',
    });
    expect(body.user).toMatchObject({ membership: 'pro', tradeablePremium: 10 });
    const after = await expiries(m.id);
    expect(after.pro?.getTime()).toBe(now + 5 * DAY_MS);
    expect(after.premium?.getTime()).toBe(now + 10 * DAY_MS + 3600_000);
  });

  it('refuses more days than the member has, odd days and too many', async () => {
    const m = await buildMember(t.db, t.clock);
    await t.db
      .update(users)
      .set({ premiumExpires: new Date(t.clock.now().getTime() + 4.5 * DAY_MS) })
      .where(eq(users.id, m.id));
    const tooMany = await t.call(membership.tradePremiumForPro, { premium: 6 }, m.token);
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.body.message).toBe('You have 4 whole premium days to trade.');
    expect((await t.call(membership.tradePremiumForPro, { premium: 3 }, m.token)).statusCode).toBe(400);
    expect((await t.call(membership.tradePremiumForPro, { premium: 32 }, m.token)).statusCode).toBe(400);
    expect((await expiries(m.id)).pro).toBeNull();
  });
});

describe('membership/proTrial and dismissProOffer (spec 2 §7)', () => {
  it('gives 7 days of pro once', async () => {
    const m = await buildMember(t.db, t.clock);
    const first = await t.call(membership.proTrial, {}, m.token);
    expect(first.body).toMatchObject({ status: 'success', user: { membership: 'pro', isProEligible: 'no' } });
    expect((await expiries(m.id)).pro?.getTime()).toBe(t.clock.now().getTime() + 7 * DAY_MS);
    const again = await t.call(membership.proTrial, {}, m.token);
    expect(again.statusCode).toBe(409);
    expect(again.body.status).toBe('not_eligible');
  });

  it('dismissing the offer ends the eligibility', async () => {
    const m = await buildMember(t.db, t.clock);
    expect((await t.call(membership.dismissProOffer, {}, m.token)).body.user.isProEligible).toBe('no');
    expect((await t.call(membership.proTrial, {}, m.token)).statusCode).toBe(409);
  });
});

describe('membership/fetchMembershipSummary (spec 3 §3)', () => {
  it('marks the member’s own level', async () => {
    const m = await buildMember(t.db, t.clock, { membership: 'premium' });
    const { body } = await t.call(membership.fetchMembershipSummary, {}, m.token);
    expect(body.options.map((o) => o.title)).toEqual(['Free', 'Premium', 'Pro']);
    expect(body.options[1]?.icon).toBe('check');
    // Each option carries its level's abilities; its text is made from them (docs/domain.md MEM1).
    expect(body.options[0]).toMatchObject({
      level: 'free',
      abilities: { dailyActions: 20, listingsPerType: 1, photos: 2, startConversations: false },
      description: '20 Daily Actions, one listing of each type and 2 profile photos.',
    });
    expect(body.options[2]).toMatchObject({ level: 'pro', abilities: { proTools: true, askProViews: true } });
  });
});
