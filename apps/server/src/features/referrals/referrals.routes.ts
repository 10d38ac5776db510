import type { FastifyInstance } from 'fastify';
import { referrals } from '@marquee/contract';
import { serve } from '../../platform/route.js';
import * as service from './referrals.service.js';
import { tradeForDays } from './trade.service.js';

/** Referrals and trade-ins (spec 3 §7): stats, recent referrals, and points or referral points for days. */
export function referralsRoutes(app: FastifyInstance) {
  serve(app, referrals.fetchReferralStats, ({ deps, caller }) => service.fetchReferralStats(deps, caller));
  serve(app, referrals.fetchRecentReferrals, ({ deps, caller }) =>
    service.fetchRecentReferrals(deps, caller),
  );
  serve(app, referrals.tradeReferralPoints, ({ deps, caller, input }) =>
    tradeForDays(deps, caller, 'referral_points', input),
  );
  // account/tradePoints lives with the other trade-in: one rule, two currencies.
  serve(app, referrals.tradePoints, ({ deps, caller, input }) => tradeForDays(deps, caller, 'points', input));
}
