import { afterEach, describe, expect, it, vi } from 'vitest';
import { membership } from '@marquee/contract';
import { eq } from 'drizzle-orm';
import { useTestApp } from '../../../test/test-app.js';
import { buildMember } from '../../../test/factories.js';
import { json, stubFetch } from '../../integrations/fetch-stub.js';
import { users } from '../members/members.tables.js';
import { createPaymentProviders } from './payments.providers.js';

// Live payments: PayPal is the alternate provider, reached through a stubbed fetch.
const t = useTestApp({
  payments: (config, clock) =>
    createPaymentProviders(
      {
        ...config.payments,
        mode: 'live',
        paypal: {
          clientId: 'id',
          secret: 'secret',
          webhookId: 'WH-MARQUEE-TEST',
          apiBase: 'https://api-m.sandbox.paypal.com',
          plans: {},
        },
      },
      clock,
    ),
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function premiumExpires(id: number) {
  const [row] = await t.db.select({ at: users.premiumExpires }).from(users).where(eq(users.id, id));
  return row?.at ?? null;
}

describe('PayPal one-time checkout (D10.1)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends the member back through the capture route, and capturing the order is what asks PayPal to pay', async () => {
    const m = await buildMember(t.db, t.clock);
    const calls = stubFetch([
      [/\/v1\/oauth2\/token$/, json({ access_token: 'A21AA-test' })],
      [
        /\/v2\/checkout\/orders$/,
        json({
          id: 'ORDER-42',
          links: [{ rel: 'approve', href: 'https://www.sandbox.paypal.com/checkoutnow?token=ORDER-42' }],
        }),
      ],
      [/\/v2\/checkout\/orders\/ORDER-42\/capture$/, json({ id: 'ORDER-42', status: 'COMPLETED' })],
    ]);
    const started = await t.app.inject({
      method: 'GET',
      url: `${membership.CHECKOUT_PATHS.paypal}?level=premium&months=1`,
      headers: bearer(m.token),
    });
    expect(started.statusCode).toBe(200);
    expect(started.json()).toMatchObject({
      redirect: 'https://www.sandbox.paypal.com/checkoutnow?token=ORDER-42',
    });
    const order = JSON.parse(calls.find((c) => c.url.endsWith('/v2/checkout/orders'))?.body ?? '{}') as {
      application_context: { return_url: string };
    };
    expect(order.application_context.return_url).toBe(
      `${t.config.publicUrl}/v4/checkout/membership/paypal/return`,
    );

    const back = await t.app.inject({
      method: 'GET',
      url: '/v4/checkout/membership/paypal/return?token=ORDER-42',
    });
    expect(back.statusCode).toBe(302);
    expect(back.headers.location).toBe('/v4/membership?checkout=complete');
    expect(
      calls.some((c) => c.url.endsWith('/v2/checkout/orders/ORDER-42/capture') && c.method === 'POST'),
    ).toBe(true);
    // Nothing is granted until PayPal's verified event says the capture completed.
    expect(await premiumExpires(m.id)).toBeNull();
  });
});
