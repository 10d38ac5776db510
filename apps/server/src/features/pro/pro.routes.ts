import type { FastifyInstance } from 'fastify';
import { pro } from '@marquee/contract';
import { serve } from '../../platform/route.js';
import * as service from './pro.service.js';

/** The pro panels of the dashboard's IMDb tab (spec 2 §2, §7): historical stats and Pro settings. */
export function proRoutes(app: FastifyInstance) {
  serve(app, pro.fetchProHistory, ({ deps, caller, input }) =>
    service.fetchProHistory(deps, caller, input.tab),
  );
  serve(app, pro.fetchMinimumOptions, ({ deps, caller }) => service.fetchMinimumOptions(deps, caller));
  serve(app, pro.updateMinimum, ({ deps, caller, input }) => service.updateMinimum(deps, caller, input.nm));
  serve(app, pro.fetchBonusOptions, ({ deps, caller }) => service.fetchBonusOptions(deps, caller));
  serve(app, pro.updateBonusSelection, ({ deps, caller, input }) =>
    service.updateBonusSelection(deps, caller, input.ns),
  );
}
