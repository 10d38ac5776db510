import type { FastifyInstance } from 'fastify';
import { news } from '@marquee/contract';
import { serve } from '../../platform/route.js';
import * as service from './news.service.js';

/** The news feed's calls (spec 1 §7 News and media). */
export function newsRoutes(app: FastifyInstance) {
  serve(app, news.postNews, ({ deps, caller, input }) => service.postNews(deps, caller, input));
  serve(app, news.fetchNewsItems, ({ deps, caller, input }) => service.newsItems(deps, caller, input));
  serve(app, news.likeNewsItem, ({ deps, caller, input }) => service.likeItem(deps, caller, input.news_id));
  serve(app, news.unlikeNewsItem, ({ deps, caller, input }) =>
    service.unlikeItem(deps, caller, input.news_id),
  );
  serve(app, news.hideNewsItem, ({ deps, caller, input }) => service.hideItem(deps, caller, input.news_id));
  serve(app, news.deleteNews, ({ deps, caller, input }) => service.deleteItem(deps, caller, input.news_id));
  serve(app, news.hideUserNews, ({ deps, caller, input }) => service.hideAuthor(deps, caller, input.user_id));
  serve(app, news.postComment, ({ deps, caller, input }) =>
    service.postComment(deps, caller, input.news_id, input.comment),
  );
  serve(app, news.fetchNewsFeedComments, ({ deps, caller, input }) =>
    service.comments(deps, caller, input.news_id),
  );
  serve(app, news.deleteComment, ({ deps, caller, input }) =>
    service.deleteComment(deps, caller, input.comment_id),
  );
  serve(app, news.likeNewsComment, ({ deps, caller, input }) =>
    service.likeComment(deps, caller, input.comment_id),
  );
  serve(app, news.unlikeNewsComment, ({ deps, caller, input }) =>
    service.unlikeComment(deps, caller, input.comment_id),
  );
  serve(app, news.updateNewsFilters, ({ deps, caller, input }) =>
    service.updateFilters(deps, caller, input.hideV4V, input.hideFaceless),
  );
}
