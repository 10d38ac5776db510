import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { account, adminMembers as contract, login } from '@marquee/contract';
import { useTestApp } from '../../../test/test-app.js';
import {
  buildMember,
  linkAccount,
  setStatus,
  TEST_PASSWORD,
  type BuiltMember,
} from '../../../test/factories.js';
import { DAY_MS } from '../../platform/time.js';
import { users } from '../members/members.tables.js';
import { subscriptions } from '../membership/membership.tables.js';

const t = useTestApp();

const staff = () => buildMember(t.db, t.clock, { role: 'admin' });
const details = (id: number, token: string) => t.call(contract.fetchUserDetails, { id }, token);
const field = (token: string, user_id: number, f: string, value: string) =>
  t.call(contract.updateUserField, { user_id, field: f, value }, token);

async function row(id: number) {
  const [r] = await t.db.select().from(users).where(eq(users.id, id));
  return r!;
}

/** Whether a member's session still signs them in. */
const signedIn = async (m: BuiltMember) =>
  (await t.call(account.fetchAccountDetails, {}, m.token)).statusCode === 200;

describe('admin/searchUsers (AM1)', () => {
  it('finds members by id, email, a name or username prefix, two words, and deactivated ones; not deleted ones', async () => {
    const boss = await staff();
    const m = await buildMember(t.db, t.clock);
    await t.db.update(users).set({ first: 'Zephyrine', last: 'Quarrington' }).where(eq(users.id, m.id));
    const away = await buildMember(t.db, t.clock, { status: 'deactivated' });
    await t.db.update(users).set({ first: 'Zephyrine', last: 'Away' }).where(eq(users.id, away.id));
    const gone = await buildMember(t.db, t.clock, { status: 'deleted' });
    await t.db.update(users).set({ first: 'Zephyrine' }).where(eq(users.id, gone.id));
    const search = async (q: string) =>
      (await t.call(contract.searchUsers, { q }, boss.token)).body.users.map((u) => u.id);

    expect(await search(String(m.id))).toEqual([m.id]);
    expect(await search(m.email.slice(0, 12).toUpperCase() + '')).toContain(m.id);
    expect(await search(m.email)).toEqual([m.id]);
    expect(await search(m.username)).toEqual([m.id]);
    const byName = await search('zephyr');
    expect(byName).toContain(m.id);
    expect(byName).toContain(away.id);
    expect(byName).not.toContain(gone.id);
    expect(await search('Zephyrine Quarr')).toEqual([m.id]);
    expect(await search(String(gone.id))).toEqual([]);
    expect(await search('2147483648')).toEqual([]);
    const [found] = (await t.call(contract.searchUsers, { q: String(away.id) }, boss.token)).body.users;
    expect(found).toMatchObject({
      id: away.id,
      status: 'deactivated',
      membership: 'free',
      first: 'Zephyrine',
    });
  });

  it('refuses an empty or too long search, members and visitors', async () => {
    const boss = await staff();
    const member = await buildMember(t.db, t.clock);
    for (const q of ['', '   ']) {
      const refused = await t.call(contract.searchUsers, { q }, boss.token);
      expect(refused.statusCode).toBe(400);
      expect(refused.body.message).toBe(contract.SEARCH_HINT);
    }
    expect((await t.call(contract.searchUsers, { q: 'x'.repeat(101) }, boss.token)).statusCode).toBe(400);
    expect((await t.call(contract.searchUsers, { q: 'a' }, member.token)).body.extra).toBe('not_admin');
    expect((await t.call(contract.searchUsers, { q: 'a' })).statusCode).toBe(401);
  });

  it('treats the pattern characters of SQL as text', async () => {
    const boss = await staff();
    for (const q of ['%', '_', "'; drop table users; --", '\\']) {
      const answer = await t.call(contract.searchUsers, { q }, boss.token);
      expect(answer.statusCode).toBe(200);
      expect(answer.body.users).toEqual([]);
    }
  });
});

