import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { earn, history, proExtension } from '@marquee/contract';
import { useTestApp } from '../../../test/test-app.js';
import { buildMember, unique } from '../../../test/factories.js';
import { onlyTheseListings, pairedPro } from './pro-extension.test-support.js';
import { users } from '../members/members.tables.js';
import { actions, imdbFacts, offers } from '../earn/earn.tables.js';
import { listings } from '../listings/listings.tables.js';
import { ESTABLISHED_AFTER_ANSWERS } from '../earn/earn.policy.js';
import { dailyActions } from '../points/points.tables.js';
import { subscriptions } from '../membership/membership.tables.js';
import { pacificDay } from '../../platform/time.js';

// Its own database on PostgreSQL too: each test leaves only its own IMDb listings active.
const t = useTestApp({ ownDatabase: true });
const SECOND = 1000;
const { EXTENSION_MESSAGES, PRO_EXTENSION } = proExtension;
const { EARN } = earn;

/** Start pressed on a listing, and the page read for the dwell of D11.1, on the app's clock. */
async function startAndRead(token: string, listingId: number | undefined) {
  await t.call(earn.startAction, { listing_id: listingId }, token);
  t.clock.advance(6 * SECOND);
}

const fetchImdb = (token: string, maxItems = 20) =>
  t.call(earn.fetchListings, { listingType: 'imdb', maxItems }, token);

describe('the extension earns IMDb views as a person does (D15.1, PX5)', () => {
  it('fetches IMDb listings with oeb, offers open 900 s, and never the answer', async () => {
    const pro = await pairedPro(t);
    const {
      listings: [listing],
    } = await onlyTheseListings(t, 1, 734_591);
    const res = await fetchImdb(pro.extension);
    expect(res.body).toMatchObject({ status: 'success', oeb: true, extension: null });
    expect(res.body.listings.map((l) => l.id)).toEqual([listing?.id]);
    expect(res.body.listings[0]?.expires_in).toBe(EARN.proActionTimeoutSeconds);
    expect(res.body.listings[0]?.question).toBe('How many Actor credits does this page list?');
    expect(res.response.body).not.toContain('734591');
    const [offer] = await t.db
      .select()
      .from(offers)
      .where(eq(offers.listingId, listing?.id as number));
    expect(offer).toMatchObject({ viaExtension: true });
    expect((offer?.expiresAt.getTime() ?? 0) - (offer?.offeredAt.getTime() ?? 0)).toBe(900 * SECOND);
    const started = await t.call(earn.startAction, { listing_id: listing?.id }, pro.extension);
    expect(started.body).toEqual({ status: 'success', expires_in: 900 });
  });

  it('is credited for a right answer, marked in both histories and counted in its day', async () => {
    const pro = await pairedPro(t);
    const {
      owner,
      listings: [listing],
    } = await onlyTheseListings(t, 1, 12);
    await fetchImdb(pro.extension);
    await startAndRead(pro.extension, listing?.id);
    const credited = await t.call(
      earn.recordCorrectAnswer,
      { listing_id: listing?.id, answer: 12 },
      pro.extension,
    );
    expect(credited.body).toMatchObject({ status: 'success', points_earned: 18 });
    const [action] = await t.db.select().from(actions).where(eq(actions.earnerId, pro.id));
    expect(action).toMatchObject({ viaExtension: true, points: 18, cost: 18, status: 'credited' });

    const mine = await t.call(history.fetchHistoryList, { filter: 'mine', page: 1 }, pro.token);
    expect(mine.body.histories[0]?.action).toMatch(/^You viewed .+ \(by the Pro extension\)$/);
    const theirs = await t.call(history.fetchHistoryList, { filter: 'theirs', page: 1 }, owner.token);
    expect(theirs.body.histories[0]?.action).toMatch(/viewed your IMDb page \(by the Pro extension\)$/);
    const status = await t.call(proExtension.fetchStatus, {}, pro.extension);
    expect(status.body).toMatchObject({ today: { views: 1, points: 18 }, points: 18, actions: 1 });
  });

  it('settles a wrong answer through checkIncorrectAnswer as a person’s (D5.3)', async () => {
    const pro = await pairedPro(t);
    const {
      listings: [listing],
    } = await onlyTheseListings(t, 1, 12);
    await fetchImdb(pro.extension);
    await startAndRead(pro.extension, listing?.id);
    const wrong = await t.call(
      earn.recordCorrectAnswer,
      { listing_id: listing?.id, answer: 40 },
      pro.extension,
    );
    expect(wrong.body).toMatchObject({ status: 'incorrect', points_earned: 0 });
    const checked = await t.call(
      earn.checkIncorrectAnswer,
      { listing_id: listing?.id, answer: 40, category: 'actor' },
      pro.extension,
    );
    expect(checked.body).toMatchObject({ status: 'other', recently_missed: 1 });
  });

  it('hides a listing for its own session only (D4.6)', async () => {
    const pro = await pairedPro(t);
    const {
      listings: [listing],
    } = await onlyTheseListings(t, 1);
    await fetchImdb(pro.extension);
    expect((await t.call(earn.hideListing, { id: listing?.id }, pro.extension)).statusCode).toBe(200);
    expect((await fetchImdb(pro.extension)).body.status).toBe('nolistings');
    expect((await fetchImdb(pro.token)).body.listings.map((l) => l.id)).toEqual([listing?.id]);
  });

  it('does IMDb views only', async () => {
    const pro = await pairedPro(t);
    for (const listingType of ['youtube', 'twitter', 'user'] as const) {
      const res = await t.call(
        earn.fetchListings,
        { listingType, maxItems: 4, user_id: pro.id },
        pro.extension,
      );
      expect(res.statusCode, listingType).toBe(403);
      expect(res.body.message).toBe(EXTENSION_MESSAGES.imdbOnly);
    }
  });
});

