import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { APP_VERSION, devmail, login, points } from '@marquee/contract';
import { useTestApp } from '../../../test/test-app.js';
import { buildMember, setStatus, signUpDetails, TEST_PASSWORD, unique } from '../../../test/factories.js';
import { ledgerEntries } from '../points/points.tables.js';
import { users } from '../members/members.tables.js';
import { outboxMails } from '../../platform/mail.tables.js';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../../platform/time.js';
import { MAX_FAILURES_PER_ACCOUNT } from './login.policy.js';

const t = useTestApp();

describe('login/register (D2.4)', () => {
  it('creates the member, signs them in and gives 100 points through the ledger', async () => {
    const details = signUpDetails();
    const res = await t.call(login.register, details);
    expect(res.statusCode).toBe(200);
    expect(res.body.status).toBe('success');
    expect(res.body.token).toMatch(/^[\w-]{40,}$/);
    expect(res.body.user).toMatchObject({
      first: 'Nora',
      username: details.username,
      membership: 'free',
      isAdmin: false,
    });
    const rows = await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.accountId, res.body.user.id));
    expect(rows).toMatchObject([{ delta: 100, kind: 'signup_bonus' }]);
    const balance = await t.call(points.updatePointBalance, {}, res.body.token);
    expect(balance.body).toMatchObject({ status: 'success', points: 100, actions: 0, max: 20 });
  });

  it('never stores the password itself', async () => {
    const details = signUpDetails();
    const res = await t.call(login.register, details);
    const [row] = await t.db.select().from(users).where(eq(users.id, res.body.user.id));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row?.passwordHash).not.toContain(details.password);
  });

  it('remembers an active referrer and ignores an unknown one', async () => {
    const referrer = await buildMember(t.db, t.clock);
    const referred = await t.call(login.register, signUpDetails({ referrer: String(referrer.id) }));
    const ghost = await t.call(login.register, signUpDetails({ referrer: 999_999 }));
    const [a] = await t.db.select().from(users).where(eq(users.id, referred.body.user.id));
    const [b] = await t.db.select().from(users).where(eq(users.id, ghost.body.user.id));
    expect(a?.referrerId).toBe(referrer.id);
    expect(b?.referrerId).toBeNull();
    // The referrer hears of it (kind 'referrals' of the email settings).
    const mails = await t.db.select().from(outboxMails).where(eq(outboxMails.to, referrer.email));
    expect(mails.map((m) => m.subject)).toEqual([
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
    const res = await t.call(login.register, details);
    expect(res.statusCode).toBe(400);
    expect(res.body).toEqual({ status: 'error', message });
    const found = await t.db
      .select()
      .from(users)
      .where(eq(users.email, String(details.email).toLowerCase()));
    expect(found).toHaveLength(0);
  });

  it('refuses a missing field', async () => {
    const { imdb: _imdb, ...rest } = signUpDetails();
    const res = await t.call(login.register, rest);
    expect(res.statusCode).toBe(400);
    expect(res.body.message).toBe('Please enter the URL of your IMDb page.');
  });

  it('refuses a taken username (any case) and a taken email', async () => {
    const first = signUpDetails();
    await t.call(login.register, first);
    const sameName = await t.call(login.register, signUpDetails({ username: first.username.toUpperCase() }));
    expect(sameName.statusCode).toBe(409);
    expect(sameName.body.message).toBe('That username is already taken. Please choose another.');
    const sameEmail = await t.call(login.register, signUpDetails({ email: first.email.toUpperCase() }));
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.body.message).toMatch(/^An account with that email address already exists/);
  });

  it('lets only one of two simultaneous sign-ups with the same name through', async () => {
    const username = `race_${unique()}`;
    const results = await Promise.all(
      [1, 2, 3].map(() => t.call(login.register, signUpDetails({ username }))),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(2);
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

  it('limits failures per account: the sixth attempt in 15 minutes is refused, even with the right password', async () => {
    const m = await buildMember(t.db, t.clock);
    for (let i = 0; i < 5; i++) {
      const res = await t.call(login.checkCredentials, { username: m.username, password: `wrong-${i}` });
      expect(res.statusCode).toBe(401);
    }
    const blocked = await t.call(login.checkCredentials, { username: m.username, password: TEST_PASSWORD });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.body.message).toBe(
      'Too many failed sign-ins for this account. Please wait 15 minutes and try again, or use Forgot Password.',
    );
    expect(blocked.response.headers['retry-after']).toBe('900');
    t.clock.advance(15 * MINUTE_MS + 1000);
    const later = await t.call(login.checkCredentials, { username: m.username, password: TEST_PASSWORD });
    expect(later.statusCode).toBe(200);
  });

  it('a successful sign-in clears the account failures', async () => {
    const m = await buildMember(t.db, t.clock);
    for (let i = 0; i < 4; i++)
      await t.call(login.checkCredentials, { username: m.username, password: 'wrong-pass' });
    expect(
      (await t.call(login.checkCredentials, { username: m.username, password: TEST_PASSWORD })).statusCode,
    ).toBe(200);
    for (let i = 0; i < 4; i++) {
      expect(
        (await t.call(login.checkCredentials, { username: m.username, password: 'wrong-pass' })).statusCode,
      ).toBe(401);
    }
  });

  it('limits failures per address across accounts', async () => {
    // Fresh window: earlier tests' failures from this address have aged out.
    t.clock.advance(HOUR_MS);
    for (let i = 0; i < 20; i++) {
      const res = await t.call(login.checkCredentials, {
        username: `nobody_${unique()}`,
        password: 'wrong-pass',
      });
      expect(res.statusCode).toBe(401);
    }
    const m = await buildMember(t.db, t.clock);
    const blocked = await t.call(login.checkCredentials, { username: m.username, password: TEST_PASSWORD });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.body.message).toMatch(
      /^Too many failed sign-ins from your network\. Please wait \d+ minutes? and try again\.$/,
    );
    t.clock.advance(HOUR_MS);
  });

  it('gives wrong passwords sent all at once no more guesses than the limit', async () => {
    t.clock.advance(HOUR_MS);
    const m = await buildMember(t.db, t.clock);
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        t.call(login.checkCredentials, { username: m.username, password: 'wrong-pass' }),
      ),
    );
    const guesses = answers.filter((a) => a.statusCode === 401).length;
    expect(guesses).toBeLessThanOrEqual(MAX_FAILURES_PER_ACCOUNT);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(12 - guesses);
    // The refused attempts were not counted: the lock ends with the window of the counted ones.
    t.clock.advance(HOUR_MS);
    const after = await t.call(login.checkCredentials, { username: m.username, password: TEST_PASSWORD });
    expect(after.statusCode).toBe(200);
    t.clock.advance(HOUR_MS);
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
  async function outboxFor(email: string) {
    const res = await t.call(devmail.fetchOutbox, {});
    return res.body.mails.filter((m) => m.to === email);
  }
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
    expect(blocked.body.message).toMatch(/^Too many password resets were asked for from your network/);
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
