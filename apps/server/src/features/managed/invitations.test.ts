import { describe, expect, it, vi } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { account, adminMembers, managed } from '@marquee/contract';
import { useTestApp, type TestApp } from '../../../test/test-app.js';
import { keepInOutbox } from '../../platform/mail.repo.js';
import { buildListing, buildMember, setStatus, type BuiltMember } from '../../../test/factories.js';
import { DAY_MS, HOUR_MS, pacificDay } from '../../platform/time.js';
import { hashToken } from '../../platform/tokens.js';
import { auditEntries } from '../../platform/audit.repo.js';
import { outboxMails } from '../../platform/mail.tables.js';
import { users } from '../members/members.tables.js';
import { managedWaitlist } from '../admin/admin.tables.js';
import { starmeterWeeks } from '../pro/pro.tables.js';
import { recordAction } from '../admin/admin.test-support.js';
import { managedInvitations, managedSetups } from './managed.tables.js';
import { findInvitation, useInvitation } from './index.js';
import { INVITATION_DAYS } from './invitations.policy.js';

/** The outbox, except for addresses that cannot be reached (the mail failure of MR3). */
const t: TestApp = useTestApp({
  mailer: {
    kind: 'outbox',
    async send(message) {
      if (message.to.startsWith('unreachable')) throw new Error('The mail server refused the message.');
      await keepInOutbox(t.db, { ...message, createdAt: t.clock.now() });
    },
  },
});

const staff = () => buildMember(t.db, t.clock, { role: 'admin' });

/** The setup form as the modal sends it, for member `m`. */
async function setupInput(m: BuiltMember, overrides: Record<string, unknown> = {}) {
  const [row] = await t.db.select().from(users).where(eq(users.id, m.id));
  return {
    karma_id: m.id,
    first: row!.first,
    last: row!.last,
    email: m.email,
    nm_code: 'nm1234567',
    level: 3,
    rank1: 61_000,
    rank2: 64_500,
    rank3: null,
    rank4: null,
    views1: 40,
    views2: 22,
    views3: null,
    views4: null,
    has_picture: 'yes',
    ...overrides,
  };
}

async function setUp(boss: BuiltMember, m: BuiltMember, overrides: Record<string, unknown> = {}) {
  const saved = await t.call(managed.setupManagedUser, await setupInput(m, overrides), boss.token);
  expect(saved.statusCode, saved.body.message).toBe(200);
  return saved.body.unsub;
}

const mailsTo = (email: string) =>
  t.db.select().from(outboxMails).where(eq(outboxMails.to, email)).orderBy(desc(outboxMails.id));

const linkIn = (text: string, path: string) => {
  const match = new RegExp(`https?://\\S+${path.replace(/[/?]/g, '\\$&')}=(\\S+)`).exec(text);
  return match ? decodeURIComponent(match[1] as string) : null;
};

const place = async (userId: number) =>
  (await t.db.select().from(managedWaitlist).where(eq(managedWaitlist.userId, userId)))[0];

