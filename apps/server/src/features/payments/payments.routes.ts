import type { FastifyInstance, FastifyReply } from 'fastify';
import { eq } from 'drizzle-orm';
import { membership } from '@marquee/contract';
import { serve } from '../../platform/route.js';
import { escapeHtml, html, sendPage, type SafeHtml } from '../../simulated/html.js';
import { addMonths } from '../membership/membership.policy.js';
import { startCheckout } from '../membership/membership.service.js';
import { dollars } from '../membership/prices.js';
import { users } from '../members/members.tables.js';
import { listings } from '../listings/listings.tables.js';
import { sponsoredDescription } from '../sponsored/sponsored.policy.js';
import { sponsoredReturnPath } from '../sponsored/sponsored.service.js';
import { applyPaymentEvent } from './payments.service.js';
import { purchases } from './payments.tables.js';
import { WebhookRejected } from './providers/types.js';

/**
 * Paying (D10): the checkout routes of spec 1 §7, the providers' webhooks, and the built-in test
 * checkout's pages (D10.2).
 */
export function paymentsRoutes(app: FastifyInstance) {
  const deps = app.deps;

  // The card checkout (spec 1 §7). The app sends its token and follows `redirect` to the hosted page.
  serve(app, membership.chargeCheckout, ({ caller, input }) =>
    startCheckout(deps, caller, { ...input, kind: 'membership', route: 'card' }),
  );
  // The alternate provider (spec 1 §7: /v4/checkout/membership/paypal/?level=&months=).
  serve(app, membership.paypalCheckout, ({ caller, input }) =>
    startCheckout(deps, caller, { ...input, kind: 'membership', route: 'alternate' }),
  );
  // A subscription row's button: the card provider's hosted checkout, or the alternate provider's.
  serve(app, membership.subscribeCheckout, ({ caller, input }) =>
    startCheckout(deps, caller, {
      level: input.level,
      months: input.months,
      kind: 'subscription',
      route: input.provider === 'paypal' ? 'alternate' : 'card',
    }),
  );

  // PayPal sends the member back with the approved order; capturing it makes PayPal send the event that grants it.
  app.get('/v4/checkout/membership/paypal/return', async (req, reply) => {
    const token = (req.query as { token?: unknown }).token;
    if (deps.payments.paypal && typeof token === 'string' && /^[A-Z0-9-]{5,40}$/.test(token)) {
      await deps.payments.paypal
        .captureOrder(token)
        .catch((err: unknown) => req.log.warn({ err }, 'PayPal capture failed'));
    }
    return reply.redirect('/v4/membership?checkout=complete');
  });

  // Webhooks read the raw body: a signature is over the exact bytes sent.
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    scope.post('/v4/webhooks/:provider', async (req, reply) => {
      const { provider: name } = req.params as { provider: string };
      const provider = deps.payments.byName(name);
      if (!provider)
        return reply.code(404).send({ status: 'error', message: 'No such payment provider here.' });
      const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      try {
        const event = await provider.verifyWebhook(req.headers, raw);
        const outcome = await applyPaymentEvent(deps, event);
        return { status: 'success', outcome };
      } catch (err) {
        if (err instanceof WebhookRejected) {
          req.log.warn({ provider: name, reason: err.message }, 'payment event refused');
          return reply.code(400).send({ status: 'error', message: err.message });
        }
        throw err;
      }
    });
  });

  testCheckoutRoutes(app);
}

const TEST_NOTE = 'This is a test payment. No card is charged and no money moves.';

