import { afterEach, describe, expect, it, vi } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { managed } from '@marquee/contract';
import { TEST_START, useTestApp } from '../../../test/test-app.js';
import { buildMember } from '../../../test/factories.js';
import { json, stubFetch } from '../../integrations/fetch-stub.js';
import { outboxMails } from '../../platform/mail.tables.js';
import { createPaymentProviders } from '../payments/payments.providers.js';
import { customId, parseCustomId, planKey } from '../payments/providers/paypal.js';
import { ownerFromMetadata } from '../payments/providers/stripe.js';
import { realEvent, signPayPal, testPayPalCerts } from '../payments/webhook-test-support.js';
import { createManagedPurchase } from './subscription.repo.js';
import { SUBSCRIBE_REFUSALS } from './subscription.service.js';
import {
  invitationRow,
  subscriptionOf,
  invite,
  latestPurchase,
  managedSubscriptionsOf,
  waitlistRow,
} from './subscription.test-support.js';

/**
 * Managed Rank paid live (MR4, D10.1): the PayPal subscription of the invited tier, its events as
 * PayPal delivers them (fixtures/real), and Stripe's paid invoice naming a managed checkout. Where a
 * test puts Marquee's ids into a delivery, it is what Marquee's checkout makes the provider carry.
 */
const STRIPE_SECRET = 'whsec_marquee_managed';
const PAYPAL_WEBHOOK_ID = 'WH-MARQUEE-MANAGED';

const t = useTestApp({
  payments: (config, clock) =>
    createPaymentProviders(
      {
        ...config.payments,
        mode: 'live',
        stripe: { secretKey: 'sk_test_offline', webhookSecret: STRIPE_SECRET },
        paypal: {
          clientId: 'id',
          secret: 'secret',
          webhookId: PAYPAL_WEBHOOK_ID,
          apiBase: 'https://api-m.sandbox.paypal.com',
          plans: { 'premium:1': 'P-PREMIUM-1', 'managed-2:1': 'P-MANAGED-TOP100K' },
        },
      },
      clock,
      testPayPalCerts(),
    ),
});

afterEach(() => {
  vi.unstubAllGlobals();
  t.clock.set(TEST_START);
});

type Json = Record<string, unknown>;
const unique = () => Math.random().toString(36).slice(2, 10).toUpperCase();
const stripe = new Stripe('sk_test_offline');

async function sendPayPal(event: Json) {
  const raw = Buffer.from(JSON.stringify(event));
  const headers = signPayPal(raw, { webhookId: PAYPAL_WEBHOOK_ID, at: t.clock.now() });
  const res = await t.app.inject({ method: 'POST', url: '/v4/webhooks/paypal', payload: raw, headers });
  return res.json() as { outcome?: string };
}

async function sendStripe(event: Json) {
  const payload = JSON.stringify(event);
  const header = stripe.webhooks.generateTestHeaderString({
    payload,
    secret: STRIPE_SECRET,
    timestamp: Math.floor(t.clock.now().getTime() / 1000),
  });
  const res = await t.app.inject({
    method: 'POST',
    url: '/v4/webhooks/stripe',
    payload,
    headers: { 'stripe-signature': header, 'content-type': 'application/json' },
  });
  return res.json() as { outcome?: string };
}

const receiptSubjects = (email: string) =>
  t.db
    .select({ subject: outboxMails.subject })
    .from(outboxMails)
    .where(eq(outboxMails.to, email))
    .orderBy(asc(outboxMails.id))
    .then((rows) => rows.map((r) => r.subject).filter((s) => s.startsWith('Your Marquee receipt')));

describe('how a managed subscription is named to the providers (MR4)', () => {
  it('reads Managed Rank back from Stripe’s metadata and PayPal’s custom id; PayPal’s plan is the tier’s', () => {
    expect(ownerFromMetadata({ purchaseId: '12', userId: '1001', level: 'managed', months: '1' })).toEqual({
      purchaseId: 12,
      userId: 1001,
      level: 'managed',
      months: 1,
    });
    expect(ownerFromMetadata({ userId: '1001', level: 'gold', months: '1' })).toBeNull();
    const custom = customId({ purchaseId: 12, userId: 1001, level: 'managed', months: 1 });
    expect(custom).toBe('12:1001:managed:1');
    expect(parseCustomId(custom)).toEqual({ purchaseId: 12, userId: 1001, level: 'managed', months: 1 });
    expect(parseCustomId('12:1001:sponsored:0')).toBeNull();
    const request = { purchaseId: 1, userId: 1, email: '', amountPennies: 4900, description: '' };
    const urls = { successUrl: '', cancelUrl: '' };
    expect(planKey({ ...request, ...urls, kind: 'subscription', level: 'managed', months: 1, tier: 3 })).toBe(
      'managed-3:1',
    );
    expect(planKey({ ...request, ...urls, kind: 'subscription', level: 'pro', months: 12 })).toBe('pro:12');
  });
});