describe('admin/managed/fetchUserDetails (MR2)', () => {
  it('MR2: fills the setup from the member, their waitlist tier and their newest four STARmeter weeks with views', async () => {
    const boss = await staff();
    const m = await buildMember(t.db, t.clock, { membership: 'premium' });
    await t.db
      .update(users)
      .set({ imdbUrl: 'https://www.imdb.com/name/nm7654321/?ref_=nv_sr_1', defaultPic: 'portrait.jpg' })
      .where(eq(users.id, m.id));
    await t.call(managed.addToWaitlist, { selection: 2 }, m.token);
    const now = t.clock.now();
    const sunday = (daysAgo: number) => pacificDay(new Date(now.getTime() - daysAgo * DAY_MS));
    await t.db.insert(starmeterWeeks).values(
      [2, 9, 16, 23, 30].map((daysAgo, i) => ({
        userId: m.id,
        weekEnding: sunday(daysAgo),
        rank: 50_000 + i * 1000,
      })),
    );
    // Views of the member's IMDb listing: two in the week ending 2 days ago, one in the one before.
    const listing = await buildListing(t.db, t.clock, m.id);
    const earner = await buildMember(t.db, t.clock);
    for (const daysAgo of [3, 4, 10])
      await recordAction(t, { listing, earnerId: earner.id, at: new Date(now.getTime() - daysAgo * DAY_MS) });

    const res = await t.call(managed.fetchUserDetails, { user_id: m.id }, boss.token);
    expect(res.statusCode).toBe(200);
    expect(res.body).toEqual({
      status: 'success',
      details: {
        karma_id: m.id,
        first: 'Test',
        last: expect.stringMatching(/^Member /),
        email: m.email,
        nm_code: 'nm7654321',
        level: 2,
        rank1: 50_000,
        rank2: 51_000,
        rank3: 52_000,
        rank4: 53_000,
        views1: 2,
        views2: 1,
        views3: 0,
        views4: 0,
        has_picture: 'yes',
      },
      saved: false,
      waitlistStatus: 'waitlisted',
      invitedOn: null,
    });
  });

  it('MR2: without a waitlist place, weeks or an IMDb person page: Top 200K, no ranks, no name code', async () => {
    const boss = await staff();
    const m = await buildMember(t.db, t.clock);
    await t.db
      .update(users)
      .set({ imdbUrl: 'https://www.imdb.com/title/tt0133093/' })
      .where(eq(users.id, m.id));
    const { body } = await t.call(managed.fetchUserDetails, { user_id: String(m.id) }, boss.token);
    expect(body.details).toMatchObject({
      nm_code: '',
      level: 1,
      rank1: null,
      rank4: null,
      views1: null,
      views4: null,
      has_picture: 'no',
    });
    expect(body).toMatchObject({ saved: false, waitlistStatus: 'none', invitedOn: null });
  });

  it('MR2: shows the saved setup once there is one, with the account’s names and email as they are now', async () => {
    const boss = await staff();
    const m = await buildMember(t.db, t.clock);
    await setUp(boss, m, { level: 1, rank3: 70_000, views4: 5, has_picture: 'no' });
    await t.db.update(users).set({ first: 'Renamed' }).where(eq(users.id, m.id));
    const { body } = await t.call(managed.fetchUserDetails, { user_id: m.id }, boss.token);
    expect(body.saved).toBe(true);
    expect(body.details).toMatchObject({
      first: 'Renamed',
      email: m.email,
      nm_code: 'nm1234567',
      level: 1,
      rank1: 61_000,
      rank2: 64_500,
      rank3: 70_000,
      rank4: null,
      views1: 40,
      views4: 5,
      has_picture: 'no',
    });
  });

  it('answers 404 for no member, not_admin to members, logged_out without a session, 400 for a bad id', async () => {
    const boss = await staff();
    const m = await buildMember(t.db, t.clock);
    const none = await t.call(managed.fetchUserDetails, { user_id: 99_999_999 }, boss.token);
    expect(none.statusCode).toBe(404);
    expect(none.body.message).toBe(adminMembers.NO_SUCH_MEMBER);
    const system = await t.call(managed.fetchUserDetails, { user_id: 1 }, boss.token);
    expect(system.statusCode).toBe(404);
    const member = await t.call(managed.fetchUserDetails, { user_id: m.id }, m.token);
    expect([member.statusCode, member.body.extra]).toEqual([403, 'not_admin']);
    const anonymous = await t.call(managed.fetchUserDetails, { user_id: m.id });
    expect([anonymous.statusCode, anonymous.body.extra]).toEqual([401, 'logged_out']);
    for (const user_id of ['abc', 0, -3, undefined]) {
      const bad = await t.call(managed.fetchUserDetails, { user_id }, boss.token);
      expect(bad.statusCode).toBe(400);
      expect(bad.body.message).toBe('Please give a valid member id.');
    }
  });
});

