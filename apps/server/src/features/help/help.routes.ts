import type { FastifyInstance } from 'fastify';
import { help as contract } from '@marquee/contract';
import { badInput } from '../../platform/errors.js';
import { parseInput, serve } from '../../platform/route.js';
import * as service from './help.service.js';
import * as chat from './chat.service.js';

/**
 * The help center (spec 3 §2-§7, D12.4), the staff help desk (spec 4 §2, §7) and the help area's
 * live chat (spec 3 §1). Admin calls answer `not_admin` to everyone else (D2.2, serve).
 */
export function helpRoutes(app: FastifyInstance) {
  serve(app, contract.submitHelpRequest, ({ deps, caller, input }) =>
    service.submitRequest(deps, caller, input.subject, input.content),
  );
  serve(app, contract.fetchRequestThread, ({ deps, caller, input }) =>
    service.requestThread(deps, caller, input.thread_id),
  );
  serve(app, contract.postHelpComment, ({ deps, caller, input, req }) =>
    service.postComment(deps, caller, {
      ...input,
      thread: requestNamed(input.thread, req.query),
    }),
  );
  serve(app, contract.closeHelpRequest, ({ deps, caller, input }) =>
    service.closeRequest(deps, caller, input.thread_id),
  );
  serve(app, contract.fetchFaqs, ({ deps }) => service.faqList(deps));
  serve(app, contract.fetchOpenRequests, async ({ deps, caller }) => ({
    status: 'success' as const,
    openRequests: await service.memberRequests(deps, caller, false),
  }));
  serve(app, contract.fetchClosedRequests, async ({ deps, caller }) => ({
    status: 'success' as const,
    closedRequests: await service.memberRequests(deps, caller, true),
  }));
  serve(app, contract.updateHelpStatus, ({ deps, caller, input }) =>
    service.updateStatus(deps, caller, input.thread_id, input.status),
  );
  serve(app, contract.fetchHelpRequests, ({ deps, input }) =>
    service.adminRequests(deps, input.filter, input.page),
  );

  serve(app, contract.fetchChatConfig, ({ deps, caller }) => chat.chatSetup(deps, caller));
  serve(app, contract.fetchChat, ({ deps, caller, input }) => chat.memberChat(deps, caller, input.after));
  serve(app, contract.postChat, ({ deps, caller, input }) => chat.postChat(deps, caller, input.message));
  serve(app, contract.fetchChats, ({ deps }) => chat.staffChats(deps));
  serve(app, contract.fetchMemberChat, ({ deps, input }) => chat.staffChat(deps, input.user_id, input.after));
  serve(app, contract.answerChat, ({ deps, caller, input }) =>
    chat.answerChat(deps, caller, input.user_id, input.message),
  );
}

/**
 * The request a reply is for (H12): the spec's form names it in the query string (`postHelpComment?thread`),
 * the page in the body. Named in both, the two must agree: a reply is never written to one request
 * while the caller meant the other (a staff answer reaching the wrong member).
 */
function requestNamed(inBody: number | undefined, query: unknown): number {
  const inQueryToo = typeof query === 'object' && query !== null && 'thread' in query;
  if (inBody !== undefined && !inQueryToo) return inBody;
  const inQuery = (parseInput(contract.threadInQuery, query) as { thread: number }).thread;
  if (inBody !== undefined && inBody !== inQuery) throw badInput(contract.THREAD_NAMED_TWICE);
  return inQuery;
}
