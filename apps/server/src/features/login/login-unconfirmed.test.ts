import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { dayInWords, login, operationUrl } from '@marquee/contract';
import { useTestApp } from '../../../test/test-app.js';
import { signUpDetails, unique } from '../../../test/factories.js';
import { users } from '../members/members.tables.js';
import { outboxMails } from '../../platform/mail.tables.js';
import { DAY_MS, MINUTE_MS, addDays, pacificMidnight } from '../../platform/time.js';
import { runDueJobs } from '../../platform/jobs.js';
import { deletedEmails } from '../account/account.tables.js';
import { deletedEmailHash } from '../account/account.policy.js';
import { HOUSE_ID, movePoints } from '../points/ledger.js';
import { unconfirmedRemovalDay } from './login.policy.js';
import { removeUnconfirmedJob } from './signup.service.js';
import { emailConfirmations, unconfirmedEmails } from './login.tables.js';

// Its own database: the daily removal looks at every account, so no other file's may be in it.
const t = useTestApp({ ownDatabase: true });

let lastAddress = 0;
/** Each sign-up from an address of its own, so the per-address limit (U5) never interferes. */
async function signUp(details: Record<string, unknown>) {
  const response = await t.app.inject({
    method: 'POST',
    url: operationUrl(login.register),
    payload: details,
    remoteAddress: `10.77.${Math.floor(Math.random() * 250)}.${++lastAddress % 250}`,
  });
  return response.json() as { status: string; message?: string };
}

const mailsTo = (email: string) => t.db.select().from(outboxMails).where(eq(outboxMails.to, email));
const confirmTokens = async (email: string) =>
  (await mailsTo(email))
    .map((m) => /confirm-email\?token=([\w%-]+)/.exec(m.text)?.[1])
    .filter((x): x is string => Boolean(x))
    .map(decodeURIComponent);
async function memberByEmail(email: string) {
  const [row] = await t.db.select().from(users).where(eq(users.email, email));
  return row ?? null;
}
async function memberById(id: number) {
  const [row] = await t.db.select().from(users).where(eq(users.id, id));
  return row!;
}

/** Moves the clock to just after `day` begins (Pacific), when that day's jobs run. */
function startOf(day: string) {
  t.clock.set(new Date(pacificMidnight(day).getTime() + MINUTE_MS));
}
const runRemoval = () => runDueJobs(t.app.deps, [removeUnconfirmedJob]);

/** A fresh Pacific day for each test, so each test's job runs are its own. */
function nextTestDays() {
  t.clock.advance(20 * DAY_MS);
}