describe('admin/managed/setupManagedUser (MR2)', () => {
  it('MR2: saves the setup, answers the unsubscribe code, keeps that code on every later save, and logs both', async () => {
    const boss = await staff();
    const m = await buildMember(t.db, t.clock);
    const saved = await t.call(managed.setupManagedUser, await setupInput(m), boss.token);
    expect(saved.body).toEqual({
      status: 'success',
      message: 'The Managed Rank setup was saved.',
      unsub: expect.stringMatching(/^[\w-]{40,}$/),
    });
    const [row] = await t.db.select().from(managedSetups).where(eq(managedSetups.userId, m.id));
    expect(row).toMatchObject({
      nmCode: 'nm1234567',
      selection: 3,
      rank1: 61_000,
      rank3: null,
      views2: 22,
      hasPicture: true,
      unsubCode: saved.body.unsub,
      setUpBy: boss.id,
    });

    // A later save (another admin, another tier) keeps the code; the name code is kept lower case.
    const other = await staff();
    const again = await t.call(
      managed.setupManagedUser,
      await setupInput(m, { level: 2, nm_code: ' nm7654321 ', rank1: null, has_picture: 'no' }),
      other.token,
    );
    expect(again.body.unsub).toBe(saved.body.unsub);
    const [changed] = await t.db.select().from(managedSetups).where(eq(managedSetups.userId, m.id));
    expect(changed).toMatchObject({ nmCode: 'nm7654321', selection: 2, rank1: null, setUpBy: other.id });

    const entries = await auditEntries(t.db, { limit: 5, userId: m.id });
    expect(entries.map((e) => [e.action, e.adminId, e.summary])).toEqual([
      ['managed.setup', other.id, 'Changed Managed Rank for nm7654321, Top 100K'],
      ['managed.setup', boss.id, 'Set up Managed Rank for nm1234567, Top 60K'],
    ]);
    expect(entries[0]?.before).toMatchObject({ nmCode: 'nm1234567', selection: 3 });
    expect(entries[0]?.before).not.toHaveProperty('unsubCode');
    expect(entries[0]?.after).toMatchObject({ nmCode: 'nm7654321', selection: 2 });
  });

  it('MR2: the names and email must be the account’s (any case, any spaces around)', async () => {
    const boss = await staff();
    const m = await buildMember(t.db, t.clock);
    const input = await setupInput(m);
    const fine = await t.call(
      managed.setupManagedUser,
      { ...input, first: ` ${input.first.toUpperCase()} `, email: m.email.toUpperCase() },
      boss.token,
    );
    expect(fine.statusCode).toBe(200);
    for (const change of [{ first: 'Someone' }, { last: 'Else' }, { email: 'other@example.test' }]) {
      const refused = await t.call(managed.setupManagedUser, { ...input, ...change, level: 1 }, boss.token);
      expect(refused.statusCode).toBe(400);
      expect(refused.body.message).toBe(managed.ACCOUNT_DETAILS_DIFFER);
    }
    const [row] = await t.db.select().from(managedSetups).where(eq(managedSetups.userId, m.id));
    expect(row?.selection).toBe(3);
  });

  it('AM8: staff cannot set up their own account or another admin’s (403), nor a deleted one (409); 404 for no member', async () => {
    const boss = await staff();
    const colleague = await staff();
    const deleted = await buildMember(t.db, t.clock);
    await setStatus(t.db, deleted.id, 'deleted');
    const own = await t.call(managed.setupManagedUser, await setupInput(boss), boss.token);
    expect([own.statusCode, own.body.message]).toEqual([403, adminMembers.NOT_ON_THIS_ACCOUNT]);
    const peer = await t.call(managed.setupManagedUser, await setupInput(colleague), boss.token);
    expect([peer.statusCode, peer.body.message]).toEqual([403, adminMembers.NOT_ON_THIS_ACCOUNT]);
    const gone = await t.call(managed.setupManagedUser, await setupInput(deleted), boss.token);
    expect([gone.statusCode, gone.body.message]).toEqual([409, adminMembers.ACCOUNT_DELETED]);
    const none = await t.call(
      managed.setupManagedUser,
      { ...(await setupInput(deleted)), karma_id: 99_999_999 },
      boss.token,
    );
    expect([none.statusCode, none.body.message]).toEqual([404, adminMembers.NO_SUCH_MEMBER]);
    expect(await t.db.select().from(managedSetups).where(eq(managedSetups.userId, boss.id))).toEqual([]);
  });

  it('refuses bad input with a clear message, saving nothing; not_admin to members, logged_out without a session', async () => {
    const boss = await staff();
    const m = await buildMember(t.db, t.clock);
    const cases: [Record<string, unknown>, string][] = [
      [{ nm_code: 'tt0133093' }, 'Please give the IMDb name code (nm followed by digits).'],
      [{ nm_code: '' }, 'Please give the IMDb name code (nm followed by digits).'],
      [{ level: 4 }, 'Please choose Top 60K, Top 100K or Top 200K.'],
      [{ rank1: -5 }, 'Ranks and views are whole numbers.'],
      [{ views2: 1.5 }, 'Ranks and views are whole numbers.'],
      [{ has_picture: 'maybe' }, 'Please say whether the page has a picture.'],
      [{ email: 'not an address' }, 'Please give a valid email address.'],
      [{ first: '  ' }, 'Please give the first name.'],
      [{ karma_id: 'x' }, 'Please give a valid member id.'],
    ];
    for (const [change, message] of cases) {
      const bad = await t.call(managed.setupManagedUser, await setupInput(m, change), boss.token);
      expect(bad.statusCode, JSON.stringify(change)).toBe(400);
      expect(bad.body.message).toBe(message);
    }
    const member = await t.call(managed.setupManagedUser, await setupInput(m), m.token);
    expect([member.statusCode, member.body.extra]).toEqual([403, 'not_admin']);
    const anonymous = await t.call(managed.setupManagedUser, await setupInput(m));
    expect([anonymous.statusCode, anonymous.body.extra]).toEqual([401, 'logged_out']);
    expect(await t.db.select().from(managedSetups).where(eq(managedSetups.userId, m.id))).toEqual([]);
  });
});