describe('admin/fetchUserDetails (spec 4 §3 Admin user, AM2)', () => {
  it('gives the card: expiry days, subscriptions, linked accounts, the referrer, what staff may do', async () => {
    const boss = await staff();
    const referrer = await buildMember(t.db, t.clock);
    const m = await buildMember(t.db, t.clock, {
      membership: 'premium',
      points: 250,
      referrerId: referrer.id,
    });
    await linkAccount(t.db, t.clock, m.id, 'twitter', 'zeph_x');
    await t.db.insert(subscriptions).values({
      userId: m.id,
      level: 'premium',
      provider: 'test',
      status: 'cancelled',
      currentPeriodEnd: new Date(t.clock.now().getTime() + 10 * DAY_MS),
      createdAt: t.clock.now(),
    });
    const { statusCode, body } = await details(m.id, boss.token);
    expect(statusCode).toBe(200);
    expect(body.user).toMatchObject({
      id: m.id,
      email: m.email,
      username: m.username,
      status: 'active',
      role: 'member',
      membership: 'premium',
      points: 250,
      twitter: 'zeph_x',
      facebook: '',
      premium_expires: '2026-04-09',
      pro_expires: '',
      hasSubs: 'no',
      referredby: { id: referrer.id, name: `Test ${(await row(referrer.id)).last}` },
      canEdit: true,
      canDelete: true,
    });
    expect(body.user.subscriptions).toEqual([
      expect.objectContaining({
        status: 'cancelled',
        level: 'premium',
        provider: 'test',
        period_end: 'March 20, 2026',
      }),
    ]);
    expect(body.audit).toEqual([]);
    // Never a session token or a password hash.
    expect(JSON.stringify(body)).not.toMatch(/password|token|hash/i);
  });

  it('lets staff look at but not change their own card or another admin’s', async () => {
    const boss = await staff();
    const other = await staff();
    expect((await details(boss.id, boss.token)).body.user).toMatchObject({ role: 'admin', canEdit: false });
    expect((await details(other.id, boss.token)).body.user).toMatchObject({
      canEdit: false,
      canDelete: false,
    });
  });

  it('answers 404 for an unknown id or a system account, 400 for a bad one, not_admin to members', async () => {
    const boss = await staff();
    const member = await buildMember(t.db, t.clock);
    expect((await details(2_000_000_000, boss.token)).body.message).toBe(contract.NO_SUCH_MEMBER);
    expect((await details(1, boss.token)).statusCode).toBe(404);
    expect((await t.call(contract.fetchUserDetails, { id: 'x' }, boss.token)).body.message).toBe(
      'Please give a valid member id.',
    );
    expect((await details(member.id, member.token)).body.extra).toBe('not_admin');
    expect((await t.call(contract.fetchUserDetails, { id: member.id })).statusCode).toBe(401);
  });
});

