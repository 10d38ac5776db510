import { describe, expect, it } from 'vitest';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '../../platform/db/database.js';
import { useTestApp } from '../../../test/test-app.js';
import { buildMember } from '../../../test/factories.js';
import { planOf } from '../../../test/plans.js';
import { boardPosts, boardSubscriptions, boardThreads } from './board.tables.js';
import {
  categoriesSql,
  openThreadSql,
  postsPageSql,
  recentThreadsQuery,
  threadsPageSql,
} from './board.repo.js';
import { reply, startTopic } from './board.test-support.js';

const t = useTestApp();

/**
 * The plan of a statement prepared once and planned generically, as the pool runs the hot ones
 * (platform/db: plan_cache_mode force_generic_plan): the parameters' values unknown to the planner.
 */
async function genericPlan(name: string, query: SQL, types: string, values: string): Promise<string> {
  return t.db.transaction(async (tx) => {
    await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
    await tx.execute(sql`set local enable_seqscan = off`);
    await tx.execute(sql.join([sql.raw(`prepare ${name} (${types}) as `), query]));
    const plan = await rowsOf<{ 'QUERY PLAN': string }>(
      tx as unknown as Db,
      sql.raw(`explain execute ${name} (${values})`),
    );
    await tx.execute(sql.raw(`deallocate ${name}`));
    return plan.map((r) => r['QUERY PLAN']).join('\n');
  });
}

/**
 * The plan when neither a table scan nor a sort is allowed unless nothing else serves: the tables
 * here are tiny, so without this any plan would do; on the large set the planner picks these.
 */
async function orderedPlan(query: SQL): Promise<string> {
  return t.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    await tx.execute(sql`set local enable_bitmapscan = off`);
    await tx.execute(sql`set local enable_sort = off`);
    const plan = await rowsOf<{ 'QUERY PLAN': string }>(tx as unknown as Db, sql`explain ${query}`);
    return plan.map((r) => r['QUERY PLAN']).join('\n');
  });
}

// board_categories is read whole on purpose: the board's first page lists every category (a few rows).
const SCANS = /Seq Scan on (board_threads|board_posts|board_subscriptions|users|blocks|alerts)/;

/** Every read of the board starts from an index, never a table scan (docs/domain.md BD10). */
describe('board queries read through indexes', () => {
  it('each page query and each write of the feature', async () => {
    const author = await buildMember(t.db, t.clock, { membership: 'premium' });
    const reader = await buildMember(t.db, t.clock);
    const id = await startTopic(t, author.token);
    await reply(t, reader.token, id);
    const queries = {
      categories: categoriesSql(reader.id),
      'category threads, first page': threadsPageSql({ viewer: reader.id, key: 'general', offset: 0 }),
      'category threads, a later page': threadsPageSql({ viewer: reader.id, key: 'general', offset: 500 }),
      'thread page': postsPageSql({ viewer: reader.id, key: id, offset: 40 }),
      'open a thread, counting a view': openThreadSql(reader.id, id, true),
      'open a thread': openThreadSql(reader.id, id, false),
      'recent posts': recentThreadsQuery(t.db, reader.id, 5),
      followers: t.db
        .select({ id: boardSubscriptions.userId })
        .from(boardSubscriptions)
        .where(and(eq(boardSubscriptions.threadId, id))),
      "a member's replies, for erasing": t.db
        .select()
        .from(boardPosts)
        .where(eq(boardPosts.userId, reader.id)),
      "a member's topics, for erasing": t.db
        .select()
        .from(boardThreads)
        .where(eq(boardThreads.userId, reader.id)),
      'last post after a delete': sql`select p.created_at from board_posts p where p.thread_id = ${id}::int order by p.id desc limit 1`,
    };
    for (const [what, query] of Object.entries(queries)) {
      const plan = await planOf(t.db, query);
      expect(plan, `${what}:\n${plan}`).not.toMatch(SCANS);
    }
    // A page is cut in the index's own order: no sort, whatever the page (BD2).
    const threads = await orderedPlan(queries['category threads, a later page']);
    expect(threads, threads).toMatch(/Index (Only )?Scan Backward using board_threads_category_idx/);
    const posts = await orderedPlan(queries['thread page']);
    expect(posts, posts).toMatch(/Index (Only )?Scan using board_posts_thread_idx/);
    const latest = await orderedPlan(queries.categories);
    expect(latest, latest).toMatch(/Index Scan Backward using board_threads_category_idx/);
  });

  it('the pages as the pool runs them: planned once, generically, the page still joined by key', async () => {
    const $ = (n: number) => sql.raw(`$${n}`);
    const pages = [
      [
        'threads',
        threadsPageSql({ viewer: $(1), key: $(2), offset: $(3) }),
        'int, text, int',
        "1001, 'general', 500",
      ],
      ['posts', postsPageSql({ viewer: $(1), key: $(2), offset: $(3) }), 'int, int, int', '1001, 1, 40'],
    ] as const;
    for (const [name, query, types, values] of pages) {
      const plan = await genericPlan(`board_${name}_page`, query, types, values);
      expect(plan, `${name}:\n${plan}`).not.toMatch(SCANS);
      expect(plan, `${name}:\n${plan}`).not.toMatch(/Hash Join/);
    }
  });
});
