import { randomBytes } from 'node:crypto';
import type { PaymentsConfig } from '../../platform/config.js';
import type { Clock } from '../../platform/clock.js';
import { PayPalProvider } from './providers/paypal.js';
import { PayPalCertStore, type PayPalCertOptions } from './providers/paypal-certs.js';
import { StripeProvider } from './providers/stripe.js';
import { TestProvider } from './providers/test.js';
import type { PaymentProvider, ProviderName } from './providers/types.js';

/**
 * The payment providers this server takes money through (D10): in test mode the built-in test
 * checkout takes every payment; live, cards go through Stripe and the alternate route through PayPal,
 * each only when it is configured. Webhooks are accepted from every provider that is configured.
 */
export interface PaymentProviders {
  readonly test: TestProvider;
  readonly stripe: StripeProvider | null;
  readonly paypal: PayPalProvider | null;
  /** Who takes a card payment (the charge route), and the alternate route; null when not offered. */
  card(): PaymentProvider | null;
  alternate(): PaymentProvider | null;
  byName(name: string): PaymentProvider | null;
}

/** Where PayPal's certificates come from and what they must chain to; tests inject both, never reaching the internet. */
export type PayPalCertSource = Pick<PayPalCertOptions, 'fetch' | 'trustedRoots'>;

export function createPaymentProviders(
  config: PaymentsConfig,
  clock: Clock,
  paypalCerts: PayPalCertSource = {},
): PaymentProviders {
  // Without a configured or installation secret (tests, scripts), one random to this process.
  const test = new TestProvider(config.testSecret ?? randomBytes(32).toString('hex'), clock);
  const stripe = config.stripe
    ? new StripeProvider(config.stripe.secretKey, config.stripe.webhookSecret, clock)
    : null;
  const paypal = config.paypal
    ? new PayPalProvider(
        config.paypal,
        new PayPalCertStore({ ...paypalCerts, sandbox: config.paypal.apiBase.includes('.sandbox.'), clock }),
      )
    : null;
  const live = config.mode === 'live';
  const all: Record<ProviderName, PaymentProvider | null> = { test: live ? null : test, stripe, paypal };
  return {
    test,
    stripe,
    paypal,
    card: () => (live ? stripe : test),
    alternate: () => (live ? paypal : test),
    byName: (name) => (name in all ? all[name as ProviderName] : null),
  };
}
