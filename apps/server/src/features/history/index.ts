/**
 * The history feature's public entry: what other features may use of it (the boundary rule,
 * docs/architecture.md "Boundaries"). Everything else in this folder is the feature's own.
 */
// The IMDb exchange's recent history (EX12) shows its rows as the History does.
export { V4V_AMOUNT, presentHistory } from './history.service.js';
export { historyPageQuery, type HistoryRow } from './history.repo.js';
