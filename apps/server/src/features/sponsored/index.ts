/**
 * The sponsored feature's public entry: what other features may use of it (the boundary rule,
 * docs/architecture.md "Boundaries"). Everything else in this folder is the feature's own.
 */
export { grantSponsored, takeBackSponsored } from './grant.service.js';
export { canBuySponsored, sponsorOptions, sponsoredDescription } from './sponsored.policy.js';
export type { RunningSpecial, SponsorPrices } from './sponsored.policy.js';
export { sponsorContext } from './sponsored.repo.js';
export { sponsoredReturnPath } from './sponsored.service.js';
