import type { PaidLevel } from '@marquee/contract';

export type ProviderName = 'test' | 'stripe' | 'paypal';

/** What a subscription renews: a paid level, or Managed Rank (D14.1), which renews monthly at its tier's price. */
export type SubscribedLevel = PaidLevel | 'managed';

/** Narrows text read from a provider's event (metadata, custom id) to what a subscription renews. */
export const isSubscribedLevel = (value: unknown): value is SubscribedLevel =>
  value === 'premium' || value === 'pro' || value === 'managed';

/**
 * What a checkout is for: a membership paid once, a subscription renewing every `months`, Managed
 * Rank renewing every month at its tier's price (`tier`: spec 4 §9 selection), or sponsored activity
 * for a listing (paid once; no level, 0 months).
 */
export type CheckoutRequest = {
  purchaseId: number;
  userId: number;
  email: string;
  amountPennies: number;
  /** What the provider's page names the purchase. */
  description: string;
  /** Where the provider sends the member back: after paying, and when they give up. */
  successUrl: string;
  cancelUrl: string;
} & (
  | { kind: 'membership' | 'subscription'; level: PaidLevel; months: number }
  | { kind: 'subscription'; level: 'managed'; months: 1; tier: 1 | 2 | 3 }
  | { kind: 'sponsored'; level: null; months: 0 }
);

/** Paid once (a membership or sponsored activity), not renewing. */
export const isOneTime = (request: CheckoutRequest) => request.kind !== 'subscription';

export interface CheckoutStarted {
  /** The provider's page the member pays on. */
  redirect: string;
  /** The provider's id of the checkout, kept on the purchase. */
  providerRef: string;
}

/** Who a subscription event belongs to: set by us when the checkout started, echoed back by the provider. */
export interface SubscriptionOwner {
  userId: number;
  level: SubscribedLevel;
  months: number;
  /** Our purchase that started it, when the provider says. */
  purchaseId: number | null;
}

/**
 * A provider's webhook event, verified and translated to what it means for us. Every provider
 * reduces its own event types to these; anything else is `ignored` (and still recorded once).
 * Payments carry their currency: Marquee sells in US dollars only (docs/domain.md PAY1).
 */
export type PaymentEvent = { provider: ProviderName; eventId: string; type: string; occurredAt: Date } & (
  | {
      effect: 'purchase_paid';
      /** Our purchase, when the event names it (metadata, custom id); else found by `purchaseRef`. */
      purchaseId: number | null;
      /** The provider's id of the checkout or order the purchase was started with. */
      purchaseRef: string | null;
      /** The provider's id of the payment itself (kept on the purchase; a refund names it). */
      providerRef: string;
      amountPennies: number;
      currency: string;
    }
  | { effect: 'purchase_refunded'; purchaseId: number | null; providerRef: string | null }
  | {
      effect: 'subscription_paid';
      subscriptionRef: string;
      /** Who it belongs to; null when the event does not say (a known subscription knows). */
      owner: SubscriptionOwner | null;
      /** The end of the period paid for; null when the provider does not say (it follows the subscription's own periods). */
      paidThrough: Date | null;
      amountPennies: number;
      currency: string;
    }
  | {
      effect: 'subscription_cancelled';
      subscriptionRef: string;
      owner: SubscriptionOwner | null;
      ended: boolean;
    }
  | { effect: 'ignored' }
);

/** The signature did not verify, or the body is not an event: nothing is applied (D10.1). */
export class WebhookRejected extends Error {
  override readonly name = 'WebhookRejected';
}

/** A signed event to deliver down our own webhook path at once (the test checkout's). */
export interface SignedEvent {
  headers: Record<string, string>;
  body: string;
}

/** One payment provider (D10): starts checkouts, stops renewals and verifies its webhooks. */
export interface PaymentProvider {
  readonly name: ProviderName;
  startCheckout(request: CheckoutRequest): Promise<CheckoutStarted>;
  /**
   * Asks the provider not to renew a subscription again; it serves to its paid-through date (D2.3).
   * The change arrives as the provider's verified event; the test checkout hands it back to deliver.
   */
  stopRenewal(subscriptionRef: string): Promise<SignedEvent | null>;
  /** Checks the signature on the raw body and translates the event; throws WebhookRejected otherwise. */
  verifyWebhook(
    headers: Record<string, string | string[] | undefined>,
    rawBody: Buffer,
  ): Promise<PaymentEvent>;
}
