import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../../../platform/clock.js';
import { WebhookRejected, type PaymentEvent, type PaymentProvider, type SubscribedLevel } from './types.js';

/** The header that carries the test checkout's signature: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`. */
export const TEST_SIGNATURE_HEADER = 'marquee-signature';
/** A signed event older or newer than this is refused. */
const TOLERANCE_S = 300;

/** The events the built-in test checkout sends, in its own small format. */
export type TestEventData =
  | { type: 'checkout.completed'; purchaseId: number; providerRef: string; amountPennies: number }
  | {
      type: 'subscription.paid';
      subscriptionRef: string;
      userId: number;
      level: SubscribedLevel;
      months: number;
      purchaseId: number | null;
      paidThrough: string;
      amountPennies: number;
    }
  | { type: 'subscription.cancelled'; subscriptionRef: string; ended: boolean }
  | { type: 'charge.refunded'; purchaseId: number };

export interface TestEvent {
  id: string;
  created: number;
  data: TestEventData;
}

const hmac = (secret: string, t: number, body: string) =>
  createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');

/**
 * D10.2: the built-in test checkout, the embedded default. It completes purchases on Marquee's own
 * pages (every one says it is a test payment) and reports them through the same verified webhook
 * path as the real providers: a signed event, applied once.
 */
export class TestProvider implements PaymentProvider {
  readonly name = 'test' as const;

  constructor(
    private readonly secret: string,
    private readonly clock: Clock,
  ) {}

  async startCheckout(request: { purchaseId: number }) {
    // The page's address is the checkout's unguessable id: nobody can pay or cancel another member's checkout.
    const providerRef = `test_co_${randomUUID()}`;
    void request;
    return { redirect: `/v4/checkout/test/${providerRef}`, providerRef };
  }

  async stopRenewal(subscriptionRef: string) {
    return this.signEvent({ type: 'subscription.cancelled', subscriptionRef, ended: false });
  }

  /** A signed event as the test checkout sends it: the raw body and its headers. */
  signEvent(data: TestEventData, id: string = `evt_test_${randomUUID()}`) {
    const created = Math.floor(this.clock.now().getTime() / 1000);
    const body = JSON.stringify({ id, created, data } satisfies TestEvent);
    return {
      body,
      headers: { [TEST_SIGNATURE_HEADER]: `t=${created},v1=${hmac(this.secret, created, body)}` },
    };
  }

  async verifyWebhook(
    headers: Record<string, string | string[] | undefined>,
    rawBody: Buffer,
  ): Promise<PaymentEvent> {
    const header = headers[TEST_SIGNATURE_HEADER];
    const match = typeof header === 'string' ? /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header) : null;
    if (!match) throw new WebhookRejected('The event carries no signature.');
    const t = Number(match[1]);
    const given = Buffer.from(match[2] as string, 'hex');
    const expected = Buffer.from(hmac(this.secret, t, rawBody.toString('utf8')), 'hex');
    if (!timingSafeEqual(given, expected)) throw new WebhookRejected('The event signature does not match.');
    if (Math.abs(this.clock.now().getTime() / 1000 - t) > TOLERANCE_S) {
      throw new WebhookRejected('The event signature is too old.');
    }
    let event: TestEvent;
    try {
      event = JSON.parse(rawBody.toString('utf8')) as TestEvent;
    } catch {
      throw new WebhookRejected('The event is not JSON.');
    }
    const base = {
      provider: 'test' as const,
      eventId: String(event.id),
      type: event.data.type,
      occurredAt: new Date(event.created * 1000),
    };
    const d = event.data;
    switch (d.type) {
      case 'checkout.completed':
        return {
          ...base,
          effect: 'purchase_paid',
          purchaseId: d.purchaseId,
          purchaseRef: null,
          providerRef: d.providerRef,
          amountPennies: d.amountPennies,
          currency: 'USD',
        };
      case 'subscription.paid':
        return {
          ...base,
          effect: 'subscription_paid',
          subscriptionRef: d.subscriptionRef,
          owner: { userId: d.userId, level: d.level, months: d.months, purchaseId: d.purchaseId },
          paidThrough: new Date(d.paidThrough),
          amountPennies: d.amountPennies,
          currency: 'USD',
        };
      case 'subscription.cancelled':
        return {
          ...base,
          effect: 'subscription_cancelled',
          subscriptionRef: d.subscriptionRef,
          owner: null,
          ended: d.ended,
        };
      case 'charge.refunded':
        return { ...base, effect: 'purchase_refunded', purchaseId: d.purchaseId, providerRef: null };
      default:
        return { ...base, effect: 'ignored' };
    }
  }
}
