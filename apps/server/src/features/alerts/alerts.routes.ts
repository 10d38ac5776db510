import type { FastifyInstance } from 'fastify';
import { alerts as contract } from '@marquee/contract';
import { serve } from '../../platform/route.js';
import { timeAgo } from '../../platform/time.js';
import { unreadThreadCount } from '../messages/index.js';
import * as repo from './alerts.repo.js';

export function alertsRoutes(app: FastifyInstance) {
  serve(app, contract.checkMessagesAndAlerts, async ({ deps, caller }) => {
    const [messageCount, alertCount] = await Promise.all([
      unreadThreadCount(deps.db, caller.userId),
      repo.unseenAlertCount(deps.db, caller.userId),
    ]);
    return { status: 'success' as const, messageCount, alertCount };
  });

  serve(app, contract.fetchAlertList, async ({ deps, caller }) => {
    const now = deps.clock.now();
    const rows = await repo.latestAlerts(deps.db, caller.userId);
    await repo.markAlertsSeen(deps.db, caller.userId, now);
    return {
      status: 'success' as const,
      alerts: rows.map((a) => ({
        id: a.id,
        content: a.content,
        link: a.link,
        ago: timeAgo(a.createdAt, now),
        seen: a.seenAt !== null,
      })),
    };
  });
}
