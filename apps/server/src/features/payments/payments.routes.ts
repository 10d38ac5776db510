import type { FastifyInstance, FastifyReply } from 'fastify';
import { membership } from '@marquee/contract';
import { sendPage } from '../../platform/html.js';
import { serve } from '../../platform/route.js';
import { startCheckout } from '../membership/index.js';
import { applyPaymentEvent } from './payments.service.js';
import { WebhookRejected } from './providers/types.js';
import { checkoutGonePage, testCheckoutPage } from './test-checkout.page.js';
import {
  cancelTestCheckout,
  openTestCheckout,
  payTestCheckout,
  returnPath,
} from './test-checkout.service.js';

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

/** D10.2: the built-in test checkout's pages. Its pay button sends a signed event down the same webhook path. */
function testCheckoutRoutes(app: FastifyInstance) {
  const deps = app.deps;
  const gone = (reply: FastifyReply) => sendPage(reply, checkoutGonePage(), 404);

  app.get('/v4/checkout/test/:ref', async (req, reply) => {
    const { ref } = req.params as { ref: string };
    const row = await openTestCheckout(deps, ref);
    if (!row) return gone(reply);
    return sendPage(reply, testCheckoutPage(row, ref));
  });

  app.post('/v4/checkout/test/:ref/pay', async (req, reply) => {
    const { ref } = req.params as { ref: string };
    const row = await openTestCheckout(deps, ref);
    if (!row) return gone(reply);
    await payTestCheckout(deps, row, ref);
    return reply.redirect(returnPath(row, true), 303);
  });

  app.post('/v4/checkout/test/:ref/cancel', async (req, reply) => {
    const { ref } = req.params as { ref: string };
    return reply.redirect(await cancelTestCheckout(deps, ref), 303);
  });
}
