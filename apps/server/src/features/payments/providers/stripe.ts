import Stripe from 'stripe';
import { PAID_LEVELS, type PaidLevel } from '@marquee/contract';
import {
  isOneTime,
  WebhookRejected,
  type CheckoutRequest,
  type PaymentEvent,
  type PaymentProvider,
  type SubscriptionOwner,
} from './types.js';

export const STRIPE_SIGNATURE_HEADER = 'stripe-signature';

type Metadata = Record<string, string> | null | undefined;

/** Our purchase and member, as written into the checkout's metadata and read back from its events. */
export function ownerFromMetadata(metadata: Metadata): SubscriptionOwner | null {
  const userId = Number(metadata?.userId);
  const months = Number(metadata?.months);
  const level = metadata?.level as PaidLevel;
  if (!Number.isInteger(userId) || !Number.isInteger(months) || !PAID_LEVELS.includes(level)) return null;
  const purchaseId = Number(metadata?.purchaseId);
  return { userId, level, months, purchaseId: Number.isInteger(purchaseId) ? purchaseId : null };
}

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

/**
 * Stripe Checkout through Stripe's official SDK (D10.1): a hosted page for a one-time payment or a
 * subscription; purchases are granted from the signed webhook only.
 */
export class StripeProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  private readonly stripe: Stripe;

  constructor(
    secretKey: string,
    private readonly webhookSecret: string,
  ) {
    this.stripe = new Stripe(secretKey);
  }

  /** Stripe sends customer.subscription.updated with cancel_at_period_end, which we apply as cancelled. */
  async stopRenewal(subscriptionRef: string) {
    await this.stripe.subscriptions.update(subscriptionRef, { cancel_at_period_end: true });
    return null;
  }

  async startCheckout(request: CheckoutRequest) {
    const metadata = {
      purchaseId: String(request.purchaseId),
      userId: String(request.userId),
      level: request.level ?? 'sponsored',
      months: String(request.months),
    };
    const product = { name: request.description };
    const session = await this.stripe.checkout.sessions.create(
      isOneTime(request)
        ? {
            mode: 'payment',
            line_items: [
              {
                quantity: 1,
                price_data: { currency: 'usd', unit_amount: request.amountPennies, product_data: product },
              },
            ],
            metadata,
            payment_intent_data: { metadata },
            client_reference_id: String(request.userId),
            customer_email: request.email || undefined,
            success_url: request.successUrl,
            cancel_url: request.cancelUrl,
          }
        : {
            mode: 'subscription',
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: 'usd',
                  unit_amount: request.amountPennies,
                  product_data: product,
                  recurring: { interval: 'month', interval_count: request.months },
                },
              },
            ],
            metadata,
            subscription_data: { metadata },
            client_reference_id: String(request.userId),
            customer_email: request.email || undefined,
            success_url: request.successUrl,
            cancel_url: request.cancelUrl,
          },
    );
    if (!session.url) throw new Error('Stripe gave no checkout address.');
    return { redirect: session.url, providerRef: session.id };
  }

  async verifyWebhook(
    headers: Record<string, string | string[] | undefined>,
    rawBody: Buffer,
  ): Promise<PaymentEvent> {
    const signature = headers[STRIPE_SIGNATURE_HEADER];
    if (typeof signature !== 'string') throw new WebhookRejected('The event carries no Stripe signature.');
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, signature, this.webhookSecret);
    } catch (err) {
      throw new WebhookRejected(err instanceof Error ? err.message : 'The Stripe signature does not verify.');
    }
    return translateStripeEvent(event);
  }
}

/** Stripe's events reduced to what they mean for a membership. */
export function translateStripeEvent(event: Stripe.Event): PaymentEvent {
  const base = {
    provider: 'stripe' as const,
    eventId: event.id,
    type: event.type,
    occurredAt: new Date(event.created * 1000),
  };
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      // Subscriptions are granted by their paid invoices; a one-time payment by its completed checkout.
      if (session.mode !== 'payment' || session.payment_status !== 'paid')
        return { ...base, effect: 'ignored' };
      const purchaseId = Number(session.metadata?.purchaseId);
      if (!Number.isInteger(purchaseId)) return { ...base, effect: 'ignored' };
      return {
        ...base,
        effect: 'purchase_paid',
        purchaseId,
        providerRef: idOf(session.payment_intent) ?? session.id,
        amountPennies: session.amount_total ?? 0,
      };
    }
    case 'invoice.paid': {
      const invoice = event.data.object as Stripe.Invoice & {
        subscription?: string | { id: string } | null;
        subscription_details?: { metadata: Metadata };
      };
      const details = invoice.parent?.subscription_details ?? null;
      const subscriptionRef = idOf(details?.subscription) ?? idOf(invoice.subscription);
      const owner = ownerFromMetadata(details?.metadata ?? invoice.subscription_details?.metadata);
      const periodEnd = invoice.lines.data[0]?.period.end;
      if (!subscriptionRef || !owner || !periodEnd) return { ...base, effect: 'ignored' };
      return {
        ...base,
        effect: 'subscription_paid',
        subscriptionRef,
        owner,
        paidThrough: new Date(periodEnd * 1000),
        amountPennies: invoice.amount_paid,
      };
    }
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const sub = event.data.object;
      const ended = event.type === 'customer.subscription.deleted';
      if (!ended && !sub.cancel_at_period_end && sub.status === 'active')
        return { ...base, effect: 'ignored' };
      return {
        ...base,
        effect: 'subscription_cancelled',
        subscriptionRef: sub.id,
        owner: ownerFromMetadata(sub.metadata),
        ended,
      };
    }
    case 'charge.refunded': {
      const charge = event.data.object;
      const purchaseId = Number(charge.metadata?.purchaseId);
      return {
        ...base,
        effect: 'purchase_refunded',
        purchaseId: Number.isInteger(purchaseId) ? purchaseId : null,
        providerRef: idOf(charge.payment_intent),
      };
    }
    default:
      return { ...base, effect: 'ignored' };
  }
}
