import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { APP_VERSION, login, operationUrl, points, type InputOf, type Operation } from '@marquee/contract';
import { useTestApp } from '../../../test/test-app.js';
import { buildMember, setStatus, signUpDetails, TEST_PASSWORD, unique } from '../../../test/factories.js';
import { ledgerEntries } from '../points/points.tables.js';
import { users } from '../members/members.tables.js';
import { outboxMails } from '../../platform/mail.tables.js';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../../platform/time.js';
import { deletedEmails } from '../account/account.tables.js';
import { deletedEmailHash } from '../account/account.policy.js';
import { FREE_FAILURES } from './login.policy.js';
import { countRate } from '../../platform/rate-limit.js';

const t = useTestApp();

let lastAddress = 0;
/** A network address no other test of this file uses, so each test meets the address limits afresh. */
const newAddress = () =>
  `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${++lastAddress % 250}`;

/** Calls an operation from the given network address. */
async function callFrom<Op extends Operation>(
  address: string,
  op: Op,
  input: InputOf<Op> | Record<string, unknown>,
  token?: string,
) {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  const url = operationUrl(op);
  const response = await t.app.inject(
    op.method === 'GET'
      ? { method: 'GET', url, query: input as Record<string, string>, headers, remoteAddress: address }
      : { method: 'POST', url, payload: input as object, headers, remoteAddress: address },
  );
  return {
    statusCode: response.statusCode,
    body: response.json() as Record<string, unknown> & { status: string; message?: string },
    response,
  };
}

const signUp = (details: Record<string, unknown>, address = newAddress()) =>
  callFrom(address, login.register, details);

async function mailsTo(email: string) {
  return t.db.select().from(outboxMails).where(eq(outboxMails.to, email.toLowerCase()));
}
const confirmTokens = async (email: string) =>
  (await mailsTo(email))
    .map((m) => /confirm-email\?token=([\w%-]+)/.exec(m.text)?.[1])
    .filter((x): x is string => Boolean(x))
    .map(decodeURIComponent);

async function memberByEmail(email: string) {
  const [row] = await t.db.select().from(users).where(eq(users.email, email.toLowerCase()));
  return row ?? null;
}
const bonusesOf = async (id: number) =>
  t.db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.accountId, id), eq(ledgerEntries.kind, 'signup_bonus')));

