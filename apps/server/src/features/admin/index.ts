/**
 * The admin feature's public entry: what other features may use of it (the boundary rule,
 * docs/architecture.md "Boundaries"). Everything else in this folder is the feature's own.
 */
export { ledgerCheckJob, siteFiguresJob } from './admin.service.js';
export { fairplaySignalsJob } from './signals.service.js';
