/** Every table of the app, gathered from the features that own them. */
export * from '../../features/members/members.tables.js';
export * from '../../features/login/login.tables.js';
export * from '../../features/membership/membership.tables.js';
export * from '../../features/payments/payments.tables.js';
export * from '../../features/points/points.tables.js';
export * from '../../features/listings/listings.tables.js';
export * from '../../features/earn/earn.tables.js';
export * from '../../features/accounts/accounts.tables.js';
export * from '../../simulated/simulated.tables.js';
export * from '../../features/messages/messages.tables.js';
export * from '../../features/alerts/alerts.tables.js';
export * from '../../features/errors/errors.tables.js';
export * from '../mail.tables.js';
export * from '../../features/account/account.tables.js';
export * from '../../features/referrals/referrals.tables.js';
export * from '../jobs.tables.js';
