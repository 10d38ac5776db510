import { describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import Stripe from 'stripe';
import { useTestApp } from '../../../test/test-app.js';
import { buildMember } from '../../../test/factories.js';
import { ControllableClock } from '../../platform/clock.js';
import { outboxMails } from '../../platform/mail.tables.js';
import { DAY_MS } from '../../platform/time.js';
import { users } from '../members/members.tables.js';
import { subscriptions } from '../membership/membership.tables.js';
import { purchases } from './payments.tables.js';
import { customId, PayPalProvider } from './providers/paypal.js';
import { PayPalCertStore } from './providers/paypal-certs.js';
import {
  certUrl,
  liveProviders,
  realEvent,
  realFile,
  signPayPal,
  TEST_ROOT,
  testPayPalCerts,
  type TestCertName,
} from './webhook-test-support.js';

/**
 * Events as Stripe and PayPal deliver them (fixtures/real, sources in SOURCES.md), through the same
 * webhook path as production: signature first, then the event applied once (D10.1). Where a test puts
 * Marquee's own ids or price into a delivery (what Marquee's own checkout would have made the provider
 * carry), it says so; everything else is as delivered.
 */

const STRIPE_SECRET = 'whsec_marquee_real_events';
const PAYPAL_WEBHOOK_ID = 'WH-MARQUEE-REAL-EVENTS';
const certs = testPayPalCerts();

const t = useTestApp({
  payments: liveProviders(STRIPE_SECRET, PAYPAL_WEBHOOK_ID, certs),
});

type Json = Record<string, unknown>;
const clone = <T>(value: T): T => structuredClone(value);
const stripe = new Stripe('sk_test_offline');

async function sendStripe(event: Json, opts: { secret?: string; signedAt?: Date } = {}) {
  const payload = JSON.stringify(event);
  const timestamp = Math.floor((opts.signedAt ?? t.clock.now()).getTime() / 1000);
  const header = stripe.webhooks.generateTestHeaderString({
    payload,
    secret: opts.secret ?? STRIPE_SECRET,
    timestamp,
  });
  const res = await t.app.inject({
    method: 'POST',
    url: '/v4/webhooks/stripe',
    payload,
    headers: { 'stripe-signature': header, 'content-type': 'application/json' },
  });
  return { http: res.statusCode, ...(res.json() as { outcome?: string; message?: string }) };
}

async function sendPayPal(event: Json, opts: { cert?: TestCertName; url?: string; algo?: string } = {}) {
  const raw = Buffer.from(JSON.stringify(event));
  const headers = signPayPal(raw, { webhookId: PAYPAL_WEBHOOK_ID, at: t.clock.now(), ...opts });
  if (opts.algo) headers['paypal-auth-algo'] = opts.algo;
  const res = await t.app.inject({ method: 'POST', url: '/v4/webhooks/paypal', payload: raw, headers });
  return { http: res.statusCode, ...(res.json() as { outcome?: string; message?: string }) };
}

async function levels(id: number) {
  const [row] = await t.db
    .select({ premium: users.premiumExpires, pro: users.proExpires })
    .from(users)
    .where(eq(users.id, id));
  return { premium: row?.premium?.toISOString() ?? null, pro: row?.pro?.toISOString() ?? null };
}

async function purchase(values: Omit<typeof purchases.$inferInsert, 'createdAt'>) {
  const [row] = await t.db
    .insert(purchases)
    .values({ ...values, createdAt: t.clock.now() })
    .returning();
  return row as typeof purchases.$inferSelect;
}

const purchaseRow = async (id: number) =>
  (await t.db.select().from(purchases).where(eq(purchases.id, id)))[0] as typeof purchases.$inferSelect;

const receiptsOf = async (email: string) =>
  (
    await t.db
      .select({ subject: outboxMails.subject, text: outboxMails.text })
      .from(outboxMails)
      .where(and(eq(outboxMails.to, email), like(outboxMails.subject, 'Your Marquee receipt%')))
  ).map((r) => ({ subject: r.subject, amount: /Amount: (\S+)/.exec(r.text)?.[1] }));

const NOW = () => t.clock.now().toISOString();
const IN_A_MONTH = '2026-04-10T18:00:00.000Z';

describe('Stripe events as Stripe delivers them (signed in the test with the official SDK)', () => {
  const checkout2020 = realEvent('stripe/checkout.session.completed.2020-03-02.json');
  const session2020 = (checkout2020.data as { object: { id: string } }).object;

  it('a Checkout payment (API 2020-03-02) finds its purchase by the session, and grants only dollars', async () => {
    const m = await buildMember(t.db, t.clock);
    // The purchase as Marquee's card checkout recorded it: the session it started, and what it costs.
    const p = await purchase({
      userId: m.id,
      provider: 'stripe',
      kind: 'membership',
      level: 'premium',
      months: 1,
      amountPennies: 999,
      status: 'pending',
      providerRef: session2020.id,
    });
    // As delivered: paid in euros, with none of Marquee's metadata.
    expect(await sendStripe(checkout2020)).toMatchObject({
      http: 200,
      outcome: 'ignored: paid in EUR, not USD',
    });
    expect((await levels(m.id)).premium).toBeNull();

    // The same payment in dollars (Marquee's checkouts are in dollars): found by its session alone.
    const dollars = clone(checkout2020) as { id: string; data: { object: Json } };
    dollars.id = `${dollars.id}_usd`;
    dollars.data.object.currency = 'usd';
    expect(await sendStripe(dollars)).toMatchObject({ outcome: 'granted' });
    expect(await sendStripe(dollars)).toMatchObject({ outcome: 'duplicate' });
    expect((await levels(m.id)).premium).toBe(IN_A_MONTH);
    expect(await purchaseRow(p.id)).toMatchObject({
      status: 'paid',
      providerRef: 'pi_1IqxJOJDPojXS6LN9uOebAea',
    });
  });

  it('a refund (API 2020-03-02) finds the paid purchase by its payment intent and takes back its time', async () => {
    const m = await buildMember(t.db, t.clock);
    const until = new Date(t.clock.now().getTime() + 30 * DAY_MS);
    await purchase({
      userId: m.id,
      provider: 'stripe',
      kind: 'membership',
      level: 'pro',
      months: 1,
      amountPennies: 2500,
      status: 'paid',
      providerRef: 'pi_3Kl36gJDPojXS6LN02fQVtKR',
      grantedFrom: t.clock.now(),
      grantedUntil: until,
      paidAt: t.clock.now(),
    });
    await t.db.update(users).set({ proExpires: until }).where(eq(users.id, m.id));
    expect(await sendStripe(realEvent('stripe/charge.refunded.2020-03-02.json'))).toMatchObject({
      outcome: 'refunded',
    });
    expect((await levels(m.id)).pro).toBe(NOW());
  });

  it('a subscription’s Checkout (API 2025-07-30.basil) is left to the invoice that pays it', async () => {
    expect(
      await sendStripe(realEvent('stripe/checkout.session.completed.2025-07-30.basil.json')),
    ).toMatchObject({
      outcome: 'ignored: checkout.session.completed is not used',
    });
  });

  it('a paid invoice (API 2025-07-30.basil) names its subscription and member in parent.subscription_details', async () => {
    const invoice = realEvent<{ id: string; data: { object: { parent: { subscription_details: Json } } } }>(
      'stripe/invoice.paid.2025-07-30.basil.json',
    );
    // As delivered: the subscription is not Marquee's and names no member of it.
    expect(await sendStripe(invoice)).toMatchObject({ outcome: 'ignored: unknown subscription' });

    const m = await buildMember(t.db, t.clock);
    const p = await purchase({
      userId: m.id,
      provider: 'stripe',
      kind: 'subscription',
      level: 'pro',
      months: 12,
      amountPennies: 9500,
      status: 'pending',
      providerRef: 'cs_test_subscription',
    });
    // Marquee's checkout gives the subscription this metadata; Stripe copies it onto every invoice.
    const ours = clone(invoice);
    ours.id = `${invoice.id}_marquee`;
    ours.data.object.parent.subscription_details.metadata = {
      purchaseId: String(p.id),
      userId: String(m.id),
      level: 'pro',
      months: '12',
    };
    expect(await sendStripe(ours)).toMatchObject({ outcome: 'granted' });
    const [sub] = await t.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.providerRef, 'sub_1RxHxrGaouLfVOpUpfTWqbjM'));
    expect(sub).toMatchObject({ userId: m.id, level: 'pro', status: 'active', amountPennies: 19200 });
    // The line's period ends 2026-08-18; the first year runs from now, the later of the two.
    expect(sub?.currentPeriodEnd.toISOString()).toBe('2026-08-18T01:33:58.000Z');
    expect((await levels(m.id)).pro).toBe('2027-03-10T18:00:00.000Z');
    expect((await purchaseRow(p.id)).status).toBe('paid');
    expect(await receiptsOf(m.email)).toEqual([
      {
        subject: 'Your Marquee receipt: Pro subscription, 12 months (renews until you cancel)',
        amount: '$192.00',
      },
    ]);
  });

  it('refuses a delivery signed with another secret, or signed more than five minutes ago by the server’s clock', async () => {
    const event = realEvent('stripe/charge.refunded.2020-03-02.json');
    expect(await sendStripe(event, { secret: 'whsec_someone_else' })).toMatchObject({ http: 400 });
    const late = new Date(t.clock.now().getTime() - 10 * 60_000);
    expect(await sendStripe(event, { signedAt: late })).toMatchObject({ http: 400 });
  });
});

