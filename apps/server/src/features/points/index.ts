/**
 * The points feature's public entry: what other features may use of it (the boundary rule,
 * docs/architecture.md "Boundaries"). Everything else in this folder is the feature's own.
 */
export {
  FIRST_MEMBER_ID,
  HOUSE_ID,
  InsufficientPoints,
  SUPPORT_ACCOUNT_ID,
  houseTill,
  movePoints,
} from './ledger.js';
export { paymentFailure, paymentValues, paymentWrites } from './ledger.repo.js';
export { checkLedger, type LedgerReport } from './ledger.check.js';
export type { Payment } from './ledger.repo.js';
export {
  PAID_DAILY_ACTIONS,
  QUALIFIED_REFERRAL_DAYS,
  dailyActionCap,
  dailyActionsUsedUpMessage,
} from './points.policy.js';
export { memberDayFieldsAt, memberDayJoin, toMemberWithDay } from './points.repo.js';
export { dayOf, memberToday } from './points.service.js';
