import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { account, adminMembers as contract, login, membership, sponsored } from '@marquee/contract';
import { useTestApp } from '../../../test/test-app.js';
import { buildListing, buildMember, setStatus, TEST_PASSWORD } from '../../../test/factories.js';
import { HOUR_MS, MINUTE_MS } from '../../platform/time.js';
import { users } from '../members/members.tables.js';
import { sessions } from '../login/login.tables.js';
import { priceRow } from '../membership/prices.js';

const t = useTestApp();

const staff = () => buildMember(t.db, t.clock, { role: 'admin' });
const useAs = (id: number, token: string) => t.call(contract.useAsUser, { id }, token);

describe('admin/useAsUser (D13.2, AM9)', () => {
  it('opens a session of the member’s marked as staff’s, logged, that acts as the member', async () => {
    const boss = await staff();
    const m = await buildMember(t.db, t.clock, { membership: 'premium' });
    const answer = await useAs(m.id, boss.token);
    expect(answer.statusCode).toBe(200);
    expect(answer.body.user).toMatchObject({ id: m.id, membership: 'premium', isAdmin: false });
    expect(answer.body.message).toMatch(/^You are using Marquee as Test /);
    const as = answer.body.token;
    expect((await t.call(account.fetchAccountDetails, {}, as)).body.user).toMatchObject({
      username: m.username,
    });
    const [session] = await t.db.select().from(sessions).where(eq(sessions.impersonatedBy, boss.id));
    expect(session).toMatchObject({ userId: m.id, revokedAt: null });
    const audit = (await t.call(contract.fetchUserDetails, { id: m.id }, boss.token)).body.audit;
    expect(audit[0]).toMatchObject({
      action: 'user.use',
      admin_id: boss.id,
      summary: 'Used the site as the member.',
    });
    // The admin's own session is untouched; the member's own too.
    expect((await t.call(contract.fetchUserDetails, { id: m.id }, boss.token)).statusCode).toBe(200);
    expect((await t.call(account.fetchAccountDetails, {}, m.token)).statusCode).toBe(200);
  });

  it('cannot change the password or email, close the account or pay; other changes go through', async () => {
    const boss = await staff();
    const m = await buildMember(t.db, t.clock);
    const listing = await buildListing(t.db, t.clock, m.id);
    const as = (await useAs(m.id, boss.token)).body.token;
    const refusals: [Promise<{ statusCode: number; body: { message?: string } }>, string][] = [
      [
        t.call(
          account.updateUserField,
          { field: 'password', value: 'new password 1', confirm: 'new password 1', password: TEST_PASSWORD },
          as,
        ),
        "Staff using a member's account cannot change the member’s password.",
      ],
      [
        t.call(
          account.updateUserField,
          { field: 'email', value: 'x@example.test', password: TEST_PASSWORD },
          as,
        ),
        "Staff using a member's account cannot change the member’s email address.",
      ],
      [t.call(account.deactivate, {}, as), "Staff using a member's account cannot deactivate the account."],
      [
        t.call(account.deleteAccount, { warned: 'yes' }, as),
        "Staff using a member's account cannot delete the account.",
      ],
      [
        t.call(sponsored.sponsorCheckout, { id: listing.id, count: 100 }, as),
        "Staff using a member's account cannot pay for the member.",
      ],
    ];
    for (const [answer, message] of refusals) {
      const { statusCode, body } = await answer;
      expect(statusCode, body.message).toBe(403);
      expect(body.message).toBe(message);
    }
    const charge = await t.app.inject({
      method: 'POST',
      url: membership.CHECKOUT_PATHS.charge,
      headers: { authorization: `Bearer ${as}` },
      payload: { level: 'premium', months: 1, amountPennies: priceRow('premium', 1)?.once },
    });
    expect(charge.statusCode, charge.body).toBe(403);
    const row = (await t.db.select().from(users).where(eq(users.id, m.id)))[0]!;
    expect(row).toMatchObject({ email: m.email, status: 'active' });
    const renamed = await t.call(
      account.updateUserField,
      { field: 'name', value: { first: 'Fixed', last: 'Name' }, password: TEST_PASSWORD },
      as,
    );
    expect(renamed.statusCode).toBe(200);
  });

  it('does not make the member look active, and ends at logout', async () => {
    const boss = await staff();
    const m = await buildMember(t.db, t.clock);
    const as = (await useAs(m.id, boss.token)).body.token;
    t.clock.advance(6 * MINUTE_MS);
    await t.call(account.fetchAccountDetails, {}, as);
    const [row] = await t.db.select({ at: users.lastActiveAt }).from(users).where(eq(users.id, m.id));
    expect(row!.at).toBeNull();
    // Like an admin's own session, it ends after 8 hours unused (AD8).
    const idle = (await useAs(m.id, (await staff()).token)).body.token;
    t.clock.advance(8 * HOUR_MS + MINUTE_MS);
    expect((await t.call(account.fetchAccountDetails, {}, idle)).statusCode).toBe(401);
    expect((await t.call(account.fetchAccountDetails, {}, as)).statusCode).toBe(401);
    const again = (await useAs(m.id, (await staff()).token)).body.token;
    expect((await t.call(login.logout, {}, again)).statusCode).toBe(200);
    expect((await t.call(account.fetchAccountDetails, {}, again)).statusCode).toBe(401);
    expect((await t.call(account.fetchAccountDetails, {}, as)).statusCode).toBe(401);
    expect((await t.call(account.fetchAccountDetails, {}, m.token)).statusCode).toBe(200);
  });

  it('refuses staff’s own and other admins’ accounts, inactive ones, members and visitors', async () => {
    const boss = await staff();
    const other = await staff();
    const away = await buildMember(t.db, t.clock, { status: 'deactivated' });
    const gone = await buildMember(t.db, t.clock);
    await setStatus(t.db, gone.id, 'deleted');
    const m = await buildMember(t.db, t.clock);
    expect((await useAs(boss.id, boss.token)).body.message).toBe(contract.NOT_ON_THIS_ACCOUNT);
    expect((await useAs(other.id, boss.token)).statusCode).toBe(403);
    expect((await useAs(away.id, boss.token)).body.message).toBe(contract.NOT_ACTIVE);
    expect((await useAs(gone.id, boss.token)).body.message).toBe(contract.ACCOUNT_DELETED);
    expect((await useAs(2_000_000_000, boss.token)).statusCode).toBe(404);
    expect((await useAs(m.id, m.token)).body.extra).toBe('not_admin');
    expect((await t.call(contract.useAsUser, { id: m.id })).statusCode).toBe(401);
    expect(await t.db.select().from(sessions).where(eq(sessions.impersonatedBy, boss.id))).toEqual([]);
  });
});