describe('PayPal events as PayPal delivers them (signed by a test authority standing in for PayPal’s)', () => {
  it('a capture is found by its order, refused in euros and granted in dollars; its refund finds it by the capture', async () => {
    const m = await buildMember(t.db, t.clock);
    // The purchase as Marquee's PayPal checkout recorded it: the order it created.
    const p = await purchase({
      userId: m.id,
      provider: 'paypal',
      kind: 'membership',
      level: 'pro',
      months: 1,
      amountPennies: 1695,
      status: 'pending',
      providerRef: '806440346Y391300T',
    });
    const capture = realEvent<{ id: string; resource: Json }>('paypal/PAYMENT.CAPTURE.COMPLETED.json');
    expect(await sendPayPal(capture)).toMatchObject({
      http: 200,
      outcome: 'ignored: paid in EUR, not USD',
    });

    const dollars = clone(capture);
    dollars.id = `${capture.id}-USD`;
    dollars.resource.amount = { value: '16.95', currency_code: 'USD' };
    expect(await sendPayPal(dollars)).toMatchObject({ outcome: 'granted' });
    expect(await sendPayPal(dollars)).toMatchObject({ outcome: 'duplicate' });
    expect(await purchaseRow(p.id)).toMatchObject({ status: 'paid', providerRef: '22A4162004478570J' });
    expect((await levels(m.id)).pro).toBe(IN_A_MONTH);

    // As delivered: the refund's custom id is not Marquee's; its "up" link names the capture.
    expect(await sendPayPal(realEvent('paypal/PAYMENT.CAPTURE.REFUNDED.json'))).toMatchObject({
      outcome: 'refunded',
    });
    expect((await levels(m.id)).pro).toBe(NOW());
  });

  it('a subscription: activated, its first sale paying the period granted, the next sale renewing it, cancelled', async () => {
    const m = await buildMember(t.db, t.clock);
    const p = await purchase({
      userId: m.id,
      provider: 'paypal',
      kind: 'subscription',
      level: 'premium',
      months: 1,
      amountPennies: 895,
      status: 'pending',
      providerRef: 'I-1E2LTB0J1YGW',
    });
    // Marquee's subscriptions carry its custom id; the delivered one had none.
    const activated = realEvent<{ resource: Json }>('paypal/BILLING.SUBSCRIPTION.ACTIVATED.json');
    activated.resource.custom_id = customId({ purchaseId: p.id, userId: m.id, level: 'premium', months: 1 });
    expect(await sendPayPal(activated)).toMatchObject({ outcome: 'granted' });
    expect((await levels(m.id)).premium).toBe(IN_A_MONTH);
    expect((await purchaseRow(p.id)).status).toBe('paid');

    // The sale names its subscription (here Marquee's) and a custom id that is not Marquee's: the
    // subscription says whose it is. Made before the period's end, it pays the period already granted.
    const sale = realEvent<{ id: string; create_time: string; resource: Json }>(
      'paypal/PAYMENT.SALE.COMPLETED.json',
    );
    sale.resource.billing_agreement_id = 'I-1E2LTB0J1YGW';
    expect(await sendPayPal(sale)).toMatchObject({ outcome: 'renewed' });
    expect((await levels(m.id)).premium).toBe(IN_A_MONTH);

    // A month later the next sale renews it: the period runs on from the one paid (24 July to 24 August).
    const next = clone(sale);
    next.id = `${sale.id}-NEXT`;
    next.create_time = '2022-07-24T10:05:12.000Z';
    next.resource.id = '6GR1339578830245I';
    expect(await sendPayPal(next)).toMatchObject({ outcome: 'renewed' });
    expect((await levels(m.id)).premium).toBe('2026-05-11T18:00:00.000Z');
    expect(await receiptsOf(m.email)).toEqual([
      {
        subject: 'Your Marquee receipt: Premium subscription, 1 month (renews until you cancel)',
        amount: '$5.00',
      },
      { subject: 'Your Marquee receipt: Premium subscription renewal, 1 month', amount: '$5.00' },
    ]);

    // As delivered: the cancellation names the subscription only.
    expect(await sendPayPal(realEvent('paypal/BILLING.SUBSCRIPTION.CANCELLED.json'))).toMatchObject({
      outcome: 'cancelled',
    });
    const [sub] = await t.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.providerRef, 'I-1E2LTB0J1YGW'));
    expect(sub?.status).toBe('cancelled');
    expect((await levels(m.id)).premium).toBe('2026-05-11T18:00:00.000Z');
  });

  it('trusts a certificate only from PayPal’s hosts, issued to its name, in its dates and chaining to a trusted root', async () => {
    const event = realEvent('paypal/PAYMENT.CAPTURE.COMPLETED.json');
    const refused = async (opts: Parameters<typeof sendPayPal>[1], message: RegExp) => {
      const answer = await sendPayPal(event, opts);
      expect(answer.http, JSON.stringify(answer)).toBe(400);
      expect(answer.message).toMatch(message);
    };
    const before = certs.fetched.length;
    await refused(
      { url: 'https://certs.example.com/v1/notifications/certs/CERT-GOOD' },
      /not on a PayPal host/,
    );
    await refused({ url: certUrl('CERT-GOOD', 'api-m.paypal.com') }, /not on a PayPal host/);
    await refused({ url: 'https://api-m.sandbox.paypal.com/v1/oauth2/token' }, /not on a PayPal host/);
    expect(certs.fetched.length, 'nothing is fetched from elsewhere').toBe(before);
    await refused({ cert: 'CERT-WRONG-NAME' }, /not messageverificationcerts\.sandbox\.paypal\.com/);
    await refused({ cert: 'CERT-EXPIRED' }, /out of its dates/);
    await refused({ cert: 'CERT-STRANGER' }, /does not chain to a trusted root/);
    await refused({ cert: 'CERT-ALONE' }, /does not chain to a trusted root/);
    await refused({ algo: 'SHA1withRSA' }, /SHA256withRSA/);
  });
});

