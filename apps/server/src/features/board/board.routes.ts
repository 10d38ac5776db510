import type { FastifyInstance } from 'fastify';
import { board } from '@marquee/contract';
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
    service.postReply(
      deps,
      caller,
      // Spec 3 §7 puts the topic's id in the query string; the body may carry it too.
      input.thread_id ?? (parseInput(board.replyQuery, req.query) as { thread_id: number }).thread_id,
      input.content,
    ),
  );
  serve(app, board.deletePost, ({ deps, caller, input }) => service.deletePost(deps, caller, input.id));
  serve(app, board.subUnsub, ({ deps, caller, input }) =>
    service.subUnsub(deps, caller, input.action, input.thread),
  );
}
