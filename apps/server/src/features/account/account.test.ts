import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { account, login, type Operation } from '@marquee/contract';
import { useTestApp } from '../../../test/test-app.js';
import { buildMember, linkAccount, TEST_PASSWORD, unique } from '../../../test/factories.js';
import { switchableImdb } from '../../../test/integrations.js';
import { simImdbPages } from '../../simulated/simulated.tables.js';
import { outboxMails } from '../../platform/mail.tables.js';
import { users } from '../members/members.tables.js';
import { linkedAccounts } from '../linked-accounts/linked-accounts.tables.js';
import {
  EMAIL_TAKEN,
  IMDB_NOT_FOUND,
  IMDB_OFFLINE,
  USERNAME_TAKEN,
  WRONG_PASSWORD,
} from './account.service.js';

/** The IMDb page reader (D9) of this file: the simulated pages, or IMDb out of reach. */
const imdb = switchableImdb();
const t = useTestApp({ integrations: imdb.integrations });

/** A page on the simulated IMDb (D9.2); answers its address. */
async function imdbPage(name: string, kind: 'person' | 'title' = 'person', removed = false) {
  const digits = String((parseInt(unique(), 16) % 8_000_000) + 1_000_000);
  const code = `${kind === 'person' ? 'nm' : 'tt'}${digits}`;
  await t.db.insert(simImdbPages).values({ code, kind, name, credits: { actor: 4 }, removed });
  return `https://www.imdb.com/${kind === 'person' ? 'name' : 'title'}/${code}/`;
}

/** Offline every well-formed page exists (rule P1): a page that does not exist is a removed one. */
const goneImdbPage = () => imdbPage('Gone', 'person', true);

const update = (token: string, input: Record<string, unknown>) =>
  t.call(account.updateUserField, input, token);

async function memberRow(id: number) {
  const [row] = await t.db.select().from(users).where(eq(users.id, id));
  return row;
}

describe('every account call is for signed-in members only', () => {
  const calls: [Operation, Record<string, unknown>][] = [
    [account.fetchAccountDetails, {}],
    [account.updateUserField, { field: 'feature_me', value: true }],
    [account.removeLinkedAccount, { a: 'twitter' }],
    [account.refreshIMDbInfo, {}],
    [account.selectNameOption, { first: 'A', last: 'B', imdb: 'https://www.imdb.com/name/nm0000001/' }],
    [account.deactivate, {}],
    [account.deleteAccount, { warned: true }],
    [account.fetchEmailSettings, {}],
    [account.updateEmailSetting, { field: 'all', value: 'no' }],
  ];
  it.each(calls.map(([op, input]) => [op.path, op, input] as const))(
    '%s answers 401 logged_out when signed out',
    async (_path, op, input) => {
      const res = await t.call(op, input, 'not-a-session');
      expect(res.statusCode).toBe(401);
      expect(res.body).toMatchObject({ status: 'error', extra: 'logged_out' });
    },
  );
});

describe('account/fetchAccountDetails (spec 3 §3 accountUser)', () => {
  it('gives the member their details, with nothing linked', async () => {
    const m = await buildMember(t.db, t.clock);
    const res = await t.call(account.fetchAccountDetails, {}, m.token);
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatchObject({
      status: 'success',
      user: {
        first: 'Test',
        email: m.email,
        imdb: m.imdb,
        username: m.username,
        feature_me: false,
        facebook_display: '',
        twitter_display: '',
      },
    });
  });

  it('shows linked accounts as links to the member’s own profiles, member text escaped (D8.1)', async () => {
    const m = await buildMember(t.db, t.clock);
    await linkAccount(t.db, t.clock, m.id, 'twitter', 'nora_x');
    await linkAccount(t.db, t.clock, m.id, 'facebook', 'nora.page');
    await t.db
      .update(linkedAccounts)
      .set({ displayName: '<img src=x onerror=alert(1)>Nora' })
      .where(eq(linkedAccounts.userId, m.id));
    const { user } = (await t.call(account.fetchAccountDetails, {}, m.token)).body;
    expect(user.twitter_display.length).toBeGreaterThan(2);
    expect(user.twitter_display).toContain('href="/sim/x/nora_x"');
    expect(user.twitter_display).toContain('(@nora_x)');
    expect(user.facebook_display).toContain('href="/sim/facebook/nora.page"');
    expect(user.facebook_display).not.toContain('<img');
    expect(user.facebook_display).toContain('&lt;img src=x onerror=alert(1)&gt;Nora');
  });
});

