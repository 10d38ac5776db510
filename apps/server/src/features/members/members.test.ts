import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { autocomplete } from '@marquee/contract';
import { useTestApp } from '../../../test/test-app.js';
import { buildMember, unique, type BuiltMember } from '../../../test/factories.js';
import { blocks, users } from './members.tables.js';
import { searchTerms } from './members.policy.js';
import { searchMembersQuery } from './members.repo.js';
import { planOf } from '../../../test/plans.js';

const t = useTestApp();

/** A member with a name of the test's own, so other tests' members never match. */
async function named(first: string, last: string, opts: Parameters<typeof buildMember>[2] = {}) {
  const member = await buildMember(t.db, t.clock, opts);
  await t.db.update(users).set({ first, last }).where(eq(users.id, member.id));
  return member;
}

const search = (q: string, who: BuiltMember) => t.call(autocomplete.users, { q }, who.token);
const ids = (body: autocomplete.MemberMatch[]) => body.map((m) => m.id).sort();

describe('autocomplete/users (spec 1 §7, spec 2 §2 Find Someone’s Listings)', () => {
  it('finds active members by the start of their first name, last name or username, case aside', async () => {
    const tag = unique();
    const searcher = await buildMember(t.db, t.clock);
    const mary = await named(`Mary${tag}`, 'Ellis');
    const other = await named('Jo', `Mary${tag}son`);
    const middle = await named('Ann', `Smary${tag}`);
    const res = await search(`mARY${tag}`, searcher);
    expect(res.statusCode).toBe(200);
    expect(ids(res.body)).toEqual([String(mary.id), String(other.id)].sort());
    expect(ids(res.body)).not.toContain(String(middle.id));
    expect(res.body.find((m) => m.id === String(mary.id))).toEqual({
      id: String(mary.id),
      value: `Mary${tag} Ellis`,
      avatar: null,
    });
    // By username (the login name itself is never sent back).
    const byUsername = await search(mary.username.slice(0, 12).toUpperCase(), searcher);
    expect(ids(byUsername.body)).toEqual([String(mary.id)]);
    expect(JSON.stringify(byUsername.body)).not.toContain(mary.username);
    // Two words: the first name's start, then the last name's.
    expect(ids((await search(`mary${tag} ell`, searcher)).body)).toEqual([String(mary.id)]);
    expect(ids((await search(`mary${tag} jo`, searcher)).body)).toEqual(['00']);
    // A mention's @ is dropped.
    expect(ids((await search(`@Jo Mary${tag}`, searcher)).body)).toEqual([String(other.id)]);
  });

  it("answers the single '00' entry when nobody matches, or nothing was typed", async () => {
    const searcher = await buildMember(t.db, t.clock);
    for (const q of [`nobody${unique()}`, '', '   ']) {
      const res = await search(q, searcher);
      expect(res.statusCode).toBe(200);
      expect(res.body).toEqual([{ id: autocomplete.NO_MATCH_ID, value: autocomplete.NO_MATCH_TEXT }]);
    }
  });

  it('leaves out the searcher, members blocked either way, and inactive or system accounts', async () => {
    const tag = unique();
    const searcher = await named(`Quinn${tag}`, 'Self');
    const blockedByMe = await named(`Quinn${tag}`, 'Blocked');
    const blockingMe = await named(`Quinn${tag}`, 'Blocking');
    await named(`Quinn${tag}`, 'Gone', { status: 'deactivated' });
    await named(`Quinn${tag}`, 'Deleted', { status: 'deleted' });
    const visible = await named(`Quinn${tag}`, 'Visible');
    await t.db.insert(blocks).values([
      { blockerId: searcher.id, blockedId: blockedByMe.id, createdAt: t.clock.now() },
      { blockerId: blockingMe.id, blockedId: searcher.id, createdAt: t.clock.now() },
    ]);
    const res = await search(`quinn${tag}`, searcher);
    expect(ids(res.body)).toEqual([String(visible.id)]);
    // The blocked member does not find the searcher either.
    expect(ids((await search(`quinn${tag}`, blockedByMe)).body)).not.toContain(String(searcher.id));
    // The house and the other system accounts are not members.
    const house = await search('house', searcher);
    expect(house.body.every((m) => Number(m.id) >= 1000 || m.id === '00')).toBe(true);
  });

  it('answers at most 10, sorted by name, and takes %, _ and accents as typed', async () => {
    const tag = unique();
    const searcher = await buildMember(t.db, t.clock);
    for (let i = 0; i < 12; i += 1) await named(`Rae${tag}`, `N${String(i).padStart(2, '0')}`);
    const res = await search(`rae${tag}`, searcher);
    expect(res.body).toHaveLength(autocomplete.MAX_MATCHES);
    expect(res.body.map((m) => m.value)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Rae${tag} N${String(i).padStart(2, '0')}`),
    );
    const underscore = await named(`Un_${tag}`, 'Score');
    await named(`Unx${tag}`, 'Score');
    expect(ids((await search(`un_${tag}`, searcher)).body)).toEqual([String(underscore.id)]);
    expect(ids((await search('%', searcher)).body)).toEqual(['00']);
    const accented = await named(`Émile${tag}`, 'Zola');
    expect(ids((await search(`émile${tag}`, searcher)).body)).toEqual([String(accented.id)]);
    expect(ids((await search(`ÉMI`, searcher)).body)).toContain(String(accented.id));
  });

  it('refuses signed-out callers and over-long searches', async () => {
    expect((await t.call(autocomplete.users, { q: 'mary' })).statusCode).toBe(401);
    const searcher = await buildMember(t.db, t.clock);
    const long = await search('x'.repeat(51), searcher);
    expect(long.statusCode).toBe(400);
    expect(long.body).toMatchObject({ status: 'error', message: 'Please type at most 50 characters.' });
  });
});

describe('the member search reads users through its prefix indexes', () => {
  it('one word and two words: no Seq Scan on users', async () => {
    for (const terms of [{ any: 'ann' }, { first: 'ann', last: 'ke' }]) {
      const plan = await planOf(t.db, searchMembersQuery(t.db, { callerId: 1000, terms, limit: 10 }));
      expect(plan, plan).not.toMatch(/Seq Scan on users/);
      expect(plan, plan).toMatch(/users_(first|last|username)_prefix_idx/);
    }
  });
});

describe('search terms', () => {
  it('split first and last names', () => {
    expect(searchTerms('  Mary  ')).toEqual({ any: 'Mary' });
    expect(searchTerms('Mary  Ann Lee')).toEqual({ first: 'Mary', last: 'Ann Lee' });
    expect(searchTerms('@')).toBeNull();
    expect(searchTerms('')).toBeNull();
  });
});
