/**
 * The earn feature's public entry: what other features may use of it (the boundary rule,
 * docs/architecture.md "Boundaries"). Everything else in this folder is the feature's own.
 */
export { keepReaderFacts } from './answers.repo.js';
export { imdbQuestion } from './earn.policy.js';
export {
  automaticDailyLimit,
  automaticLimitLabel,
  imdbPointsCap,
  offerWindowSeconds,
} from './earn.policy.js';
// The IMDb view-for-view exchange (D7.2, EX11, EX12) offers and credits through earning's own offers.
export { writeOffers } from './offers.repo.js';
export { CHECKING_ANSWER, answerImdbOffer } from './earn.service.js';
