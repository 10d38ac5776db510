import { describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { account, membership, sponsored } from '@marquee/contract';
import { useTestApp } from '../../../test/test-app.js';
import { buildListing, buildMember } from '../../../test/factories.js';
import { outboxMails } from '../../platform/mail.tables.js';
import { subscriptions } from '../membership/membership.tables.js';
import { purchases } from './payments.tables.js';
import { membershipWhat, receiptMail, sponsoredWhat } from './receipts.js';

/** docs/domain.md Payments: receipts. Every verified payment is receipted by mail, whatever the settings. */
const t = useTestApp();

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

const receiptsTo = (email: string) =>
  t.db
    .select()
    .from(outboxMails)
    .where(eq(outboxMails.to, email))
    .orderBy(asc(outboxMails.id))
    .then((rows) => rows.filter((r) => r.subject.startsWith('Your Marquee receipt')));

async function purchaseOf(redirect: string) {
  const ref = redirect.split('/').pop() as string;
  const [row] = await t.db.select().from(purchases).where(eq(purchases.providerRef, ref));
  return row as typeof purchases.$inferSelect;
}

async function sendTestEvent(signed: { body: string; headers: Record<string, string> }) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/v4/webhooks/test',
    payload: signed.body,
    headers: { ...signed.headers, 'content-type': 'application/json' },
  });
  return res.json() as { outcome?: string };
}

