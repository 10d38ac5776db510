import type { FastifyInstance } from 'fastify';
import { featuredMembers } from '@marquee/contract';
import { serve } from '../../platform/route.js';
import { fetchFeaturedMembers } from './featured-members.service.js';

/** The day's featured members (spec 1 §7, D8.3); the daily pick runs in platform/jobs.ts. */
export function featuredMembersRoutes(app: FastifyInstance) {
  serve(app, featuredMembers.fetchFeaturedMembers, ({ deps, caller }) => fetchFeaturedMembers(deps, caller));
}
