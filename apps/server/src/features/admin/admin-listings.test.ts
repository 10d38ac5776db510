import { describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { admin, adminListings as contract } from '@marquee/contract';
import { useTestApp } from '../../../test/test-app.js';
import { buildListing, buildMember, setImdbFact, setStatus } from '../../../test/factories.js';
import { DAY_MS, HOUR_MS, pacificDay } from '../../platform/time.js';
import { listings } from '../listings/listings.tables.js';
import { answerMisses, imdbFacts } from '../earn/earn.tables.js';
import { alerts } from '../alerts/alerts.tables.js';
import { recordAction } from './admin.test-support.js';

// The queues hold every member's listings: a database of this file's own.
const t = useTestApp({ ownDatabase: true });

const staff = () => buildMember(t.db, t.clock, { role: 'admin' });

async function listingRow(id: number) {
  const [row] = await t.db.select().from(listings).where(eq(listings.id, id));
  return row!;
}

const alertsOf = (userId: number) =>
  t.db.select().from(alerts).where(eq(alerts.userId, userId)).orderBy(desc(alerts.id));

/** Credited actions on a listing at an instant (what the weekly counts read). */
async function actOn(
  listing: { id: number; userId: number; type: string; platform: string },
  at: Date,
  n = 1,
) {
  for (let i = 0; i < n; i++)
    await recordAction(t, { listing, earnerId: (await buildMember(t.db, t.clock)).id, at });
}

/** An IMDb listing disabled for a credit update (D5.3) after members gave these wrong answers. */
async function disabledListing(answers: number[]) {
  const owner = await buildMember(t.db, t.clock);
  const listing = await buildListing(t.db, t.clock, owner.id, {
    status: 'disabled',
    statusReason: 'credit_update',
  });
  await setImdbFact(t.db, t.clock, listing.externalId, 'credits:actor', 12);
  for (const answer of answers) {
    const earner = await buildMember(t.db, t.clock);
    await t.db.insert(answerMisses).values({
      listingId: listing.id,
      earnerId: earner.id,
      question: 'credits:actor',
      answer,
      createdAt: t.clock.now(),
    });
  }
  return { owner, listing };
}

/** A Facebook page waiting for review, as the Add Listing modal leaves it. */
async function pendingPage() {
  const owner = await buildMember(t.db, t.clock, { membership: 'premium' });
  const listing = await buildListing(t.db, t.clock, owner.id, {
    type: 'facebook-like',
    status: 'pending',
    statusReason: 'page_review',
    give: 15,
  });
  return { owner, listing };
}

describe('admin/fetchUserListings (spec 4 §3 Admin listing, AL1)', () => {
  it('gives each listing with its answer, limits, badge and this and last week’s actions; not deleted ones', async () => {
    const boss = await staff();
    const m = await buildMember(t.db, t.clock, { points: 700 });
    const imdb = await buildListing(t.db, t.clock, m.id, {
      rlSelection: 50,
      sponsorBought: 10,
      sponsorUsed: 3,
    });
    await setImdbFact(t.db, t.clock, imdb.externalId, 'credits:actor', 42);
    const video = await buildListing(t.db, t.clock, m.id, {
      type: 'youtube-view',
      rlSelection: 99,
      give: 10,
    });
    await buildListing(t.db, t.clock, m.id, { type: 'twitter-follow', status: 'deleted' });
    const now = t.clock.now();
    await actOn(imdb, now, 2);
    await actOn(imdb, new Date(now.getTime() - 7 * DAY_MS));
    await t.db
      .update(listings)
      .set({ actedOn: pacificDay(now), actedCount: 2 })
      .where(eq(listings.id, imdb.id));

    const { statusCode, body } = await t.call(contract.fetchUserListings, { id: m.id }, boss.token);
    expect(statusCode).toBe(200);
    expect(body.listings.map((l) => l.id)).toEqual([video.id, imdb.id]);
    expect(body.listings[1]).toMatchObject({
      type: 'imdb-view',
      platform: 'imdb',
      status: 'active',
      listing_status: 'Active',
      listing_badge: 'Sponsored',
      imdb_credit_counts: 42,
      question: 'How many Actor credits does this page list?',
      sponsor_bought: 10,
      sponsor_used: 3,
      rl_now: 48,
      acted_today: 2,
      acted_this_week: 2,
      acted_last_week: 1,
      page_category: 3,
    });
    // Automatic: 700 points at 10 a view spread over 7 days.
    expect(body.listings[0]).toMatchObject({
      rl_daily: 'Automatic (10 a day)',
      rl_now: 10,
      imdb_credit_counts: null,
    });
  });

  it('answers 404 for no such member and not_admin to members', async () => {
    const boss = await staff();
    const m = await buildMember(t.db, t.clock);
    expect((await t.call(contract.fetchUserListings, { id: 2_000_000_000 }, boss.token)).statusCode).toBe(
      404,
    );
    expect((await t.call(contract.fetchUserListings, { id: m.id }, m.token)).body.extra).toBe('not_admin');
    expect((await t.call(contract.fetchUserListings, { id: m.id })).statusCode).toBe(401);
  });
});

describe('admin/updateUserListing (AL2)', () => {
  it('changes name, address, points and status with the audit; a waiting point change is dropped', async () => {
    const boss = await staff();
    const m = await buildMember(t.db, t.clock);
    const listing = await buildListing(t.db, t.clock, m.id, {
      changingTo: 12,
      changeAt: new Date(t.clock.now().getTime() + 60_000),
    });
    const answer = await t.call(
      contract.updateUserListing,
      { id: listing.id, name: 'A better name', give: 15, status: 'paused' },
      boss.token,
    );
    expect(answer.statusCode, answer.body.message).toBe(200);
    expect(answer.body.listing).toMatchObject({ name: 'A better name', give: 15, status: 'paused' });
    expect(await listingRow(listing.id)).toMatchObject({ changingTo: null, statusReason: 'staff' });
    const [entry] = (await t.call(admin.fetchAuditLog, {}, boss.token)).body.entries;
    expect(entry).toMatchObject({
      action: 'listing.update',
      user_id: m.id,
      before: { name: listing.name, give: 18, status: 'active' },
      after: { name: 'A better name', give: 15, status: 'paused' },
    });
    const active = await t.call(contract.updateUserListing, { id: listing.id, status: 'active' }, boss.token);
    expect(active.body.listing.status).toBe('active');
    expect((await listingRow(listing.id)).statusReason).toBeNull();
  });

  it('setting the true answer of a disabled listing keeps it as the fact and offers the listing again (D5.4)', async () => {
    const boss = await staff();
    const { owner, listing } = await disabledListing([30, 30, 31, 30, 29]);
    const answer = await t.call(
      contract.updateUserListing,
      { id: listing.id, imdb_credit_counts: 30 },
      boss.token,
    );
    expect(answer.body.message).toBe('The answer was saved and the listing is offered to members again.');
    expect(answer.body.listing).toMatchObject({ status: 'active', imdb_credit_counts: 30 });
    const [fact] = await t.db
      .select()
      .from(imdbFacts)
      .where(and(eq(imdbFacts.pageCode, listing.externalId), eq(imdbFacts.question, 'credits:actor')));
    expect(fact).toMatchObject({ value: 30, source: 'admin' });
    expect((await alertsOf(owner.id))[0]).toMatchObject({ kind: 'listing_enabled', link: '/dashboard/imdb' });
    const audit = (await t.call(admin.fetchAuditLog, {}, boss.token)).body.entries[0];
    expect(audit).toMatchObject({
      before: { status: 'disabled', answer: 12 },
      after: { status: 'active', answer: 30 },
    });
    // Off the credit-update list now.
    const queue = (await t.call(contract.fetchCreditUpdateListings, {}, boss.token)).body.listings;
    expect(queue.map((l) => l.id)).not.toContain(listing.id);
  });

  it('refuses nothing to change, an answer for other platforms, pending pages, deleted listings and bad values', async () => {
    const boss = await staff();
    const m = await buildMember(t.db, t.clock);
    const video = await buildListing(t.db, t.clock, m.id, { type: 'youtube-view' });
    const gone = await buildListing(t.db, t.clock, m.id, { status: 'deleted' });
    const { listing: pending } = await pendingPage();
    const refusals: [Record<string, unknown>, number, string | RegExp][] = [
      [{ id: video.id }, 400, contract.NOTHING_TO_CHANGE],
      [{ id: video.id, imdb_credit_counts: 5 }, 400, contract.NOT_IMDB],
      [{ id: pending.id, status: 'active' }, 409, contract.PENDING_REVIEW_FIRST],
      [{ id: gone.id, name: 'Back' }, 404, contract.NO_SUCH_LISTING],
      [{ id: video.id, status: 'deleted' }, 400, 'Please choose active, paused, disabled or invalid.'],
      [{ id: video.id, give: 101 }, 400, /^Please give the points/],
      [
        { id: video.id, url: 'javascript:alert(1)' },
        400,
        'Please give a web address starting with https://.',
      ],
      [{ id: video.id, name: '  ' }, 400, "Please give the listing's name."],
      [{ id: video.id, imdb_credit_counts: -1 }, 400, /^Please give the true answer/],
    ];
    for (const [input, code, message] of refusals) {
      const answer = await t.call(contract.updateUserListing, input, boss.token);
      expect(answer.statusCode, JSON.stringify(input)).toBe(code);
      expect(answer.body.message).toMatch(message);
    }
    expect(await listingRow(video.id)).toEqual(video);
    expect((await t.call(contract.updateUserListing, { id: video.id, name: 'x' }, m.token)).body.extra).toBe(
      'not_admin',
    );
  });
});

describe('admin/fetchViewsHistory (spec 4 §3 views history, AL3)', () => {
  it('counts the IMDb views the member’s pages received per Pacific week, newest first, with the change', async () => {
    const boss = await staff();
    const m = await buildMember(t.db, t.clock);
    const page = await buildListing(t.db, t.clock, m.id);
    const video = await buildListing(t.db, t.clock, m.id, { type: 'youtube-view' });
    const now = t.clock.now();
    await actOn(page, now, 3);
    await actOn(page, new Date(now.getTime() - 7 * DAY_MS), 5);
    await actOn(video, now, 2);
    const { body } = await t.call(contract.fetchViewsHistory, { id: m.id }, boss.token);
    expect(body.weeks).toHaveLength(contract.VIEWS_HISTORY_WEEKS);
    const sunday = (d: Date) => {
      const day = pacificDay(d);
      const since = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
      return new Date(Date.parse(`${day}T00:00:00Z`) + (6 - since) * DAY_MS).toISOString().slice(0, 10);
    };
    expect(body.weeks[0]).toEqual({ weekEnding: sunday(now), views: 3, change: -2 });
    expect(body.weeks[1]).toEqual({
      weekEnding: sunday(new Date(now.getTime() - 7 * DAY_MS)),
      views: 5,
      change: 5,
    });
    expect(body.weeks[2]).toMatchObject({ views: 0, change: 0 });
  });
});

describe('admin/fetchCreditUpdateListings (D5.3, AL4)', () => {
  it('lists listings disabled by misses with the answers given, most given first, and the count', async () => {
    const boss = await staff();
    const before = (await t.call(contract.fetchCreditUpdateListings, {}, boss.token)).body.count;
    const { listing, owner } = await disabledListing([31, 30, 31, 31, 29]);
    const { body } = await t.call(contract.fetchCreditUpdateListings, {}, boss.token);
    expect(body.count).toBe(before + 1);
    const ours = body.listings.find((l) => l.id === listing.id)!;
    expect(ours).toMatchObject({
      user_id: owner.id,
      first: 'Test',
      name: listing.name,
      question: 'How many Actor credits does this page list?',
      stored: 12,
    });
    expect(ours.answers.map((a) => [a.answer, a.count])).toEqual([
      [31, 3],
      // Given as often and as lately: the smaller first.
      [29, 1],
      [30, 1],
    ]);
    // A week on, the old answers are no longer shown.
    t.clock.advance(8 * DAY_MS);
    const later = await t.call(contract.fetchCreditUpdateListings, {}, (await staff()).token);
    expect(later.body.listings.find((l) => l.id === listing.id)?.answers).toEqual([]);
  });

  it('leaves out listings of deactivated members, and is for staff only', async () => {
    const boss = await staff();
    const { listing, owner } = await disabledListing([1]);
    await setStatus(t.db, owner.id, 'deactivated');
    const { body } = await t.call(contract.fetchCreditUpdateListings, {}, boss.token);
    expect(body.listings.map((l) => l.id)).not.toContain(listing.id);
    const member = await buildMember(t.db, t.clock);
    expect((await t.call(contract.fetchCreditUpdateListings, {}, member.token)).body.extra).toBe('not_admin');
  });
});

describe('Facebook pages waiting for review (spec 4 §7, AL5, AL6)', () => {
  it('lists pending pages; approving sets the page id and details, offers it and tells the owner', async () => {
    const boss = await staff();
    const { owner, listing } = await pendingPage();
    const pending = (await t.call(contract.fetchPendingFB, {}, boss.token)).body;
    const ours = pending.pages.find((p) => p.fb_id === listing.id)!;
    expect(ours).toMatchObject({
      user_id: owner.id,
      point_setting: 15,
      page_id: listing.externalId,
      name: listing.name,
    });
    expect(pending.count).toBeGreaterThanOrEqual(1);

    const approved = await t.call(
      contract.submitFBPage,
      {
        fb_id: listing.id,
        pageId: 'castingcallpage',
        user_id: owner.id,
        user_first: 'Test',
        user_last: 'Member',
        point_setting: 20,
        title: 'Casting Call Page',
        url: 'https://www.facebook.com/castingcallpage',
        about: 'Auditions in Los Angeles',
        pageCat: 9,
      },
      boss.token,
    );
    expect(approved.body).toEqual({
      status: 'success',
      message: '"Casting Call Page" is now offered to members.',
    });
    expect(await listingRow(listing.id)).toMatchObject({
      status: 'active',
      statusReason: null,
      externalId: 'castingcallpage',
      name: 'Casting Call Page',
      give: 20,
      pageCategory: 9,
      externalDescription: 'Auditions in Los Angeles',
    });
    expect((await alertsOf(owner.id))[0]).toMatchObject({ kind: 'fb_page_approved' });
    const again = (await t.call(contract.fetchPendingFB, {}, boss.token)).body.pages;
    expect(again.map((p) => p.fb_id)).not.toContain(listing.id);
    const twice = await t.call(
      contract.submitFBPage,
      {
        fb_id: listing.id,
        pageId: 'x',
        point_setting: 5,
        title: 'X',
        url: 'https://facebook.com/x',
        about: '',
      },
      boss.token,
    );
    expect(twice.statusCode).toBe(409);
    expect(twice.body.message).toBe(contract.NOT_PENDING);
  });

  it('turning a page down tells its owner why and offers it to nobody', async () => {
    const boss = await staff();
    const { owner, listing } = await pendingPage();
    const answer = await t.call(
      contract.rejectFBPage,
      { fb_id: listing.id, reason: 'This is a personal profile, not a page.' },
      boss.token,
    );
    expect(answer.body.status).toBe('success');
    expect(await listingRow(listing.id)).toMatchObject({ status: 'invalid', statusReason: 'page_rejected' });
    expect((await alertsOf(owner.id))[0]?.content).toBe(
      `Your Facebook page "${listing.name}" was not accepted: This is a personal profile, not a page.`,
    );
    const audit = (await t.call(admin.fetchAuditLog, {}, boss.token)).body.entries[0];
    expect(audit).toMatchObject({
      action: 'facebook.reject',
      reason: 'This is a personal profile, not a page.',
    });
  });

  it('refuses bad ids, categories and addresses, changing nothing; members get not_admin', async () => {
    const boss = await staff();
    const { owner, listing } = await pendingPage();
    const good = {
      fb_id: listing.id,
      pageId: 'somepage',
      point_setting: 10,
      title: 'Some Page',
      url: 'https://www.facebook.com/somepage',
      about: '',
      pageCat: 5,
    };
    const refusals: [Record<string, unknown>, RegExp][] = [
      [{ ...good, pageCat: 3 }, /^Please choose a page category/],
      [{ ...good, pageId: 'has space' }, /^The page's id is its number or name/],
      [{ ...good, url: 'https://example.com/somepage' }, /facebook\.com address/],
      [{ ...good, title: '' }, /^Please give the page's title/],
      [{ ...good, point_setting: -5 }, /^Please give the points/],
    ];
    for (const [input, message] of refusals) {
      const answer = await t.call(contract.submitFBPage, input, boss.token);
      expect(answer.statusCode).toBe(400);
      expect(answer.body.message).toMatch(message);
    }
    expect(await listingRow(listing.id)).toEqual(listing);
    expect((await t.call(contract.submitFBPage, good, owner.token)).body.extra).toBe('not_admin');
    expect(
      (await t.call(contract.rejectFBPage, { fb_id: listing.id, reason: 'Not a page' }, owner.token)).body
        .extra,
    ).toBe('not_admin');
    expect(
      (await t.call(contract.submitFBPage, { ...good, fb_id: 2_000_000_000 }, boss.token)).statusCode,
    ).toBe(404);
  });

  it('two staff reviewing one page at once: one decision stands', async () => {
    const [a, b] = [await staff(), await staff()];
    const { owner, listing } = await pendingPage();
    const answers = await Promise.all([
      t.call(
        contract.submitFBPage,
        {
          fb_id: listing.id,
          pageId: 'p1',
          point_setting: 10,
          title: 'One',
          url: 'https://facebook.com/p1',
          about: '',
        },
        a.token,
      ),
      t.call(contract.rejectFBPage, { fb_id: listing.id, reason: 'Not a real page.' }, b.token),
      t.call(
        contract.submitFBPage,
        {
          fb_id: listing.id,
          pageId: 'p2',
          point_setting: 10,
          title: 'Two',
          url: 'https://facebook.com/p2',
          about: '',
        },
        b.token,
      ),
    ]);
    expect(answers.filter((x) => x.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((x) => x.statusCode === 409)).toHaveLength(2);
    expect((await alertsOf(owner.id)).filter((x) => x.kind.startsWith('fb_page_'))).toHaveLength(1);
    t.clock.advance(HOUR_MS);
  });
});