describe('login/register (D2.4, D11.4)', () => {
  it('creates an unconfirmed member, answers the neutral note and mails the confirmation link', async () => {
    const details = signUpDetails();
    const res = await signUp(details);
    expect(res.statusCode).toBe(200);
    expect(res.body).toEqual({ status: 'success', message: login.SIGN_UP_STARTED });
    const member = await memberByEmail(details.email);
    expect(member).toMatchObject({ username: details.username, first: 'Nora' });
    // No bonus before the address is confirmed.
    expect(await bonusesOf(member!.id)).toHaveLength(0);
    const [mail] = await mailsTo(details.email);
    expect(mail?.subject).toBe('Confirm your email address for Marquee');
    expect(mail?.text).toContain('http://marquee.test/confirm-email?token=');
    expect(mail?.text).toContain('within 7 days');
  });

  it('lets the unconfirmed member sign in and use the site, and tells them to confirm', async () => {
    const details = signUpDetails();
    await signUp(details);
    const signIn = await t.call(login.checkCredentials, {
      username: details.username,
      password: details.password,
    });
    expect(signIn.statusCode).toBe(200);
    const state = await t.call(login.fetchEmailConfirmation, {}, signIn.body.token);
    expect(state.body).toEqual({ status: 'success', confirmed: false, email: details.email });
    const balance = await t.call(points.updatePointBalance, {}, signIn.body.token);
    expect(balance.body).toMatchObject({ status: 'success', points: 0 });
  });

  it('pays the 100 points once the link is opened, and signs the member in', async () => {
    const details = signUpDetails();
    await signUp(details);
    const [token] = await confirmTokens(details.email);
    const res = await t.call(login.confirmEmail, { token: token! });
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatchObject({
      status: 'success',
      bonus: 100,
      message:
        'Your email address is confirmed. Welcome to Marquee: your 100 welcome points are in your balance.',
      user: { username: details.username },
    });
    const member = await memberByEmail(details.email);
    expect(await bonusesOf(member!.id)).toMatchObject([{ delta: 100, kind: 'signup_bonus' }]);
    const balance = await t.call(points.updatePointBalance, {}, res.body.token);
    expect(balance.body).toMatchObject({ status: 'success', points: 100, actions: 0, max: 20 });
    expect((await t.call(login.fetchEmailConfirmation, {}, res.body.token)).body.confirmed).toBe(true);
    // Used once: opened again, it says so.
    const again = await t.call(login.confirmEmail, { token: token! });
    expect(again.statusCode).toBe(400);
    expect(again.body).toEqual({ status: 'expired', message: login.CONFIRM_EXPIRED });
  });

  it('pays the bonus exactly once when the link is opened several times at once', async () => {
    const details = signUpDetails();
    await signUp(details);
    const [token] = await confirmTokens(details.email);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => t.call(login.confirmEmail, { token: token! })),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => (a.body.status as string) === 'expired')).toHaveLength(5);
    const member = await memberByEmail(details.email);
    expect(await bonusesOf(member!.id)).toHaveLength(1);
  });

  it('pays the bonus exactly once when two different links are opened at once', async () => {
    const details = signUpDetails();
    await signUp(details);
    const signIn = await t.call(login.checkCredentials, {
      username: details.username,
      password: details.password,
    });
    await t.call(login.resendConfirmation, {}, signIn.body.token);
    const tokens = await confirmTokens(details.email);
    expect(tokens).toHaveLength(2);
    const answers = await Promise.all(tokens.map((token) => t.call(login.confirmEmail, { token })));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(answers.map((a) => a.body.bonus).sort()).toEqual([0, 100]);
    const member = await memberByEmail(details.email);
    expect(await bonusesOf(member!.id)).toHaveLength(1);
  });

  it('expires the link after 7 days; a resent link still confirms', async () => {
    const details = signUpDetails();
    await signUp(details);
    const [old] = await confirmTokens(details.email);
    t.clock.advance(7 * DAY_MS + 1000);
    expect((await t.call(login.confirmEmail, { token: old! })).body).toEqual({
      status: 'expired',
      message: login.CONFIRM_EXPIRED,
    });
    const signIn = await t.call(login.checkCredentials, {
      username: details.username,
      password: details.password,
    });
    const resent = await t.call(login.resendConfirmation, {}, signIn.body.token);
    expect(resent.body).toEqual({
      status: 'success',
      message: `We have sent a new link to ${details.email}. It works once, within 7 days.`,
    });
    const fresh = (await confirmTokens(details.email)).find((x) => x !== old);
    expect((await t.call(login.confirmEmail, { token: fresh! })).body.bonus).toBe(100);
  });

  it('limits resending to 3 an hour, and has nothing to resend once confirmed', async () => {
    const details = signUpDetails();
    await signUp(details);
    const signIn = await t.call(login.checkCredentials, {
      username: details.username,
      password: details.password,
    });
    for (let i = 0; i < 3; i++) {
      expect((await t.call(login.resendConfirmation, {}, signIn.body.token)).statusCode).toBe(200);
    }
    const refused = await t.call(login.resendConfirmation, {}, signIn.body.token);
    expect(refused.statusCode).toBe(429);
    expect(refused.body.message).toBe(
      'We have sent you several links already. Please wait 60 minutes before asking again.',
    );
    const [token] = await confirmTokens(details.email);
    await t.call(login.confirmEmail, { token: token! });
    const after = await t.call(login.resendConfirmation, {}, signIn.body.token);
    expect(after.body).toEqual({ status: 'success', message: 'Your email address is already confirmed.' });
  });

  it('does not confirm an address the member has since changed', async () => {
    const details = signUpDetails();
    await signUp(details);
    const [token] = await confirmTokens(details.email);
    await t.db
      .update(users)
      .set({ email: `changed_${unique()}@example.test` })
      .where(eq(users.email, details.email));
    expect((await t.call(login.confirmEmail, { token: token! })).body.status).toBe('expired');
  });

  it('members from before confirmation existed count as confirmed', async () => {
    const m = await buildMember(t.db, t.clock);
    expect((await t.call(login.fetchEmailConfirmation, {}, m.token)).body).toEqual({
      status: 'success',
      confirmed: true,
      email: m.email,
    });
  });

  it('never stores the password itself', async () => {
    const details = signUpDetails();
    await signUp(details);
    const row = await memberByEmail(details.email);
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row?.passwordHash).not.toContain(details.password);
  });

  it('remembers an active referrer and ignores an unknown one', async () => {
    const referrer = await buildMember(t.db, t.clock);
    const referredDetails = signUpDetails({ referrer: String(referrer.id) });
    const ghostDetails = signUpDetails({ referrer: 999_999 });
    await signUp(referredDetails);
    await signUp(ghostDetails);
    const a = await memberByEmail(referredDetails.email);
    const b = await memberByEmail(ghostDetails.email);
    expect(a?.referrerId).toBe(referrer.id);
    expect(b?.referrerId).toBeNull();
    // The referrer hears of it (kind 'referrals' of the email settings).
    expect((await mailsTo(referrer.email)).map((m) => m.subject)).toEqual([
      `${a?.first} ${a?.last.slice(0, 1)}. joined Marquee with your referral link`,
    ]);
  });

  it.each([
    ['first', '', 'Please enter your first name.'],
    ['last', '   ', 'Please enter your last name.'],
    ['email', 'not-an-email', 'Please enter a valid email address.'],
    ['username', 'a b', 'Usernames are 3 to 30 letters, numbers, dots, dashes or underscores.'],
    ['password', 'short', 'Please choose a password of at least 8 characters.'],
    [
      'imdb',
      'https://example.com/nm1',
      'Please enter the full URL of your IMDb page, like https://www.imdb.com/name/nm0000001/',
    ],
  ])('refuses a bad %s with a clear message and creates nothing', async (field, value, message) => {
    const details = signUpDetails({ [field]: value });
    const res = await signUp(details);
    expect(res.statusCode).toBe(400);
    expect(res.body).toEqual({ status: 'error', message });
    expect(await memberByEmail(String(details.email))).toBeNull();
  });

  it('refuses a missing field', async () => {
    const { imdb: _imdb, ...rest } = signUpDetails();
    const res = await signUp(rest);
    expect(res.statusCode).toBe(400);
    expect(res.body.message).toBe('Please enter the URL of your IMDb page.');
  });

  it('says a username is taken (any case), as usernames are public', async () => {
    const first = signUpDetails();
    await signUp(first);
    const sameName = await signUp(signUpDetails({ username: first.username.toUpperCase() }));
    expect(sameName.statusCode).toBe(409);
    expect(sameName.body.message).toBe('That username is already taken. Please choose another.');
  });

  it('answers a taken email exactly as a new sign-up, creates nothing and mails the owner once a day', async () => {
    const owner = await buildMember(t.db, t.clock);
    const fresh = await signUp(signUpDetails());
    const taken = signUpDetails({ email: owner.email.toUpperCase() });
    const res = await signUp(taken);
    expect(res.statusCode).toBe(fresh.statusCode);
    expect(res.body).toEqual(fresh.body);
    expect(await t.db.select().from(users).where(eq(users.username, taken.username))).toHaveLength(0);
    const notes = await mailsTo(owner.email);
    expect(notes.map((m) => m.subject)).toEqual(['Someone tried to join Marquee with your email address']);
    expect(notes[0]?.text).toContain(`already belongs to your account "${owner.username}"`);
    expect(notes[0]?.text).toContain('choose "Forgot Password"');
    // A second try the same day answers the same and does not fill the owner's inbox.
    expect((await signUp(signUpDetails({ email: owner.email }))).body).toEqual(fresh.body);
    expect(await mailsTo(owner.email)).toHaveLength(1);
  });

  it('answers the address of a deleted account (D2.5) as any other, and creates nothing', async () => {
    const email = `gone_${unique()}@example.test`;
    await t.db.insert(deletedEmails).values({ emailHash: deletedEmailHash(email), deletedAt: t.clock.now() });
    const details = signUpDetails({ email });
    const res = await signUp(details);
    expect(res.body).toEqual({ status: 'success', message: login.SIGN_UP_STARTED });
    expect(await memberByEmail(email)).toBeNull();
    expect((await mailsTo(email))[0]?.text).toContain('belonged to a Marquee account that was deleted');
  });

  it('lets only one of simultaneous sign-ups with the same name through', async () => {
    const username = `race_${unique()}`;
    const address = newAddress();
    const results = await Promise.all([1, 2, 3].map(() => signUp(signUpDetails({ username }), address)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(2);
  });

  it('limits sign-ups per address to 3 an hour and 10 a day (D11.4)', async () => {
    const address = newAddress();
    for (let i = 0; i < 3; i++) expect((await signUp(signUpDetails(), address)).statusCode).toBe(200);
    const refused = await signUp(signUpDetails(), address);
    expect(refused.statusCode).toBe(429);
    expect(refused.body.message).toBe(
      'Too many sign-ups from your network. Please wait 60 minutes and try again.',
    );
    expect(refused.response.headers['retry-after']).toBe('3600');
    // Another address is not held back.
    expect((await signUp(signUpDetails())).statusCode).toBe(200);
    for (let hour = 1; hour <= 3; hour++) {
      t.clock.advance(HOUR_MS);
      for (let i = 0; i < (hour === 3 ? 1 : 3); i++) {
        expect((await signUp(signUpDetails(), address)).statusCode).toBe(200);
      }
    }
    t.clock.advance(HOUR_MS);
    const daily = await signUp(signUpDetails(), address);
    expect(daily.statusCode).toBe(429);
    expect(daily.body.message).toBe(
      'Too many sign-ups from your network. Please wait 20 hours and try again.',
    );
    t.clock.advance(DAY_MS);
  });

  it('creates exactly 3 accounts from 10 sign-ups sent at once from one address', async () => {
    const address = newAddress();
    const all = Array.from({ length: 10 }, () => signUpDetails());
    const answers = await Promise.all(all.map((d) => signUp(d, address)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(3);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(7);
    const created = await Promise.all(all.map((d) => memberByEmail(d.email)));
    expect(created.filter(Boolean)).toHaveLength(3);
  });
});

describe('login/checkCredentials', () => {
  it('signs in by username or by email', async () => {
    const m = await buildMember(t.db, t.clock, { membership: 'premium' });
    const byName = await t.call(login.checkCredentials, { username: m.username, password: TEST_PASSWORD });
    expect(byName.statusCode).toBe(200);
    expect(byName.body.user).toMatchObject({ id: m.id, membership: 'premium' });
    const byEmail = await t.call(login.checkCredentials, {
      username: m.email.toUpperCase(),
      password: TEST_PASSWORD,
    });
    expect(byEmail.body.status).toBe('success');
    expect(byEmail.body.token).not.toBe(byName.body.token);
  });

  it('says the same thing for a wrong password and an unknown account', async () => {
    const m = await buildMember(t.db, t.clock);
    const wrong = await t.call(login.checkCredentials, { username: m.username, password: 'nope-nope' });
    const unknown = await t.call(login.checkCredentials, {
      username: `ghost_${unique()}`,
      password: 'nope-nope',
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toEqual({
      status: 'error',
      message: 'The username or password you entered is incorrect.',
    });
    expect(unknown.body).toEqual(wrong.body);
  });

  it.each([[{ username: 'someone' }], [{ password: 'something' }], [{ username: '  ', password: 'x' }]])(
    'needs both fields: %j',
    async (input) => {
      const res = await t.call(login.checkCredentials, input);
      expect(res.statusCode).toBe(400);
      expect(res.body).toEqual({ status: 'error', message: 'You need both a username and password.' });
    },
  );

  it('refuses a deactivated account with the way back', async () => {
    const m = await buildMember(t.db, t.clock);
    await setStatus(t.db, m.id, 'deactivated');
    const res = await t.call(login.checkCredentials, { username: m.username, password: TEST_PASSWORD });
    expect(res.statusCode).toBe(403);
    expect(res.body.message).toBe(
      'This account has been deactivated. Please email support to reactivate it.',
    );
  });

  const guess = (address: string, username: string, password = 'wrong-guess') =>
    callFrom(address, login.checkCredentials, { username, password });

  it('slows a guessing address with growing waits while the owner signs in from elsewhere (S1, S2)', async () => {
    const m = await buildMember(t.db, t.clock);
    const a = newAddress();
    const b = newAddress();
    for (let i = 0; i < FREE_FAILURES + 1; i++) expect((await guess(a, m.username)).statusCode).toBe(401);
    // The fifth guess: after four failures the pair waits a second.
    const fifth = await guess(a, m.username);
    expect(fifth.statusCode).toBe(429);
    expect(fifth.body.message).toBe(
      'Too many failed sign-ins for this account from your network. Please wait 1 second and try again, or use Forgot Password.',
    );
    expect(fifth.response.headers['retry-after']).toBe('1');
    // Even the right password waits at A, while the owner at B is never held back.
    expect((await guess(a, m.username, TEST_PASSWORD)).statusCode).toBe(429);
    expect((await guess(b, m.username, TEST_PASSWORD)).statusCode).toBe(200);
    expect((await guess(b, m.email, TEST_PASSWORD)).statusCode).toBe(200);
    // Each further failure doubles the wait: 2 s, 4 s, 8 s.
    for (const wait of [1, 2, 4, 8]) {
      t.clock.advance(wait * 1000);
      expect((await guess(a, m.username)).statusCode).toBe(401);
      const next = await guess(a, m.username);
      expect(next.statusCode).toBe(429);
      expect(next.response.headers['retry-after']).toBe(String(wait * 2));
    }
    // Once the wait has passed, the right password from A signs in and clears A's failures.
    t.clock.advance(16 * 1000);
    expect((await guess(a, m.username, TEST_PASSWORD)).statusCode).toBe(200);
    for (let i = 0; i < FREE_FAILURES + 1; i++) expect((await guess(a, m.username)).statusCode).toBe(401);
    expect((await guess(a, m.username)).statusCode).toBe(429);
  });

  it('counts a name and an email of one account as one account', async () => {
    const m = await buildMember(t.db, t.clock);
    const a = newAddress();
    for (let i = 0; i < 2; i++) await guess(a, m.username);
    for (let i = 0; i < 2; i++) await guess(a, m.email);
    expect((await guess(a, m.email.toUpperCase())).statusCode).toBe(429);
  });

  it('gives 20 wrong passwords sent at once from one address no more guesses than the limit', async () => {
    const m = await buildMember(t.db, t.clock);
    const a = newAddress();
    const answers = await Promise.all(Array.from({ length: 20 }, () => guess(a, m.username)));
    expect(answers.filter((x) => x.statusCode === 401)).toHaveLength(FREE_FAILURES + 1);
    expect(answers.filter((x) => x.statusCode === 429)).toHaveLength(20 - FREE_FAILURES - 1);
    // The owner elsewhere is not held back; a moved clock lets A try again.
    expect((await guess(newAddress(), m.username, TEST_PASSWORD)).statusCode).toBe(200);
    t.clock.advance(1000);
    expect((await guess(a, m.username, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('slows one address failing against many accounts after 100 failures an hour (S3)', async () => {
    const c = newAddress();
    const m = await buildMember(t.db, t.clock);
    // Three failures through sign-in itself; the other 97 counted straight into the address's key, as
    // sign-in counts them (L1), so the test does not spend a password check on each.
    for (let i = 0; i < 3; i++) {
      expect((await guess(c, `nobody_${i}_${unique()}`)).statusCode).toBe(401);
    }
    for (let i = 0; i < 97; i++) await countRate(t.db, `sign-in-address:${c}`, t.clock.now());
    const refused = await guess(c, m.username, TEST_PASSWORD);
    expect(refused.statusCode).toBe(429);
    expect(refused.body.message).toBe(
      'Too many failed sign-ins from your network. Please wait 60 minutes and try again.',
    );
    expect((await guess(newAddress(), m.username, TEST_PASSWORD)).statusCode).toBe(200);
    t.clock.advance(HOUR_MS);
    expect((await guess(c, m.username, TEST_PASSWORD)).statusCode).toBe(200);
  });
});

describe('login/checkToken (spec 4 §4)', () => {
  it('answers the member for a live token and the right version', async () => {
    const m = await buildMember(t.db, t.clock, { membership: 'pro' });
    const res = await t.call(login.checkToken, { token: m.token, version: APP_VERSION });
    expect(res.body).toMatchObject({
      status: 'success',
      user: { id: m.id, membership: 'pro', canShowPro: true },
    });
  });

  it('answers version_error for another version, before looking at the token', async () => {
    const res = await t.call(login.checkToken, { token: 'whatever', version: '4.1' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatchObject({ status: 'version_error', user_version: '4.1', correct_version: '4.2' });
  });

  it('answers logged_out for an unknown token', async () => {
    const res = await t.call(login.checkToken, { token: 'not-a-token', version: APP_VERSION });
    expect(res.statusCode).toBe(401);
    expect(res.body).toMatchObject({ status: 'error', extra: 'logged_out' });
  });

  it('ends a session after 30 days idle, but not while it is used (D2.6)', async () => {
    const m = await buildMember(t.db, t.clock);
    t.clock.advance(29 * DAY_MS);
    expect((await t.call(login.checkToken, { token: m.token, version: APP_VERSION })).statusCode).toBe(200);
    t.clock.advance(29 * DAY_MS);
    expect((await t.call(login.checkToken, { token: m.token, version: APP_VERSION })).statusCode).toBe(200);
    t.clock.advance(30 * DAY_MS + MINUTE_MS);
    const expired = await t.call(login.checkToken, { token: m.token, version: APP_VERSION });
    expect(expired.statusCode).toBe(401);
    expect(expired.body.extra).toBe('logged_out');
  });

  it('ends every session of a deactivated member', async () => {
    const m = await buildMember(t.db, t.clock);
    await setStatus(t.db, m.id, 'deactivated');
    expect((await t.call(points.updatePointBalance, {}, m.token)).body.extra).toBe('logged_out');
  });

  it('refuses a missing version or token', async () => {
    const res = await t.call(login.checkToken, { token: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.body.message).toBe('Please reload the page.');
  });
});

describe('login/logout', () => {
  it('revokes only the session it is called with', async () => {
    const m = await buildMember(t.db, t.clock);
    const second = await t.call(login.checkCredentials, { username: m.username, password: TEST_PASSWORD });
    expect((await t.call(login.logout, {}, m.token)).body).toEqual({ status: 'success' });
    expect((await t.call(login.checkToken, { token: m.token, version: APP_VERSION })).statusCode).toBe(401);
    expect(
      (await t.call(login.checkToken, { token: second.body.token, version: APP_VERSION })).statusCode,
    ).toBe(200);
  });

  it('needs a session', async () => {
    const res = await t.call(login.logout, {});
    expect(res.statusCode).toBe(401);
    expect(res.body.extra).toBe('logged_out');
  });
});

describe('password reset (D2.6)', () => {
  const outboxFor = mailsTo;
  const tokenFrom = (text: string) => /reset-password\?token=([\w%-]+)/.exec(text)?.[1] ?? '';

  it('mails a one-hour, single-use link when username or email and IMDb URL match', async () => {
    t.clock.advance(2 * HOUR_MS);
    const m = await buildMember(t.db, t.clock);
    const res = await t.call(login.startPasswordReset, {
      username: m.email,
      imdb: m.imdb.replace('https://www.', 'http://'),
    });
    expect(res.body).toEqual({ status: 'success', message: login.RESET_STARTED });
    const [mail] = await outboxFor(m.email);
    expect(mail?.subject).toBe('Reset your Marquee password');
    expect(mail?.text).toContain('http://marquee.test/reset-password?token=');
    const token = decodeURIComponent(tokenFrom(mail?.text ?? ''));

    expect((await t.call(login.checkResetToken, { token })).body).toEqual({
      status: 'success',
      username: m.username,
    });
    const done = await t.call(login.completePasswordReset, { token, password: 'brand-new-password' });
    expect(done.body.status).toBe('success');
    expect(done.body.user.id).toBe(m.id);
    // The old session ended; the old password no longer works; the new one does.
    expect((await t.call(login.checkToken, { token: m.token, version: APP_VERSION })).statusCode).toBe(401);
    expect(
      (await t.call(login.checkCredentials, { username: m.username, password: TEST_PASSWORD })).statusCode,
    ).toBe(401);
    expect(
      (await t.call(login.checkCredentials, { username: m.username, password: 'brand-new-password' }))
        .statusCode,
    ).toBe(200);
    // Used once: the link is spent.
    const again = await t.call(login.completePasswordReset, { token, password: 'another-password' });
    expect(again.statusCode).toBe(400);
    expect(again.body).toEqual({ status: 'expired', message: login.RESET_EXPIRED });
    expect((await t.call(login.checkResetToken, { token })).body.status).toBe('expired');
  });

  it('says the same and mails nothing when the details do not match', async () => {
    const m = await buildMember(t.db, t.clock);
    const res = await t.call(login.startPasswordReset, {
      username: m.username,
      imdb: 'https://www.imdb.com/name/nm0000001/',
    });
    expect(res.body).toEqual({ status: 'success', message: login.RESET_STARTED });
    const unknown = await t.call(login.startPasswordReset, { username: `ghost_${unique()}`, imdb: m.imdb });
    expect(unknown.body).toEqual(res.body);
    expect(await outboxFor(m.email)).toHaveLength(0);
  });

  it('expires the link after one hour', async () => {
    const m = await buildMember(t.db, t.clock);
    await t.call(login.startPasswordReset, { username: m.username, imdb: m.imdb });
    const token = decodeURIComponent(tokenFrom((await outboxFor(m.email))[0]?.text ?? ''));
    t.clock.advance(HOUR_MS + 1000);
    const res = await t.call(login.completePasswordReset, { token, password: 'brand-new-password' });
    expect(res.body.status).toBe('expired');
    expect(
      (await t.call(login.checkCredentials, { username: m.username, password: TEST_PASSWORD })).statusCode,
    ).toBe(200);
  });

  it('validates the new password and the request fields', async () => {
    const short = await t.call(login.completePasswordReset, { token: 'abc', password: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.body.message).toBe('Please choose a password of at least 8 characters.');
    const missing = await t.call(login.startPasswordReset, { username: 'someone' });
    expect(missing.body).toEqual({ status: 'error', message: 'Please enter the URL of your IMDb page.' });
    const noToken = await t.call(login.checkResetToken, {});
    expect(noToken.body.message).toBe(login.RESET_EXPIRED);
  });

  it('limits reset requests per address to 5 an hour', async () => {
    t.clock.advance(2 * HOUR_MS);
    for (let i = 0; i < 5; i++) {
      expect(
        (
          await t.call(login.startPasswordReset, {
            username: `x_${i}`,
            imdb: 'https://www.imdb.com/name/nm0000001/',
          })
        ).statusCode,
      ).toBe(200);
    }
    const blocked = await t.call(login.startPasswordReset, {
      username: 'x',
      imdb: 'https://www.imdb.com/name/nm0000001/',
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.body.message).toBe(
      'Too many password resets were asked for from your network. Please wait 60 minutes and try again.',
    );
    expect(blocked.response.headers['retry-after']).toBe('3600');
    t.clock.advance(2 * HOUR_MS);
  });

  it('does not reset a deactivated account', async () => {
    const m = await buildMember(t.db, t.clock);
    await setStatus(t.db, m.id, 'deactivated');
    await t.call(login.startPasswordReset, { username: m.username, imdb: m.imdb });
    expect(await outboxFor(m.email)).toHaveLength(0);
    const row = await t.db
      .select()
      .from(users)
      .where(and(eq(users.id, m.id), eq(users.status, 'deactivated')));
    expect(row).toHaveLength(1);
  });
});
