import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { directory } from '@marquee/contract';
import { useTestApp } from '../../../test/test-app.js';
import { buildMember, type BuiltMember } from '../../../test/factories.js';
import { MINUTE_MS } from '../../platform/time.js';
import { blocks, users } from '../members/members.tables.js';

const t = useTestApp();

/**
 * A member with a profile: their jobs in order and a location, last active `minutesAgo` before
 * now (null: never). Each test searches a type and location of its own, so tests never meet.
 */
async function member(
  jobs: string[],
  location: string | null,
  minutesAgo: number | null,
  opts: Parameters<typeof buildMember>[2] = {},
): Promise<BuiltMember> {
  const m = await buildMember(t.db, t.clock, opts);
  await t.db
    .update(users)
    .set({
      job1: jobs[0] ?? null,
      job2: jobs[1] ?? null,
      job3: jobs[2] ?? null,
      location,
      lastActiveAt: minutesAgo === null ? null : new Date(t.clock.now().getTime() - minutesAgo * MINUTE_MS),
    })
    .where(eq(users.id, m.id));
  return m;
}

const search = (who: BuiltMember | null, input: Record<string, unknown>) =>
  t.call(directory.fetchResults, input, who?.token);

const ids = (body: { users: directory.DirectoryUser[] }) => body.users.map((u) => u.id);

describe('directory/fetchSelectionOptions (spec 3 §7)', () => {
  it('answers the fixed job titles with their plurals and the locations, to members only', async () => {
    const viewer = await buildMember(t.db, t.clock);
    const res = await t.call(directory.fetchSelectionOptions, {}, viewer.token);
    expect(res.statusCode).toBe(200);
    expect(res.body.types).toContainEqual({ job_title: 'Actor', job_title_plural: 'Actors' });
    expect(res.body.locations).toContain('Los Angeles, CA');
    expect((await t.call(directory.fetchSelectionOptions, {})).body.extra).toBe('logged_out');
  });
});

