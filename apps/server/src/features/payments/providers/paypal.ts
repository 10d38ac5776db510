import { createVerify } from 'node:crypto';
import { crc32 } from 'node:zlib';
import type { PayPalCertStore } from './paypal-certs.js';
import {
  isOneTime,
  isSubscribedLevel,
  WebhookRejected,
  type CheckoutRequest,
  type PaymentEvent,
  type PaymentProvider,
  type SubscribedLevel,
  type SubscriptionOwner,
} from './types.js';

export interface PayPalConfig {
  clientId: string;
  secret: string;
  webhookId: string;
  /** https://api-m.paypal.com, or the sandbox. */
  apiBase: string;
  /**
   * Plan ids of the subscriptions, by "level:months" (the price table's subCode); Managed Rank's by
   * "managed-<tier>:1" (spec 4 §9 selection: managed-3:1 is Top 60K).
   */
  plans: Record<string, string>;
}

/** custom_id of our orders and subscriptions: "purchaseId:userId:level:months" ("sponsored" and 0 for sponsored activity). */
export const customId = (r: {
  purchaseId: number | null;
  userId: number;
  level: SubscribedLevel | null;
  months: number;
}) => `${r.purchaseId ?? ''}:${r.userId}:${r.level ?? 'sponsored'}:${r.months}`;

/** The PAYPAL_PLANS key of a subscription: "level:months", or "managed-<tier>:1" for Managed Rank. */
export const planKey = (request: CheckoutRequest) =>
  request.level === 'managed' ? `managed-${request.tier}:1` : `${request.level}:${request.months}`;

/** The purchase a one-time order's custom_id names, whatever it bought (a membership or sponsored activity). */
export function purchaseOfCustomId(value: unknown): number | null {
  const first = typeof value === 'string' ? value.split(':')[0] : '';
  const id = first ? Number(first) : Number.NaN;
  return Number.isInteger(id) && id > 0 ? id : null;
}

export function parseCustomId(value: unknown): SubscriptionOwner | null {
  if (typeof value !== 'string') return null;
  const [purchase, user, level, months] = value.split(':');
  if (!isSubscribedLevel(level)) return null;
  const owner = {
    purchaseId: purchase ? Number(purchase) : null,
    userId: Number(user),
    level,
    months: Number(months),
  };
  if (!Number.isInteger(owner.userId) || !Number.isInteger(owner.months)) return null;
  if (owner.purchaseId !== null && !Number.isInteger(owner.purchaseId)) return null;
  return owner;
}

const header = (headers: Record<string, string | string[] | undefined>, name: string) => {
  const value = headers[name];
  return typeof value === 'string' ? value : '';
};

/** PayPal's amounts are decimal text: "16.95" in v2 resources (value), "14.90" in v1 sales (total). */
const cents = (text: string | undefined) => Math.round(Number(text ?? 0) * 100);

type Money = { value?: string; total?: string; currency_code?: string; currency?: string };
const amountOf = (money: Money | undefined) => cents(money?.value ?? money?.total);
const currencyOf = (money: Money | undefined) => money?.currency_code ?? money?.currency ?? '';

/** The capture a refund belongs to, from its "up" link (…/v2/payments/captures/{id}). */
function refundedCapture(links: unknown): string | null {
  if (!Array.isArray(links)) return null;
  const up = links.find((l: { rel?: string; href?: string }) => l?.rel === 'up')?.href;
  const match = typeof up === 'string' ? /\/captures\/([A-Z0-9]+)$/.exec(up) : null;
  return match?.[1] ?? null;
}

/**
 * PayPal through its REST API (D10.1): orders for one-time payments, billing subscriptions for
 * recurring ones, and webhooks verified offline with PayPal's certificate (CRC32 of the body,
 * SHA256withRSA), as PayPal documents; the certificate is fetched, checked and kept by `certs`.
 */
export class PayPalProvider implements PaymentProvider {
  readonly name = 'paypal' as const;

  constructor(
    private readonly config: PayPalConfig,
    private readonly certs: PayPalCertStore,
  ) {}