describe('admin/managed/sendInviteEmail (MR3)', () => {
  it('MR3: mails the member a one-time subscribe link with the tier and an unsubscribe link, marks them invited and logs it', async () => {
    const boss = await staff();
    const m = await buildMember(t.db, t.clock, { membership: 'premium' });
    await t.call(managed.addToWaitlist, { selection: 1 }, m.token);
    const uc = await setUp(boss, m, { level: 3 });

    const sent = await t.call(managed.sendInviteEmail, { user_id: m.id, uc }, boss.token);
    expect(sent.statusCode, sent.body.message).toBe(200);
    expect(sent.body).toEqual({
      status: 'success',
      message: `The invitation to Top 60K was mailed to ${m.email}.`,
    });

    const [mail] = await mailsTo(m.email);
    expect(mail?.subject).toBe('Your invitation to Managed Rank (Top 60K)');
    expect(mail?.text).toContain(
      'Your tier: Top 60K, $49 a month, aiming for a STARmeter of 45,000 or better.',
    );
    expect(mail?.text).toContain('works until March 24, 2026');
    const code = linkIn(mail!.text, '/managed/subscribe?code');
    expect(mail?.text).toContain(`http://marquee.test/managed/subscribe?code=${code}`);
    expect(linkIn(mail!.text, '/managed/unsubscribe?uc')).toBe(uc);

    // The code is kept hashed, with the setup's tier, for 14 days.
    const [invitation] = await t.db
      .select()
      .from(managedInvitations)
      .where(eq(managedInvitations.userId, m.id));
    expect(invitation).toMatchObject({
      codeHash: hashToken(code!),
      selection: 3,
      sentAt: t.clock.now(),
      expiresAt: new Date(t.clock.now().getTime() + INVITATION_DAYS * DAY_MS),
      usedAt: null,
    });
    // The place keeps the tier the member asked for and says invited.
    expect(await place(m.id)).toMatchObject({ selection: 1, status: 'invited' });
    expect((await t.call(managed.fetchWaitlistStatus, {}, m.token)).body.waitlistStatus).toBe('invited');

    const details = await t.call(managed.fetchUserDetails, { user_id: m.id }, boss.token);
    expect(details.body).toMatchObject({ waitlistStatus: 'invited', invitedOn: 'March 10, 2026' });
    const [entry] = await auditEntries(t.db, { limit: 1, userId: m.id });
    expect(entry).toMatchObject({
      action: 'managed.invite',
      adminId: boss.id,
      summary: 'Invited to Managed Rank, Top 60K, until March 24, 2026',
    });
  });

  it('MR3, MR4: the code is found for its member only, until it expires or is used; a new invitation replaces it', async () => {
    const boss = await staff();
    const m = await buildMember(t.db, t.clock);
    const other = await buildMember(t.db, t.clock);
    const uc = await setUp(boss, m, { level: 2 });
    await t.call(managed.sendInviteEmail, { user_id: m.id, uc }, boss.token);
    const first = linkIn((await mailsTo(m.email))[0]!.text, '/managed/subscribe?code')!;
    // Not on the waitlist before: the invitation puts them there with the setup's tier.
    expect(await place(m.id)).toMatchObject({ selection: 2, status: 'invited' });

    const now = t.clock.now();
    expect(await findInvitation(t.db, m.id, first, now)).toMatchObject({ userId: m.id, selection: 2 });
    expect(await findInvitation(t.db, other.id, first, now)).toBeNull();
    expect(await findInvitation(t.db, m.id, 'not-the-code', now)).toBeNull();
    const late = new Date(now.getTime() + INVITATION_DAYS * DAY_MS + 1);
    expect(await findInvitation(t.db, m.id, first, late)).toBeNull();

    t.clock.set(new Date(now.getTime() + HOUR_MS));
    const again = await t.call(managed.sendInviteEmail, { user_id: m.id, uc }, boss.token);
    expect(again.statusCode, again.body.message).toBe(200);
    const second = linkIn((await mailsTo(m.email))[0]!.text, '/managed/subscribe?code')!;
    expect(second).not.toBe(first);
    expect(await findInvitation(t.db, m.id, first, t.clock.now())).toBeNull();
    const found = await findInvitation(t.db, m.id, second, t.clock.now());
    expect(found).not.toBeNull();

    // Using it (the granted payment): once, and the member leaves the waitlist.
    const used = await t.db.transaction((tx) => useInvitation(tx, found!.id, t.clock.now()));
    expect(used).toMatchObject({ id: found!.id, userId: m.id });
    expect(await t.db.transaction((tx) => useInvitation(tx, found!.id, t.clock.now()))).toBeNull();
    expect(await findInvitation(t.db, m.id, second, t.clock.now())).toBeNull();
    expect(await place(m.id)).toBeUndefined();
  });

  it('MR3: needs the setup and its own code; refuses managed, inactive, own and other admins’ accounts', async () => {
    const boss = await staff();
    const m = await buildMember(t.db, t.clock);
    const unset = await t.call(managed.sendInviteEmail, { user_id: m.id, uc: 'anything' }, boss.token);
    expect([unset.statusCode, unset.body.message]).toEqual([409, 'Please set the member up first.']);
    const uc = await setUp(boss, m);
    const other = await buildMember(t.db, t.clock);
    const otherUc = await setUp(boss, other);
    const wrong = await t.call(managed.sendInviteEmail, { user_id: m.id, uc: otherUc }, boss.token);
    expect(wrong.statusCode).toBe(409);
    expect(wrong.body.message).toMatch(/^That code is not this member’s unsubscribe code/);

    const managedOne = await buildMember(t.db, t.clock, { membership: 'managed' });
    const managedUc = await setUp(boss, managedOne);
    const already = await t.call(
      managed.sendInviteEmail,
      { user_id: managedOne.id, uc: managedUc },
      boss.token,
    );
    expect([already.statusCode, already.body.message]).toEqual([
      409,
      'This member already has Managed Rank.',
    ]);

    const resting = await buildMember(t.db, t.clock);
    const restingUc = await setUp(boss, resting);
    await setStatus(t.db, resting.id, 'deactivated');
    const inactive = await t.call(
      managed.sendInviteEmail,
      { user_id: resting.id, uc: restingUc },
      boss.token,
    );
    expect([inactive.statusCode, inactive.body.message]).toEqual([
      409,
      'Only an active member can be invited to Managed Rank.',
    ]);

    const own = await t.call(managed.sendInviteEmail, { user_id: boss.id, uc }, boss.token);
    expect([own.statusCode, own.body.message]).toEqual([403, adminMembers.NOT_ON_THIS_ACCOUNT]);
    const colleague = await staff();
    const peer = await t.call(managed.sendInviteEmail, { user_id: colleague.id, uc }, boss.token);
    expect(peer.statusCode).toBe(403);
    const none = await t.call(managed.sendInviteEmail, { user_id: 99_999_999, uc }, boss.token);
    expect(none.statusCode).toBe(404);

    for (const id of [m.id, other.id, managedOne.id, resting.id]) {
      expect(await t.db.select().from(managedInvitations).where(eq(managedInvitations.userId, id))).toEqual(
        [],
      );
      expect(await mailsTo((await t.db.select().from(users).where(eq(users.id, id)))[0]!.email!)).toEqual([]);
    }
    expect(await place(m.id)).toBeUndefined();
  });

  it('MR3: a mail that cannot be sent is reported to staff, and sending again replaces the unsent code', async () => {
    const boss = await staff();
    const m = await buildMember(t.db, t.clock);
    const uc = await setUp(boss, m);
    await t.db
      .update(users)
      .set({ email: `unreachable_${m.email}` })
      .where(eq(users.id, m.id));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const failed = await t.call(managed.sendInviteEmail, { user_id: m.id, uc }, boss.token);
    expect([failed.statusCode, failed.body.message]).toEqual([
      502,
      'The invitation was saved but its mail could not be sent. Please send the invitation again.',
    ]);
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
    await t.db.update(users).set({ email: m.email }).where(eq(users.id, m.id));
    expect((await t.call(managed.sendInviteEmail, { user_id: m.id, uc }, boss.token)).statusCode).toBe(200);
    const live = await t.db.select().from(managedInvitations).where(eq(managedInvitations.userId, m.id));
    expect(live.filter((i) => i.expiresAt > t.clock.now())).toHaveLength(1);
  });

  it('refuses bad input with a clear message; not_admin to members, logged_out without a session', async () => {
    const boss = await staff();
    const m = await buildMember(t.db, t.clock);
    const uc = await setUp(boss, m);
    for (const [input, message] of [
      [{ user_id: m.id }, 'Please set the member up first.'],
      [{ user_id: m.id, uc: '   ' }, 'Please set the member up first.'],
      [{ user_id: 'me', uc }, 'Please give a valid member id.'],
    ] as const) {
      const bad = await t.call(managed.sendInviteEmail, input, boss.token);
      expect(bad.statusCode).toBe(400);
      expect(bad.body.message).toBe(message);
    }
    const member = await t.call(managed.sendInviteEmail, { user_id: m.id, uc }, m.token);
    expect([member.statusCode, member.body.extra]).toEqual([403, 'not_admin']);
    const anonymous = await t.call(managed.sendInviteEmail, { user_id: m.id, uc });
    expect([anonymous.statusCode, anonymous.body.extra]).toEqual([401, 'logged_out']);
    expect(await mailsTo(m.email)).toEqual([]);
  });
});

