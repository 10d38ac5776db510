import { infiniteQueryOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import { news } from '@marquee/contract';
import { call, callForm } from '../../app/api';

export const newsKey = ['news'] as const;

/** The feed (filter 'all') or one item (filter 'single'), a page at a time (Load more). */
export const feedQuery = (singleNewsId?: number) =>
  infiniteQueryOptions({
    queryKey: [...newsKey, 'feed', singleNewsId ?? 'all'],
    queryFn: ({ pageParam, signal }) =>
      call(
        news.fetchNewsItems,
        singleNewsId
          ? { page: 1, filter: 'single', filter_id: singleNewsId }
          : { page: pageParam, filter: 'all', filter_id: 0 },
        { signal },
      ),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
    meta: { quiet: true },
  });

export const commentsQuery = (newsId: number) =>
  queryOptions({
    queryKey: [...newsKey, 'comments', newsId],
    queryFn: ({ signal }) => call(news.fetchNewsFeedComments, { news_id: newsId }, { signal }),
    meta: { quiet: true },
  });

/** What the composer sends: the text (mentions as markup) and at most one image or video. */
export interface NewPost {
  text: string;
  image?: File;
  videoId?: string;
}

/** news/postNews is multipart (spec 1 §7), as the original's form was. */
export function postNews(post: NewPost) {
  const form = new FormData();
  form.append('comment', post.text);
  form.append('hasFile', post.image ? 'yes' : 'no');
  if (post.image) form.append('myFile', post.image);
  form.append('hasVideo', post.videoId ? 'yes' : 'no');
  form.append('videoId', post.videoId ?? '');
  return callForm(news.postNews, form);
}

type FeedPages = { pages: { newsItems: news.NewsItem[] }[]; pageParams: unknown[] };

/** Changes one item wherever the cached feeds hold it (the feed and the single view). */
export function patchItem(
  client: QueryClient,
  newsId: number,
  change: (item: news.NewsItem) => news.NewsItem | null,
): void {
  client.setQueriesData<FeedPages>({ queryKey: [...newsKey, 'feed'] }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            newsItems: page.newsItems.flatMap((item) => {
              if (item.id !== newsId) return [item];
              const next = change(item);
              return next ? [next] : [];
            }),
          })),
        }
      : data,
  );
}

/** Removes every item of one author from the cached feeds (after hiding their posts). */
export function dropAuthor(client: QueryClient, authorId: number): void {
  client.setQueriesData<FeedPages>({ queryKey: [...newsKey, 'feed'] }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            newsItems: page.newsItems.filter((item) => item.user_id !== authorId),
          })),
        }
      : data,
  );
}

/** The likers after this member likes or unlikes: what the optimistic update shows. */
export const toggledLikers = (likers: number[], me: number, like: boolean) =>
  like ? (likers.includes(me) ? likers : [...likers, me]) : likers.filter((id) => id !== me);

/** Whether any cached feed (the feed or the single view) holds the item. */
function holdsItem(client: QueryClient, newsId: number): boolean {
  return client
    .getQueriesData<FeedPages>({ queryKey: [...newsKey, 'feed'] })
    .some(([, data]) => data?.pages.some((page) => page.newsItems.some((item) => item.id === newsId)));
}

const refreshing = new Map<number, Promise<void>>();

/**
 * A post's likes or comments changed (a live update, docs/domain.md LV7): where a feed shows it, the
 * post is read again as this member sees it and put in place; its open comments are read again.
 * One read per post at a time: changes that arrive meanwhile are in the answer already or the next.
 */
export function refreshItem(client: QueryClient, newsId: number): void {
  void client.invalidateQueries({ queryKey: [...newsKey, 'comments', newsId] });
  if (!holdsItem(client, newsId) || refreshing.has(newsId)) return;
  const read = call(news.fetchNewsItems, { page: 1, filter: 'single', filter_id: newsId })
    .then((answer) => {
      const fresh = answer.newsItems.find((item) => item.id === newsId);
      if (fresh) patchItem(client, newsId, () => fresh);
    })
    .catch(() => {})
    .finally(() => refreshing.delete(newsId));
  refreshing.set(newsId, read);
}
