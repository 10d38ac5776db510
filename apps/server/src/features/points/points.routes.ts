import type { FastifyInstance } from 'fastify';
import { points as contract } from '@marquee/contract';
import { serve } from '../../platform/route.js';
import { pointBalance } from './points.service.js';

export function pointsRoutes(app: FastifyInstance) {
  serve(app, contract.updatePointBalance, ({ deps, caller }) => pointBalance(deps, caller.userId));
}
