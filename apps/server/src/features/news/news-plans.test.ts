import { describe, expect, it } from 'vitest';
import { news } from '@marquee/contract';
import { useTestApp } from '../../../test/test-app.js';
import { buildMember } from '../../../test/factories.js';
import { planOf } from '../../../test/plans.js';
import { feedSql } from './news.repo.js';
import { postText } from './news.test-support.js';

const t = useTestApp();

describe('news/fetchNewsItems reads through the indexes of news.tables.ts, in one query per page', () => {
  it('all, user and single: no table is read whole', async () => {
    const m = await buildMember(t.db, t.clock);
    const id = await postText(t, m.token);
    const expected: Record<news.NewsFilter, RegExp> = {
      // On a tiny table the planner may start from the author; either way an index serves.
      all: /news_items_(feed|kind|user)_idx|news_items_pkey/,
      user: /news_items_user_idx/,
      single: /Index Cond: \(id = \d+\)/,
    };
    for (const filter of news.NEWS_FILTERS) {
      const filterId = filter === 'user' ? m.id : id;
      const plan = await planOf(t.db, feedSql(filter, { me: m.id, filterId, limit: 11, offset: 0 }));
      expect(plan, `${filter}:\n${plan}`).not.toMatch(/Seq Scan/);
      expect(plan, `${filter}:\n${plan}`).toMatch(expected[filter]);
      // Likers are read per item through the likes' primary key, inside the same query.
      expect(plan, `${filter}:\n${plan}`).toMatch(/news_likes_news_id_user_id_pk/);
    }
  });
});
