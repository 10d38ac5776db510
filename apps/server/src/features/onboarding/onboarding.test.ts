import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { earn, onboarding, profile } from '@marquee/contract';
import { useTestApp } from '../../../test/test-app.js';
import { buildListing, buildMember, setImdbFact, type BuiltMember } from '../../../test/factories.js';
import { testBmp, testPicture, uploadPicture } from '../uploads/test-files.js';
import { listings } from '../listings/listings.tables.js';
import { onboardingSteps } from './onboarding.tables.js';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-onboarding-'));
const t = useTestApp({ config: { dataDir } });
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const progress = (m: BuiltMember) => t.call(onboarding.fetchProgress, {}, m.token);
const complete = (m: BuiltMember, step: unknown) => t.call(onboarding.completeStep, { step }, m.token);
const goTo = (m: BuiltMember, step: unknown) => t.call(onboarding.goToStep, { step }, m.token);
const newMember = (opts: Parameters<typeof buildMember>[2] = {}) =>
  buildMember(t.db, t.clock, { joinedDaysAgo: 0, ...opts });
const doneSteps = (body: onboarding.Progress) => body.steps.filter((s) => s.done).map((s) => s.step);

const FULL_DETAILS = {
  location: 'Atlanta, GA',
  job_1: 'Actor',
  job_2: '',
  job_3: '',
  bio: 'Stage and screen actor.',
};

/** An IMDb view of another member's listing, credited through the usual calls (D5.2, D11.1). */
async function earnImdbView(earner: BuiltMember) {
  const owner = await buildMember(t.db, t.clock, { points: 200 });
  const listing = await buildListing(t.db, t.clock, owner.id);
  await setImdbFact(t.db, t.clock, listing.externalId, 'credits:actor', 12);
  const fetched = await t.call(
    earn.fetchListings,
    { listingType: 'user', user_id: owner.id, maxItems: 10 },
    earner.token,
  );
  expect(fetched.body.listings.map((l) => l.id)).toContain(listing.id);
  expect((await t.call(earn.startAction, { listing_id: listing.id }, earner.token)).body.status).toBe(
    'success',
  );
  t.clock.advance(10_000);
  const credited = await t.call(
    earn.recordCorrectAnswer,
    { listing_id: listing.id, answer: 12 },
    earner.token,
  );
  expect(credited.body.status).toBe('success');
  return { owner, listing };
}

describe('every wizard call needs a signed-in member', () => {
  it('answers logged_out to a visitor', async () => {
    for (const [op, input] of [
      [onboarding.fetchProgress, {}],
      [onboarding.completeStep, { step: 1 }],
      [onboarding.goToStep, { step: 2 }],
      [onboarding.dismiss, {}],
    ] as const) {
      const res = await t.call(op, input);
      expect(res.statusCode, op.path).toBe(401);
      expect(res.body.extra, op.path).toBe('logged_out');
    }
  });
});

describe('onboarding/fetchProgress (G1, G5)', () => {
  it('starts a new member at step 1 with nothing done, and sends them to the wizard', async () => {
    const me = await newMember();
    const res = await progress(me);
    expect(res.statusCode).toBe(200);
    expect(res.body).toEqual({
      status: 'success',
      current_step: 1,
      steps: onboarding.STEPS.map((step) => ({ step, title: onboarding.STEP_TITLES[step], done: false })),
      finished: false,
      dismissed: false,
      send_here: true,
    });
  });

  it('sends members to the wizard only while their account is younger than 14 days (G5)', async () => {
    const young = await newMember({ joinedDaysAgo: 13 });
    const old = await newMember({ joinedDaysAgo: 14 });
    expect((await progress(young)).body.send_here).toBe(true);
    expect((await progress(old)).body.send_here).toBe(false);
  });
});