describe('directory/fetchResults (spec 3 §7, D12.2, docs/domain.md DR1-DR6)', () => {
  it('finds active members with the job in any of their three places and the location, most recently active first (DR2, DR3)', async () => {
    const searcher = await member([], null, 0);
    const first = await member(['Casting Director'], 'Atlanta, GA', 5);
    const second = await member(['Actor', 'Casting Director'], 'Atlanta, GA', 60);
    const third = await member(['Writer', 'Editor', 'Casting Director'], 'Atlanta, GA', 600);
    await member(['Casting Director'], 'Savannah, GA', 1); // another place
    await member(['Actor'], 'Atlanta, GA', 1); // another job
    await t.db.update(users).set({ first: 'Nia', last: 'Okoro' }).where(eq(users.id, second.id));
    const res = await search(searcher, { type: 'Casting Director', location: 'Atlanta, GA', page: 0 });
    expect(res.statusCode).toBe(200);
    expect(res.body.status).toBe('success');
    expect(ids(res.body)).toEqual([first.id, second.id, third.id]);
    expect(res.body.pageCount).toBe(1);
    // desc_line: the member's jobs in their order, as on their profile (DR5); no photo: null.
    expect(res.body.users[1]).toEqual({
      id: second.id,
      full_name: 'Nia Okoro',
      desc_line: 'Actor · Casting Director',
      avatar: null,
    });
    expect(res.body.users[2]?.desc_line).toBe('Writer · Editor · Casting Director');
  });

  it('sends the 80 px thumbnail of a member’s default picture', async () => {
    const searcher = await buildMember(t.db, t.clock);
    const shown = await member(['Colorist'], 'Prague, Czech Republic', 1);
    await t.db.update(users).set({ defaultPic: 'abc123.jpg' }).where(eq(users.id, shown.id));
    const res = await search(searcher, { type: 'Colorist', location: 'Prague, Czech Republic' });
    expect(res.body.users).toHaveLength(1);
    expect(res.body.users[0]?.avatar).toMatch(/abc123/);
  });

  it('lists the member who searches too, where their profile puts them (DR2)', async () => {
    const me = await member(['Gaffer'], 'Glasgow, UK', 0);
    const res = await search(me, { type: 'Gaffer', location: 'Glasgow, UK' });
    expect(ids(res.body)).toEqual([me.id]);
  });

  it('pages 12 at a time from page 0; never-active members come last; a page past the last is empty (DR3, DR4)', async () => {
    const searcher = await buildMember(t.db, t.clock);
    const found: BuiltMember[] = [];
    for (let i = 0; i < directory.DIRECTORY_PAGE_SIZE + 2; i++) {
      found.push(await member(['Grip', 'Gaffer'].slice(i % 2), 'Denver, CO', i * 10));
    }
    const never = await member(['Grip'], 'Denver, CO', null);
    const ask = (page: unknown) => search(searcher, { type: 'Grip', location: 'Denver, CO', page });
    // Grip: the even ones (Grip, Gaffer), then the one never active; the odd ones are Gaffers only.
    const grips = await ask(0);
    expect(grips.body.pageCount).toBe(1);
    expect(ids(grips.body)).toEqual([...found.filter((_, i) => i % 2 === 0), never].map((m) => m.id));

    // Gaffer, first or second job: all 14, two pages.
    const gaffers = (page: unknown) => search(searcher, { type: 'Gaffer', location: 'Denver, CO', page });
    const everyone = found.map((m) => m.id);
    const page0 = await gaffers(0);
    expect(page0.body.pageCount).toBe(2);
    expect(ids(page0.body)).toEqual(everyone.slice(0, 12));
    const page1 = await gaffers('1'); // as a form sends it
    expect(page1.body.pageCount).toBe(2);
    expect(ids(page1.body)).toEqual(everyone.slice(12));
    const past = await gaffers(2);
    expect(past.statusCode).toBe(200);
    expect(past.body).toEqual({ status: 'success', users: [], pageCount: 2 });
    // No page given: the first.
    expect(ids((await search(searcher, { type: 'Gaffer', location: 'Denver, CO' })).body)).toEqual(
      everyone.slice(0, 12),
    );
  });

  it('answers no members and no pages when nobody matches (the page shows spec 3 §8’s text)', async () => {
    const searcher = await buildMember(t.db, t.clock);
    await member(['Festival Programmer'], 'Berlin, Germany', 1);
    const res = await search(searcher, { type: 'Festival Programmer', location: 'Madrid, Spain', page: 0 });
    expect(res.statusCode).toBe(200);
    expect(res.body).toEqual({ status: 'success', users: [], pageCount: 0 });
  });

  it('leaves out members blocked either way, from the list and the page count (D4.1, DR2)', async () => {
    const searcher = await member(['Editor'], 'Dublin, Ireland', 0);
    const blockedByMe = await member(['Editor'], 'Dublin, Ireland', 1);
    const blockingMe = await member(['Animator', 'Editor'], 'Dublin, Ireland', 2);
    const both = await member(['Editor'], 'Dublin, Ireland', 3);
    const visible = await member(['Editor'], 'Dublin, Ireland', 4);
    const at = t.clock.now();
    await t.db.insert(blocks).values([
      { blockerId: searcher.id, blockedId: blockedByMe.id, createdAt: at },
      { blockerId: blockingMe.id, blockedId: searcher.id, createdAt: at },
      { blockerId: searcher.id, blockedId: both.id, createdAt: at },
      { blockerId: both.id, blockedId: searcher.id, createdAt: at },
      // A block between two others changes nothing for the searcher.
      { blockerId: visible.id, blockedId: blockedByMe.id, createdAt: at },
    ]);
    const res = await search(searcher, { type: 'Editor', location: 'Dublin, Ireland' });
    expect(ids(res.body)).toEqual([searcher.id, visible.id]);
    expect(res.body.pageCount).toBe(1);
    // Each way: the blocked member does not find the one who blocked them either.
    const theirs = await search(blockedByMe, { type: 'Editor', location: 'Dublin, Ireland' });
    expect(ids(theirs.body)).not.toContain(searcher.id);
    expect(ids(theirs.body)).toContain(blockedByMe.id);
  });

  it('leaves out deactivated and deleted members, system accounts, and members without a job or a location (D2.5, DR2)', async () => {
    const searcher = await buildMember(t.db, t.clock);
    const active = await member(['Composer'], 'Nashville, TN', 1);
    await member(['Composer'], 'Nashville, TN', 0, { status: 'deactivated' });
    await member(['Composer'], 'Nashville, TN', 0, { status: 'deleted' });
    await member(['Composer'], null, 0);
    await member([], 'Nashville, TN', 0);
    const system = await member(['Composer'], 'Nashville, TN', 0);
    await t.db.update(users).set({ kind: 'system' }).where(eq(users.id, system.id));
    const res = await search(searcher, { type: 'Composer', location: 'Nashville, TN' });
    expect(ids(res.body)).toEqual([active.id]);
    expect(res.body.pageCount).toBe(1);
    // A member who deactivates leaves the directory at once.
    await t.db.update(users).set({ status: 'deactivated' }).where(eq(users.id, active.id));
    expect((await search(searcher, { type: 'Composer', location: 'Nashville, TN' })).body).toEqual({
      status: 'success',
      users: [],
      pageCount: 0,
    });
  });

  it('shows free, premium and pro members and admins the same results; anonymous callers are logged out (DR6)', async () => {
    const listed = await member(['Choreographer'], 'Honolulu, HI', 1);
    const callers = [
      await buildMember(t.db, t.clock),
      await buildMember(t.db, t.clock, { membership: 'premium' }),
      await buildMember(t.db, t.clock, { membership: 'pro' }),
      await buildMember(t.db, t.clock, { role: 'admin' }),
    ];
    for (const caller of callers) {
      const res = await search(caller, { type: 'Choreographer', location: 'Honolulu, HI' });
      expect(ids(res.body)).toEqual([listed.id]);
    }
    const anonymous = await search(null, { type: 'Choreographer', location: 'Honolulu, HI' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.body.extra).toBe('logged_out');
    expect(JSON.stringify(anonymous.body)).not.toContain(String(listed.id));
  });

  it('takes the spec’s form post', async () => {
    const searcher = await buildMember(t.db, t.clock);
    const listed = await member(['Showrunner'], 'Toronto, ON', 1);
    const res = await t.app.inject({
      method: 'POST',
      url: '/v4/operations/directory/fetchResults',
      headers: {
        authorization: `Bearer ${searcher.token}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: new URLSearchParams({ type: 'Showrunner', location: 'Toronto, ON', page: '0' }).toString(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().users.map((u: { id: number }) => u.id)).toEqual([listed.id]);
  });

  it('needs both a type and a location, and refuses values the lists do not hold (spec 3 §5, DR1)', async () => {
    const searcher = await buildMember(t.db, t.clock);
    const cases: [Record<string, unknown>, string][] = [
      [{}, directory.DIRECTORY_NEEDS_BOTH],
      [{ type: 'Actor' }, directory.DIRECTORY_NEEDS_BOTH],
      [{ location: 'New York, NY' }, directory.DIRECTORY_NEEDS_BOTH],
      [{ type: '', location: 'New York, NY' }, directory.DIRECTORY_NEEDS_BOTH],
      [{ type: 'Actor', location: '   ' }, directory.DIRECTORY_NEEDS_BOTH],
      [{ type: 'Actors', location: 'New York, NY' }, directory.DIRECTORY_UNKNOWN_TYPE],
      [{ type: 'actor', location: 'New York, NY' }, directory.DIRECTORY_UNKNOWN_TYPE],
      [{ type: "Actor' or '1'='1", location: 'New York, NY' }, directory.DIRECTORY_UNKNOWN_TYPE],
      [{ type: 'Actor', location: 'Gotham' }, directory.DIRECTORY_UNKNOWN_LOCATION],
      [{ type: ['Actor'], location: 'New York, NY' }, directory.DIRECTORY_UNKNOWN_TYPE],
      [{ type: 'Actor', location: 42 }, directory.DIRECTORY_UNKNOWN_LOCATION],
      [{ type: 'Actor', location: 'New York, NY', page: -1 }, directory.DIRECTORY_NO_SUCH_PAGE],
      [{ type: 'Actor', location: 'New York, NY', page: 1.5 }, directory.DIRECTORY_NO_SUCH_PAGE],
      [{ type: 'Actor', location: 'New York, NY', page: 'two' }, directory.DIRECTORY_NO_SUCH_PAGE],
      [{ type: 'Actor', location: 'New York, NY', page: 10_001 }, directory.DIRECTORY_NO_SUCH_PAGE],
      [{ type: 'Actor', location: 'New York, NY', page: '99999999999999' }, directory.DIRECTORY_NO_SUCH_PAGE],
    ];
    for (const [input, message] of cases) {
      const res = await search(searcher, input);
      expect(res.statusCode, JSON.stringify(input)).toBe(400);
      expect(res.body, JSON.stringify(input)).toMatchObject({ status: 'error', message });
    }
  });
});
