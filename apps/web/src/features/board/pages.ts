import { board } from '@marquee/contract';

/** Where a member goes after deleting a post (spec 3 §4). */
export type AfterDelete = { to: 'category' } | { to: 'page'; page: number };

/**
 * Spec 3 §4: with no page left (the topic went with its first post) the member goes to the
 * category; otherwise the thread reloads, and from a page past the last one it goes to the first.
 */
export function afterDelete(pageCount: number, page: number): AfterDelete {
  if (pageCount <= 0) return { to: 'category' };
  return { to: 'page', page: page >= pageCount ? 0 : page };
}

/** A page number from the address: whole and at least 0, else the first page. */
export function pageFromParam(value: string | null | undefined): number {
  if (!value || !/^\d{1,7}$/.test(value)) return 0;
  return Number(value);
}

/** The address of a thread's page; the first page has none of its own (spec 3 §2). */
export const threadPagePath = (category: string, thread: number, page: number) =>
  board.threadPath({ category, id: thread }, page);

/** The address of a category's page: `?page=` from the second on. */
export const categoryPagePath = (category: string, page: number) =>
  `${board.categoryPath(category)}${page > 0 ? `?page=${page}` : ''}`;

/** A count in words: "1 reply", "12 replies". */
export const countOf = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
