import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { APP_VERSION, login, messages, proExtension } from '@marquee/contract';
import { useTestApp } from '../../../test/test-app.js';
import { buildMember, unique } from '../../../test/factories.js';
import { pairedPro } from './pro-extension.test-support.js';
import { users } from '../members/members.tables.js';
import { sessions } from '../login/login.tables.js';
import { extensionPairings } from './pro-extension.tables.js';

const t = useTestApp();
const { EXTENSION_MESSAGES, PRO_EXTENSION } = proExtension;
const CHROME_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

const pairInput = (overrides: Record<string, unknown> = {}) => ({
  install_id: `install-${unique()}${unique()}`,
  version: '1.0.0',
  browser: CHROME_UA,
  ...overrides,
});

describe('proExtension/pair (PX2)', () => {
  it('pairs a Pro member’s browser: a session of its own and a pairing the welcome page lists', async () => {
    const pro = await buildMember(t.db, t.clock, { membership: 'pro' });
    const res = await t.call(proExtension.pair, pairInput(), pro.token);
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatchObject({
      status: 'success',
      member: { id: pro.id, first: 'Test' },
      message: EXTENSION_MESSAGES.paired,
      pairing: { browser: 'Chrome 131 on Windows', version: '1.0.0', state: 'paused', running: false },
    });
    expect(res.body.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(res.body.token).not.toBe(pro.token);
    const [session] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, pro.id))
      .orderBy(sessions.id);
    expect(session?.kind).toBe('browser');
    const kinds = (
      await t.db.select({ kind: sessions.kind }).from(sessions).where(eq(sessions.userId, pro.id))
    ).map((s) => s.kind);
    expect(kinds.sort()).toEqual(['browser', 'extension']);

    const listed = await t.call(proExtension.fetchPairings, {}, pro.token);
    expect(listed.body).toMatchObject({
      status: 'success',
      pro: true,
      message: '',
      today: { views: 0, points: 0 },
    });
    expect(listed.body.pairings).toHaveLength(1);
    expect(listed.body.pairings[0]).toMatchObject({
      browser: 'Chrome 131 on Windows',
      state_words: 'Paused',
    });
  });

  it('replaces the pairing when the same installation pairs again: the old session ends', async () => {
    const pro = await pairedPro(t);
    const again = await t.call(proExtension.pair, pairInput({ install_id: pro.installId }), pro.token);
    expect(again.statusCode).toBe(200);
    const old = await t.call(proExtension.fetchStatus, {}, pro.extension);
    expect(old.statusCode).toBe(401);
    expect(old.body.extra).toBe('logged_out');
    const fresh = await t.call(proExtension.fetchStatus, {}, again.body.token);
    expect(fresh.statusCode).toBe(200);
    const listed = await t.call(proExtension.fetchPairings, {}, pro.token);
    expect(listed.body.pairings).toHaveLength(1);
  });

  it(`keeps a member to ${PRO_EXTENSION.maxPairings} browsers`, async () => {
    const pro = await buildMember(t.db, t.clock, { membership: 'pro' });
    for (let i = 0; i < PRO_EXTENSION.maxPairings; i += 1) {
      expect((await t.call(proExtension.pair, pairInput(), pro.token)).statusCode).toBe(200);
    }
    const sixth = await t.call(proExtension.pair, pairInput(), pro.token);
    expect(sixth.statusCode).toBe(409);
    expect(sixth.body.message).toBe(EXTENSION_MESSAGES.tooManyPairings);
    const rows = await t.db.select().from(extensionPairings).where(eq(extensionPairings.userId, pro.id));
    expect(rows).toHaveLength(PRO_EXTENSION.maxPairings);
  });

  it.each([
    ['free', EXTENSION_MESSAGES.proOnly],
    ['premium', EXTENSION_MESSAGES.proOnly],
    ['managed', EXTENSION_MESSAGES.managed],
  ] as const)('refuses a %s member with a clear message, and pairs nothing', async (membership, message) => {
    const member = await buildMember(t.db, t.clock, { membership });
    const res = await t.call(proExtension.pair, pairInput(), member.token);
    expect(res.statusCode).toBe(403);
    expect(res.body).toMatchObject({ status: 'error', message, extra: 'not_pro' });
    expect(
      await t.db.select().from(extensionPairings).where(eq(extensionPairings.userId, member.id)),
    ).toEqual([]);
  });

  it('refuses a member whose Pro has ended, saying so', async () => {
    const member = await buildMember(t.db, t.clock, { membership: 'pro' });
    await t.db
      .update(users)
      .set({ proExpires: new Date(t.clock.now().getTime() - 1000) })
      .where(eq(users.id, member.id));
    const res = await t.call(proExtension.pair, pairInput(), member.token);
    expect(res.statusCode).toBe(403);
    expect(res.body.message).toBe(EXTENSION_MESSAGES.proEnded);
  });

  it('refuses an admin who is not Pro: the role does not make the level (D2.2)', async () => {
    const admin = await buildMember(t.db, t.clock, { role: 'admin' });
    expect((await t.call(proExtension.pair, pairInput(), admin.token)).statusCode).toBe(403);
  });

  it('refuses anonymous callers and bad input, changing nothing', async () => {
    const anonymous = await t.call(proExtension.pair, pairInput());
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.body.extra).toBe('logged_out');
    const pro = await buildMember(t.db, t.clock, { membership: 'pro' });
    for (const [input, message] of [
      [
        pairInput({ install_id: 'short' }),
        'The extension did not say which installation it is. Please reinstall it.',
      ],
      [
        pairInput({ install_id: 'x'.repeat(65) }),
        'The extension did not say which installation it is. Please reinstall it.',
      ],
      [
        pairInput({ install_id: undefined }),
        'The extension did not say which installation it is. Please reinstall it.',
      ],
      [pairInput({ version: '1.0' }), 'The extension did not say its version. Please reinstall it.'],
      [pairInput({ version: 7 }), 'The extension did not say its version. Please reinstall it.'],
      [pairInput({ browser: 'b'.repeat(301) }), 'The browser name is too long.'],
    ] as const) {
      const res = await t.call(proExtension.pair, input, pro.token);
      expect(res.statusCode, JSON.stringify(input)).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect(await t.db.select().from(extensionPairings).where(eq(extensionPairings.userId, pro.id))).toEqual(
      [],
    );
  });

  it('cannot be asked by the extension itself, nor by staff using the member’s account', async () => {
    const pro = await pairedPro(t);
    const byExtension = await t.call(proExtension.pair, pairInput(), pro.extension);
    expect(byExtension.statusCode).toBe(403);
    expect(byExtension.body).toMatchObject({
      message: EXTENSION_MESSAGES.notForExtension,
      extra: 'not_for_extension',
    });
    const admin = await buildMember(t.db, t.clock, { role: 'admin' });
    const own = and(eq(sessions.userId, pro.id), eq(sessions.kind, 'browser'));
    await t.db.update(sessions).set({ impersonatedBy: admin.id }).where(own);
    const staff = await t.call(proExtension.pair, pairInput(), pro.token);
    await t.db.update(sessions).set({ impersonatedBy: null }).where(own);
    expect(staff.statusCode).toBe(403);
    expect(staff.body.message).toBe(EXTENSION_MESSAGES.staffCannotPair);
  });
});

