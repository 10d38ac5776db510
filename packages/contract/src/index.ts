export * from './operation.js';
export * from './common.js';
export * as login from './login.js';
export * as errors from './errors.js';
export * as alerts from './alerts.js';
export * as messages from './messages.js';
export * as points from './points.js';
export * as devmail from './devmail.js';
export * as devclock from './devclock.js';