describe('managed/unsubscribe: the invitation mail’s unsubscribe link (MR3)', () => {
  it('MR3: turns the member’s Managed Rank mail off, after which staff cannot invite them', async () => {
    const boss = await staff();
    const m = await buildMember(t.db, t.clock);
    const uc = await setUp(boss, m);
    await t.call(managed.sendInviteEmail, { user_id: m.id, uc }, boss.token);
    const link = linkIn((await mailsTo(m.email))[0]!.text, '/managed/unsubscribe?uc')!;

    // Opened from the mail, without signing in.
    const off = await t.call(managed.unsubscribe, { uc: link });
    expect(off.statusCode).toBe(200);
    expect(off.body).toEqual({
      status: 'success',
      message:
        'You will get no more Managed Rank emails from Marquee. To have them again, turn Managed Rank back on under Email Settings on your Account page.',
    });
    const settings = await t.call(account.fetchEmailSettings, {}, m.token);
    expect(settings.body.settings.find((s) => s.name === 'managed')).toMatchObject({
      title: 'Managed Rank',
      enabled: false,
    });
    // Twice is fine.
    expect((await t.call(managed.unsubscribe, { uc: link })).statusCode).toBe(200);

    const refused = await t.call(managed.sendInviteEmail, { user_id: m.id, uc }, boss.token);
    expect([refused.statusCode, refused.body.message]).toEqual([409, managed.UNSUBSCRIBED]);
    expect(await mailsTo(m.email)).toHaveLength(1);
    expect(
      await t.db.select().from(managedInvitations).where(eq(managedInvitations.userId, m.id)),
    ).toHaveLength(1);

    // Back on from the Account page, the invitation can be sent again.
    await t.call(account.updateEmailSetting, { field: 'managed', value: 'yes' }, m.token);
    expect((await t.call(managed.sendInviteEmail, { user_id: m.id, uc }, boss.token)).statusCode).toBe(200);
  });

  it('MR3: a member who switched all email off cannot be invited either', async () => {
    const boss = await staff();
    const m = await buildMember(t.db, t.clock);
    const uc = await setUp(boss, m);
    await t.call(account.updateEmailSetting, { field: 'all', value: 'no' }, m.token);
    const refused = await t.call(managed.sendInviteEmail, { user_id: m.id, uc }, boss.token);
    expect([refused.statusCode, refused.body.message]).toEqual([409, managed.UNSUBSCRIBED]);
    expect(await mailsTo(m.email)).toEqual([]);
  });

  it('answers an unknown code 404 and a missing one 400, changing nothing', async () => {
    const m = await buildMember(t.db, t.clock);
    const unknown = await t.call(managed.unsubscribe, { uc: 'no-such-code' });
    expect([unknown.statusCode, unknown.body.message]).toEqual([404, managed.UNSUBSCRIBE_LINK_INVALID]);
    for (const input of [{}, { uc: '' }, { uc: 'x'.repeat(101) }]) {
      const bad = await t.call(managed.unsubscribe, input);
      expect([bad.statusCode, bad.body.message]).toEqual([400, managed.UNSUBSCRIBE_LINK_INVALID]);
    }
    const settings = await t.call(account.fetchEmailSettings, {}, m.token);
    expect(settings.body.settings.every((s) => s.enabled)).toBe(true);
  });
});

describe('deleting a member (D2.5)', () => {
  it('takes their setup, invitations and waitlist place with them', async () => {
    const boss = await staff();
    const m = await buildMember(t.db, t.clock);
    const uc = await setUp(boss, m);
    await t.call(managed.sendInviteEmail, { user_id: m.id, uc }, boss.token);
    const deleted = await t.call(adminMembers.deleteUserAccount, { delete_id: m.id }, boss.token);
    expect(deleted.statusCode, deleted.body.message).toBe(200);
    expect(await t.db.select().from(managedSetups).where(eq(managedSetups.userId, m.id))).toEqual([]);
    expect(await t.db.select().from(managedInvitations).where(eq(managedInvitations.userId, m.id))).toEqual(
      [],
    );
    expect(await place(m.id)).toBeUndefined();
    expect((await t.call(managed.unsubscribe, { uc })).statusCode).toBe(404);
  });
});
