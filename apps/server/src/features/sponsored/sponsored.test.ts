import { afterAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import { earn, sponsored } from '@marquee/contract';
import { useTestApp } from '../../../test/test-app.js';
import { buildListing, buildMember, setImdbFact, type BuiltMember } from '../../../test/factories.js';
import { users } from '../members/members.tables.js';
import { sessions } from '../login/login.tables.js';
import { listings } from '../listings/listings.tables.js';
import { purchases } from '../payments/payments.tables.js';
import { referralRewards } from '../referrals/referrals.tables.js';
import { ledgerEntries } from '../points/points.tables.js';
import { houseTill } from '../points/ledger.js';
import { TestProvider } from '../payments/providers/test.js';
import { customId, translatePayPalEvent } from '../payments/providers/paypal.js';
import { translateStripeEvent } from '../payments/providers/stripe.js';
import { SETTING_DEFAULTS } from '../../platform/settings.js';
import { writeSetting } from '../../platform/settings.repo.js';
import { hashToken, newToken } from '../../platform/tokens.js';
import { DAY_MS } from '../../platform/time.js';

// Specials and the sponsor settings are site-wide: on PostgreSQL this file gets a database of its own.
const t = useTestApp({ ownDatabase: true });
const SECOND = 1000;

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Starts a sponsor checkout as the purchase form does: POST with the member's token. */
async function checkout(token: string, payload: Record<string, unknown>, special = false) {
  const res = await t.app.inject({
    method: 'POST',
    url: special ? sponsored.sponsorSpecialCheckout.path : sponsored.sponsorCheckout.path,
    headers: token ? bearer(token) : {},
    payload,
  });
  return {
    statusCode: res.statusCode,
    body: res.json() as { status: string; message?: string; redirect: string; extra?: string },
  };
}

const pay = (redirect: string) => t.app.inject({ method: 'POST', url: `${redirect}/pay` });

async function sendTestEvent(signed: { body: string; headers: Record<string, string> }) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/v4/webhooks/test',
    payload: signed.body,
    headers: { ...signed.headers, 'content-type': 'application/json' },
  });
  return { statusCode: res.statusCode, body: res.json() as { status: string; outcome?: string } };
}

async function listingRow(id: number) {
  const [row] = await t.db.select().from(listings).where(eq(listings.id, id));
  return row as typeof listings.$inferSelect;
}

async function purchaseOf(redirect: string) {
  const ref = redirect.split('/').pop() as string;
  const [row] = await t.db.select().from(purchases).where(eq(purchases.providerRef, ref));
  return row as typeof purchases.$inferSelect;
}

const purchasesOf = (userId: number) => t.db.select().from(purchases).where(eq(purchases.userId, userId));

/** An owner and their active IMDb person listing. */
async function ownerWithListing(opts: Parameters<typeof buildListing>[3] = {}, points = 0) {
  const owner = await buildMember(t.db, t.clock, { points });
  const listing = await buildListing(t.db, t.clock, owner.id, opts);
  return { owner, listing };
}

/** Buys through the test checkout and pays: what the member does on the page. */
async function buyThroughTestCheckout(token: string, listingId: number, count: number) {
  const started = await checkout(token, { id: listingId, count });
  expect(started.statusCode, started.body.message).toBe(200);
  const paid = await pay(started.body.redirect);
  expect(paid.statusCode).toBe(303);
  return started.body.redirect;
}

/** A refund as the provider reports it: a signed charge.refunded event for the purchase. */
const refundEvent = (purchaseId: number) =>
  t.app.deps.payments.test.signEvent({ type: 'charge.refunded', purchaseId });

/** The sponsored IMDb views sold in the last 24 hours so far (other tests in this file sell some too). */
async function imdbSoldToday() {
  const [row] = await t.db
    .select({ n: sql<number>`coalesce(sum(${purchases.quantity}), 0)::int` })
    .from(purchases)
    .innerJoin(listings, eq(listings.id, purchases.listingId))
    .where(
      and(
        eq(purchases.kind, 'sponsored'),
        eq(purchases.status, 'paid'),
        eq(listings.type, 'imdb-view'),
        sql`${purchases.paidAt} > ${new Date(t.clock.now().getTime() - DAY_MS).toISOString()}::timestamptz`,
      ),
    );
  return row?.n ?? 0;
}

