/**
 * The account feature's public entry: what other features may use of it (the boundary rule,
 * docs/architecture.md "Boundaries"). Everything else in this folder is the feature's own.
 */
export {
  emailWasDeleted,
  eraseMember,
  hasRenewingSubscription,
  isUniqueViolation,
  lockAccount,
  saveEmailSetting,
} from './account.repo.js';
export { mailMember, takesMail } from './member-mail.js';
