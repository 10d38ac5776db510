import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { OPERATIONS_BASE, linkedAccounts } from '@marquee/contract';
import { parseInput, serve } from '../../platform/route.js';
import * as service from './linked-accounts.service.js';

const callbackQuery = z.object({
  state: z.string().max(200).optional(),
  code: z.string().max(2000).optional(),
});

/** The check of members' own X/Twitter and Facebook accounts, and their missing actions (spec 1 §4, §7). */
export function linkedAccountsRoutes(app: FastifyInstance) {
  for (const platform of ['twitter', 'facebook'] as const) {
    serve(app, linkedAccounts.authenticate[platform], ({ deps, caller }) =>
      service.accountStatus(deps, caller, platform),
    );
    serve(app, linkedAccounts.fetchMissingActions[platform], ({ deps, caller }) =>
      service.fetchMissingActions(deps, caller, platform),
    );
    serve(app, linkedAccounts.recheck[platform], ({ deps, caller, input }) =>
      service.recheck(deps, caller, platform, input.history_id),
    );
    // The consent page sends the browser back here; the one-time state names the member.
    app.get(`${OPERATIONS_BASE}/authenticate/${platform}/callback`, async (req, reply) => {
      const query = parseInput(callbackQuery, req.query) as z.infer<typeof callbackQuery>;
      return reply.redirect(await service.completeLink(app.deps, platform, query));
    });
  }
  serve(app, linkedAccounts.reverse, ({ deps, caller, input }) =>
    service.reverse(deps, caller, input.history_id),
  );
  serve(app, linkedAccounts.checkPageExists, ({ deps, caller, input }) =>
    service.checkPageExists(deps, caller, input.history_id),
  );
  serve(app, linkedAccounts.markInvalid, ({ deps, caller, input }) =>
    service.markInvalid(deps, caller, input.history_id),
  );
  serve(app, linkedAccounts.confirmProfile, ({ deps, caller, input }) =>
    service.confirmProfile(deps, caller, input.platform),
  );
  serve(app, linkedAccounts.getPlatformOfflineMessage, async ({ input }) =>
    service.platformOfflineMessage(input.platform),
  );
}
