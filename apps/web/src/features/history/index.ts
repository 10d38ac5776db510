/**
 * The history feature's public entry: what other features may use of it (the boundary rule,
 * docs/architecture.md "Boundaries"). Everything else in this folder is the feature's own.
 */
export { RecentHistoryCard, RecentHistoryList } from './RecentHistoryCard';
export { historyKey } from './api';