describe('PayPal’s certificate is fetched once and kept', () => {
  const fetching = () => {
    const clock = new ControllableClock();
    clock.freeze();
    clock.set(new Date('2026-03-10T18:00:00Z'));
    const source = testPayPalCerts();
    return { clock, source, store: new PayPalCertStore({ sandbox: true, clock, ...source }) };
  };

  it('by its address, a day at most, however many events ask at once', async () => {
    const { clock, source, store } = fetching();
    await Promise.all([1, 2, 3].map(() => store.publicKey(certUrl('CERT-GOOD'))));
    await store.publicKey(certUrl('CERT-GOOD'));
    expect(source.fetched).toHaveLength(1);
    clock.advance(23 * 3_600_000);
    await store.publicKey(certUrl('CERT-GOOD'));
    expect(source.fetched).toHaveLength(1);
    clock.advance(2 * 3_600_000);
    await store.publicKey(certUrl('CERT-GOOD'));
    expect(source.fetched).toHaveLength(2);
  });

  it('keeps nothing it refused', async () => {
    const { source, store } = fetching();
    await expect(store.publicKey(certUrl('CERT-EXPIRED'))).rejects.toThrow(/out of its dates/);
    await expect(store.publicKey(certUrl('CERT-EXPIRED'))).rejects.toThrow(/out of its dates/);
    expect(source.fetched).toHaveLength(2);
  });
});