describe('sponsorCheckout (spec 2 §7, §9; D6.4, D10)', () => {
  it('buys 250 IMDb views through the test checkout: pending, then granted once by the verified event', async () => {
    const referrer = await buildMember(t.db, t.clock);
    const owner = await buildMember(t.db, t.clock, { referrerId: referrer.id });
    const listing = await buildListing(t.db, t.clock, owner.id, { name: 'Jane "JD" Doe' });

    const started = await checkout(owner.token, { id: listing.id, count: 250, provider: 'card' });
    expect(started.statusCode).toBe(200);
    expect(started.body.status).toBe('success');
    expect(started.body.redirect).toMatch(/^\/v4\/checkout\/test\/test_co_/);
    const pending = await purchaseOf(started.body.redirect);
    expect(pending).toMatchObject({
      userId: owner.id,
      kind: 'sponsored',
      level: null,
      months: 0,
      listingId: listing.id,
      quantity: 250,
      specialId: null,
      amountPennies: 1200,
      status: 'pending',
      provider: 'test',
    });
    expect((await listingRow(listing.id)).sponsorBought).toBe(0);

    // The test checkout's page names what is bought and says it is a test payment (D10.2).
    const page = await t.app.inject({ method: 'GET', url: started.body.redirect });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Pay for sponsored activity');
    expect(page.body).toContain('250 sponsored IMDb views for &quot;Jane &quot;JD&quot; Doe&quot;');
    expect(page.body).toContain('$12.00 (test)');
    expect(page.body).toContain('This is a test payment. No card is charged and no money moves.');

    const paid = await pay(started.body.redirect);
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`/v4/dashboard/imdb?sponsored=${listing.id}`);
    expect((await listingRow(listing.id)).sponsorBought).toBe(250);
    expect(await purchaseOf(started.body.redirect)).toMatchObject({ status: 'paid' });

    // Paying the same checkout again finds it closed and adds nothing.
    expect((await pay(started.body.redirect)).statusCode).toBe(404);
    expect((await listingRow(listing.id)).sponsorBought).toBe(250);
    // Referral rewards are for memberships only.
    expect(
      await t.db.select().from(referralRewards).where(eq(referralRewards.referrerId, referrer.id)),
    ).toEqual([]);
  });

  it('charges the server’s price whatever the browser sends, at the operator’s IMDb price kept within $5-$25', async () => {
    const { owner, listing } = await ownerWithListing();
    const cheap = await checkout(owner.token, { id: listing.id, count: 250, amountPennies: 1, pennies: 1 });
    expect(cheap.statusCode).toBe(200);
    expect((await purchaseOf(cheap.body.redirect)).amountPennies).toBe(1200);
    try {
      await writeSetting(t.db, 'imdb_sponsor_price_pennies', 1850, t.clock.now());
      const dearer = await checkout(owner.token, { id: listing.id, count: 250 });
      expect((await purchaseOf(dearer.body.redirect)).amountPennies).toBe(1850);
      await writeSetting(t.db, 'imdb_sponsor_price_pennies', 9999, t.clock.now());
      const capped = await checkout(owner.token, { id: listing.id, count: 250 });
      expect((await purchaseOf(capped.body.redirect)).amountPennies).toBe(2500);
    } finally {
      await writeSetting(
        t.db,
        'imdb_sponsor_price_pennies',
        SETTING_DEFAULTS.imdb_sponsor_price_pennies,
        t.clock.now(),
      );
    }
  });

  it('sells the other types in the four packages, and only those counts', async () => {
    const owner = await buildMember(t.db, t.clock);
    const follow = await buildListing(t.db, t.clock, owner.id, { type: 'twitter-follow' });
    const video = await buildListing(t.db, t.clock, owner.id, { type: 'youtube-view' });
    for (const [count, pennies] of [
      [100, 800],
      [200, 1600],
      [300, 2400],
      [500, 3500],
    ] as const) {
      const res = await checkout(owner.token, { id: follow.id, count });
      expect(res.statusCode).toBe(200);
      expect(await purchaseOf(res.body.redirect)).toMatchObject({ quantity: count, amountPennies: pennies });
    }
    const page = await t.app.inject({
      method: 'GET',
      url: (await checkout(owner.token, { id: video.id, count: 300 })).body.redirect,
    });
    expect(page.body).toContain('300 sponsored YouTube views for');
    expect(page.body).toContain('$24.00 (test)');

    const odd = await checkout(owner.token, { id: follow.id, count: 250 });
    expect(odd.statusCode).toBe(400);
    expect(odd.body.message).toBe(
      'Please choose one of the packages offered for this listing: 100, 200, 300, 500.',
    );
    const imdb = await buildListing(t.db, t.clock, owner.id);
    const imdbOdd = await checkout(owner.token, { id: imdb.id, count: 100 });
    expect(imdbOdd.statusCode).toBe(400);
    expect(imdbOdd.body.message).toBe('Please choose one of the packages offered for this listing: 250.');
  });

  it('takes PayPal through the test checkout too in test mode', async () => {
    const { owner, listing } = await ownerWithListing();
    const res = await checkout(owner.token, { id: listing.id, count: 250, provider: 'paypal' });
    expect(res.statusCode).toBe(200);
    expect(await purchaseOf(res.body.redirect)).toMatchObject({ provider: 'test', amountPennies: 1200 });
  });

  it('is only for the owner’s own active listing', async () => {
    const { owner, listing } = await ownerWithListing();
    const other = await buildMember(t.db, t.clock);

    const anonymous = await checkout('', { id: listing.id, count: 250 });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.body.extra).toBe('logged_out');
    const anonymousSpecial = await checkout('', { id: listing.id, count: 500, special_id: 1 }, true);
    expect(anonymousSpecial.statusCode).toBe(401);

    const notMine = await checkout(other.token, { id: listing.id, count: 250 });
    expect(notMine.statusCode).toBe(404);
    expect(notMine.body.message).toBe('We could not find that listing among yours.');
    expect((await checkout(owner.token, { id: 99_999_999, count: 250 })).statusCode).toBe(404);

    const deleted = await buildListing(t.db, t.clock, owner.id, { status: 'deleted' });
    expect((await checkout(owner.token, { id: deleted.id, count: 250 })).statusCode).toBe(404);

    const facebookPending = await buildListing(t.db, t.clock, owner.id, {
      type: 'facebook-like',
      status: 'pending',
    });
    const pending = await checkout(owner.token, { id: facebookPending.id, count: 100 });
    expect(pending.statusCode).toBe(409);
    expect(pending.body.message).toBe(
      'This listing is still waiting for review. Sponsored activity can be bought once it is live.',
    );
    for (const status of ['paused', 'disabled', 'invalid']) {
      const l = await buildListing(t.db, t.clock, owner.id, { status });
      const res = await checkout(owner.token, { id: l.id, count: 250 });
      expect(res.statusCode).toBe(409);
      expect(res.body.message).toBe('Sponsored activity can be bought only for an active listing.');
    }
    expect(await purchasesOf(owner.id)).toEqual([]);
    expect(await purchasesOf(other.id)).toEqual([]);
  });

  it('refuses bad input with a message a member understands', async () => {
    const { owner, listing } = await ownerWithListing();
    const cases: [Record<string, unknown>, string][] = [
      [{ id: 'abc', count: 250 }, 'Please give a valid listing.'],
      [{ count: 250 }, 'Please give a valid listing.'],
      [{ id: listing.id, count: 'lots' }, 'Please choose how many sponsored actions to buy.'],
      [{ id: listing.id, count: -250 }, 'Please choose how many sponsored actions to buy.'],
      [{ id: listing.id, count: 2.5 }, 'Please choose how many sponsored actions to buy.'],
      [{ id: listing.id, count: 250, provider: 'bitcoin' }, 'Please choose how to pay.'],
    ];
    for (const [payload, message] of cases) {
      const res = await checkout(owner.token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.body).toMatchObject({ status: 'error', message });
    }
    const special = await checkout(owner.token, { id: listing.id, count: 250 }, true);
    expect(special.statusCode).toBe(400);
    expect(special.body.message).toBe('Please give a valid special.');
    expect(await purchasesOf(owner.id)).toEqual([]);
  });

  it('PayPal’s return goes back to the listing’s dashboard tab', async () => {
    const owner = await buildMember(t.db, t.clock);
    const follow = await buildListing(t.db, t.clock, owner.id, { type: 'twitter-follow' });
    const back = await t.app.inject({
      method: 'GET',
      url: `/v4/checkout/sponsored/paypal/return?listing=${follow.id}&token=ORDER-1&PayerID=P1`,
    });
    expect(back.statusCode).toBe(302);
    expect(back.headers.location).toBe(`/v4/dashboard/twitter?sponsored=${follow.id}`);
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/v4/checkout/sponsored/paypal/return?listing=x',
    });
    expect(unknown.headers.location).toBe('/v4/dashboard/imdb');
  });

  it('cancelling at the test checkout goes back to the dashboard and grants nothing', async () => {
    const { owner, listing } = await ownerWithListing();
    const started = await checkout(owner.token, { id: listing.id, count: 250 });
    const cancelled = await t.app.inject({ method: 'POST', url: `${started.body.redirect}/cancel` });
    expect(cancelled.statusCode).toBe(303);
    expect(cancelled.headers.location).toBe(`/v4/dashboard/imdb?sponsored=${listing.id}`);
    expect(await purchaseOf(started.body.redirect)).toMatchObject({ status: 'abandoned' });
    expect((await pay(started.body.redirect)).statusCode).toBe(404);
    expect((await listingRow(listing.id)).sponsorBought).toBe(0);
  });
});