describe('account/updateUserField (spec 3 §5)', () => {
  it('changes the name with the current password, and answers the fresh current user', async () => {
    const m = await buildMember(t.db, t.clock);
    const res = await update(m.token, {
      field: 'name',
      value: { first: ' Ada ', last: 'Lovelace' },
      password: TEST_PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatchObject({ status: 'success', message: 'Your name has been updated.' });
    expect(res.body.user).toMatchObject({ first: 'Ada', last: 'Lovelace' });
    expect(res.body.currentUser).toMatchObject({ id: m.id, first: 'Ada', last: 'Lovelace' });
  });

  it.each(['name', 'email', 'imdb', 'username', 'password'])(
    'refuses to change %s without the current password, changing nothing',
    async (field) => {
      const m = await buildMember(t.db, t.clock);
      const value = {
        name: { first: 'A', last: 'B' },
        email: `someone_${unique()}@example.test`,
        imdb: 'https://www.imdb.com/name/nm0000002/',
        username: `someone_${unique()}`,
        password: 'a-new-password',
      }[field];
      const res = await update(m.token, { field, value, confirm: value });
      expect(res.statusCode).toBe(400);
      expect(res.body.message).toBe(account.PASSWORD_REQUIRED);
      expect((await memberRow(m.id))?.first).toBe('Test');
    },
  );

  it('refuses a wrong current password, and slows down after five (like sign-in)', async () => {
    const m = await buildMember(t.db, t.clock);
    const attempt = () =>
      update(m.token, { field: 'name', value: { first: 'A', last: 'B' }, password: 'wrong-password' });
    for (let i = 0; i < 5; i += 1) {
      const res = await attempt();
      expect(res.statusCode).toBe(403);
      expect(res.body).toMatchObject({ status: 'error', message: WRONG_PASSWORD });
    }
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(limited.body.message).toMatch(/Too many wrong passwords/);
    expect((await memberRow(m.id))?.first).toBe('Test');
  });

  it.each([
    ['name', { first: '', last: 'B' }, 'Please enter your first name.'],
    ['email', 'not-an-email', 'Please enter a valid email address.'],
    ['username', 'a b', 'Usernames are 3 to 30 letters, numbers, dots, dashes or underscores.'],
    [
      'imdb',
      'https://example.com/nm1',
      'Please enter the full URL of your IMDb page, like https://www.imdb.com/name/nm0000001/',
    ],
    [
      'nickname',
      'x',
      'Please choose a detail to update: name, email, imdb, username, password or feature_me.',
    ],
  ])('refuses a bad %s with sign-up’s message', async (field, value, message) => {
    const m = await buildMember(t.db, t.clock);
    const res = await update(m.token, { field, value, password: TEST_PASSWORD });
    expect(res.statusCode).toBe(400);
    expect(res.body).toMatchObject({ status: 'error', message });
  });

  it('changes the email (stored lower case) and tells the old address', async () => {
    const m = await buildMember(t.db, t.clock);
    const email = `New_${unique()}@Example.test`;
    const res = await update(m.token, { field: 'email', value: email, password: TEST_PASSWORD });
    expect(res.body).toMatchObject({ status: 'success', user: { email: email.toLowerCase() } });
    const notices = await t.db.select().from(outboxMails).where(eq(outboxMails.to, m.email));
    expect(notices.map((n) => n.subject)).toContain('Your Marquee email address was changed');
  });

  it('refuses an email or username another member has, whatever the case', async () => {
    const m = await buildMember(t.db, t.clock);
    const other = await buildMember(t.db, t.clock);
    const email = await update(m.token, { field: 'email', value: other.email, password: TEST_PASSWORD });
    expect(email.statusCode).toBe(409);
    expect(email.body.message).toBe(EMAIL_TAKEN);
    const username = await update(m.token, {
      field: 'username',
      value: other.username.toUpperCase(),
      password: TEST_PASSWORD,
    });
    expect(username.statusCode).toBe(409);
    expect(username.body.message).toBe(USERNAME_TAKEN);
  });

  it('lets a member change their username, or only its case, and sign in with it', async () => {
    const m = await buildMember(t.db, t.clock);
    const cased = await update(m.token, {
      field: 'username',
      value: m.username.toUpperCase(),
      password: TEST_PASSWORD,
    });
    expect(cased.body.user.username).toBe(m.username.toUpperCase());
    const fresh = `renamed_${unique()}`;
    const res = await update(m.token, { field: 'username', value: fresh, password: TEST_PASSWORD });
    expect(res.body).toMatchObject({ status: 'success', currentUser: { username: fresh } });
    const signIn = await t.call(login.checkCredentials, { username: fresh, password: TEST_PASSWORD });
    expect(signIn.body.status).toBe('success');
  });

  it('refuses a new password whose confirmation differs, with the spec’s text', async () => {
    const m = await buildMember(t.db, t.clock);
    const res = await update(m.token, {
      field: 'password',
      value: 'new-password-1',
      confirm: 'new-password-2',
      password: TEST_PASSWORD,
    });
    expect(res.statusCode).toBe(400);
    expect(res.body.message).toBe('The values for your new password do not match each other!');
  });

  it('refuses a new password shorter than sign-up allows', async () => {
    const m = await buildMember(t.db, t.clock);
    const res = await update(m.token, {
      field: 'password',
      value: 'short',
      confirm: 'short',
      password: TEST_PASSWORD,
    });
    expect(res.body.message).toBe('Please choose a password of at least 8 characters.');
  });

  it('changes the password, ends every other session and keeps this one (D2.6)', async () => {
    const m = await buildMember(t.db, t.clock);
    const other = await t.call(login.checkCredentials, { username: m.username, password: TEST_PASSWORD });
    const res = await update(m.token, {
      field: 'password',
      value: 'a-brand-new-password',
      confirm: 'a-brand-new-password',
      password: TEST_PASSWORD,
    });
    expect(res.body.status).toBe('success');
    expect((await t.call(account.fetchAccountDetails, {}, m.token)).statusCode).toBe(200);
    expect((await t.call(account.fetchAccountDetails, {}, other.body.token)).statusCode).toBe(401);
    const old = await t.call(login.checkCredentials, { username: m.username, password: TEST_PASSWORD });
    expect(old.statusCode).toBe(401);
    const fresh = await t.call(login.checkCredentials, {
      username: m.username,
      password: 'a-brand-new-password',
    });
    expect(fresh.body.status).toBe('success');
  });

  it('reads a new IMDb URL through the page reader and stores the page’s own address', async () => {
    const m = await buildMember(t.db, t.clock);
    const url = await imdbPage('Grace Hopper');
    const typed = url.replace('https://www.', 'http://m.') + '?ref_=nv';
    const res = await update(m.token, { field: 'imdb', value: typed, password: TEST_PASSWORD });
    expect(res.body.status).toBe('success');
    expect(res.body.user.imdb).toBe(url);
    expect(res.body.message).toContain('Refresh from IMDb');
  });

  it('refuses an IMDb page that does not exist, and accepts one while IMDb is out of reach', async () => {
    const m = await buildMember(t.db, t.clock);
    const missing = await goneImdbPage();
    const res = await update(m.token, { field: 'imdb', value: missing, password: TEST_PASSWORD });
    expect(res.statusCode).toBe(400);
    expect(res.body.message).toBe(IMDB_NOT_FOUND);
    imdb.offline = true;
    try {
      const offline = await update(m.token, { field: 'imdb', value: missing, password: TEST_PASSWORD });
      expect(offline.body).toMatchObject({ status: 'success', user: { imdb: missing } });
    } finally {
      imdb.offline = false;
    }
  });

  it('switches Feature Me without a password (spec 3 §5)', async () => {
    const m = await buildMember(t.db, t.clock);
    const on = await update(m.token, { field: 'feature_me', value: true });
    expect(on.body).toMatchObject({ status: 'success', user: { feature_me: true } });
    const off = await update(m.token, { field: 'feature_me', value: 'no' });
    expect(off.body.user.feature_me).toBe(false);
    expect((await memberRow(m.id))?.featureMe).toBe(false);
    const bad = await update(m.token, { field: 'feature_me', value: 'maybe' });
    expect(bad.statusCode).toBe(400);
  });
});

describe('account/removeLinkedAccount', () => {
  it('removes a linked account, and says so when none is linked', async () => {
    const m = await buildMember(t.db, t.clock);
    await linkAccount(t.db, t.clock, m.id, 'facebook', 'my.page');
    const res = await t.call(account.removeLinkedAccount, { a: 'facebook' }, m.token);
    expect(res.body).toMatchObject({ status: 'success', user: { facebook_display: '' } });
    expect(res.body.message).toMatch(/Facebook account has been removed/);
    const again = await t.call(account.removeLinkedAccount, { a: 'facebook' }, m.token);
    expect(again.statusCode).toBe(404);
    expect(again.body.message).toBe('You have no Facebook account linked.');
    const bad = await t.call(account.removeLinkedAccount, { a: 'myspace' }, m.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.body.message).toBe('Please say which account to remove: facebook or twitter.');
  });
});

describe('account/refreshIMDbInfo and selectNameOption (spec 3 §4)', () => {
  async function memberWithPage(name: string, kind: 'person' | 'title' = 'person') {
    const m = await buildMember(t.db, t.clock);
    const url = await imdbPage(name, kind);
    await t.db.update(users).set({ imdbUrl: url }).where(eq(users.id, m.id));
    return { ...m, imdb: url };
  }

  it('answers success when the name already matches the page', async () => {
    const m = await buildMember(t.db, t.clock);
    const url = await imdbPage('Test Member');
    await t.db.update(users).set({ imdbUrl: url, last: 'member' }).where(eq(users.id, m.id));
    const res = await t.call(account.refreshIMDbInfo, {}, m.token);
    expect(res.body).toMatchObject({ status: 'success', message: account.IMDB_UP_TO_DATE });
  });

  it('answers pending with every reading of the page’s name, then takes the one picked', async () => {
    const m = await memberWithPage('Mary Ann Lee');
    const res = await t.call(account.refreshIMDbInfo, {}, m.token);
    expect(res.body).toMatchObject({
      status: 'pending',
      imdb: m.imdb,
      options: [
        { first: 'Mary', last: 'Ann Lee' },
        { first: 'Mary Ann', last: 'Lee' },
      ],
    });
    const picked = await t.call(
      account.selectNameOption,
      { first: 'Mary Ann', last: 'Lee', imdb: m.imdb },
      m.token,
    );
    expect(picked.body).toMatchObject({
      status: 'success',
      message: account.IMDB_UP_TO_DATE,
      currentUser: { first: 'Mary Ann', last: 'Lee' },
    });
    expect((await t.call(account.refreshIMDbInfo, {}, m.token)).body.status).toBe('success');
  });

  it('refuses a name the page does not give, another page, or a blank name', async () => {
    const m = await memberWithPage('Mary Ann Lee');
    const made = await t.call(
      account.selectNameOption,
      { first: 'Mallory', last: 'Lee', imdb: m.imdb },
      m.token,
    );
    expect(made.statusCode).toBe(400);
    expect(made.body.message).toBe('Please pick one of the names your IMDb page gives.');
    const elsewhere = await imdbPage('Mallory Lee');
    const other = await t.call(
      account.selectNameOption,
      { first: 'Mallory', last: 'Lee', imdb: elsewhere },
      m.token,
    );
    expect(other.statusCode).toBe(400);
    const blank = await t.call(account.selectNameOption, { first: '', last: 'Lee', imdb: m.imdb }, m.token);
    expect(blank.body.message).toBe('Please enter your first name.');
    expect((await memberRow(m.id))?.first).toBe('Test');
  });

  it.each([
    ['a title page', () => memberWithPage('A Film', 'title'), 400, /title page/],
    ['a single name', () => memberWithPage('Zendaya'), 400, /single name/],
  ])('answers an error for %s', async (_what, make, code, message) => {
    const m = await make();
    const res = await t.call(account.refreshIMDbInfo, {}, m.token);
    expect(res.statusCode).toBe(code);
    expect(res.body.status).toBe('error');
    expect(res.body.message).toMatch(message);
  });

  it('answers an error when the page is gone or IMDb is out of reach', async () => {
    const m = await buildMember(t.db, t.clock);
    // Offline every well-formed page exists (rule P1): the member's page is a removed one.
    const code = /(nm\d+)/.exec(m.imdb)?.[1] ?? '';
    await t.db.insert(simImdbPages).values({ code, kind: 'person', name: 'Gone', removed: true });
    const gone = await t.call(account.refreshIMDbInfo, {}, m.token);
    expect(gone.statusCode).toBe(404);
    expect(gone.body.message).toBe(IMDB_NOT_FOUND);
    imdb.offline = true;
    try {
      const offline = await t.call(account.refreshIMDbInfo, {}, m.token);
      expect(offline.statusCode).toBe(503);
      expect(offline.body.message).toBe(IMDB_OFFLINE);
    } finally {
      imdb.offline = false;
    }
  });
});
