import type { FastifyInstance } from 'fastify';
import { admin as contract } from '@marquee/contract';
import { serve } from '../../platform/route.js';
import * as service from './admin.service.js';

/**
 * The admin console (spec 4 §2, §6, §7; D13; docs/domain.md AD1-AD9). Every call is for the admin
 * role only: `serve` answers `not_admin` to anyone else before the input is read (D2.2).
 */
export function adminRoutes(app: FastifyInstance) {
  serve(app, contract.checkAdmin, async () => ({ status: 'success' as const, admin: true as const }));
  serve(app, contract.fetchOverview, ({ deps }) => service.overview(deps));
  serve(app, contract.checkLedger, ({ deps, caller }) => service.checkLedgerNow(deps, caller));
  serve(app, contract.fetchAuditLog, ({ deps, input }) => service.auditLog(deps, input.page));
}