describe('fair play holds for the extension as for a person (D11.1)', () => {
  it('refuses an answer sooner than 5 s after Start, and before Start', async () => {
    const pro = await pairedPro(t);
    const {
      listings: [first, second],
    } = await onlyTheseListings(t, 2, 12);
    await fetchImdb(pro.extension);
    const noStart = await t.call(
      earn.recordCorrectAnswer,
      { listing_id: first?.id, answer: 12 },
      pro.extension,
    );
    expect(noStart.statusCode).toBe(400);
    await t.call(earn.startAction, { listing_id: second?.id }, pro.extension);
    t.clock.advance(2 * SECOND);
    const tooSoon = await t.call(
      earn.recordCorrectAnswer,
      { listing_id: second?.id, answer: 12 },
      pro.extension,
    );
    expect(tooSoon.statusCode).toBe(400);
    expect(tooSoon.body.message).toBe(
      'That was quicker than anyone can read the page. Please take a moment and try again.',
    );
    expect(await t.db.select().from(actions).where(eq(actions.earnerId, pro.id))).toEqual([]);
  });

  it('slows an extension sending too fast: the 7th credit in a minute is 429 with the wait', async () => {
    const pro = await pairedPro(t);
    const { listings: made } = await onlyTheseListings(t, 8, 12);
    await fetchImdb(pro.extension);
    for (const listing of made) await startAndRead(pro.extension, listing.id);
    const answers = [];
    for (const listing of made) {
      answers.push(
        await t.call(earn.recordCorrectAnswer, { listing_id: listing.id, answer: 12 }, pro.extension),
      );
    }
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200, 200, 429, 429]);
    expect(answers[6]?.response.headers['retry-after']).toBeDefined();
    expect(await t.db.select().from(actions).where(eq(actions.earnerId, pro.id))).toHaveLength(6);
    // A minute on, the rest are credited: offers stay open 900 s for the extension.
    t.clock.advance(61 * SECOND);
    const later = await t.call(
      earn.recordCorrectAnswer,
      { listing_id: made[6]?.id, answer: 12 },
      pro.extension,
    );
    expect(later.statusCode).toBe(200);
  });

  it('stops at the day’s cap of actions', async () => {
    const pro = await pairedPro(t);
    await onlyTheseListings(t, 1);
    await t.db.insert(dailyActions).values({ userId: pro.id, day: pacificDay(t.clock.now()), actions: 60 });
    expect((await fetchImdb(pro.extension)).body.status).toBe('done');
  });
});

