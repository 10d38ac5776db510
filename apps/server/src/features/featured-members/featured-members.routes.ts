import type { FastifyInstance } from 'fastify';
import { referrals } from '@marquee/contract';
import { serve } from '../../platform/route.js';
import { fetchFeaturedMembers } from './featuring.service.js';

/** The day's featured members (spec 1 §7, D8.3); the daily pick runs in platform/jobs.ts. */
export function featuringRoutes(app: FastifyInstance) {
  serve(app, referrals.fetchFeaturedMembers, ({ deps, caller }) => fetchFeaturedMembers(deps, caller));
}