describe('sv_max: sponsored IMDb views sold site-wide per 24 hours (D6.4)', () => {
  afterAll(() => writeSetting(t.db, 'sv_max', SETTING_DEFAULTS.sv_max, t.clock.now()));

  it('refuses a purchase that would pass sv_max, and sells again once the 24 hours have passed', async () => {
    const { owner, listing } = await ownerWithListing();
    await writeSetting(t.db, 'sv_max', (await imdbSoldToday()) + 600, t.clock.now());
    await buyThroughTestCheckout(owner.token, listing.id, 250);
    t.clock.advance(3_600 * SECOND);
    await buyThroughTestCheckout(owner.token, listing.id, 250);
    // A checkout started but not paid sells nothing yet.
    await checkout(owner.token, { id: listing.id, count: 250 });

    const refused = await checkout(owner.token, { id: listing.id, count: 250 });
    expect(refused.statusCode).toBe(409);
    expect(refused.body.status).toBe('sold_out');
    expect(refused.body.message).toMatch(
      /^Sponsored IMDb views are limited to [\d,]+ a day across Marquee, and only 100 can be sold right now\. Please choose fewer or try again later\.$/,
    );
    // Other types are not capped.
    const follow = await buildListing(t.db, t.clock, owner.id, { type: 'twitter-follow' });
    expect((await checkout(owner.token, { id: follow.id, count: 500 })).statusCode).toBe(200);

    // The first purchase leaves the window 24 hours after it was paid.
    t.clock.advance(23 * 3_600 * SECOND + SECOND);
    expect((await checkout(owner.token, { id: listing.id, count: 250 })).statusCode).toBe(200);
    expect((await listingRow(listing.id)).sponsorBought).toBe(500);
  });

  it('counts a refunded purchase no more', async () => {
    const { owner, listing } = await ownerWithListing();
    await writeSetting(t.db, 'sv_max', (await imdbSoldToday()) + 250, t.clock.now());
    const redirect = await buyThroughTestCheckout(owner.token, listing.id, 250);
    expect((await checkout(owner.token, { id: listing.id, count: 250 })).statusCode).toBe(409);
    await sendTestEvent(refundEvent((await purchaseOf(redirect)).id));
    expect((await checkout(owner.token, { id: listing.id, count: 250 })).statusCode).toBe(200);
  });
});