async function checkoutMembership(token: string, url: string, payload?: object) {
  const res = await t.app.inject({
    method: payload ? 'POST' : 'GET',
    url,
    headers: bearer(token),
    ...(payload ? { payload } : {}),
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { redirect: string }).redirect;
}

const pay = (redirect: string) => t.app.inject({ method: 'POST', url: `${redirect}/pay` });

describe('receipts (docs/domain.md Payments: receipts)', () => {
  it('mails one receipt for a membership paid once, even with every optional mail switched off', async () => {
    const m = await buildMember(t.db, t.clock);
    const off = await t.call(account.updateEmailSetting, { field: 'all', value: 'no' }, m.token);
    expect(off.statusCode).toBe(200);
    const redirect = await checkoutMembership(m.token, membership.CHECKOUT_PATHS.charge, {
      level: 'premium',
      months: 1,
      amountPennies: 995,
    });
    expect(await receiptsTo(m.email)).toEqual([]);
    expect((await pay(redirect)).statusCode).toBe(303);

    const purchase = await purchaseOf(redirect);
    const mails = await receiptsTo(m.email);
    expect(mails).toHaveLength(1);
    const mail = mails[0] as (typeof mails)[number];
    expect(mail.subject).toBe('Your Marquee receipt: Premium membership, 1 month (paid once)');
    expect(mail.text).toContain('What you bought: Premium membership, 1 month (paid once)');
    expect(mail.text).toContain('Amount: $9.95 (US dollars)');
    expect(mail.text).toContain('Paid with: the test checkout');
    expect(mail.text).toContain(`Order number: ${purchase.id}`);
    expect(mail.text).toContain(`Payment reference: ${purchase.providerRef as string}`);
    expect(mail.text).toMatch(/Date: [A-Z][a-z]+ \d{1,2}, \d{4}/);
    expect(mail.text).toMatch(/Your Premium membership now runs until [A-Z][a-z]+ \d{1,2}, \d{4}\./);

    // Paying the same checkout again, or a replay of its event, mails nothing more.
    await pay(redirect);
    expect(await receiptsTo(m.email)).toHaveLength(1);
  });

  it('mails nothing for a cancelled checkout or an amount that differs from the price', async () => {
    const m = await buildMember(t.db, t.clock);
    const redirect = await checkoutMembership(m.token, membership.CHECKOUT_PATHS.charge, {
      level: 'pro',
      months: 1,
      amountPennies: 1695,
    });
    await t.app.inject({ method: 'POST', url: `${redirect}/cancel` });
    const other = await checkoutMembership(m.token, membership.CHECKOUT_PATHS.charge, {
      level: 'pro',
      months: 1,
      amountPennies: 1695,
    });
    const purchase = await purchaseOf(other);
    const wrong = t.app.deps.payments.test.signEvent({
      type: 'checkout.completed',
      purchaseId: purchase.id,
      providerRef: purchase.providerRef as string,
      amountPennies: 1,
    });
    expect((await sendTestEvent(wrong)).outcome).toMatch(/^ignored/);
    expect(await receiptsTo(m.email)).toEqual([]);
  });

  it('mails a receipt for a subscription’s first period and for each renewal', async () => {
    const m = await buildMember(t.db, t.clock);
    const redirect = await checkoutMembership(
      m.token,
      `${membership.CHECKOUT_PATHS.subscribe}?level=pro&months=1`,
    );
    await pay(redirect);
    const [first] = await receiptsTo(m.email);
    expect(first?.subject).toBe('Your Marquee receipt: Pro subscription, 1 month (renews until you cancel)');
    expect(first?.text).toContain(`Order number: ${(await purchaseOf(redirect)).id}`);

    const [sub] = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, m.id));
    const renewal = t.app.deps.payments.test.signEvent({
      type: 'subscription.paid',
      subscriptionRef: sub?.providerRef as string,
      userId: m.id,
      level: 'pro',
      months: 1,
      purchaseId: null,
      paidThrough: new Date(t.clock.now().getTime() + 62 * 24 * 3600 * 1000).toISOString(),
      amountPennies: 1495,
    });
    expect((await sendTestEvent(renewal)).outcome).toBe('renewed');
    expect((await sendTestEvent(renewal)).outcome).toBe('duplicate');
    const mails = await receiptsTo(m.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]?.subject).toBe('Your Marquee receipt: Pro subscription renewal, 1 month');
    expect(mails[1]?.text).toContain('Amount: $14.95 (US dollars)');
    expect(mails[1]?.text).toContain(`Payment reference: ${sub?.providerRef as string}`);
  });

  it('mails a receipt naming the sponsored activity bought and its listing', async () => {
    const owner = await buildMember(t.db, t.clock);
    const listing = await buildListing(t.db, t.clock, owner.id, { name: 'Jane Doe' });
    const started = await t.app.inject({
      method: 'POST',
      url: sponsored.sponsorCheckout.path,
      headers: bearer(owner.token),
      payload: { id: listing.id, count: 250 },
    });
    expect(started.statusCode, started.body).toBe(200);
    const { redirect } = started.json() as { redirect: string };
    const check = () => t.call(sponsored.checkSponsoredPurchase, { listing_id: listing.id }, owner.token);
    expect((await check()).body.status).toBe('pending');
    await pay(redirect);
    // Back on the dashboard the member is told what was bought.
    expect((await check()).body).toEqual({
      status: 'paid',
      message:
        'Thank you! You bought 250 sponsored IMDb views for “Jane Doe”. They are on your listing now, and your receipt is on its way by email.',
    });
    const stranger = await buildMember(t.db, t.clock);
    expect(
      (await t.call(sponsored.checkSponsoredPurchase, { listing_id: listing.id }, stranger.token)).body
        .status,
    ).toBe('none');
    const [mail] = await receiptsTo(owner.email);
    expect(mail?.subject).toBe('Your Marquee receipt: 250 sponsored IMDb views for “Jane Doe”');
    expect(mail?.text).toContain('Amount: $12.00 (US dollars)');
    expect(mail?.text).not.toContain('membership now runs until');
  });

  it('is sent to every paying member at once, one receipt each (concurrent payments)', async () => {
    const members = await Promise.all([1, 2, 3, 4, 5].map(() => buildMember(t.db, t.clock)));
    const redirects = await Promise.all(
      members.map((m) =>
        checkoutMembership(m.token, membership.CHECKOUT_PATHS.charge, {
          level: 'premium',
          months: 1,
          amountPennies: 995,
        }),
      ),
    );
    // Each checkout paid twice at the same moment: one grant, one receipt.
    await Promise.all(redirects.flatMap((r) => [pay(r), pay(r)]));
    for (const m of members) expect(await receiptsTo(m.email)).toHaveLength(1);
  });
});

describe('the receipt’s words', () => {
  it('says what was bought in the member’s terms', () => {
    expect(membershipWhat('pro', 12, 'subscription')).toBe(
      'Pro subscription, 12 months (renews until you cancel)',
    );
    expect(membershipWhat('premium', 3, 'once')).toBe('Premium membership, 3 months (paid once)');
    expect(sponsoredWhat(1000, 'twitter-follow', 'Me')).toBe('1,000 sponsored Twitter follows for “Me”');
    const mail = receiptMail('Ann', {
      userId: 1000,
      amountPennies: 3500,
      what: 'x',
      paidAt: new Date('2026-03-10T18:00:00Z'),
      provider: 'paypal',
      orderId: '42',
      providerRef: '42',
    });
    expect(mail.text).toContain('Date: March 10, 2026');
    expect(mail.text).toContain('Paid with: PayPal');
    expect(mail.text).not.toContain('Payment reference');
  });
});
