import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { help } from '@marquee/contract';
import { pollUnlessLive } from '../../app/live';
import { call, callForm } from '../../app/api';

export const helpKey = ['help'] as const;

export const openRequestsQuery = queryOptions({
  queryKey: [...helpKey, 'open'],
  queryFn: ({ signal }) => call(help.fetchOpenRequests, {}, { signal }),
  staleTime: 0,
  meta: { quiet: true },
});

export const closedRequestsQuery = queryOptions({
  queryKey: [...helpKey, 'closed'],
  queryFn: ({ signal }) => call(help.fetchClosedRequests, {}, { signal }),
  staleTime: 0,
  meta: { quiet: true },
});

export const faqsQuery = queryOptions({
  queryKey: [...helpKey, 'faqs'],
  queryFn: ({ signal }) => call(help.fetchFaqs, {}, { signal }),
  staleTime: 10 * 60_000,
  meta: { quiet: true },
});

export const threadKey = (id: number) => [...helpKey, 'thread', id] as const;

export const threadQuery = (id: number) =>
  queryOptions({
    queryKey: threadKey(id),
    queryFn: ({ signal }) => call(help.fetchRequestThread, { thread_id: id }, { signal }),
    staleTime: 0,
    meta: { quiet: true },
  });

export const submitRequest = (subject: string, content: string) =>
  call(help.submitHelpRequest, { subject, content });

/** A reply; staff may attach a picture, sent as multipart like the other posts with pictures. */
export function postComment(thread: number, comment: string, picture?: File | null) {
  if (!picture) return call(help.postHelpComment, { thread, comment });
  const form = new FormData();
  form.set('thread', String(thread));
  form.set('comment', comment);
  form.set('hasFile', 'yes');
  form.set('myFile', picture);
  return callForm(help.postHelpComment, form);
}

export const closeRequest = (id: number) => call(help.closeHelpRequest, { thread_id: id });

export const setStatus = (id: number, status: help.HelpStatus) =>
  call(help.updateHelpStatus, { thread_id: id, status });

export const adminRequestsQuery = (filter: help.AdminHelpFilter, page: number) =>
  queryOptions({
    queryKey: [...helpKey, 'admin', filter, page],
    queryFn: ({ signal }) => call(help.fetchHelpRequests, { filter, page }, { signal }),
    staleTime: 0,
    meta: { quiet: true },
  });

/** After a reply or a status change, every list and the thread itself are read again. */
export const refreshHelp = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: helpKey });

/* ------------------------------------------------------------------ live chat (H9-H11) */

export const chatConfigQuery = queryOptions({
  queryKey: [...helpKey, 'chat-config'],
  queryFn: ({ signal }) => call(help.fetchChatConfig, {}, { signal }),
  staleTime: Infinity,
  meta: { quiet: true },
});

/**
 * A chat kept as the messages the panel has: the first fetch brings the latest, each poll only
 * those after the last one held (H11).
 */
export function chatQuery(
  queryClient: QueryClient,
  key: readonly unknown[],
  fetchAfter: (after: number | undefined, signal: AbortSignal) => Promise<help.ChatMessage[]>,
  open: boolean,
) {
  return queryOptions({
    queryKey: key,
    queryFn: async ({ signal }) => {
      const held = queryClient.getQueryData<help.ChatMessage[]>(key);
      const after = held?.at(-1)?.id;
      const fresh = await fetchAfter(after, signal);
      if (!held || after === undefined) return fresh;
      const known = new Set(held.map((m) => m.id));
      return [...held, ...fresh.filter((m) => !known.has(m.id))];
    },
    enabled: open,
    // Live updates bring new messages (LV7); polling only while the stream is down.
    refetchInterval: open ? pollUnlessLive(help.CHAT_POLL_MS) : false,
    staleTime: 0,
    meta: { quiet: true },
  });
}

export const memberChatKey = [...helpKey, 'chat'] as const;

export const fetchMyChat = async (after: number | undefined, signal: AbortSignal) =>
  (await call(help.fetchChat, after === undefined ? {} : { after }, { signal })).messages;

export const sendChat = (message: string) => call(help.postChat, { message });

export const staffChatsQuery = queryOptions({
  queryKey: [...helpKey, 'chats'],
  queryFn: ({ signal }) => call(help.fetchChats, {}, { signal }),
  refetchInterval: pollUnlessLive(help.CHAT_POLL_MS),
  staleTime: 0,
  meta: { quiet: true },
});

export const staffChatKey = (userId: number) => [...helpKey, 'chat', userId] as const;

export const fetchStaffChat = (userId: number) => async (after: number | undefined, signal: AbortSignal) =>
  (
    await call(help.fetchMemberChat, after === undefined ? { user_id: userId } : { user_id: userId, after }, {
      signal,
    })
  ).messages;

export const staffChatMemberQuery = (userId: number) =>
  queryOptions({
    queryKey: [...helpKey, 'chat-member', userId],
    queryFn: ({ signal }) =>
      call(help.fetchMemberChat, { user_id: userId, after: 2_147_483_647 }, { signal }),
    staleTime: Infinity,
    meta: { quiet: true },
  });

export const answerChat = (userId: number, message: string) =>
  call(help.answerChat, { user_id: userId, message });
