import type { FastifyInstance } from 'fastify';
import { board } from '@marquee/contract';
import { serve } from '../../platform/route.js';
import * as service from './board.service.js';

/** The message board's calls (spec 3 §7); so far the home page's recent posts. */
export function boardRoutes(app: FastifyInstance) {
  serve(app, board.fetchRecentPosts, ({ deps, caller }) => service.recentPosts(deps, caller));
}
