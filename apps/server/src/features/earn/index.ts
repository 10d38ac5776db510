/**
 * The earn feature's public entry: what other features may use of it (the boundary rule,
 * docs/architecture.md "Boundaries"). Everything else in this folder is the feature's own.
 */
export { keepReaderFacts } from './answers.repo.js';
export { imdbQuestion } from './earn.policy.js';
export { automaticDailyLimit, automaticLimitLabel, imdbPointsCap } from './earn.policy.js';
