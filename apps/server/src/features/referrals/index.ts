/**
 * The referrals feature's public entry: what other features may use of it (the boundary rule,
 * docs/architecture.md "Boundaries"). Everything else in this folder is the feature's own.
 */
export { referralActionBonus } from './referrals.policy.js';
export { findReward } from './referrals.repo.js';
export { mailReferralJoined, rewardReferrer, takeBackReferralReward } from './rewards.service.js';
