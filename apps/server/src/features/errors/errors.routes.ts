import type { FastifyInstance } from 'fastify';
import { errors as contract } from '@marquee/contract';
import { serve } from '../../platform/route.js';
import { errorReports } from './errors.tables.js';

export function errorsRoutes(app: FastifyInstance) {
  serve(app, contract.logErrorBoundaryCatch, async ({ deps, caller, input, req }) => {
    await deps.db.insert(errorReports).values({
      userId: caller?.userId ?? null,
      error: input.error,
      info: input.info,
      url: input.url,
      userAgent: req.headers['user-agent']?.slice(0, 300) ?? null,
      createdAt: deps.clock.now(),
    });
    req.log.warn({ report: input.error.slice(0, 200), url: input.url }, 'error boundary report');
    return { status: 'success' as const };
  });
}