describe('onboarding/completeStep: the server checks the real effect (G2)', () => {
  it('step 1: refused until a headshot is the default photo, then done through the upload pipeline', async () => {
    const me = await newMember();
    const refused = await complete(me, 1);
    expect(refused.statusCode).toBe(409);
    expect(refused.body.message).toBe(onboarding.STEP_NOT_DONE[1]);
    expect(doneSteps((await progress(me)).body)).toEqual([]);

    const uploaded = await uploadPicture(t.app, me.token, testBmp(), 'headshot.bmp');
    expect(uploaded.statusCode).toBe(200);
    const res = await complete(me, 1);
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatchObject({ message: onboarding.STEP_DONE, current_step: 2, finished: false });
    expect(doneSteps(res.body)).toEqual([1]);
  });

  it('step 2: needs a location, a main job and a bio longer than 5 characters', async () => {
    const me = await newMember();
    await t.call(profile.updateUserDetails, { ...FULL_DETAILS, bio: 'Hi!' }, me.token);
    expect((await complete(me, 2)).body.message).toBe(onboarding.STEP_NOT_DONE[2]);
    await t.call(profile.updateUserDetails, { ...FULL_DETAILS, location: '' }, me.token);
    expect((await complete(me, 2)).statusCode).toBe(409);
    await t.call(profile.updateUserDetails, { ...FULL_DETAILS, job_1: '' }, me.token);
    expect((await complete(me, 2)).statusCode).toBe(409);

    expect((await t.call(profile.updateUserDetails, FULL_DETAILS, me.token)).statusCode).toBe(200);
    const res = await complete(me, 2);
    expect(res.statusCode).toBe(200);
    // Step 1 is still to do, so the wizard goes on to step 3, the next one after.
    expect(res.body).toMatchObject({ current_step: 3 });
    expect(doneSteps(res.body)).toEqual([2]);
  });

  it('step 3: needs an IMDb view the member earned; views of their own listing do not count', async () => {
    const me = await newMember();
    expect((await complete(me, 3)).body.message).toBe(onboarding.STEP_NOT_DONE[3]);
    const { owner } = await earnImdbView(me);
    // The owner of the listing was paid for nothing: they earned nothing themselves.
    const ownerRes = await t.call(onboarding.completeStep, { step: 3 }, owner.token);
    expect(ownerRes.statusCode).toBe(409);

    const res = await complete(me, 3);
    expect(res.statusCode).toBe(200);
    expect(doneSteps(res.body)).toEqual([3]);
  });

  it('step 4: needs a listing of their own that is not deleted', async () => {
    const me = await newMember();
    const listing = await buildListing(t.db, t.clock, me.id, { status: 'deleted' });
    expect((await complete(me, 4)).body.message).toBe(onboarding.STEP_NOT_DONE[4]);
    await t.db.update(listings).set({ status: 'active' }).where(eq(listings.id, listing.id));
    const res = await complete(me, 4);
    expect(res.statusCode).toBe(200);
    expect(doneSteps(res.body)).toEqual([4]);
  });

  it('all four steps finish the wizard (G4): finished, no longer sent here, the last message says so', async () => {
    const me = await newMember();
    await uploadPicture(t.app, me.token, await testPicture('jpeg'), 'me.jpg');
    await t.call(profile.updateUserDetails, FULL_DETAILS, me.token);
    await earnImdbView(me);
    await buildListing(t.db, t.clock, me.id);
    for (const step of [1, 2, 3] as const) expect((await complete(me, step)).body.finished).toBe(false);
    const last = await complete(me, 4);
    expect(last.body).toMatchObject({ finished: true, send_here: false, message: onboarding.ALL_DONE });
    expect(doneSteps(last.body)).toEqual([1, 2, 3, 4]);
    // Completing a done step again is harmless and does not finish it a second time.
    const again = await complete(me, 4);
    expect(again.body).toMatchObject({ finished: true, message: onboarding.STEP_DONE });
  });

  it('a done step stays done after its effect is gone (the photo deleted later)', async () => {
    const me = await newMember();
    const uploaded = await uploadPicture(t.app, me.token, await testPicture('png'));
    expect((await complete(me, 1)).statusCode).toBe(200);
    const image = String(uploaded.body.imageName);
    expect((await t.call(profile.deletePicture, { image }, me.token)).statusCode).toBe(200);
    expect((await complete(me, 1)).statusCode).toBe(200);
    expect(doneSteps((await progress(me)).body)).toEqual([1]);
  });

  it('refuses a step that is not one of the four', async () => {
    const me = await newMember();
    for (const step of [0, 5, -1, 2.5, 'abc', '', null, [1]]) {
      const res = await complete(me, step);
      expect(res.statusCode, JSON.stringify(step)).toBe(400);
      expect(res.body.message).toBe(onboarding.STEP_INVALID);
    }
    const missing = await t.call(onboarding.completeStep, {}, me.token);
    expect(missing.statusCode).toBe(400);
    expect(missing.body.message).toBe(onboarding.STEP_INVALID);
  });

  it('records a step once when the page sends it several times at once', async () => {
    const me = await newMember();
    await uploadPicture(t.app, me.token, await testPicture('png'));
    await t.call(profile.updateUserDetails, FULL_DETAILS, me.token);
    const answers = await Promise.all([1, 1, 1, 2, 2, 2, 1, 2].map((step) => complete(me, step)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(200));
    const rows = await t.db.select().from(onboardingSteps).where(eq(onboardingSteps.userId, me.id));
    expect(rows.map((r) => r.step).sort()).toEqual([1, 2]);
    const after = (await progress(me)).body;
    expect(after.current_step).toBe(3);
  });
});

describe('onboarding/goToStep (G3): a member leaves and comes back where they were', () => {
  it('keeps the step the member moved to', async () => {
    const me = await newMember();
    const res = await goTo(me, 2);
    expect(res.statusCode).toBe(200);
    expect(res.body.current_step).toBe(2);
    expect((await progress(me)).body.current_step).toBe(2);
    expect((await goTo(me, '4')).body.current_step).toBe(4);
    const bad = await goTo(me, 9);
    expect(bad.statusCode).toBe(400);
    expect(bad.body.message).toBe(onboarding.STEP_INVALID);
    expect((await progress(me)).body.current_step).toBe(4);
  });
});

describe('onboarding/dismiss (G5): Skip for now', () => {
  it('stops sending the member here and keeps their step', async () => {
    const me = await newMember();
    await goTo(me, 3);
    const res = await t.call(onboarding.dismiss, {}, me.token);
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatchObject({
      dismissed: true,
      send_here: false,
      current_step: 3,
      message: onboarding.SKIPPED,
    });
    expect((await progress(me)).body).toMatchObject({ dismissed: true, send_here: false, current_step: 3 });
    // Still usable afterwards, from any Get started link.
    expect((await goTo(me, 1)).body).toMatchObject({ current_step: 1, dismissed: true });
  });
});

describe('another member cannot touch your progress', () => {
  it("answers with the caller's own progress whatever the body names, and checks the caller's effects", async () => {
    const me = await newMember();
    const other = await newMember();
    await uploadPicture(t.app, me.token, await testPicture('png'));
    await goTo(me, 2);

    // The other member's calls name me, but work on their own progress only.
    const theirs = await t.call(onboarding.completeStep, { step: 1, user_id: me.id }, other.token);
    expect(theirs.statusCode).toBe(409);
    expect(theirs.body.message).toBe(onboarding.STEP_NOT_DONE[1]);
    await t.call(onboarding.goToStep, { step: 4, user_id: me.id }, other.token);
    await t.call(onboarding.dismiss, { user_id: me.id }, other.token);
    const seen = await t.call(onboarding.fetchProgress, { user_id: me.id }, other.token);
    expect(seen.body).toMatchObject({ current_step: 4, dismissed: true });

    const mine = (await progress(me)).body;
    expect(mine).toMatchObject({ current_step: 2, dismissed: false, send_here: true });
    expect(doneSteps(mine)).toEqual([]);
  });
});
