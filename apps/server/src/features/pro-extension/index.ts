/**
 * The Pro extension feature's public entry: what other features may use of it (the boundary rule,
 * docs/architecture.md "Boundaries"). Everything else in this folder is the feature's own.
 */
export { extensionGate, runningExtension } from './pro-extension.service.js';
export { versionLink } from './pro-extension.package.js';
