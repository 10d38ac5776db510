import { desc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { membership, type PaidLevel } from '@marquee/contract';
import type { TestApp } from '../../../test/test-app.js';
import type { BuiltMember } from '../../../test/factories.js';
import { priceRow } from '../membership/prices.js';
import { purchases } from './payments.tables.js';
import type { TestEventData } from './providers/test.js';

/** Pays through the built-in test checkout, as a member's browser does (D10.2); answers the purchase. */
export async function payOnce(
  t: TestApp,
  m: BuiltMember,
  level: PaidLevel,
  months: number,
  kind: 'once' | 'subscription',
) {
  const started =
    kind === 'once'
      ? await t.app.inject({
          method: 'POST',
          url: membership.CHECKOUT_PATHS.charge,
          headers: { authorization: `Bearer ${m.token}` },
          payload: { level, months, amountPennies: priceRow(level, months)?.once },
        })
      : await t.app.inject({
          method: 'GET',
          url: `${membership.CHECKOUT_PATHS.subscribe}?level=${level}&months=${months}`,
          headers: { authorization: `Bearer ${m.token}` },
        });
  const { redirect } = started.json() as { redirect: string };
  const paid = await t.app.inject({ method: 'POST', url: `${redirect}/pay` });
  expect(paid.statusCode).toBe(303);
  return latestPurchase(t, m);
}

/** The member's newest purchase. */
async function latestPurchase(t: TestApp, m: BuiltMember) {
  const [purchase] = await t.db
    .select()
    .from(purchases)
    .where(eq(purchases.userId, m.id))
    .orderBy(desc(purchases.id))
    .limit(1);
  return purchase as typeof purchases.$inferSelect;
}

/**
 * Starts a one-off charge at the test checkout without paying it; answers the purchase and the
 * checkout's id (the provider's reference a payment event names).
 */
export async function startCharge(t: TestApp, m: BuiltMember, level: PaidLevel, months: number) {
  const started = await t.app.inject({
    method: 'POST',
    url: membership.CHECKOUT_PATHS.charge,
    headers: { authorization: `Bearer ${m.token}` },
    payload: { level, months, amountPennies: priceRow(level, months)?.once },
  });
  const ref = (started.json() as { redirect: string }).redirect.split('/').pop() as string;
  return { ref, purchase: await latestPurchase(t, m) };
}

/**
 * Sends a signed test event down the webhook path, to the test's app or another one on the same
 * database; answers its outcome. The same `id` sent twice is the same event.
 */
export async function sendTestEvent(t: TestApp, data: TestEventData, id?: string, app = t.app) {
  const signed = t.app.deps.payments.test.signEvent(data, id);
  const response = await app.inject({
    method: 'POST',
    url: '/v4/webhooks/test',
    payload: signed.body,
    headers: { ...signed.headers, 'content-type': 'application/json' },
  });
  return (response.json() as { outcome: string }).outcome;
}
