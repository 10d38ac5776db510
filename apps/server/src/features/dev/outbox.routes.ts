import type { FastifyInstance } from 'fastify';
import { desc } from 'drizzle-orm';
import { devmail as contract } from '@marquee/contract';
import { notFound } from '../../platform/errors.js';
import { outboxMails } from '../../platform/mail.tables.js';
import { serve } from '../../platform/route.js';
import { timeAgo } from '../../platform/time.js';

const OUTBOX_SIZE = 50;

/** The offline outbox: only when no SMTP server is configured (README, "Mail"). */
export function devmailRoutes(app: FastifyInstance) {
  serve(app, contract.fetchOutbox, async ({ deps }) => {
    if (deps.mailer.kind !== 'outbox') throw notFound('There is no outbox here: mail is sent through SMTP.');
    const now = deps.clock.now();
    const rows = await deps.db.select().from(outboxMails).orderBy(desc(outboxMails.id)).limit(OUTBOX_SIZE);
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
