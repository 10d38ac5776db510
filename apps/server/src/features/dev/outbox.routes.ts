import type { FastifyInstance } from 'fastify';
import { devmail as contract } from '@marquee/contract';
import { noSuchCall } from '../../platform/errors.js';
import { serve } from '../../platform/route.js';
import { timeAgo } from '../../platform/time.js';
import { latestOutboxMails } from './outbox.repo.js';

const OUTBOX_SIZE = 50;

/**
 * The offline outbox (README "Mail"): for admins only, and only while no SMTP server is configured
 * and the app is not in production (docs/domain.md "Running safely", R1). Everyone else gets the
 * answer of a call that does not exist, so nobody learns it is there.
 */
export function devmailRoutes(app: FastifyInstance) {
  if (app.deps.config.production) return;
  // Hidden (R1): serve() answers everyone but an admin as for a call that does not exist.
  serve(app, contract.fetchOutbox, async ({ deps }) => {
    if (deps.mailer.kind !== 'outbox') throw noSuchCall();
    const now = deps.clock.now();
    const rows = await latestOutboxMails(deps.db, OUTBOX_SIZE);
    return {
      status: 'success' as const,
      mails: rows.map((m) => ({
        id: m.id,
        to: m.to,
        subject: m.subject,
        text: m.text,
        ago: timeAgo(m.createdAt, now),
      })),
    };
  });
}
