/**
 * The membership feature's public entry: what other features may use of it (the boundary rule,
 * docs/architecture.md "Boundaries"). Everything else in this folder is the feature's own.
 */
export { MembershipSummaryCard } from './MembershipSummaryCard';
export { ProOfferBanner, ProTrialOffer } from './ProTrialOffer';
export { useSubscriptionCheck, type SubscriptionCheckState } from './useSubscriptionCheck';
