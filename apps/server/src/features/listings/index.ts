/**
 * The listings feature's public entry: what other features may use of it (the boundary rule,
 * docs/architecture.md "Boundaries"). Everything else in this folder is the feature's own.
 */
export { mayAskProViews } from './listings.policy.js';
export { findListing, setListing, zeroMemberListings } from './listings.repo.js';