  /** Whether a subscription of this PAYPAL_PLANS key ("premium:12", "managed-3:1") can be started. */
  hasPlan(key: string): boolean {
    return Boolean(this.config.plans[key]);
  }

  private async accessToken(): Promise<string> {
    const res = await fetch(`${this.config.apiBase}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        Authorization: `Basic ${Buffer.from(`${this.config.clientId}:${this.config.secret}`).toString('base64')}`,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    if (!res.ok) throw new Error(`PayPal refused the credentials (${res.status}).`);
    return ((await res.json()) as { access_token: string }).access_token;
  }

  private async post(
    path: string,
    body: unknown,
  ): Promise<{ id: string; links?: { rel: string; href: string }[] }> {
    const res = await fetch(`${this.config.apiBase}${path}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${await this.accessToken()}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`PayPal refused ${path} (${res.status}).`);
    return (await res.json()) as { id: string; links?: { rel: string; href: string }[] };
  }

  async startCheckout(request: CheckoutRequest) {
    const custom = customId(request);
    const context = {
      return_url: request.successUrl,
      cancel_url: request.cancelUrl,
      brand_name: 'Marquee',
      user_action: isOneTime(request) ? 'PAY_NOW' : 'SUBSCRIBE_NOW',
    };
    let created;
    if (isOneTime(request)) {
      created = await this.post('/v2/checkout/orders', {
        intent: 'CAPTURE',
        purchase_units: [
          {
            custom_id: custom,
            description: request.description,
            amount: { currency_code: 'USD', value: (request.amountPennies / 100).toFixed(2) },
          },
        ],
        application_context: context,
      });
    } else {
      const plan = this.config.plans[planKey(request)];
      if (!plan) throw new Error(`No PayPal plan is configured for ${planKey(request)}.`);
      created = await this.post('/v1/billing/subscriptions', {
        plan_id: plan,
        custom_id: custom,
        application_context: context,
      });
    }
    const approve = created.links?.find((l) => l.rel === 'approve' || l.rel === 'payer-action');
    if (!approve) throw new Error('PayPal gave no approval address.');
    return { redirect: approve.href, providerRef: created.id };
  }

