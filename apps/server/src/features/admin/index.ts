/**
 * The admin feature's public entry: what other features may use of it (the boundary rule,
 * docs/architecture.md "Boundaries"). Everything else in this folder is the feature's own.
 */
export { ledgerCheckJob, siteFiguresJob } from './admin.service.js';
export { fairplaySignalsJob } from './signals.service.js';
export { recentWeeks } from './admin.repo.js';
/** AM8: whose accounts staff may change (Set Up Managed follows it too, MR2). */
export { mayChange as staffMayChange } from './admin-members.service.js';
