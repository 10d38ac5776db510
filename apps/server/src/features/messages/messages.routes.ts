import type { FastifyInstance } from 'fastify';
import { messages as contract } from '@marquee/contract';
import { serve } from '../../platform/route.js';
import { timeAgo } from '../../platform/time.js';
import * as repo from './messages.repo.js';

/** Longest preview of the last message in a thread list. */
const PREVIEW_LENGTH = 120;

export function messagesRoutes(app: FastifyInstance) {
  serve(app, contract.fetchRecentThreads, async ({ deps, caller, input }) => {
    const now = deps.clock.now();
    const rows = await repo.recentThreads(deps.db, caller.userId, input.limit);
    return {
      status: 'success' as const,
      threads: rows.map((t): contract.ThreadSummary => ({
        other_id: t.otherId,
        other_first: t.otherFirst,
        other_last: t.otherLast,
        other_avatar: t.otherAvatar,
        ago: timeAgo(t.lastAt, now),
        message: t.body.length > PREVIEW_LENGTH ? `${t.body.slice(0, PREVIEW_LENGTH - 3)}...` : t.body,
        unread: t.unread ? 'yes' : 'no',
      })),
    };
  });
}