describe('admin/updateUserField (AM3, D13.1)', () => {
  it('changes each plain field with the audit keeping before and after', async () => {
    const boss = await staff();
    const m = await buildMember(t.db, t.clock);
    const referrer = await buildMember(t.db, t.clock);
    const before = await row(m.id);
    const changes: [string, string, unknown][] = [
      ['first', 'Renamed', 'Renamed'],
      ['last', 'Person', 'Person'],
      ['email', `  NEW_${m.username}@Example.test `, `new_${m.username}@example.test`.toLowerCase()],
      ['username', `renamed_${m.id}`, `renamed_${m.id}`],
      ['imdb_url', 'https://www.imdb.com/name/nm0000123/', 'https://www.imdb.com/name/nm0000123/'],
      ['referredby', String(referrer.id), referrer.id],
    ];
    for (const [f, value, stored] of changes) {
      const answer = await field(boss.token, m.id, f, value);
      expect(answer.statusCode, `${f}: ${answer.body.message}`).toBe(200);
      expect(answer.body.audit[0]).toMatchObject({
        action: `user.${f}`,
        admin_id: boss.id,
        after: { [f]: stored },
      });
    }
    const after = await row(m.id);
    expect(after).toMatchObject({ first: 'Renamed', last: 'Person', referrerId: referrer.id });
    const audit = (await details(m.id, boss.token)).body.audit;
    expect(audit.find((a) => a.action === 'user.first')?.before).toEqual({ first: before.first });
    // Back to no referrer.
    expect((await field(boss.token, m.id, 'referredby', '')).body.user.referredby).toBeNull();
  });

  it('deactivating signs the member out everywhere; reactivating lets them sign in again (D2.5)', async () => {
    const boss = await staff();
    const m = await buildMember(t.db, t.clock);
    expect(await signedIn(m)).toBe(true);
    expect((await field(boss.token, m.id, 'status', 'deactivated')).body.user.status).toBe('deactivated');
    expect(await signedIn(m)).toBe(false);
    const refused = await t.call(login.checkCredentials, { username: m.username, password: TEST_PASSWORD });
    expect(refused.body.status).not.toBe('success');
    expect((await field(boss.token, m.id, 'status', 'active')).body.user.status).toBe('active');
    const back = await t.call(login.checkCredentials, { username: m.username, password: TEST_PASSWORD });
    expect(back.body.status).toBe('success');
  });

  it('refuses taken or deleted addresses, taken usernames, bad values and unknown fields, changing nothing', async () => {
    const boss = await staff();
    const m = await buildMember(t.db, t.clock);
    const other = await buildMember(t.db, t.clock);
    const before = await row(m.id);
    const refusals: [string, string, number, string | RegExp][] = [
      ['email', other.email, 409, 'Another account uses that email address.'],
      ['username', other.username.toUpperCase(), 409, 'Another account uses that username.'],
      ['email', 'not-an-email', 400, 'Please enter a valid email address.'],
      ['username', 'a b', 400, /^Usernames are 3 to 30/],
      ['first', '   ', 400, 'Please enter your first name.'],
      ['imdb_url', 'https://example.com/', 400, /^Please enter the full URL of your IMDb page/],
      ['status', 'deleted', 400, 'Please choose active or deactivated.'],
      ['referredby', String(m.id), 400, 'A member cannot be their own referrer.'],
      ['referredby', '1999999999', 400, 'There is no member with that referrer id.'],
      ['referredby', 'abc', 400, /^Please give the referrer/],
      ['points', '5000', 400, /^Please choose a field to change/],
      ['role', 'admin', 400, /^Please choose a field to change/],
    ];
    for (const [f, value, code, message] of refusals) {
      const answer = await field(boss.token, m.id, f, value);
      expect(answer.statusCode, `${f}=${value}`).toBe(code);
      expect(answer.body.message).toMatch(message);
    }
    expect(await row(m.id)).toEqual(before);
    expect((await details(m.id, boss.token)).body.audit).toEqual([]);
  });

  it('refuses staff’s own account, another admin’s and a deleted one; members get not_admin', async () => {
    const boss = await staff();
    const other = await staff();
    const m = await buildMember(t.db, t.clock);
    const gone = await buildMember(t.db, t.clock);
    await setStatus(t.db, gone.id, 'deleted');
    for (const id of [boss.id, other.id]) {
      const answer = await field(boss.token, id, 'first', 'Changed');
      expect(answer.statusCode).toBe(403);
      expect(answer.body.message).toBe(contract.NOT_ON_THIS_ACCOUNT);
    }
    expect((await field(boss.token, gone.id, 'first', 'Changed')).body.message).toBe(
      contract.ACCOUNT_DELETED,
    );
    expect((await field(m.token, m.id, 'first', 'Changed')).body.extra).toBe('not_admin');
    expect((await row(m.id)).first).toBe('Test');
  });
});

