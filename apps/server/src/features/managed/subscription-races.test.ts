import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestApp } from '../../../test/test-app.js';
import { buildMember } from '../../../test/factories.js';
import { outboxMails } from '../../platform/mail.tables.js';
import { paymentEvents, purchases } from '../payments/payments.tables.js';
import {
  invitationRow,
  invite,
  latestPurchase,
  managedSubscriptionsOf,
  startCheckout,
} from './subscription.test-support.js';

/**
 * Managed Rank's verified events arriving at the same moment (MR4, D10.1): on PostgreSQL
 * (TEST_DB=postgres) they run on the pool's connections at once, each waiting for the event's key
 * and the member's row lock; on PGlite one after another. Either way one subscription is granted,
 * the invitation is used once, and one receipt is mailed.
 */
const t = useTestApp({ ownDatabase: true });

const receiptsTo = async (email: string) =>
  (await t.db.select().from(outboxMails).where(eq(outboxMails.to, email))).filter((r) =>
    r.subject.startsWith('Your Marquee receipt'),
  );

const postEvent = (signed: { body: string; headers: Record<string, string> }) =>
  t.app.inject({
    method: 'POST',
    url: '/v4/webhooks/test',
    payload: signed.body,
    headers: { ...signed.headers, 'content-type': 'application/json' },
  });

describe('managed payments at once (MR4)', () => {
  it('grants one subscription when the same event is delivered many times at once', async () => {
    const m = await buildMember(t.db, t.clock);
    const invitation = await invite(t, m, 2);
    await startCheckout(t, m, invitation.code, 2);
    const purchase = await latestPurchase(t, m.id);
    const signed = t.app.deps.payments.test.signEvent(
      {
        type: 'subscription.paid',
        subscriptionRef: `test_sub_${purchase.id}`,
        userId: m.id,
        level: 'managed',
        months: 1,
        purchaseId: purchase.id,
        paidThrough: '2026-04-10T18:00:00.000Z',
        amountPennies: 3700,
      },
      `evt_burst_${purchase.id}`,
    );
    const answers = await Promise.all(Array.from({ length: 10 }, () => postEvent(signed)));
    const outcomes = answers.map((a) => (a.json() as { outcome: string }).outcome).sort();
    expect(outcomes).toEqual([...Array<string>(9).fill('duplicate'), 'granted']);
    expect(await managedSubscriptionsOf(t, m.id)).toHaveLength(1);
    expect((await invitationRow(t, invitation.id)).usedAt).not.toBeNull();
    expect(await receiptsTo(m.email)).toHaveLength(1);
    const events = await t.db.select().from(paymentEvents).where(eq(paymentEvents.userId, m.id));
    expect(events.map((e) => [e.outcome, e.amountPennies])).toEqual([['granted', 3700]]);
  });

  it('uses the invitation once when checkouts started with it are paid at the same moment', async () => {
    const m = await buildMember(t.db, t.clock);
    const invitation = await invite(t, m, 3);
    const pages = [];
    for (let i = 0; i < 4; i++) pages.push(await startCheckout(t, m, invitation.code, 3));
    const paid = await Promise.all(pages.map((url) => t.app.inject({ method: 'POST', url: `${url}/pay` })));
    expect(paid.map((p) => p.statusCode)).toEqual([303, 303, 303, 303]);
    const subs = await managedSubscriptionsOf(t, m.id);
    expect(subs).toHaveLength(1);
    expect(subs[0]).toMatchObject({ tier: 3, status: 'active' });
    const rows = await t.db.select().from(purchases).where(eq(purchases.userId, m.id));
    expect(rows.filter((p) => p.status === 'paid')).toHaveLength(1);
    expect(rows.filter((p) => p.status === 'pending')).toHaveLength(3);
    const outcomes = (await t.db.select().from(paymentEvents).where(eq(paymentEvents.userId, m.id)))
      .map((e) => e.outcome)
      .sort();
    expect(outcomes).toEqual([
      'granted',
      ...Array<string>(3).fill('ignored: the invitation was already used'),
    ]);
    expect(await receiptsTo(m.email)).toHaveLength(1);
  });
});
