import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { board } from '@marquee/contract';
import { call, callForm } from '../../app/api';

export const boardKey = ['board'] as const;

/** The board's first page: every category with its counts and latest thread. */
export const categoriesQuery = queryOptions({
  queryKey: [...boardKey, 'categories'],
  queryFn: ({ signal }) => call(board.fetchCategories, {}, { signal }),
  meta: { quiet: true },
});

/** A page (from 0) of a category's threads. */
export const categoryThreadsQuery = (cat: string, page: number) =>
  queryOptions({
    queryKey: [...boardKey, 'category', cat, page],
    queryFn: ({ signal }) => call(board.fetchCategoryThreads, { cat, page }, { signal }),
    placeholderData: keepPreviousData,
    meta: { quiet: true },
  });

export const threadKey = (thread: number) => [...boardKey, 'thread', thread] as const;

/** A page (from 0) of a thread; each fetch counts a view on the server (docs/domain.md BD5). */
export const threadQuery = (thread: number, page: number) =>
  queryOptions({
    queryKey: [...threadKey(thread), page],
    queryFn: ({ signal }) => call(board.fetchThread, { thread, page }, { signal }),
    placeholderData: keepPreviousData,
    // A view is counted per fetch: no refetch merely because the window took focus again.
    refetchOnWindowFocus: false,
    meta: { quiet: true },
  });

/** What the New Topic modal sends: the category, headline and post, and at most one image or video. */
export interface NewTopic {
  category: string;
  subject: string;
  content: string;
  image?: File;
  /** The YouTube link or id as given. */
  video?: string;
}

/** board/postTopic is multipart, so that an image can go with it. */
export function postTopic(topic: NewTopic) {
  const form = new FormData();
  form.append('category', topic.category);
  form.append('subject', topic.subject);
  form.append('content', topic.content);
  form.append('hasFile', topic.image ? 'yes' : 'no');
  if (topic.image) form.append('myFile', topic.image);
  form.append('hasVideo', topic.video ? 'yes' : 'no');
  form.append('video', topic.video ?? '');
  return callForm(board.postTopic, form);
}

export const postReply = (thread: number, content: string) =>
  call(board.postReply, { thread_id: thread, content });

export const deletePost = (id: number) => call(board.deletePost, { id });

export const follow = (thread: number, on: boolean) =>
  call(board.subUnsub, { action: on ? 'subscribe' : 'unsubscribe', thread });