describe('a real PayPal delivery with its real signature and certificate (sandbox, 29 August 2019)', () => {
  const dir = 'paypal/signed-2019-08-29';
  const delivery = realEvent<{ webhookId: string; headers: Record<string, string> }>(`${dir}/delivery.json`);
  const body = realFile(`${dir}/body`);
  // What PayPal's certificate address served: its certificate and the DigiCert intermediate that issued it.
  const served =
    realFile(`${dir}/messageverificationcerts.sandbox.paypal.com.pem`).toString() +
    realFile(`${dir}/digicert-sha2-extended-validation-server-ca.pem`).toString();
  const digicertRoot = realFile(`${dir}/digicert-high-assurance-ev-root-ca.pem`).toString();

  const intermediate = realFile(`${dir}/digicert-sha2-extended-validation-server-ca.pem`);
  const leafOnly = realFile(`${dir}/messageverificationcerts.sandbox.paypal.com.pem`).toString();

  const provider = (
    at: string,
    opts: { webhookId?: string; serves?: string; issuer?: (url: string) => Promise<Buffer> } = {},
  ) => {
    const clock = new ControllableClock();
    clock.freeze();
    clock.set(new Date(at));
    const fetched: string[] = [];
    const paypal = new PayPalProvider(
      {
        clientId: 'id',
        secret: 'secret',
        webhookId: opts.webhookId ?? delivery.webhookId,
        apiBase: 'https://api-m.sandbox.paypal.com',
        plans: {},
      },
      new PayPalCertStore({
        sandbox: true,
        clock,
        trustedRoots: [digicertRoot],
        fetch: async (url) => {
          fetched.push(url);
          return opts.serves ?? served;
        },
        fetchIssuer: async (url) => {
          fetched.push(url);
          if (!opts.issuer) throw new Error('no issuer is fetched in this test');
          return opts.issuer(url);
        },
      }),
    );
    return { paypal, fetched };
  };
  const sentAt = delivery.headers['paypal-transmission-time'] as string;

  it('verifies at its transmission time: the chain to DigiCert’s root, the name, the dates and the signature', async () => {
    const { paypal, fetched } = provider(sentAt);
    await expect(paypal.verifyWebhook(delivery.headers, body)).resolves.toMatchObject({
      provider: 'paypal',
      eventId: 'WH-7MU294299R542214K-4N1831857K851783H',
      type: 'PAYMENTS.PAYMENT.CREATED',
      effect: 'ignored',
    });
    expect(fetched).toEqual([delivery.headers['paypal-cert-url']]);
  });

  it('is refused today (its certificate ended in 2021), for another webhook, or with a byte changed', async () => {
    await expect(
      provider('2026-03-10T18:00:00Z').paypal.verifyWebhook(delivery.headers, body),
    ).rejects.toThrow(/out of its dates/);
    const at = sentAt;
    await expect(
      provider(at, { webhookId: 'WH-SOMEONE-ELSE' }).paypal.verifyWebhook(delivery.headers, body),
    ).rejects.toThrow(/does not verify/);
    const changed = Buffer.from(body.toString().replace('"30.11"', '"31.11"'));
    await expect(provider(at).paypal.verifyWebhook(delivery.headers, changed)).rejects.toThrow(
      /does not verify/,
    );
  });

  it('served alone, its certificate is completed by the issuer DigiCert publishes where it says', async () => {
    const { paypal, fetched } = provider(sentAt, { serves: leafOnly, issuer: async () => intermediate });
    await expect(paypal.verifyWebhook(delivery.headers, body)).resolves.toMatchObject({
      type: 'PAYMENTS.PAYMENT.CREATED',
    });
    expect(fetched).toEqual([
      delivery.headers['paypal-cert-url'],
      'http://cacerts.digicert.com/DigiCertSHA2ExtendedValidationServerCA.crt',
    ]);
    // An "issuer" that did not sign it links nothing.
    const wrong = provider(sentAt, { serves: leafOnly, issuer: async () => Buffer.from(TEST_ROOT) });
    await expect(wrong.paypal.verifyWebhook(delivery.headers, body)).rejects.toThrow(
      /does not chain to a trusted root/,
    );
  });

  it('is refused when the trusted roots do not hold DigiCert’s', async () => {
    const clock = new ControllableClock();
    clock.freeze();
    clock.set(new Date(delivery.headers['paypal-transmission-time'] as string));
    const store = new PayPalCertStore({
      sandbox: true,
      clock,
      trustedRoots: [TEST_ROOT],
      fetch: async () => served,
    });
    await expect(store.publicKey(delivery.headers['paypal-cert-url'] as string)).rejects.toThrow(
      /does not chain to a trusted root/,
    );
  });
});
