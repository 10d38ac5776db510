import type { FastifyInstance } from 'fastify';
import { errors as contract } from '@marquee/contract';
import { serve } from '../../platform/route.js';
import { AppError } from '../../platform/errors.js';
import { REPORT_BODY_LIMIT, REPORT_TOO_LARGE } from './errors.policy.js';
import { logReport } from './errors.service.js';

export function errorsRoutes(app: FastifyInstance) {
  // A scope of its own, so the smaller body cap applies to the crash report only.
  void app.register(async (scope) => {
    scope.addHook('onRoute', (route) => {
      route.bodyLimit = REPORT_BODY_LIMIT;
    });
    // A declared length over the cap is refused before the body is read, in words.
    scope.addHook('onRequest', async (req) => {
      if (Number(req.headers['content-length'] ?? 0) > REPORT_BODY_LIMIT) {
        throw new AppError(413, 'error', REPORT_TOO_LARGE);
      }
    });
    serve(scope, contract.logErrorBoundaryCatch, async ({ deps, caller, input, req }) => {
      await logReport(deps, caller, input, {
        address: req.ip,
        userAgent: req.headers['user-agent']?.slice(0, 300) ?? null,
      });
      req.log.warn({ report: input.error.slice(0, 200), url: input.url }, 'error boundary report');
      return { status: 'success' as const };
    });
  });
}
