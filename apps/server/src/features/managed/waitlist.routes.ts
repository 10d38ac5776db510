import type { FastifyInstance } from 'fastify';
import { managed as contract } from '@marquee/contract';
import { serve } from '../../platform/route.js';
import * as waitlist from './waitlist.service.js';
import * as invitations from './invitations.service.js';

/**
 * Managed Rank's waitlist, Set Up Managed and the invitation (spec 4 §7 Managed Rank and Admin;
 * docs/domain.md MR1-MR3, MR11): the member's two waitlist calls, the staff calls (admin only,
 * `serve` answers `not_admin` to anyone else) and the mail's unsubscribe link.
 */
export function waitlistRoutes(app: FastifyInstance) {
  serve(app, contract.addToWaitlist, ({ deps, caller, input }) =>
    waitlist.addToWaitlist(deps, caller, input.selection),
  );
  serve(app, contract.fetchWaitlistStatus, ({ deps, caller }) => waitlist.fetchWaitlistStatus(deps, caller));
  serve(app, contract.fetchUserDetails, ({ deps, input }) =>
    invitations.fetchUserDetails(deps, input.user_id),
  );
  serve(app, contract.setupManagedUser, ({ deps, caller, input }) =>
    invitations.setupManagedUser(deps, caller, input),
  );
  serve(app, contract.sendInviteEmail, ({ deps, caller, input }) =>
    invitations.sendInviteEmail(deps, caller, input.user_id, input.uc),
  );
  serve(app, contract.unsubscribe, ({ deps, input }) => invitations.unsubscribe(deps, input.uc));
}