function checkoutPage(title: string, body: SafeHtml): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Marquee test checkout</title>
<style>
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f4f2fa;color:#1d1740}
.bar{background:#2a1f6f;color:#fff;padding:14px 20px;font-weight:700;letter-spacing:.02em}
.bar span{color:#e9b949}
.note{background:#fff4d6;border-bottom:1px solid #e9b949;padding:10px 20px;font-weight:600}
main{max-width:460px;margin:32px auto;padding:0 16px}
.card{background:#fff;border-radius:12px;box-shadow:0 2px 10px rgba(42,31,111,.12);padding:24px}
h1{font-size:1.35rem;margin:0 0 12px}
dl{display:grid;grid-template-columns:auto 1fr;gap:6px 16px;margin:0 0 20px}
dt{color:#5b5680}dd{margin:0;font-weight:600}
button{font:inherit;border-radius:8px;padding:10px 18px;border:0;cursor:pointer}
.pay{background:#2a1f6f;color:#fff;width:100%;font-weight:700}
.pay:focus-visible,.cancel:focus-visible{outline:3px solid #e9b949;outline-offset:2px}
.cancel{background:none;color:#2a1f6f;text-decoration:underline;margin-top:8px;width:100%}
</style></head>
<body><div class="bar">Marquee <span>test checkout</span></div>
<div class="note" role="note">${escapeHtml(TEST_NOTE)}</div>
<main>${body.value}</main></body></html>`;
}

/** D10.2: the built-in test checkout. Its pay button sends a signed event down the same webhook path as a real provider. */
function testCheckoutRoutes(app: FastifyInstance) {
  const deps = app.deps;
  const pending = async (ref: string) => {
    const [row] = await deps.db
      .select({
        purchase: purchases,
        email: users.email,
        listing: { name: listings.name, type: listings.type, platform: listings.platform },
      })
      .from(purchases)
      .innerJoin(users, eq(users.id, purchases.userId))
      .leftJoin(listings, eq(listings.id, purchases.listingId))
      .where(eq(purchases.providerRef, ref))
      .limit(1);
    return row?.purchase.provider === 'test' ? row : null;
  };
  /** Where the member goes back to: the membership page, or the dashboard of a sponsored listing. */
  const backTo = (row: NonNullable<Awaited<ReturnType<typeof pending>>>, paid: boolean) => {
    const p = row.purchase;
    if (p.kind === 'sponsored' && p.listingId !== null)
      return sponsoredReturnPath(row.listing?.platform ?? 'imdb', p.listingId);
    return paid ? '/v4/membership?checkout=complete' : '/v4/membership';
  };
  const gone = (reply: FastifyReply) =>
    sendPage(
      reply,
      checkoutPage(
        'Checkout not found',
        html`<div class="card">
          <h1>This checkout is not open</h1>
          <p>It was paid, cancelled or never started.</p>
          <p><a href="/v4/membership">Back to Marquee</a></p>
        </div>`,
      ),
      404,
    );

  app.get('/v4/checkout/test/:ref', async (req, reply) => {
    const { ref } = req.params as { ref: string };
    const row = await pending(ref);
    if (!row || row.purchase.status !== 'pending') return gone(reply);
    const p = row.purchase;
    const sponsoredActivity = p.kind === 'sponsored';
    const level = p.level === 'pro' ? 'Pro' : 'Premium';
    const what = sponsoredActivity
      ? sponsoredDescription(p.quantity ?? 0, row.listing?.type ?? '', row.listing?.name ?? 'your listing')
      : `${level}, ${p.months === 1 ? '1 month' : `${p.months} months`}`;
    const heading =
      p.kind === 'subscription'
        ? 'Start your subscription'
        : sponsoredActivity
          ? 'Pay for sponsored activity'
          : 'Pay for your membership';
    const body = html`<div class="card">
      <h1>${heading}</h1>
      <dl>
        <dt>${sponsoredActivity ? 'Sponsored activity' : 'Membership'}</dt>
        <dd>${what}</dd>
        <dt>${p.kind === 'subscription' ? 'Each period' : 'Total'}</dt>
        <dd>${dollars(p.amountPennies)} (test)</dd>
        <dt>Account</dt>
        <dd>${row.email ?? ''}</dd>
      </dl>
      <form method="post" action="/v4/checkout/test/${ref}/pay">
        <button class="pay" type="submit">
          ${p.kind === 'subscription' ? 'Subscribe' : 'Pay'} ${dollars(p.amountPennies)} (test payment)
        </button>
      </form>
      <form method="post" action="/v4/checkout/test/${ref}/cancel">
        <button class="cancel" type="submit">Cancel and go back to Marquee</button>
      </form>
    </div>`;
    return sendPage(reply, checkoutPage('Checkout', body));
  });

  app.post('/v4/checkout/test/:ref/pay', async (req, reply) => {
    const { ref } = req.params as { ref: string };
    const row = await pending(ref);
    if (!row || row.purchase.status !== 'pending') return gone(reply);
    const p = row.purchase;
    const test = deps.payments.test;
    const now = deps.clock.now();
    const signed =
      p.kind === 'subscription'
        ? test.signEvent({
            type: 'subscription.paid',
            subscriptionRef: `test_sub_${p.id}`,
            userId: p.userId,
            level: p.level as 'premium' | 'pro',
            months: p.months,
            purchaseId: p.id,
            paidThrough: addMonths(now, p.months).toISOString(),
            amountPennies: p.amountPennies,
          })
        : test.signEvent({
            type: 'checkout.completed',
            purchaseId: p.id,
            providerRef: ref,
            amountPennies: p.amountPennies,
          });
    // The same path a provider's webhook takes: verify the signature, then apply once.
    const event = await test.verifyWebhook(signed.headers, Buffer.from(signed.body));
    await applyPaymentEvent(deps, event);
    return reply.redirect(backTo(row, true), 303);
  });

  app.post('/v4/checkout/test/:ref/cancel', async (req, reply) => {
    const { ref } = req.params as { ref: string };
    const row = await pending(ref);
    if (row && row.purchase.status === 'pending') {
      await deps.db.update(purchases).set({ status: 'abandoned' }).where(eq(purchases.id, row.purchase.id));
    }
    return reply.redirect(row ? backTo(row, false) : '/v4/membership', 303);
  });
}
