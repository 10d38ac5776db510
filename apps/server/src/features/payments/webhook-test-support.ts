import { createSign } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import type { AppConfig } from '../../platform/config.js';
import type { Clock } from '../../platform/clock.js';
import { createPaymentProviders, type PayPalCertSource } from './payments.providers.js';

/**
 * What the payment tests share: the real events of fixtures/real (SOURCES.md there says where each
 * comes from) and a test certificate authority standing in for PayPal's (fixtures/test-certs), so
 * PayPal's self-verification runs in full without reaching the internet.
 */

const FIXTURES = path.join(import.meta.dirname, 'fixtures');

/** A real event as its sender delivered it. */
export const realEvent = <T = Record<string, unknown>>(file: string): T =>
  JSON.parse(fs.readFileSync(path.join(FIXTURES, 'real', file), 'utf8')) as T;

export const realFile = (file: string) => fs.readFileSync(path.join(FIXTURES, 'real', file));

const testCert = (name: string) => fs.readFileSync(path.join(FIXTURES, 'test-certs', name), 'utf8');

/** The test root every good chain ends at; the test's trusted root store holds it alone. */
export const TEST_ROOT = testCert('root.pem');
const INTERMEDIATE = testCert('intermediate.pem');

/**
 * Certificates served at PayPal's certificate path, by the name after /certs/: the good one (with its
 * intermediate), one issued to another name, one out of its dates, one from an untrusted root, and
 * the good one without the intermediate that links it to the root.
 */
export const TEST_CERTS = {
  'CERT-GOOD': { pem: testCert('leaf.pem') + INTERMEDIATE, key: testCert('leaf.key') },
  'CERT-WRONG-NAME': { pem: testCert('wrong-name.pem') + INTERMEDIATE, key: testCert('wrong-name.key') },
  'CERT-EXPIRED': { pem: testCert('expired.pem') + INTERMEDIATE, key: testCert('expired.key') },
  'CERT-STRANGER': {
    pem: testCert('stranger.pem') + testCert('other-root.pem'),
    key: testCert('stranger.key'),
  },
  'CERT-ALONE': { pem: testCert('leaf.pem'), key: testCert('leaf.key') },
} as const;
export type TestCertName = keyof typeof TEST_CERTS;

export const certUrl = (name: string, host = 'api-m.sandbox.paypal.com') =>
  `https://${host}/v1/notifications/certs/${name}`;

/** PayPal's certificate host as the tests serve it, counting the fetches. */
export function testPayPalCerts(): PayPalCertSource & { fetched: string[] } {
  const fetched: string[] = [];
  return {
    fetched,
    trustedRoots: [TEST_ROOT],
    fetch: async (url) => {
      fetched.push(url);
      const name = url.split('/').pop() as TestCertName;
      const cert = TEST_CERTS[name];
      if (!cert) throw new Error(`No test certificate at ${url}`);
      return cert.pem;
    },
  };
}

/** The headers PayPal sends with an event: its signature over "id|time|webhook id|CRC32 of the body". */
export function signPayPal(
  body: Buffer,
  opts: { webhookId: string; at: Date; cert?: TestCertName; key?: string; id?: string; url?: string },
): Record<string, string> {
  const cert = opts.cert ?? 'CERT-GOOD';
  const id = opts.id ?? `tx-${Math.random().toString(36).slice(2)}`;
  const time = opts.at.toISOString().replace(/\.\d{3}Z$/, 'Z');
  const signature = createSign('RSA-SHA256')
    .update(`${id}|${time}|${opts.webhookId}|${crc32(body)}`)
    .sign(opts.key ?? TEST_CERTS[cert].key, 'base64');
  return {
    'content-type': 'application/json',
    'paypal-transmission-id': id,
    'paypal-transmission-time': time,
    'paypal-transmission-sig': signature,
    'paypal-cert-url': opts.url ?? certUrl(cert),
    'paypal-auth-algo': 'SHA256withRSA',
  };
}

/**
 * The providers as a live site has them (Stripe and PayPal configured), with the given webhook
 * secrets and PayPal's certificates from `certs` instead of PayPal's servers.
 */
export function liveProviders(stripeWebhookSecret: string, paypalWebhookId: string, certs: PayPalCertSource) {
  return (config: AppConfig, clock: Clock) =>
    createPaymentProviders(
      {
        ...config.payments,
        stripe: { secretKey: 'sk_test_offline', webhookSecret: stripeWebhookSecret },
        paypal: {
          clientId: 'id',
          secret: 'secret',
          webhookId: paypalWebhookId,
          apiBase: 'https://api-m.sandbox.paypal.com',
          plans: {},
        },
      },
      clock,
      certs,
    );
}
