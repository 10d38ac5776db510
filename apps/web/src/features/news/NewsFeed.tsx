/** The news feed (spec 1 News feed): the whole feed, or one item when singleNewsId is given. */
export function NewsFeed({ singleNewsId }: { singleNewsId?: number }) {
  return <div data-single={singleNewsId} />;
}