  /** PayPal sends BILLING.SUBSCRIPTION.CANCELLED, which we apply as cancelled; the paid time still runs. */
  async stopRenewal(subscriptionRef: string) {
    const res = await fetch(
      `${this.config.apiBase}/v1/billing/subscriptions/${encodeURIComponent(subscriptionRef)}/cancel`,
      {
        method: 'POST',
        headers: { Authorization: `Bearer ${await this.accessToken()}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ reason: 'Cancelled by the member on Marquee.' }),
      },
    );
    if (!res.ok && res.status !== 422)
      throw new Error(`PayPal refused to cancel the subscription (${res.status}).`);
    return null;
  }

  /** After the member approves an order, PayPal sends them back; capturing it makes PayPal send PAYMENT.CAPTURE.COMPLETED. */
  async captureOrder(orderId: string): Promise<void> {
    await this.post(`/v2/checkout/orders/${encodeURIComponent(orderId)}/capture`, {});
  }

  /**
   * PayPal's self-verification (docs/domain.md PAY3): the signature is SHA256withRSA over
   * "transmission id|transmission time|our webhook id|CRC32 of the raw body", checked with the key of
   * the certificate PayPal names, once that certificate is known to be PayPal's.
   */
  async verifyWebhook(
    headers: Record<string, string | string[] | undefined>,
    rawBody: Buffer,
  ): Promise<PaymentEvent> {
    const id = header(headers, 'paypal-transmission-id');
    const time = header(headers, 'paypal-transmission-time');
    const signature = header(headers, 'paypal-transmission-sig');
    const certUrl = header(headers, 'paypal-cert-url');
    const algo = header(headers, 'paypal-auth-algo');
    if (!id || !time || !signature || !certUrl)
      throw new WebhookRejected('The event carries no PayPal signature.');
    if (algo && algo !== 'SHA256withRSA')
      throw new WebhookRejected(`PayPal signs with SHA256withRSA, not ${algo}.`);
    const key = await this.certs.publicKey(certUrl);
    const signed = `${id}|${time}|${this.config.webhookId}|${crc32(rawBody)}`;
    let valid = false;
    try {
      valid = createVerify('RSA-SHA256').update(signed).verify(key, signature, 'base64');
    } catch {
      valid = false;
    }
    if (!valid) throw new WebhookRejected('The PayPal signature does not verify.');
    let event: PayPalEvent;
    try {
      event = JSON.parse(rawBody.toString('utf8')) as PayPalEvent;
    } catch {
      throw new WebhookRejected('The event is not JSON.');
    }
    if (!event || typeof event !== 'object' || typeof event.event_type !== 'string')
      throw new WebhookRejected('The body is not a PayPal event.');
    return translatePayPalEvent(event);
  }
}

interface PayPalEvent {
  id: string;
  event_type: string;
  create_time: string;
  resource: Record<string, unknown>;
}

/** PayPal's events reduced to what they mean for a membership (as PayPal delivers them: docs/domain.md PAY4). */
export function translatePayPalEvent(event: PayPalEvent): PaymentEvent {
  const occurredAt = new Date(event.create_time);
  const base = { provider: 'paypal' as const, eventId: String(event.id), type: event.event_type, occurredAt };
  const r = (event.resource ?? {}) as Record<string, never>;
  switch (event.event_type) {
    case 'PAYMENT.CAPTURE.COMPLETED': {
      // Our purchase by the custom id we gave the order, else by the order the capture belongs to.
      const purchaseId = purchaseOfCustomId(r.custom_id);
      const order = (r.supplementary_data as { related_ids?: { order_id?: string } } | undefined)?.related_ids
        ?.order_id;
      if (!purchaseId && !order) return { ...base, effect: 'ignored' };
      return {
        ...base,
        effect: 'purchase_paid',
        purchaseId,
        purchaseRef: order ?? null,
        providerRef: String(r.id),
        amountPennies: amountOf(r.amount),
        currency: currencyOf(r.amount),
      };
    }
    case 'PAYMENT.CAPTURE.REFUNDED':
      return {
        ...base,
        effect: 'purchase_refunded',
        purchaseId: purchaseOfCustomId(r.custom_id),
        providerRef: refundedCapture(r.links),
      };
    case 'BILLING.SUBSCRIPTION.ACTIVATED': {
      // The activation announces the first period; the money comes with the sale (PAYMENT.SALE.COMPLETED).
      const next = (r.billing_info as { next_billing_time?: string } | undefined)?.next_billing_time;
      if (!next) return { ...base, effect: 'ignored' };
      return {
        ...base,
        effect: 'subscription_paid',
        subscriptionRef: String(r.id),
        owner: parseCustomId(r.custom_id),
        paidThrough: new Date(next),
        amountPennies: 0,
        currency: 'USD',
      };
    }
    case 'PAYMENT.SALE.COMPLETED': {
      // A subscription's payment: the sale names its subscription (billing_agreement_id) and, when the
      // subscription had one, carries its custom id as `custom`. It does not say which period it pays.
      const ref = r.billing_agreement_id as string | undefined;
      if (!ref) return { ...base, effect: 'ignored' };
      return {
        ...base,
        effect: 'subscription_paid',
        subscriptionRef: ref,
        owner: parseCustomId(r.custom),
        paidThrough: null,
        amountPennies: amountOf(r.amount),
        currency: currencyOf(r.amount),
      };
    }
    case 'BILLING.SUBSCRIPTION.CANCELLED':
    case 'BILLING.SUBSCRIPTION.SUSPENDED':
    case 'BILLING.SUBSCRIPTION.EXPIRED':
      return {
        ...base,
        effect: 'subscription_cancelled',
        subscriptionRef: String(r.id),
        owner: parseCustomId(r.custom_id),
        ended: event.event_type === 'BILLING.SUBSCRIPTION.EXPIRED',
      };
    default:
      return { ...base, effect: 'ignored' };
  }
}
