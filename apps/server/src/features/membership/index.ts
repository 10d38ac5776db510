/**
 * The membership feature's public entry: what other features may use of it (the boundary rule,
 * docs/architecture.md "Boundaries"). Everything else in this folder is the feature's own.
 */
export { addMonths, levelAbilities, membershipOf, tradeablePremiumDays } from './membership.policy.js';
export {
  findProviderSubscription,
  insertSubscription,
  lockMember,
  lockProviderSubscription,
  setLevelExpiry,
  stopRenewals,
  updateSubscription,
} from './membership.repo.js';
export { startCheckout } from './membership.service.js';
export { dollars } from './prices.js';