describe('Managed Rank through PayPal (MR4)', () => {
  it('subscribes to the tier’s plan; activated, paid, and cancelled as PayPal delivers it', async () => {
    const m = await buildMember(t.db, t.clock);
    const invitation = await invite(t, m, 2);
    expect((await t.call(managed.fetchManagedRankTerms, {}, m.token)).body.alternate).toBe('yes');
    const ref = `I-MANAGED${unique()}`;
    const calls = stubFetch([
      [/\/v1\/oauth2\/token$/, json({ access_token: 'A21AA-test' })],
      [
        /\/v1\/billing\/subscriptions$/,
        json({
          id: ref,
          links: [
            {
              rel: 'approve',
              href: `https://www.sandbox.paypal.com/webapps/billing/subscriptions?ba_token=${ref}`,
            },
          ],
        }),
      ],
    ]);
    const started = await t.call(
      managed.subscribeCheckout,
      { selection: 2, code: invitation.code, terms: 'yes', provider: 'paypal' },
      m.token,
    );
    expect(started.statusCode, started.response.body).toBe(200);
    expect(started.body.redirect).toContain(`ba_token=${ref}`);
    const purchase = await latestPurchase(t, m.id);
    expect(purchase).toMatchObject({
      provider: 'paypal',
      kind: 'managed',
      providerRef: ref,
      amountPennies: 3700,
    });
    const body = JSON.parse(calls.find((c) => c.url.endsWith('/v1/billing/subscriptions'))?.body ?? '{}') as {
      plan_id: string;
      custom_id: string;
      application_context: { return_url: string; cancel_url: string };
    };
    expect(body.plan_id).toBe('P-MANAGED-TOP100K');
    expect(body.custom_id).toBe(`${purchase.id}:${m.id}:managed:1`);
    expect(body.application_context.return_url).toBe(`${t.config.publicUrl}/v4/managed/subscribed`);
    expect(body.application_context.cancel_url).toBe(`${t.config.publicUrl}/v4/managed/subscribe`);

    // Activated: the subscription starts (a month from now at least), the code is used.
    const activated = realEvent<Json & { resource: Json }>('paypal/BILLING.SUBSCRIPTION.ACTIVATED.json');
    activated.id = `WH-ACT-${unique()}`;
    activated.resource.id = ref;
    activated.resource.custom_id = body.custom_id;
    expect(await sendPayPal(activated)).toMatchObject({ outcome: 'granted' });
    let [sub] = await managedSubscriptionsOf(t, m.id);
    expect(sub).toMatchObject({ provider: 'paypal', providerRef: ref, tier: 2, status: 'active' });
    expect(sub?.currentPeriodEnd.toISOString()).toBe('2026-04-10T18:00:00.000Z');
    expect((await invitationRow(t, invitation.id)).usedAt).not.toBeNull();
    expect(await waitlistRow(t, m.id)).toBeNull();

    // The sale brings the money: it pays the month granted, with the receipt.
    const sale = realEvent<Json & { resource: Json }>('paypal/PAYMENT.SALE.COMPLETED.json');
    sale.id = `WH-SALE-${unique()}`;
    sale.resource.billing_agreement_id = ref;
    sale.resource.amount = { total: '37.00', currency: 'USD' };
    expect(await sendPayPal(sale)).toMatchObject({ outcome: 'renewed' });
    [sub] = await managedSubscriptionsOf(t, m.id);
    expect(sub?.currentPeriodEnd.toISOString()).toBe('2026-04-10T18:00:00.000Z');
    expect(sub?.amountPennies).toBe(3700);
    expect(await receiptSubjects(m.email)).toEqual([
      'Your Marquee receipt: Managed Rank, Top 100K subscription, 1 month (renews monthly until you cancel)',
    ]);

    const cancelled = realEvent<Json & { resource: Json }>('paypal/BILLING.SUBSCRIPTION.CANCELLED.json');
    cancelled.id = `WH-CAN-${unique()}`;
    cancelled.resource.id = ref;
    expect(await sendPayPal(cancelled)).toMatchObject({ outcome: 'cancelled' });
    expect(await subscriptionOf(t, m.token)).toMatchObject({
      active: 'yes',
      extra: managed.SUBSCRIPTION_EXTRA.cancelled,
      tier: 'Top 100K',
    });
  });

  it('offers PayPal only for a tier with a plan; without one, says so and starts nothing', async () => {
    const m = await buildMember(t.db, t.clock);
    const invitation = await invite(t, m, 3);
    expect((await t.call(managed.fetchManagedRankTerms, {}, m.token)).body.alternate).toBe('no');
    stubFetch([[/\/v1\/oauth2\/token$/, json({ access_token: 'A21AA-test' })]]);
    const res = await t.call(
      managed.subscribeCheckout,
      { selection: 3, code: invitation.code, terms: 'yes', provider: 'paypal' },
      m.token,
    );
    expect(res.statusCode).toBe(503);
    expect(res.body.message).toBe(SUBSCRIBE_REFUSALS.unavailable);
    expect(await latestPurchase(t, m.id)).toBeUndefined();
    expect(await managedSubscriptionsOf(t, m.id)).toEqual([]);
    expect((await invitationRow(t, invitation.id)).usedAt).toBeNull();
  });
});

