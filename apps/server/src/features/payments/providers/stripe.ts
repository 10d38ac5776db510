import Stripe from 'stripe';
import type { Clock } from '../../../platform/clock.js';
import {
  isOneTime,
  isSubscribedLevel,
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
  const level = metadata?.level;
  if (!Number.isInteger(userId) || !Number.isInteger(months) || !isSubscribedLevel(level)) return null;
  const purchaseId = Number(metadata?.purchaseId);
  return {
    userId,
    level,
    months,
    purchaseId: Number.isInteger(purchaseId) && purchaseId > 0 ? purchaseId : null,
  };
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
    private readonly clock: Clock,
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
      // The SDK checks the signature and its age (5 minutes) against the server's one clock (docs/domain.md PAY2).
      event = this.stripe.webhooks.constructEvent(
        rawBody,
        signature,
        this.webhookSecret,
        undefined,
        undefined,
        this.clock.now().getTime(),
      );
    } catch (err) {
      throw new WebhookRejected(err instanceof Error ? err.message : 'The Stripe signature does not verify.');
    }
    return translateStripeEvent(event);
  }
}

/** An invoice line as Stripe delivers it, in the shapes of its API versions (before and since 2025-03-31). */
type InvoiceLine = {
  type?: string;
  subscription?: string | { id: string } | null;
  metadata?: Metadata;
  period?: { start: number; end: number };
  parent?: { type?: string; subscription_item_details?: { subscription?: string | null } | null } | null;
};

type DeliveredInvoice = {
  amount_paid: number;
  currency: string;
  /** Before 2025-03-31 ("basil"): the subscription and, since 2022-08-01, its metadata on the invoice. */
  subscription?: string | { id: string } | null;
  subscription_details?: { metadata: Metadata } | null;
  /** Since 2025-03-31: what the invoice is for. */
  parent?: {
    subscription_details?: { subscription?: string | { id: string } | null; metadata?: Metadata } | null;
  } | null;
  lines: { data: InvoiceLine[] };
};

/** The line a subscription's period is billed on: marked as such, else the first. */
const subscriptionLine = (lines: InvoiceLine[]) =>
  lines.find((l) => l.type === 'subscription' || l.parent?.type === 'subscription_item_details') ?? lines[0];

/**
 * A paid invoice of a subscription, read from whichever shape the account's API version delivers
 * (docs/domain.md PAY4): the subscription from `parent` (2025-03-31 on) or the invoice or its
 * line (before); the member from the subscription's metadata, which older versions put on the line.
 */
function paidInvoice(invoice: DeliveredInvoice) {
  const line = subscriptionLine(invoice.lines?.data ?? []);
  const details = invoice.parent?.subscription_details ?? null;
  const subscriptionRef =
    idOf(details?.subscription) ??
    idOf(invoice.subscription) ??
    idOf(line?.subscription) ??
    line?.parent?.subscription_item_details?.subscription ??
    null;
  const owner =
    [details?.metadata, invoice.subscription_details?.metadata, line?.metadata]
      .map(ownerFromMetadata)
      .find((o) => o !== null) ?? null;
  const periodEnd = line?.period?.end;
  return { subscriptionRef, owner, paidThrough: periodEnd ? new Date(periodEnd * 1000) : null };
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
      return {
        ...base,
        effect: 'purchase_paid',
        purchaseId: Number.isInteger(purchaseId) && purchaseId > 0 ? purchaseId : null,
        // The checkout's id is what the purchase was started with: it finds it without our metadata.
        purchaseRef: session.id,
        providerRef: idOf(session.payment_intent) ?? session.id,
        amountPennies: session.amount_total ?? 0,
        currency: session.currency ?? '',
      };
    }
    case 'invoice.paid': {
      const invoice = event.data.object as unknown as DeliveredInvoice;
      const { subscriptionRef, owner, paidThrough } = paidInvoice(invoice);
      if (!subscriptionRef || !paidThrough) return { ...base, effect: 'ignored' };
      return {
        ...base,
        effect: 'subscription_paid',
        subscriptionRef,
        owner,
        paidThrough,
        amountPennies: invoice.amount_paid ?? 0,
        currency: invoice.currency ?? '',
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
        purchaseId: Number.isInteger(purchaseId) && purchaseId > 0 ? purchaseId : null,
        providerRef: idOf(charge.payment_intent),
      };
    }
    default:
      return { ...base, effect: 'ignored' };
  }
}
