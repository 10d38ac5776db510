/**
 * The When To Watch feature's public entry: what other features may use of it (the boundary rule,
 * docs/architecture.md "Boundaries"). Everything else in this folder is the feature's own.
 */
export { eraseMemberEvents } from './watch.repo.js';