describe('the verified event grants a sponsored purchase (D10.1)', () => {
  it('once: a replay is a duplicate, a forged event is refused, a wrong amount is not granted', async () => {
    const { owner, listing } = await ownerWithListing();
    const started = await checkout(owner.token, { id: listing.id, count: 250 });
    const purchase = await purchaseOf(started.body.redirect);
    const providerRef = started.body.redirect.split('/').pop() as string;

    const forged = new TestProvider('not-the-secret', t.clock).signEvent({
      type: 'checkout.completed',
      purchaseId: purchase.id,
      providerRef,
      amountPennies: 1200,
    });
    const refused = await sendTestEvent(forged);
    expect(refused.statusCode).toBe(400);
    expect((await listingRow(listing.id)).sponsorBought).toBe(0);

    const wrongAmount = t.app.deps.payments.test.signEvent({
      type: 'checkout.completed',
      purchaseId: purchase.id,
      providerRef,
      amountPennies: 100,
    });
    expect((await sendTestEvent(wrongAmount)).body.outcome).toBe(
      'ignored: the amount paid differs from the price',
    );
    expect((await listingRow(listing.id)).sponsorBought).toBe(0);
    expect(await purchaseOf(started.body.redirect)).toMatchObject({ status: 'pending' });

    const event = t.app.deps.payments.test.signEvent({
      type: 'checkout.completed',
      purchaseId: purchase.id,
      providerRef,
      amountPennies: 1200,
    });
    expect(await sendTestEvent(event)).toEqual({
      statusCode: 200,
      body: { status: 'success', outcome: 'granted' },
    });
    expect((await sendTestEvent(event)).body.outcome).toBe('duplicate');
    // Another event for the same purchase finds it paid already.
    const again = t.app.deps.payments.test.signEvent({
      type: 'checkout.completed',
      purchaseId: purchase.id,
      providerRef,
      amountPennies: 1200,
    });
    expect((await sendTestEvent(again)).body.outcome).toBe('ignored: the purchase is paid');
    expect((await listingRow(listing.id)).sponsorBought).toBe(250);
  });

  it('adds to what the listing has: a negative sponsor_bought counts as its absolute value, overuse is not charged', async () => {
    const { owner, listing } = await ownerWithListing({ sponsorBought: -40 });
    await buyThroughTestCheckout(owner.token, listing.id, 250);
    expect((await listingRow(listing.id)).sponsorBought).toBe(290);

    const overused = await buildListing(t.db, t.clock, owner.id, { sponsorBought: 10, sponsorUsed: 12 });
    await buyThroughTestCheckout(owner.token, overused.id, 250);
    expect(await listingRow(overused.id)).toMatchObject({
      sponsorBought: 262,
      sponsorUsed: 12,
      sponsorLeft: true,
    });
  });

  it('a refund takes back what is not yet used, never below what was used, once', async () => {
    const { owner, listing } = await ownerWithListing();
    const first = await buyThroughTestCheckout(owner.token, listing.id, 250);
    const second = await buyThroughTestCheckout(owner.token, listing.id, 250);
    await t.db.update(listings).set({ sponsorUsed: 100 }).where(eq(listings.id, listing.id));

    const refund = refundEvent((await purchaseOf(first)).id);
    expect((await sendTestEvent(refund)).body.outcome).toBe('refunded');
    expect(await listingRow(listing.id)).toMatchObject({ sponsorBought: 250, sponsorUsed: 100 });
    expect((await sendTestEvent(refund)).body.outcome).toBe('duplicate');
    expect(await purchaseOf(first)).toMatchObject({ status: 'refunded' });

    // 300 used of 250 left bought: the second refund can take back nothing used.
    await t.db.update(listings).set({ sponsorUsed: 200 }).where(eq(listings.id, listing.id));
    expect((await sendTestEvent(refundEvent((await purchaseOf(second)).id))).body.outcome).toBe('refunded');
    expect(await listingRow(listing.id)).toMatchObject({
      sponsorBought: 200,
      sponsorUsed: 200,
      sponsorLeft: false,
    });

    // A refund never raises what was bought (used beyond it by offers open at the time, D5.1).
    const over = await buildListing(t.db, t.clock, owner.id);
    const bought = await buyThroughTestCheckout(owner.token, over.id, 250);
    await t.db.update(listings).set({ sponsorUsed: 252 }).where(eq(listings.id, over.id));
    await sendTestEvent(refundEvent((await purchaseOf(bought)).id));
    expect(await listingRow(over.id)).toMatchObject({ sponsorBought: 250, sponsorUsed: 252 });
  });

  it('a sponsored purchase never answers the membership subscription check', async () => {
    const { owner, listing } = await ownerWithListing();
    await buyThroughTestCheckout(owner.token, listing.id, 250);
    const res = await t.app.inject({
      method: 'GET',
      url: '/v4/operations/membership/checkSubscriptionStatus',
      headers: bearer(owner.token),
    });
    expect(res.json()).toMatchObject({ status: 'retry' });
  });

  it('Stripe’s and PayPal’s events name a sponsored purchase as they do a membership', () => {
    const stripe = translateStripeEvent({
      id: 'evt_sponsored',
      type: 'checkout.session.completed',
      created: 1_773_165_600,
      data: {
        object: {
          id: 'cs_1',
          mode: 'payment',
          payment_status: 'paid',
          payment_intent: 'pi_1',
          amount_total: 1200,
          metadata: { purchaseId: '42', userId: '1000', level: 'sponsored', months: '0' },
        },
      },
    } as unknown as Stripe.Event);
    expect(stripe).toMatchObject({
      effect: 'purchase_paid',
      purchaseId: 42,
      amountPennies: 1200,
      providerRef: 'pi_1',
    });

    const custom = customId({ purchaseId: 42, userId: 1000, level: null, months: 0 });
    expect(custom).toBe('42:1000:sponsored:0');
    const paypal = translatePayPalEvent({
      id: 'WH-1',
      event_type: 'PAYMENT.CAPTURE.COMPLETED',
      create_time: '2026-03-10T18:00:00Z',
      resource: { id: 'CAP-1', custom_id: custom, amount: { value: '12.00' } },
    });
    expect(paypal).toMatchObject({ effect: 'purchase_paid', purchaseId: 42, amountPennies: 1200 });
    const refunded = translatePayPalEvent({
      id: 'WH-2',
      event_type: 'PAYMENT.CAPTURE.REFUNDED',
      create_time: '2026-03-10T18:00:00Z',
      resource: { id: 'REF-1', custom_id: custom },
    });
    expect(refunded).toMatchObject({ effect: 'purchase_refunded', purchaseId: 42 });
    const junk = translatePayPalEvent({
      id: 'WH-3',
      event_type: 'PAYMENT.CAPTURE.COMPLETED',
      create_time: '2026-03-10T18:00:00Z',
      resource: { id: 'CAP-2', custom_id: 'x:1000:sponsored:0', amount: { value: '12.00' } },
    });
    expect(junk.effect).toBe('ignored');
  });
});