describe('the extension’s session makes its own calls only (PX3)', () => {
  it('is refused every other call, with words the popup can show', async () => {
    const pro = await pairedPro(t);
    const res = await t.call(messages.fetchRecentThreads, { limit: 6 }, pro.extension);
    expect(res.statusCode).toBe(403);
    expect(res.body).toMatchObject({ status: 'error', message: EXTENSION_MESSAGES.notForExtension });
    const pairings = await t.call(proExtension.fetchPairings, {}, pro.extension);
    expect(pairings.statusCode).toBe(403);
  });

  it('has calls a browser’s session cannot make', async () => {
    const pro = await pairedPro(t);
    for (const [op, input] of [
      [proExtension.fetchStatus, {}],
      [proExtension.reportState, { state: 'running', version: '1.0.0' }],
    ] as const) {
      const res = await t.call(op, input, pro.token);
      expect(res.statusCode).toBe(403);
      expect(res.body.message).toBe(EXTENSION_MESSAGES.extensionOnly);
    }
  });
});

describe('the extension’s session signs no one in (PX3)', () => {
  it('is refused by the app start’s token check, as an unknown token is', async () => {
    const pro = await pairedPro(t);
    const res = await t.call(login.checkToken, { token: pro.extension, version: APP_VERSION });
    expect(res.statusCode).toBe(401);
    expect(res.body.extra).toBe('logged_out');
    expect(JSON.stringify(res.body)).not.toContain(pro.email);
  });

  it('stops counting toward the five browsers once unused for 30 days, as it has ended', async () => {
    const pro = await buildMember(t.db, t.clock, { membership: 'pro' });
    for (let i = 0; i < PRO_EXTENSION.maxPairings; i += 1)
      await t.call(proExtension.pair, pairInput(), pro.token);
    t.clock.advance(31 * 86_400_000);
    await t.db
      .update(users)
      .set({ proExpires: new Date(t.clock.now().getTime() + 86_400_000) })
      .where(eq(users.id, pro.id));
    await t.db
      .update(sessions)
      .set({ lastUsedAt: t.clock.now() })
      .where(and(eq(sessions.userId, pro.id), eq(sessions.kind, 'browser')));
    expect((await t.call(proExtension.fetchPairings, {}, pro.token)).body.pairings).toEqual([]);
    expect((await t.call(proExtension.pair, pairInput(), pro.token)).statusCode).toBe(200);
  });
});