describe('admin/updateUserField under a burst (AM3)', () => {
  it('two members given one username at once: one gets it, the other is told, nothing half-written', async () => {
    const boss = await staff();
    const others = [
      await buildMember(t.db, t.clock),
      await buildMember(t.db, t.clock),
      await buildMember(t.db, t.clock),
    ];
    const wanted = `taken_${others[0]!.id}`;
    const answers = await Promise.all(others.map((m) => field(boss.token, m.id, 'username', wanted)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    const refused = answers.filter((a) => a.statusCode === 409);
    expect(refused).toHaveLength(2);
    for (const r of refused) expect(r.body.message).toBe('Another account uses that username.');
    const holders = await Promise.all(others.map((m) => row(m.id)));
    expect(holders.filter((h) => h.username === wanted)).toHaveLength(1);
  });
});

describe('admin/updateSpecialField (AM4)', () => {
  it('sets a password: every session of the member ends and the new password signs in', async () => {
    const boss = await staff();
    const m = await buildMember(t.db, t.clock);
    const answer = await t.call(
      contract.updateSpecialField,
      { user_id: m.id, field: 'password', value: 'a brand new secret' },
      boss.token,
    );
    expect(answer.body.message).toBe('The password was changed and the member was signed out everywhere.');
    expect(await signedIn(m)).toBe(false);
    const old = await t.call(login.checkCredentials, { username: m.username, password: TEST_PASSWORD });
    expect(old.body.status).not.toBe('success');
    const fresh = await t.call(login.checkCredentials, {
      username: m.username,
      password: 'a brand new secret',
    });
    expect(fresh.body.status).toBe('success');
    // The audit says it happened, never what the password is.
    expect(answer.body.audit[0]).toMatchObject({ action: 'user.password', before: null, after: null });
  });

  it('sets and removes premium and pro time by Pacific day, which the membership follows (D2.3)', async () => {
    const boss = await staff();
    const m = await buildMember(t.db, t.clock);
    const set = (f: string, value: string) =>
      t.call(contract.updateSpecialField, { user_id: m.id, field: f, value }, boss.token);
    const premium = await set('premium_expires', '2026-04-30');
    expect(premium.body.user).toMatchObject({ premium_expires: '2026-04-30', membership: 'premium' });
    expect(premium.body.message).toBe('Their premium time now ends on 2026-04-30.');
    // The paid time lasts to the end of that day, Pacific.
    expect((await row(m.id)).premiumExpires?.toISOString()).toBe('2026-05-01T07:00:00.000Z');
    expect((await set('pro_expires', '2026-03-20')).body.user).toMatchObject({ membership: 'pro' });
    expect((await set('pro_expires', '')).body.user).toMatchObject({
      pro_expires: '',
      membership: 'premium',
    });
    const audit = (await details(m.id, boss.token)).body.audit;
    expect(audit[0]).toMatchObject({ before: { pro_expires: '2026-03-20' }, after: { pro_expires: '' } });
  });

  it('refuses dates that are not days, short passwords and other fields', async () => {
    const boss = await staff();
    const m = await buildMember(t.db, t.clock);
    const refusals: [string, string, string | RegExp][] = [
      ['premium_expires', '2026-02-30', 'Please give a real date as YYYY-MM-DD, or leave it empty for none.'],
      ['premium_expires', '30/04/2026', 'Please give a date as YYYY-MM-DD, or leave it empty for none.'],
      ['password', 'short', /^Please choose a password of at least 8/],
      ['email', 'x@example.test', 'Please choose password, premium_expires or pro_expires.'],
    ];
    for (const [f, value, message] of refusals) {
      const answer = await t.call(
        contract.updateSpecialField,
        { user_id: m.id, field: f, value },
        boss.token,
      );
      expect(answer.statusCode).toBe(400);
      expect(answer.body.message).toMatch(message);
    }
    expect((await row(m.id)).premiumExpires).toBeNull();
  });
});

describe('admin/adjustPoints (AM5, D3)', () => {
  it('gives and takes points through the ledger with the reason in the audit', async () => {
    const boss = await staff();
    const m = await buildMember(t.db, t.clock, { points: 100 });
    const given = await t.call(
      contract.adjustPoints,
      { user_id: m.id, amount: 400, reason: 'Refund for a broken listing' },
      boss.token,
    );
    expect(given.body).toMatchObject({ message: '400 points given.', user: { points: 500 } });
    expect(given.body.audit[0]).toMatchObject({
      action: 'user.points',
      summary: 'Gave 400 points.',
      before: { points: 100 },
      after: { points: 500 },
      reason: 'Refund for a broken listing',
    });
    const taken = await t.call(
      contract.adjustPoints,
      { user_id: m.id, amount: -1, reason: 'Duplicate credit' },
      boss.token,
    );
    expect(taken.body).toMatchObject({ message: '1 point taken.', user: { points: 499 } });
  });

  it('never takes a member below 0, and asks for a reason and a real amount', async () => {
    const boss = await staff();
    const m = await buildMember(t.db, t.clock, { points: 30 });
    const below = await t.call(
      contract.adjustPoints,
      { user_id: m.id, amount: -31, reason: 'Too much' },
      boss.token,
    );
    expect(below.statusCode).toBe(409);
    expect(below.body.message).toBe('The member has 30 points; an adjustment cannot take them below 0.');
    for (const [amount, reason, message] of [
      [10, '', contract.REASON_NEEDED],
      [10, 'abc', contract.REASON_NEEDED],
      [0, 'A good reason', /^Please give a whole number of points/],
      [1.5, 'A good reason', /^Please give a whole number of points/],
      [100_001, 'A good reason', /^Please give a whole number of points/],
      ['ten', 'A good reason', /^Please give a whole number of points/],
    ] as const) {
      const answer = await t.call(contract.adjustPoints, { user_id: m.id, amount, reason }, boss.token);
      expect(answer.statusCode).toBe(400);
      expect(answer.body.message).toMatch(message);
    }
    expect((await row(m.id)).points).toBe(30);
  });

  it('holds under a burst: two takings that together would go below 0, one of them goes through', async () => {
    const boss = await staff();
    const m = await buildMember(t.db, t.clock, { points: 100 });
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        t.call(contract.adjustPoints, { user_id: m.id, amount: -80, reason: 'Burst test' }, boss.token),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(5);
    expect((await row(m.id)).points).toBe(20);
    expect(
      (await details(m.id, boss.token)).body.audit.filter((a) => a.action === 'user.points'),
    ).toHaveLength(1);
  });
});

describe('admin/deleteUserAccount (AM6, D2.5)', () => {
  it('erases the member as their own deletion would, keeps the ledger balanced and logs it without their name', async () => {
    const boss = await staff();
    const m = await buildMember(t.db, t.clock, { points: 75 });
    const answer = await t.call(contract.deleteUserAccount, { delete_id: m.id }, boss.token);
    expect(answer.body.status).toBe('success');
    expect(await signedIn(m)).toBe(false);
    const card = (await details(m.id, boss.token)).body;
    expect(card.user).toMatchObject({ status: 'deleted', points: 0, canEdit: false, canDelete: false });
    expect(card.audit[0]).toMatchObject({
      action: 'user.delete',
      summary: `Deleted the account of member #${m.id}.`,
      user_name: 'a deleted member',
    });
    expect(JSON.stringify(card.audit)).not.toContain(m.email);
    const again = await t.call(contract.deleteUserAccount, { delete_id: m.id }, boss.token);
    expect(again.statusCode).toBe(409);
    expect(again.body.message).toBe(contract.ACCOUNT_DELETED);
  });

  it('refuses a member whose subscription still renews, staff themselves and other admins', async () => {
    const boss = await staff();
    const other = await staff();
    const m = await buildMember(t.db, t.clock);
    await t.db.insert(subscriptions).values({
      userId: m.id,
      level: 'pro',
      provider: 'stripe',
      providerRef: `sub_${m.id}`,
      status: 'active',
      currentPeriodEnd: new Date(t.clock.now().getTime() + 20 * DAY_MS),
      createdAt: t.clock.now(),
    });
    expect((await t.call(contract.deleteUserAccount, { delete_id: m.id }, boss.token)).body.message).toBe(
      contract.SUBSCRIPTION_RENEWS,
    );
    for (const id of [boss.id, other.id])
      expect((await t.call(contract.deleteUserAccount, { delete_id: id }, boss.token)).statusCode).toBe(403);
    expect((await row(m.id)).status).toBe('active');
  });

  it('answers not_admin to a member, even about themselves, and logged_out to a visitor', async () => {
    const m = await buildMember(t.db, t.clock);
    expect((await t.call(contract.deleteUserAccount, { delete_id: m.id }, m.token)).body.extra).toBe(
      'not_admin',
    );
    expect((await t.call(contract.deleteUserAccount, { delete_id: m.id })).statusCode).toBe(401);
    expect((await row(m.id)).status).toBe('active');
  });
});
