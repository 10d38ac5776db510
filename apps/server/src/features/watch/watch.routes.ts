import type { FastifyInstance } from 'fastify';
import { watch as contract } from '@marquee/contract';
import { serve } from '../../platform/route.js';
import * as service from './watch.service.js';

/** When To Watch (spec 3 §2, §7; D12.3): the calendar, an event's details, adding, joining and leaving. */
export function watchRoutes(app: FastifyInstance) {
  serve(app, contract.fetchEvents, ({ deps, caller, input }) => service.fetchEvents(deps, caller, input));
  serve(app, contract.fetchEventDetails, ({ deps, caller, input }) =>
    service.fetchEventDetails(deps, caller, input.id),
  );
  serve(app, contract.addEvent, ({ deps, caller, input }) => service.addEvent(deps, caller, input));
  serve(app, contract.addMe, ({ deps, caller, input }) =>
    service.addMe(deps, caller, input.event_id, input.role),
  );
  serve(app, contract.removeMe, ({ deps, caller, input }) => service.removeMe(deps, caller, input.id));
}
