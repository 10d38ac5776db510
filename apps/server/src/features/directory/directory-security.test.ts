import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { directory, operationUrl } from '@marquee/contract';
import { useTestApp } from '../../../test/test-app.js';
import { buildMember, setStatus, type BuiltMember } from '../../../test/factories.js';
import { blocks, users } from '../members/members.tables.js';

/**
 * The directory as an attacker tries it (D4.1, D12.2, A3-A4, DR1-DR5): who may search, blocks both
 * ways at once, searches that try to be SQL or patterns, pages out of range, and what the answers
 * must never carry.
 */
const t = useTestApp({ ownDatabase: true });

async function listed(jobs: string[], location: string): Promise<BuiltMember> {
  const m = await buildMember(t.db, t.clock);
  await t.db
    .update(users)
    .set({ job1: jobs[0] ?? null, job2: jobs[1] ?? null, location, lastActiveAt: t.clock.now() })
    .where(eq(users.id, m.id));
  return m;
}

const search = (token: string | undefined, input: Record<string, unknown>) =>
  t.call(directory.fetchResults, input, token);

describe('who may search (A3, B1)', () => {
  it('answers logged_out to anonymous callers and to sessions of deactivated or deleted members', async () => {
    const deactivated = await buildMember(t.db, t.clock);
    const deleted = await buildMember(t.db, t.clock);
    await setStatus(t.db, deactivated.id, 'deactivated');
    await setStatus(t.db, deleted.id, 'deleted');
    for (const token of [undefined, 'nope', deactivated.token, deleted.token]) {
      for (const op of [directory.fetchResults, directory.fetchSelectionOptions]) {
        const res = await t.call(op, { type: 'Actor', location: 'Los Angeles, CA' }, token);
        expect(res.statusCode).toBe(401);
        expect(res.body.extra).toBe('logged_out');
      }
    }
  });
});

describe('blocks (D4.1, DR2)', () => {
  it('a member blocked both ways at once is left out once, from the list and the count alike', async () => {
    const searcher = await buildMember(t.db, t.clock);
    const both = await listed(['Stunt Performer', 'Writer'], 'Denver, CO');
    const one = await listed(['Writer', 'Stunt Performer'], 'Denver, CO');
    const shown = await listed(['Stunt Performer'], 'Denver, CO');
    await t.db.insert(blocks).values([
      { blockerId: searcher.id, blockedId: both.id, createdAt: t.clock.now() },
      { blockerId: both.id, blockedId: searcher.id, createdAt: t.clock.now() },
      { blockerId: one.id, blockedId: searcher.id, createdAt: t.clock.now() },
    ]);
    const res = await search(searcher.token, { type: 'Stunt Performer', location: 'Denver, CO' });
    expect(res.statusCode).toBe(200);
    expect(res.body.users.map((u) => u.id)).toEqual([shown.id]);
    expect(res.body.pageCount).toBe(1);
    // Each of them sees nothing of the searcher either.
    for (const m of [both, one]) {
      const theirs = await search(m.token, { type: 'Stunt Performer', location: 'Denver, CO' });
      expect(theirs.body.users.map((u) => u.id)).not.toContain(searcher.id);
    }
  });
});

describe('searches in odd shapes (DR1, DR4, B2-B4)', () => {
  it('refuses anything the lists do not hold, SQL and patterns included, with a member message and 400', async () => {
    const m = await buildMember(t.db, t.clock);
    for (const [input, message] of [
      [{ type: "Actor' OR '1'='1", location: 'Los Angeles, CA' }, directory.DIRECTORY_UNKNOWN_TYPE],
      [{ type: '%', location: 'Los Angeles, CA' }, directory.DIRECTORY_UNKNOWN_TYPE],
      [{ type: 'Actor', location: '%' }, directory.DIRECTORY_UNKNOWN_LOCATION],
      [{ type: ['Actor'], location: 'Los Angeles, CA' }, directory.DIRECTORY_UNKNOWN_TYPE],
      [{ type: 'Actor', location: { $ne: '' } }, directory.DIRECTORY_UNKNOWN_LOCATION],
      [{ type: 'Actor', location: 'Los Angeles, CA', page: -1 }, directory.DIRECTORY_NO_SUCH_PAGE],
      [{ type: 'Actor', location: 'Los Angeles, CA', page: 10_001 }, directory.DIRECTORY_NO_SUCH_PAGE],
      [{ type: 'Actor', location: 'Los Angeles, CA', page: 2_147_483_648 }, directory.DIRECTORY_NO_SUCH_PAGE],
      [{ type: 'Actor', location: 'Los Angeles, CA', page: '1e3' }, directory.DIRECTORY_NO_SUCH_PAGE],
      [{ type: 'Actor', location: 'Los Angeles, CA', page: [1] }, directory.DIRECTORY_NO_SUCH_PAGE],
      [{ type: 'Actor', location: 'Los Angeles, CA', page: 1.5 }, directory.DIRECTORY_NO_SUCH_PAGE],
    ] as const) {
      const res = await search(m.token, input as Record<string, unknown>);
      expect(res.statusCode, JSON.stringify(input)).toBe(400);
      expect(res.body).toEqual({ status: 'error', message });
    }
    const nul = await search(m.token, { type: 'Actor\u0000', location: 'Los Angeles, CA' });
    expect(nul.statusCode).toBe(400);
    const polluted = await t.app.inject({
      method: 'POST',
      url: operationUrl(directory.fetchResults),
      payload: '{"__proto__":{"page":3},"type":"Actor","location":"Los Angeles, CA"}',
      headers: { authorization: `Bearer ${m.token}`, 'content-type': 'application/json' },
    });
    expect(polluted.statusCode).toBe(400);
    // The last page allowed is a bounded read that answers no one and the true page count.
    const deep = await search(m.token, { type: 'Actor', location: 'Los Angeles, CA', page: 10_000 });
    expect(deep.statusCode).toBe(200);
    expect(deep.body.users).toEqual([]);
  });
});

describe('what the answers carry (DR5)', () => {
  it('only id, name, jobs and picture: no email, username, location history or activity time', async () => {
    const searcher = await buildMember(t.db, t.clock);
    const found = await listed(['Voice Actor'], 'Portland, OR');
    const res = await search(searcher.token, { type: 'Voice Actor', location: 'Portland, OR' });
    expect(res.statusCode).toBe(200);
    expect(res.body.users.map((u) => Object.keys(u).sort())).toEqual([
      ['avatar', 'desc_line', 'full_name', 'id'],
    ]);
    const text = JSON.stringify(res.body);
    expect(text).not.toContain(found.email);
    expect(text).not.toContain(found.username);
    expect(text).not.toMatch(/last_active|lastActive|password|token/i);
  });
});
