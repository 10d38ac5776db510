/**
 * The help feature's public entry: what app.ts and other features may use of it (the boundary rule,
 * docs/architecture.md "Boundaries"). Everything else in this folder is the feature's own.
 */
export { withChatSources } from './chat-identity.js';
export { eraseMemberHelp } from './help.repo.js';