describe('proExtension/fetchStatus and reportState (PX6-PX8)', () => {
  it('says who the extension works for, the day’s figures and the state it reported', async () => {
    const pro = await pairedPro(t);
    const first = await t.call(proExtension.fetchStatus, {}, pro.extension);
    expect(first.body).toMatchObject({
      status: 'success',
      member: { id: pro.id, first: 'Test' },
      pro: true,
      message: '',
      points: 0,
      actions: 0,
      max: 60,
      today: { views: 0, points: 0 },
      state: 'paused',
      reason: null,
    });
    const running = await t.call(
      proExtension.reportState,
      { state: 'running', version: '1.0.0' },
      pro.extension,
    );
    expect(running.body).toEqual({ status: 'success', state: 'running' });
    const listed = await t.call(proExtension.fetchPairings, {}, pro.token);
    expect(listed.body.pairings[0]).toMatchObject({
      state: 'running',
      running: true,
      state_words: 'Running',
    });
    // Quiet for longer than two minutes: the browser is closed or asleep (PX6).
    t.clock.advance((PRO_EXTENSION.runningWithinSeconds + 1) * 1000);
    const later = await t.call(proExtension.fetchPairings, {}, pro.token);
    expect(later.body.pairings[0]).toMatchObject({ state: 'running', running: false });
    expect(later.body.pairings[0]?.state_words).toMatch(/^Not running/);

    await t.call(
      proExtension.reportState,
      { state: 'stopped', reason: 'done', version: '1.0.1' },
      pro.extension,
    );
    const stopped = await t.call(proExtension.fetchStatus, {}, pro.extension);
    expect(stopped.body).toMatchObject({ state: 'stopped', reason: 'done' });
    const page = await t.call(proExtension.fetchPairings, {}, pro.token);
    expect(page.body.pairings[0]).toMatchObject({
      version: '1.0.1',
      state_words: proExtension.STOP_WORDS.done,
    });
  });

  it('answers a lapsed Pro member’s extension why it stopped, and refuses it running', async () => {
    const pro = await pairedPro(t);
    await t.db
      .update(users)
      .set({ proExpires: new Date(t.clock.now().getTime() - 1000) })
      .where(eq(users.id, pro.id));
    const status = await t.call(proExtension.fetchStatus, {}, pro.extension);
    expect(status.body).toMatchObject({
      status: 'success',
      pro: false,
      message: EXTENSION_MESSAGES.proEnded,
    });
    const running = await t.call(
      proExtension.reportState,
      { state: 'running', version: '1.0.0' },
      pro.extension,
    );
    expect(running.statusCode).toBe(403);
    expect(running.body).toMatchObject({ message: EXTENSION_MESSAGES.proEnded, extra: 'not_pro' });
    const stopped = await t.call(
      proExtension.reportState,
      { state: 'stopped', reason: 'not_pro', version: '1.0.0' },
      pro.extension,
    );
    expect(stopped.statusCode).toBe(200);
  });

  it('refuses a state or reason it does not know', async () => {
    const pro = await pairedPro(t);
    for (const [input, message] of [
      [
        { state: 'asleep', version: '1.0.0' },
        'Please say whether the extension is running, paused or stopped.',
      ],
      [
        { state: 'stopped', reason: 'bored', version: '1.0.0' },
        'That is not a reason the extension stops for.',
      ],
      [{ state: 'paused' }, 'The extension did not say its version. Please reinstall it.'],
    ] as const) {
      const res = await t.call(proExtension.reportState, input, pro.extension);
      expect(res.statusCode).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect((await t.call(proExtension.fetchStatus, {}, pro.extension)).body.state).toBe('paused');
  });
});

describe('proExtension/unpair (PX2)', () => {
  it('signs the extension out from its popup: its session ends, the pairing goes', async () => {
    const pro = await pairedPro(t);
    const res = await t.call(proExtension.unpair, {}, pro.extension);
    expect(res.body).toEqual({ status: 'success', message: EXTENSION_MESSAGES.unpaired });
    expect((await t.call(proExtension.fetchStatus, {}, pro.extension)).statusCode).toBe(401);
    expect((await t.call(proExtension.fetchPairings, {}, pro.token)).body.pairings).toEqual([]);
  });

  it('unpairs a browser from the welcome page, the member’s own only', async () => {
    const pro = await pairedPro(t);
    const [pairing] = (await t.call(proExtension.fetchPairings, {}, pro.token)).body.pairings;
    const other = await buildMember(t.db, t.clock, { membership: 'pro' });
    const notTheirs = await t.call(proExtension.unpair, { pairing_id: pairing?.id }, other.token);
    expect(notTheirs.statusCode).toBe(404);
    expect(notTheirs.body.message).toBe(EXTENSION_MESSAGES.noSuchPairing);
    expect((await t.call(proExtension.fetchStatus, {}, pro.extension)).statusCode).toBe(200);

    const noId = await t.call(proExtension.unpair, {}, pro.token);
    expect(noId.statusCode).toBe(400);
    expect(noId.body.message).toBe('Please say which browser to unpair.');
    const badId = await t.call(proExtension.unpair, { pairing_id: 'abc' }, pro.token);
    expect(badId.statusCode).toBe(400);

    const mine = await t.call(proExtension.unpair, { pairing_id: pairing?.id }, pro.token);
    expect(mine.statusCode).toBe(200);
    expect((await t.call(proExtension.fetchStatus, {}, pro.extension)).statusCode).toBe(401);
    // The member's own session goes on.
    expect((await t.call(proExtension.fetchPairings, {}, pro.token)).statusCode).toBe(200);
  });

  it('is ended with every other session when the member changes their password (a revoked session pairs nothing)', async () => {
    const pro = await pairedPro(t);
    await t.db
      .update(sessions)
      .set({ revokedAt: t.clock.now() })
      .where(and(eq(sessions.userId, pro.id), eq(sessions.kind, 'extension')));
    expect((await t.call(proExtension.fetchStatus, {}, pro.extension)).statusCode).toBe(401);
    expect((await t.call(proExtension.fetchPairings, {}, pro.token)).body.pairings).toEqual([]);
    // The same installation pairs again.
    expect(
      (await t.call(proExtension.pair, pairInput({ install_id: pro.installId }), pro.token)).statusCode,
    ).toBe(200);
  });
});
