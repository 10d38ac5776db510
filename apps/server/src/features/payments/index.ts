/**
 * The payments feature's public entry: what other features may use of it (the boundary rule,
 * docs/architecture.md "Boundaries"). Everything else in this folder is the feature's own.
 */
export {
  countCheck,
  createPendingPurchase,
  latestMembershipPurchase,
  setPurchaseProviderRef,
} from './payments.repo.js';
export type { Purchase } from './payments.repo.js';
export { applyPaymentEvent } from './payments.service.js';
export type { PaymentProvider } from './providers/types.js';
export { sponsoredWhat } from './receipts.js';
