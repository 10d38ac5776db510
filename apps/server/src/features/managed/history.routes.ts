import type { FastifyInstance } from 'fastify';
import { managed } from '@marquee/contract';
import { serve } from '../../platform/route.js';
import * as service from './history.service.js';

/** The Managed Rank history: the member's /managed page (MR10) and the admin user page (MR11). */
export function managedHistoryRoutes(app: FastifyInstance) {
  serve(app, managed.fetchHistory, ({ deps, caller }) => service.fetchHistory(deps, caller));
  serve(app, managed.fetchUserHistory, ({ deps, input }) => service.fetchUserHistory(deps, input.user_id));
}