describe('bought actions are spent one per credit, the house paying (D6.4, D5.7)', () => {
  const balance = async (id: number) =>
    (await t.db.select({ points: users.points }).from(users).where(eq(users.id, id)))[0]?.points ?? 0;

  async function creditView(earner: BuiltMember, ownerId: number, listingId: number, answer: number) {
    const fetched = await t.call(
      earn.fetchListings,
      { listingType: 'user', user_id: ownerId, maxItems: 10 },
      earner.token,
    );
    expect(fetched.body.status).toBe('success');
    const offered = fetched.body.listings.find((l) => l.id === listingId);
    expect(offered).toMatchObject({ sponsored: true });
    expect((await t.call(earn.startAction, { listing_id: listingId }, earner.token)).body.status).toBe(
      'success',
    );
    t.clock.advance(10 * SECOND);
    const res = await t.call(earn.recordCorrectAnswer, { listing_id: listingId, answer }, earner.token);
    expect(res.body.status, res.body.message).toBe('success');
    return res.body;
  }

  it('a granted purchase puts the listing first for earners; each credit uses one; pausing stops it', async () => {
    // An owner with no points: only the sponsored actions can pay for views (D4.3).
    const { owner, listing } = await ownerWithListing({ give: 12 });
    await setImdbFact(t.db, t.clock, listing.externalId, 'credits:actor', 31);
    const earnerA = await buildMember(t.db, t.clock);
    const earnerB = await buildMember(t.db, t.clock);

    const before = await t.call(
      earn.fetchListings,
      { listingType: 'user', user_id: owner.id, maxItems: 10 },
      earnerA.token,
    );
    expect(before.body.status).toBe('nolistings');

    await buyThroughTestCheckout(owner.token, listing.id, 250);
    const tillA = houseTill(earnerA.id);
    const tillBefore = await balance(tillA);

    const credited = await creditView(earnerA, owner.id, listing.id, 31);
    expect(credited.points_earned).toBe(12);
    expect(await listingRow(listing.id)).toMatchObject({ sponsorBought: 250, sponsorUsed: 1 });
    expect(await balance(earnerA.id)).toBe(12);
    expect(await balance(owner.id)).toBe(0);
    expect(await balance(tillA)).toBe(tillBefore - 12);
    const sponsoredRows = await t.db
      .select({ delta: ledgerEntries.delta })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.accountId, earnerA.id), eq(ledgerEntries.kind, 'sponsored')));
    expect(sponsoredRows).toEqual([{ delta: 12 }]);

    await creditView(earnerB, owner.id, listing.id, 31);
    expect((await listingRow(listing.id)).sponsorUsed).toBe(2);

    // Paused: offered to nobody, since the owner cannot pay either.
    await t.db.update(listings).set({ sponsorPaused: true }).where(eq(listings.id, listing.id));
    const third = await buildMember(t.db, t.clock);
    const paused = await t.call(
      earn.fetchListings,
      { listingType: 'user', user_id: owner.id, maxItems: 10 },
      third.token,
    );
    expect(paused.body.status).toBe('nolistings');

    // A refund now takes back the 248 not used.
    await t.db.update(listings).set({ sponsorPaused: false }).where(eq(listings.id, listing.id));
    const [bought] = await purchasesOf(owner.id);
    await sendTestEvent(refundEvent(bought?.id as number));
    expect(await listingRow(listing.id)).toMatchObject({
      sponsorBought: 2,
      sponsorUsed: 2,
      sponsorLeft: false,
    });
  });
});

