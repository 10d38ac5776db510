import type { FastifyInstance } from 'fastify';
import { board } from '@marquee/contract';
import { badInput } from '../../platform/errors.js';
import { parseInput, serve } from '../../platform/route.js';
import * as service from './board.service.js';

/** The message board's calls (spec 3 §7 board, spec 1 §7 recent posts). */
export function boardRoutes(app: FastifyInstance) {
  serve(app, board.fetchRecentPosts, ({ deps, caller }) => service.recentPosts(deps, caller));
  serve(app, board.fetchCategories, ({ deps, caller }) => service.categories(deps, caller));
  serve(app, board.fetchCategoryThreads, ({ deps, caller, input }) =>
    service.categoryThreads(deps, caller, input.cat, input.page),
  );
  serve(app, board.fetchThread, ({ deps, caller, input }) =>
    service.thread(deps, caller, input.thread, input.page),
  );
  serve(app, board.postTopic, ({ deps, caller, input }) => service.postTopic(deps, caller, input));
  serve(app, board.postReply, ({ deps, caller, input, req }) =>
    service.postReply(deps, caller, topicNamed(input.thread_id, req.query), input.content),
  );
  serve(app, board.deletePost, ({ deps, caller, input }) => service.deletePost(deps, caller, input.id));
  serve(app, board.subUnsub, ({ deps, caller, input }) =>
    service.subUnsub(deps, caller, input.action, input.thread),
  );
}

/**
 * The topic a reply is for (BD11): spec 3 §7 puts its id in the query string, the page in the body. Named
 * in both, the two must agree: a reply is never posted to one topic while the caller meant another.
 */
function topicNamed(inBody: number | undefined, query: unknown): number {
  const inQueryToo = typeof query === 'object' && query !== null && 'thread_id' in query;
  if (inBody !== undefined && !inQueryToo) return inBody;
  const inQuery = (parseInput(board.replyQuery, query) as { thread_id: number }).thread_id;
  if (inBody !== undefined && inBody !== inQuery) throw badInput(board.THREAD_NAMED_TWICE);
  return inQuery;
}
