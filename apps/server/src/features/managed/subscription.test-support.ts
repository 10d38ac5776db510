import { desc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { managed } from '@marquee/contract';
import type { TestApp } from '../../../test/test-app.js';
import type { BuiltMember } from '../../../test/factories.js';
import { DAY_MS } from '../../platform/time.js';
import { hashToken, newToken } from '../../platform/tokens.js';
import { managedWaitlist } from '../admin/admin.tables.js';
import { subscriptions } from '../membership/membership.tables.js';
import { purchases } from '../payments/payments.tables.js';
import { managedInvitations } from './managed.tables.js';

/** What the subscription tests share: invitations written as the invitation mail's (MR3), and paying for them. */

/**
 * An invitation for the member, as sendInviteEmail makes one (its code kept hashed, 14 days), with
 * the member invited on the waitlist; answers the code the mail's link carries and the row's id.
 */
export async function invite(
  t: TestApp,
  m: BuiltMember,
  selection: 1 | 2 | 3,
  opts: { expiresInDays?: number; usedAt?: Date } = {},
) {
  const now = t.clock.now();
  const code = newToken();
  const [row] = await t.db
    .insert(managedInvitations)
    .values({
      userId: m.id,
      codeHash: hashToken(code),
      selection,
      sentAt: now,
      expiresAt: new Date(now.getTime() + (opts.expiresInDays ?? 14) * DAY_MS),
      usedAt: opts.usedAt ?? null,
    })
    .returning({ id: managedInvitations.id });
  await t.db
    .insert(managedWaitlist)
    .values({ userId: m.id, selection, status: 'invited', createdAt: now })
    .onConflictDoUpdate({ target: managedWaitlist.userId, set: { selection, status: 'invited' } });
  return { code, id: (row as { id: number }).id };
}

/** Starts the managed checkout as the subscribe page does (MR4). */
export function checkout(t: TestApp, token: string | undefined, input: Record<string, unknown>) {
  return t.call(managed.subscribeCheckout, input, token);
}

/** Starts the checkout, expecting the test checkout's page; answers its address. */
export async function startCheckout(t: TestApp, m: BuiltMember, code: string, selection: 1 | 2 | 3) {
  const started = await checkout(t, m.token, { selection, code, terms: 'yes' });
  expect(started.statusCode, started.response.body).toBe(200);
  expect(started.body.redirect).toMatch(/^\/v4\/checkout\/test\/test_co_/);
  return started.body.redirect;
}

/** Pays on the test checkout's page (D10.2): its signed event goes down the webhook path. */
export async function payOn(t: TestApp, redirect: string) {
  const paid = await t.app.inject({ method: 'POST', url: `${redirect}/pay` });
  expect(paid.statusCode).toBe(303);
  return paid.headers.location;
}

/** The member's Managed Rank subscriptions, oldest first. */
export const managedSubscriptionsOf = (t: TestApp, userId: number) =>
  t.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .orderBy(subscriptions.id)
    .then((rows) => rows.filter((r) => r.level === 'managed'));

/** The member's newest purchase. */
export async function latestPurchase(t: TestApp, userId: number) {
  const [row] = await t.db
    .select()
    .from(purchases)
    .where(eq(purchases.userId, userId))
    .orderBy(desc(purchases.id))
    .limit(1);
  return row as typeof purchases.$inferSelect;
}

export async function invitationRow(t: TestApp, id: number) {
  const [row] = await t.db.select().from(managedInvitations).where(eq(managedInvitations.id, id));
  return row as typeof managedInvitations.$inferSelect;
}

export async function waitlistRow(t: TestApp, userId: number) {
  const [row] = await t.db.select().from(managedWaitlist).where(eq(managedWaitlist.userId, userId));
  return row ?? null;
}

/** managed/fetchSubscription's subscription for the member (MR4). */
export async function subscriptionOf(t: TestApp, token: string) {
  const { body } = await t.call(managed.fetchSubscription, {}, token);
  expect(body.status).toBe('success');
  return 'subscription' in body ? body.subscription : undefined;
}