describe('sponsor specials (spec 2 §3, §7, §8, §9)', () => {
  const inDays = (days: number) => new Date(t.clock.now().getTime() + days * DAY_MS);
  let admin: BuiltMember;

  const start = (input: Record<string, unknown>, token = admin.token) =>
    t.call(sponsored.startSpecial, input as never, token);

  it('only staff start and end specials, with valid terms, one at a time', async () => {
    admin = await buildMember(t.db, t.clock, { role: 'admin' });
    const member = await buildMember(t.db, t.clock);
    const terms = {
      cta: 'Double your IMDb reach this week!',
      types: ['imdb-view'],
      minimum: 500,
      maximum: 2000,
      pricePennies: 900,
      // 11am PDT (UTC-7 from 8 March).
      endsAt: '2026-03-20T18:00:00Z',
    };
    const notStaff = await start(terms, member.token);
    expect(notStaff.statusCode).toBe(403);
    expect(notStaff.body.extra).toBe('not_admin');
    expect((await start(terms, '')).statusCode).toBe(401);

    const bad: [Record<string, unknown>, string][] = [
      [{ ...terms, cta: ' ' }, 'Please write the call to action.'],
      [{ ...terms, types: [] }, 'Please choose the listing types of the special.'],
      [{ ...terms, types: ['tiktok-dance'] }, 'Please choose the listing types of the special.'],
      [{ ...terms, minimum: 0 }, 'The minimum must be at least 1.'],
      [{ ...terms, maximum: 400 }, 'The maximum must be at least the minimum.'],
      [
        { ...terms, minimum: 10, maximum: 1000 },
        'A special may offer at most 20 counts: raise the minimum or lower the maximum.',
      ],
      [{ ...terms, pricePennies: 50 }, 'The price must be at least $1.00.'],
      [{ ...terms, endsAt: 'soon' }, 'Please give a valid end time.'],
      [{ ...terms, endsAt: inDays(-1).toISOString() }, 'A special must end in the future, after it starts.'],
    ];
    for (const [input, message] of bad) {
      const res = await start(input);
      expect(res.statusCode, JSON.stringify(input)).toBe(400);
      expect(res.body.message).toBe(message);
    }

    const started = await start(terms);
    expect(started.statusCode).toBe(200);
    expect(started.body.special).toMatchObject({
      minimum: 500,
      maximum: 2000,
      cta: 'Double your IMDb reach this week!',
      price: '$9.00',
      types: ['imdb-view'],
    });
    expect(started.body.prettyEnd).toBe('Friday, March 20 at 11:00am PT');
    const overlap = await start({
      ...terms,
      startsAt: '2026-03-19T00:00:00Z',
      endsAt: '2026-03-25T00:00:00Z',
    });
    expect(overlap.statusCode).toBe(409);
    expect(overlap.body.message).toBe(
      'Another special runs until Friday, March 20 at 11:00am PT. Specials may not overlap; end it first.',
    );

    expect((await t.call(sponsored.endSpecial, {}, member.token)).statusCode).toBe(403);
    expect((await t.call(sponsored.endSpecial, {}, admin.token)).body).toEqual({
      status: 'success',
      message: 'The special has ended.',
    });
    expect((await t.call(sponsored.endSpecial, {}, admin.token)).statusCode).toBe(404);
  });

  it('fetchSpecials shows a running special to members with listings it covers, until hidden in this login', async () => {
    const owner = await buildMember(t.db, t.clock);
    const person = await buildListing(t.db, t.clock, owner.id, { name: 'Jane Doe' });
    const title = await buildListing(t.db, t.clock, owner.id, { name: 'The Long Take', imdbType: 'title' });
    await buildListing(t.db, t.clock, owner.id, { status: 'deleted' });
    await buildListing(t.db, t.clock, owner.id, { type: 'twitter-follow' });
    const videoOnly = await buildMember(t.db, t.clock);
    await buildListing(t.db, t.clock, videoOnly.id, { type: 'youtube-view' });

    expect((await t.call(sponsored.fetchSpecials, {}, owner.token)).body).toEqual({
      status: 'success',
      activeSpecial: 'no',
      special: null,
      listings: [],
      prettyEnd: '',
    });
    expect((await t.call(sponsored.fetchSpecials, {}, '')).statusCode).toBe(401);
    expect((await t.call(sponsored.hideSpecials, {}, '')).statusCode).toBe(401);
    expect((await t.call(sponsored.endSpecial, {}, '')).statusCode).toBe(401);

    // Ends at midnight Pacific after Sunday 15 March (PDT from 8 March: UTC-7).
    const started = await start({
      cta: 'Spring special: more views for less',
      types: ['imdb-view', 'twitter-follow'],
      minimum: 500,
      maximum: 1500,
      pricePennies: 1000,
      endsAt: '2026-03-16T07:00:00Z',
    });
    expect(started.statusCode, started.body.message).toBe(200);
    const shown = await t.call(sponsored.fetchSpecials, {}, owner.token);
    expect(shown.body).toMatchObject({
      status: 'success',
      activeSpecial: 'yes',
      special: {
        id: started.body.special.id,
        minimum: 500,
        maximum: 1500,
        cta: 'Spring special: more views for less',
        price: '$10.00',
        types: ['imdb-view', 'twitter-follow'],
      },
      prettyEnd: 'Sunday, March 15 at 11:59pm PT',
    });
    expect(shown.body.listings).toHaveLength(3);
    expect(shown.body.listings.slice(0, 2)).toEqual([
      { id: person.id, type: 'imdb-view', title: 'Jane Doe' },
      { id: title.id, type: 'imdb-view', title: 'The Long Take' },
    ]);
    expect(shown.body.listings[2]?.type).toBe('twitter-follow');
    expect((await t.call(sponsored.fetchSpecials, {}, videoOnly.token)).body.activeSpecial).toBe('no');

    // Hidden for this login only (spec 2 §8).
    const hidden = await t.call(sponsored.hideSpecials, {}, owner.token);
    expect(hidden.body).toEqual({
      status: 'success',
      message: "You won't see this notice again during your current session.",
    });
    expect((await t.call(sponsored.fetchSpecials, {}, owner.token)).body.activeSpecial).toBe('no');
    const otherLogin = newToken();
    await t.db.insert(sessions).values({
      tokenHash: hashToken(otherLogin),
      userId: owner.id,
      createdAt: t.clock.now(),
      lastUsedAt: t.clock.now(),
    });
    expect((await t.call(sponsored.fetchSpecials, {}, otherLogin)).body.activeSpecial).toBe('yes');
    expect((await t.call(sponsored.hideSpecials, {}, owner.token)).statusCode).toBe(200);
  });

  it('sells the special’s counts at its price, and only while it runs', async () => {
    const owner = await buildMember(t.db, t.clock);
    const listing = await buildListing(t.db, t.clock, owner.id);
    const video = await buildListing(t.db, t.clock, owner.id, { type: 'youtube-view' });
    const fetched = await t.call(sponsored.fetchSpecials, {}, owner.token);
    const specialId = fetched.body.special?.id as number;

    const res = await checkout(owner.token, { id: listing.id, count: 1000, special_id: specialId }, true);
    expect(res.statusCode, res.body.message).toBe(200);
    expect(await purchaseOf(res.body.redirect)).toMatchObject({
      kind: 'sponsored',
      quantity: 1000,
      amountPennies: 2000,
      specialId,
    });
    const page = await t.app.inject({ method: 'GET', url: res.body.redirect });
    expect(page.body).toContain('1,000 sponsored IMDb views for');
    expect(page.body).toContain('$20.00 (test)');
    expect((await pay(res.body.redirect)).statusCode).toBe(303);
    expect((await listingRow(listing.id)).sponsorBought).toBe(1000);

    const odd = await checkout(owner.token, { id: listing.id, count: 700, special_id: specialId }, true);
    expect(odd.statusCode).toBe(400);
    expect(odd.body.message).toBe('The special sells 500 at a time, up to 1,500.');
    const tooMany = await checkout(owner.token, { id: listing.id, count: 2000, special_id: specialId }, true);
    expect(tooMany.statusCode).toBe(400);
    const notCovered = await checkout(owner.token, { id: video.id, count: 500, special_id: specialId }, true);
    expect(notCovered.statusCode).toBe(400);
    expect(notCovered.body.message).toBe('That special does not apply to this listing.');
    const wrongSpecial = await checkout(
      owner.token,
      { id: listing.id, count: 500, special_id: specialId + 1 },
      true,
    );
    expect(wrongSpecial.statusCode).toBe(409);
    expect(wrongSpecial.body.status).toBe('special_ended');
    // A special's count is not a regular package.
    expect((await checkout(owner.token, { id: listing.id, count: 500 })).statusCode).toBe(400);

    // A checkout started during the special keeps its price after the special ends.
    const open = await checkout(owner.token, { id: listing.id, count: 500, special_id: specialId }, true);
    expect((await t.call(sponsored.endSpecial, {}, admin.token)).statusCode).toBe(200);
    const ended = await checkout(owner.token, { id: listing.id, count: 500, special_id: specialId }, true);
    expect(ended.statusCode).toBe(409);
    expect(ended.body.message).toBe('That special has ended. Please choose one of the other packages.');
    expect((await t.call(sponsored.fetchSpecials, {}, owner.token)).body.activeSpecial).toBe('no');
    expect((await pay(open.body.redirect)).statusCode).toBe(303);
    expect(await purchaseOf(open.body.redirect)).toMatchObject({ status: 'paid', amountPennies: 1000 });
    expect((await listingRow(listing.id)).sponsorBought).toBe(1500);
  });

  it('a special that has not begun is not shown and not sold; it runs from its start', async () => {
    const owner = await buildMember(t.db, t.clock);
    const listing = await buildListing(t.db, t.clock, owner.id);
    const later = await start({
      cta: 'Coming soon',
      types: ['imdb-view'],
      minimum: 250,
      maximum: 500,
      pricePennies: 1000,
      startsAt: inDays(1).toISOString(),
      endsAt: inDays(2).toISOString(),
    });
    expect(later.statusCode, later.body.message).toBe(200);
    expect((await t.call(sponsored.fetchSpecials, {}, owner.token)).body.activeSpecial).toBe('no');
    const early = await checkout(
      owner.token,
      { id: listing.id, count: 250, special_id: later.body.special.id },
      true,
    );
    expect(early.statusCode).toBe(409);
    t.clock.advance(DAY_MS + SECOND);
    expect((await t.call(sponsored.fetchSpecials, {}, owner.token)).body.activeSpecial).toBe('yes');
    t.clock.advance(DAY_MS);
    expect((await t.call(sponsored.fetchSpecials, {}, owner.token)).body.activeSpecial).toBe('no');
  });
});