describe('Managed Rank through Stripe (MR4)', () => {
  it('a paid invoice whose subscription names the managed checkout grants it; another member’s or a used code’s does not', async () => {
    const m = await buildMember(t.db, t.clock);
    const invitation = await invite(t, m, 1);
    // The checkout as Stripe would have opened it (no network here): Marquee's pending purchase.
    const purchaseId = await createManagedPurchase(t.db, {
      userId: m.id,
      provider: 'stripe',
      amountPennies: 2400,
      invitationId: invitation.id,
      createdAt: t.clock.now(),
    });
    const subRef = `sub_managed_${unique()}`;
    const invoice = realEvent<Json & { data: { object: Json & { parent: { subscription_details: Json } } } }>(
      'stripe/invoice.paid.2025-07-30.basil.json',
    );
    const paid = structuredClone(invoice);
    paid.id = `evt_managed_${unique()}`;
    paid.data.object.amount_paid = 2400;
    paid.data.object.parent.subscription_details = {
      subscription: subRef,
      metadata: { purchaseId: String(purchaseId), userId: String(m.id), level: 'managed', months: '1' },
    };
    expect(await sendStripe(paid)).toMatchObject({ outcome: 'granted' });
    const [sub] = await managedSubscriptionsOf(t, m.id);
    expect(sub).toMatchObject({ provider: 'stripe', providerRef: subRef, tier: 1, amountPennies: 2400 });
    expect(await receiptSubjects(m.email)).toEqual([
      'Your Marquee receipt: Managed Rank, Top 200K subscription, 1 month (renews monthly until you cancel)',
    ]);

    // A second subscription started with the same invitation is refused (and Stripe asked to stop it).
    const secondId = await createManagedPurchase(t.db, {
      userId: m.id,
      provider: 'stripe',
      amountPennies: 2400,
      invitationId: invitation.id,
      createdAt: t.clock.now(),
    });
    const stopped: string[] = [];
    const stripeProvider = t.app.deps.payments.stripe as NonNullable<typeof t.app.deps.payments.stripe>;
    vi.spyOn(stripeProvider, 'stopRenewal').mockImplementation(async (r) => {
      stopped.push(r);
      return null;
    });
    const second = structuredClone(paid);
    second.id = `evt_managed_${unique()}`;
    second.data.object.parent.subscription_details = {
      subscription: `${subRef}_2`,
      metadata: { purchaseId: String(secondId), userId: String(m.id), level: 'managed', months: '1' },
    };
    expect(await sendStripe(second)).toMatchObject({ outcome: 'ignored: the invitation was already used' });
    expect(stopped).toEqual([`${subRef}_2`]);
    expect(await managedSubscriptionsOf(t, m.id)).toHaveLength(1);
    vi.restoreAllMocks();
  });
});
