import type { FastifyInstance } from 'fastify';
import { admin as contract, adminListings, adminMembers, adminSignals } from '@marquee/contract';
import { serve } from '../../platform/route.js';
import { originOf } from '../login/index.js';
import * as service from './admin.service.js';
import * as members from './admin-members.service.js';
import * as listings from './admin-listings.service.js';
import * as signals from './signals.service.js';

/**
 * The admin console (spec 4 §2, §6, §7; D13; docs/domain.md AD1-AD9). Every call is for the admin
 * role only: `serve` answers `not_admin` to anyone else before the input is read (D2.2).
 */
export function adminRoutes(app: FastifyInstance) {
  serve(app, contract.checkAdmin, async () => ({ status: 'success' as const, admin: true as const }));
  serve(app, contract.fetchOverview, ({ deps }) => service.overview(deps));
  serve(app, contract.checkLedger, ({ deps, caller }) => service.checkLedgerNow(deps, caller));
  serve(app, contract.updateShadowVars, ({ deps, caller, input }) =>
    service.updateShadowVars(deps, caller, input),
  );
  serve(app, contract.fetchManagedWaitlist, ({ deps }) => service.managedWaitlist(deps));
  serve(app, contract.fetchAuditLog, ({ deps, input }) => service.auditLog(deps, input.page));

  serve(app, adminMembers.searchUsers, ({ deps, input }) => members.searchUsers(deps, input.q));
  serve(app, adminMembers.fetchUserDetails, ({ deps, caller, input }) =>
    members.userDetails(deps, caller, input.id),
  );
  serve(app, adminMembers.updateUserField, ({ deps, caller, input }) =>
    members.updateUserField(deps, caller, input),
  );
  serve(app, adminMembers.updateSpecialField, ({ deps, caller, input }) =>
    members.updateSpecialField(deps, caller, input),
  );
  serve(app, adminMembers.adjustPoints, ({ deps, caller, input }) =>
    members.adjustPoints(deps, caller, input),
  );
  serve(app, adminMembers.useAsUser, ({ deps, caller, input, req }) =>
    members.useAsUser(deps, caller, input.id, originOf(req)),
  );
  serve(app, adminMembers.deleteUserAccount, ({ deps, caller, input }) =>
    members.deleteUserAccount(deps, caller, input.delete_id),
  );

  serve(app, adminListings.fetchUserListings, ({ deps, input }) => listings.userListings(deps, input.id));
  serve(app, adminListings.updateUserListing, ({ deps, caller, input }) =>
    listings.updateListing(deps, caller, input),
  );
  serve(app, adminListings.fetchViewsHistory, ({ deps, input }) => listings.viewsHistory(deps, input.id));
  serve(app, adminListings.fetchCreditUpdateListings, ({ deps }) => listings.creditUpdateListings(deps));
  serve(app, adminListings.fetchPendingFB, ({ deps }) => listings.pendingFacebookPages(deps));
  serve(app, adminListings.submitFBPage, ({ deps, caller, input }) =>
    listings.approveFacebookPage(deps, caller, input),
  );
  serve(app, adminListings.rejectFBPage, ({ deps, caller, input }) =>
    listings.rejectFacebookPage(deps, caller, input),
  );

  serve(app, adminSignals.fetchSignals, ({ deps, input }) => signals.flaggedList(deps, input.page));
  serve(app, adminSignals.refreshSignals, ({ deps, caller }) => signals.refreshSignals(deps, caller));
}