describe('an account never confirmed is removed and its address is free again (U6)', () => {
  it('lets the owner of a squatted address take it back once the account is removed', async () => {
    nextTestDays();
    const victim = `victim_${unique()}@example.test`;
    const squat = signUpDetails({ email: victim, first: 'Squatter', username: `squat_${unique()}` });
    expect(await signUp(squat)).toEqual({ status: 'success', message: login.SIGN_UP_STARTED });
    const squatter = (await memberByEmail(victim))!;
    const removalDay = unconfirmedRemovalDay(t.clock.now());
    const removalDate = dayInWords(removalDay);

    // The confirmation mail warns whoever did not sign up not to open it, and says when it goes.
    const [confirmation] = await mailsTo(victim);
    expect(confirmation?.text).toContain(
      "If you did not sign up for Marquee, ignore this mail and do not open the link: someone else chose this account's password.",
    );
    expect(confirmation?.text).toContain(`Unless it is confirmed, the account is removed on ${removalDate}`);

    // The owner's own sign-up meets the unconfirmed account: the note says to wait, and till when.
    const owner = signUpDetails({ email: victim, first: 'Owner', username: `owner_${unique()}` });
    expect(await signUp(owner)).toEqual({ status: 'success', message: login.SIGN_UP_STARTED });
    const note = (await mailsTo(victim)).find((m) => m.subject.startsWith('Someone tried'));
    expect(note?.text).toContain(
      'An account waiting for this address to be confirmed was already started with it, so no new account was made.',
    );
    expect(note?.text).toContain('If you did not start that account, you need do nothing.');
    expect(note?.text).toContain(
      `Unless it is confirmed, the account is removed on ${removalDate}; from then on you can sign up with this address at http://marquee.test/signup.`,
    );
    // Nothing the squatter chose reaches the owner's inbox in the note.
    expect(note?.text).not.toContain(squat.username);
    expect(note?.text).not.toContain('Squatter');
    expect(note?.text).not.toContain('Forgot Password');

    // The day before, the account is still there (its link has even lapsed by the evening).
    startOf(addDays(removalDay, -1));
    expect(await runRemoval()).toEqual(['remove-unconfirmed-accounts']);
    expect((await memberById(squatter.id)).status).toBe('active');

    startOf(removalDay);
    expect(await runRemoval()).toEqual(['remove-unconfirmed-accounts']);
    const gone = await memberById(squatter.id);
    expect(gone).toMatchObject({ status: 'deleted', email: null, username: null, passwordHash: null });
    expect(
      await t.db.select().from(unconfirmedEmails).where(eq(unconfirmedEmails.userId, squatter.id)),
    ).toEqual([]);
    expect(
      await t.db.select().from(emailConfirmations).where(eq(emailConfirmations.userId, squatter.id)),
    ).toEqual([]);
    // Unlike a deletion (D2.5), the address is not kept from joining again.
    expect(
      await t.db
        .select()
        .from(deletedEmails)
        .where(eq(deletedEmails.emailHash, deletedEmailHash(victim))),
    ).toEqual([]);
    // The squatter's password opens nothing any more.
    const signIn = await t.call(login.checkCredentials, { username: victim, password: squat.password });
    expect(signIn.statusCode).toBe(401);

    // The owner signs up again: a new account, and a confirmation link rather than a note.
    const before = (await mailsTo(victim)).length;
    expect(await signUp(owner)).toEqual({ status: 'success', message: login.SIGN_UP_STARTED });
    const mine = await memberByEmail(victim);
    expect(mine).toMatchObject({ username: owner.username, first: 'Owner', status: 'active' });
    expect(mine!.id).not.toBe(squatter.id);
    const fresh = (await mailsTo(victim)).slice(before);
    expect(fresh.map((m) => m.subject)).toEqual(['Confirm your email address for Marquee']);
    const [token] = (await confirmTokens(victim)).slice(-1);
    const confirmed = await t.call(login.confirmEmail, { token: token! });
    expect(confirmed.body).toMatchObject({
      status: 'success',
      bonus: 100,
      user: { username: owner.username },
    });
  });

  it('returns the points of a removed account to the house, so the ledger balances (D3.1)', async () => {
    nextTestDays();
    const details = signUpDetails();
    await signUp(details);
    const member = (await memberByEmail(details.email))!;
    await t.db.transaction((tx) =>
      movePoints(tx, { from: HOUSE_ID, to: member.id, amount: 35, kind: 'admin_adjust', at: t.clock.now() }),
    );
    startOf(unconfirmedRemovalDay(t.clock.now()));
    await runRemoval();
    expect(await memberById(member.id)).toMatchObject({ status: 'deleted', points: 0 });
  });

  it('never removes a confirmed account, nor one confirmed on its last day', async () => {
    nextTestDays();
    const early = signUpDetails();
    const late = signUpDetails();
    await signUp(early);
    await signUp(late);
    const removalDay = unconfirmedRemovalDay(t.clock.now());
    const [earlyToken] = await confirmTokens(early.email);
    expect((await t.call(login.confirmEmail, { token: earlyToken! })).body.bonus).toBe(100);

    // On the last evening, the lapsed link is replaced by a fresh one and that confirms.
    t.clock.set(new Date(pacificMidnight(removalDay).getTime() - 10 * MINUTE_MS));
    const signIn = await t.call(login.checkCredentials, { username: late.username, password: late.password });
    const resent = await t.call(login.resendConfirmation, {}, signIn.body.token);
    expect(resent.statusCode).toBe(200);
    const [resentMail] = (await mailsTo(late.email)).slice(-1);
    // A resent link does not put the removal off.
    expect(resentMail?.text).toContain(`the account is removed on ${dayInWords(removalDay)}`);
    const [lateToken] = (await confirmTokens(late.email)).slice(-1);
    expect((await t.call(login.confirmEmail, { token: lateToken! })).body.bonus).toBe(100);

    startOf(removalDay);
    await runRemoval();
    t.clock.advance(60 * DAY_MS);
    await runRemoval();
    expect((await memberByEmail(early.email))?.status).toBe('active');
    expect((await memberByEmail(late.email))?.status).toBe('active');

    // A confirmed holder's address keeps today's note: sign in, or reset the password.
    await signUp(signUpDetails({ email: early.email }));
    const [note] = (await mailsTo(early.email)).filter((m) => m.subject.startsWith('Someone tried'));
    expect(note?.text).toContain(`already belongs to your account "${early.username}"`);
    expect(note?.text).toContain('choose "Forgot Password"');
    expect(note?.text).not.toContain('removed on');
  });

  it('lets exactly one of a link opened as the removal runs and the removal win', async () => {
    nextTestDays();
    const details = signUpDetails();
    await signUp(details);
    const member = (await memberByEmail(details.email))!;
    const removalDay = unconfirmedRemovalDay(t.clock.now());
    // A link asked for on the last evening is still live when the day of removal begins.
    t.clock.set(new Date(pacificMidnight(removalDay).getTime() - 10 * MINUTE_MS));
    const signIn = await t.call(login.checkCredentials, {
      username: details.username,
      password: details.password,
    });
    await t.call(login.resendConfirmation, {}, signIn.body.token);
    const [token] = (await confirmTokens(details.email)).slice(-1);
    startOf(removalDay);
    const [opened] = await Promise.all([t.call(login.confirmEmail, { token: token! }), runRemoval()]);
    const after = await memberById(member.id);
    if (opened.statusCode === 200) {
      expect(opened.body.bonus).toBe(100);
      expect(after.status).toBe('active');
    } else {
      expect(opened.body).toEqual({ status: 'expired', message: login.CONFIRM_EXPIRED });
      expect(after.status).toBe('deleted');
    }
  });
});
