import type { FastifyInstance } from 'fastify';
import { membership } from '@marquee/contract';
import { serve } from '../../platform/route.js';
import * as service from './membership.service.js';

/** Membership (spec 1 §7, spec 2 §7, spec 3 §7): prices, summary, the subscription check, the pro trade and trial. */
export function membershipRoutes(app: FastifyInstance) {
  serve(app, membership.fetchMembershipPrices, ({ deps, caller }) =>
    service.fetchMembershipPrices(deps, caller),
  );
  serve(app, membership.fetchMembershipSummary, ({ deps, caller }) =>
    service.fetchMembershipSummary(deps, caller),
  );
  serve(app, membership.checkSubscriptionStatus, ({ deps, caller }) =>
    service.checkSubscriptionStatus(deps, caller),
  );
  serve(app, membership.tradePremiumForPro, ({ deps, caller, input }) =>
    service.tradePremiumForPro(deps, caller, input.premium),
  );
  serve(app, membership.proTrial, ({ deps, caller }) => service.proTrial(deps, caller));
  serve(app, membership.cancelSubscription, ({ deps, caller }) => service.cancelSubscription(deps, caller));
  serve(app, membership.dismissProOffer, ({ deps, caller }) => service.dismissProOffer(deps, caller));
}