describe('a machine’s reading is no vote (PX5, D5.3)', () => {
  /** An established Pro member whose extension gives `answer` on the listing, as the card would. */
  async function extensionMisses(listingId: number, answer: number) {
    const pro = await pairedPro(t, { imdbAnswers: ESTABLISHED_AFTER_ANSWERS });
    await fetchImdb(pro.extension);
    await startAndRead(pro.extension, listingId);
    await t.call(earn.recordCorrectAnswer, { listing_id: listingId, answer }, pro.extension);
    return t.call(earn.checkIncorrectAnswer, { listing_id: listingId, answer }, pro.extension);
  }

  it('never rewrites a fact, nor witnesses a person’s correction', async () => {
    const {
      listings: [listing],
    } = await onlyTheseListings(t, 1, 12);
    for (let i = 0; i < 3; i += 1) {
      expect((await extensionMisses(listing?.id as number, 0)).body.status).toBe('other');
    }
    const person = await buildMember(t.db, t.clock, { imdbAnswers: ESTABLISHED_AFTER_ANSWERS });
    await fetchImdb(person.token);
    await startAndRead(person.token, listing?.id);
    await t.call(earn.recordCorrectAnswer, { listing_id: listing?.id, answer: 0 }, person.token);
    const checked = await t.call(
      earn.checkIncorrectAnswer,
      { listing_id: listing?.id, answer: 0 },
      person.token,
    );
    expect(checked.body.status).toBe('other');
    const [fact] = await t.db
      .select()
      .from(imdbFacts)
      .where(eq(imdbFacts.pageCode, listing?.externalId as string));
    expect(fact?.value).toBe(12);
  });

  it('never pauses a listing, however many extensions miss it', async () => {
    const {
      listings: [listing],
    } = await onlyTheseListings(t, 1, 12);
    for (let i = 0; i < 6; i += 1) await extensionMisses(listing?.id as number, 100 + i);
    const [row] = await t.db
      .select()
      .from(listings)
      .where(eq(listings.id, listing?.id as number));
    expect(row).toMatchObject({ status: 'active' });
  });
});

describe('the extension and the member’s own tabs keep to their own offers (PX5)', () => {
  it('does not start or answer an offer made to the member’s browser, and the browser not the extension’s', async () => {
    const pro = await pairedPro(t);
    const {
      listings: [listing],
    } = await onlyTheseListings(t, 1, 12);
    await fetchImdb(pro.token);
    const byExtension = await t.call(earn.startAction, { listing_id: listing?.id }, pro.extension);
    expect(byExtension.statusCode).toBe(409);
    await fetchImdb(pro.extension);
    await t.call(earn.startAction, { listing_id: listing?.id }, pro.extension);
    // The member's own tab fetches the same listing meanwhile: the extension's started offer stands.
    await fetchImdb(pro.token);
    t.clock.advance(6 * SECOND);
    const answered = await t.call(
      earn.recordCorrectAnswer,
      { listing_id: listing?.id, answer: 12 },
      pro.extension,
    );
    expect(answered.body.status).toBe('success');
    const [action] = await t.db.select().from(actions).where(eq(actions.earnerId, pro.id));
    expect(action?.viaExtension).toBe(true);
  });

  it('keeps two of the member’s extensions to their own offers too', async () => {
    const pro = await pairedPro(t);
    const second = await t.call(
      proExtension.pair,
      { install_id: `install-${unique()}${unique()}`, version: '1.0.0' },
      pro.token,
    );
    const {
      listings: [listing],
    } = await onlyTheseListings(t, 1, 12);
    await fetchImdb(pro.extension);
    await t.call(earn.startAction, { listing_id: listing?.id }, pro.extension);
    await fetchImdb(second.body.token);
    t.clock.advance(6 * SECOND);
    expect(
      (await t.call(earn.recordCorrectAnswer, { listing_id: listing?.id, answer: 12 }, pro.extension)).body
        .status,
    ).toBe('success');
  });
});

