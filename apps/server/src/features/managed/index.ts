/**
 * The managed feature's public entry: what other features may use of it (the boundary rule,
 * docs/architecture.md "Boundaries"). Everything else in this folder is the feature's own.
 */
/** MR4: the invitation a subscribing member holds, and using it up when their payment is granted. */
export { findInvitation, useInvitation } from './invitations.service.js';
export type { Invitation } from './invitations.repo.js';
/** MR4, MR5: the grant a verified managed payment makes, and where its checkout returns to. */
export { MANAGED_RETURN, startManagedSubscription } from './subscription.service.js';
