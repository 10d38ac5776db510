import type { FastifyInstance } from 'fastify';
import { history } from '@marquee/contract';
import { serve } from '../../platform/route.js';
import * as service from './history.service.js';

/** The History page and the dashboard's Recent History card (spec 2 §2, §7). */
export function historyRoutes(app: FastifyInstance) {
  serve(app, history.fetchRecentHistoryList, ({ deps, caller }) => service.recentHistory(deps, caller));
  serve(app, history.fetchHistoryList, ({ deps, caller, input }) =>
    service.historyList(deps, caller, input.filter, input.page),
  );
  for (const icon of ['twitter', 'facebook'] as const) {
    serve(app, history.verify[icon], ({ deps, caller, input }) =>
      service.verifyHistory(deps, caller, icon, input.history_id),
    );
  }
}
