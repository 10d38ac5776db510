import type { FastifyInstance } from 'fastify';
import { messages as contract } from '@marquee/contract';
import { serve } from '../../platform/route.js';
import * as service from './messages.service.js';

/** Direct messages (spec 2 §2 Messages, §7) and the top bar's message dropdown (spec 1 §2). */
export function messagesRoutes(app: FastifyInstance) {
  serve(app, contract.fetchRecentThreads, ({ deps, caller, input }) =>
    service.recentThreads(deps, caller, input.limit),
  );
  serve(app, contract.fetchMessageThread, ({ deps, caller, input }) =>
    service.messageThread(deps, caller, input.user_id, input.before),
  );
  serve(app, contract.postMessage, ({ deps, caller, input }) =>
    service.postMessage(deps, caller, input.to_id, input.message),
  );
}