describe('a lapsed Pro member’s extension is refused (D15.1, PX4)', () => {
  it('refuses every earning call with the reason, and credits nothing', async () => {
    const pro = await pairedPro(t);
    const {
      listings: [listing],
    } = await onlyTheseListings(t, 1, 12);
    await fetchImdb(pro.extension);
    await startAndRead(pro.extension, listing?.id);
    await t.db
      .update(users)
      .set({ proExpires: new Date(t.clock.now().getTime() - SECOND) })
      .where(eq(users.id, pro.id));
    for (const [op, input] of [
      [earn.fetchListings, { listingType: 'imdb', maxItems: 5 }],
      [earn.startAction, { listing_id: listing?.id }],
      [earn.recordCorrectAnswer, { listing_id: listing?.id, answer: 12 }],
      [earn.checkIncorrectAnswer, { listing_id: listing?.id, answer: 40 }],
      [earn.hideListing, { id: listing?.id }],
    ] as const) {
      const res = await t.call(op, input, pro.extension);
      expect(res.statusCode, op.path).toBe(403);
      expect(res.body).toMatchObject({
        status: 'error',
        message: EXTENSION_MESSAGES.proEnded,
        extra: 'not_pro',
      });
    }
    expect(await t.db.select().from(actions).where(eq(actions.earnerId, pro.id))).toEqual([]);
  });

  it('refuses the extension of a member who became Managed Rank', async () => {
    const pro = await pairedPro(t);
    await t.db.insert(subscriptions).values({
      userId: pro.id,
      level: 'managed',
      provider: 'admin',
      status: 'active',
      currentPeriodEnd: new Date(t.clock.now().getTime() + 30 * 86_400_000),
      createdAt: t.clock.now(),
    });
    const res = await fetchImdb(pro.extension);
    expect(res.statusCode).toBe(403);
    expect(res.body.message).toBe(EXTENSION_MESSAGES.managed);
  });
});

describe('the member’s IMDb tab while the extension runs (PX6)', () => {
  it('shows the extension’s day in place of listings, and the listings again once it pauses or goes quiet', async () => {
    const pro = await pairedPro(t);
    const {
      listings: [listing],
    } = await onlyTheseListings(t, 1, 12);
    await t.call(proExtension.reportState, { state: 'running', version: '1.0.0' }, pro.extension);
    await fetchImdb(pro.extension);
    await startAndRead(pro.extension, listing?.id);
    await t.call(earn.recordCorrectAnswer, { listing_id: listing?.id, answer: 12 }, pro.extension);

    const tab = await fetchImdb(pro.token);
    expect(tab.body).toMatchObject({
      status: 'success',
      oeb: true,
      listings: [],
      extension: { views: 1, points: 18 },
    });
    expect(
      await t.db
        .select()
        .from(offers)
        .where(and(eq(offers.earnerId, pro.id), eq(offers.viaExtension, false))),
    ).toEqual([]);
    // Other tabs are the member's own.
    const youtube = await t.call(earn.fetchListings, { listingType: 'youtube', maxItems: 4 }, pro.token);
    expect(youtube.body.oeb).toBe(false);

    t.clock.advance((PRO_EXTENSION.runningWithinSeconds + 1) * SECOND);
    const quiet = await fetchImdb(pro.token);
    expect(quiet.body).toMatchObject({ oeb: false, extension: null });

    await t.call(proExtension.reportState, { state: 'running', version: '1.0.0' }, pro.extension);
    expect((await fetchImdb(pro.token)).body.oeb).toBe(true);
    await t.call(proExtension.reportState, { state: 'paused', version: '1.0.0' }, pro.extension);
    expect((await fetchImdb(pro.token)).body.oeb).toBe(false);
  });

  it('is the member’s own: another Pro member’s running extension changes nothing for them', async () => {
    const pro = await pairedPro(t);
    const other = await pairedPro(t);
    await onlyTheseListings(t, 1);
    await t.call(proExtension.reportState, { state: 'running', version: '1.0.0' }, other.extension);
    expect((await fetchImdb(pro.token)).body.oeb).toBe(false);
  });
});
