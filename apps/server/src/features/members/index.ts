/**
 * The members feature's public entry: what other features may use of it (the boundary rule,
 * docs/architecture.md "Boundaries"). Everything else in this folder is the feature's own.
 */
export { presentCurrentUser } from './members.presenter.js';
export {
  blockExists,
  emailTaken,
  findByLogin,
  findMember,
  isActiveMember,
  membershipColumns,
  notBlockedWith,
  searchMembersForStaff,
  usernameTaken,
} from './members.repo.js';
export type { MemberRow } from './members.repo.js';
