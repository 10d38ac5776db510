import type { FastifyInstance } from 'fastify';
import { managed as contract } from '@marquee/contract';
import { serve } from '../../platform/route.js';
import * as service from './subscription.service.js';

/**
 * Subscribing to Managed Rank (spec 4 §7 Managed Rank; docs/domain.md MR4, MR5): the terms, the
 * managed checkout, the check after it and the member's subscription.
 */
export function subscriptionRoutes(app: FastifyInstance) {
  serve(app, contract.fetchManagedRankTerms, ({ deps, caller }) =>
    service.fetchManagedRankTerms(deps, caller),
  );
  serve(app, contract.subscribeCheckout, ({ deps, caller, input }) =>
    service.subscribeCheckout(deps, caller, input),
  );
  serve(app, contract.checkManagedSubscription, ({ deps, caller }) =>
    service.checkManagedSubscription(deps, caller),
  );
  serve(app, contract.fetchSubscription, ({ deps, caller }) => service.fetchSubscription(deps, caller));
}
