import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { earn, listings as contract } from '@marquee/contract';
import { useTestApp } from '../../../test/test-app.js';
import { buildMember, linkAccount, unique } from '../../../test/factories.js';
import { generatedImdbPage, generatedVideo } from '../../simulated/generated.js';
import { imdbFacts } from '../earn/earn.tables.js';
import { LISTING_ERRORS } from './listings.policy.js';

/** Offline (PLATFORM_MODE=simulated), members list pages the catalogue never held (rule P1). */
const t = useTestApp();
const { addListing, LISTING_MESSAGES } = contract;

const freshCode = (prefix: 'nm' | 'tt') =>
  `${prefix}${String(parseInt(unique(), 16) % 90_000_000).padStart(8, '2')}`;

describe('Add Listing of pages outside the simulated catalogue (rule P1)', () => {
  it('adds an unseen IMDb name page with the facts the reader read, and another member earns on it', async () => {
    const owner = await buildMember(t.db, t.clock, { points: 500 });
    const nm = freshCode('nm');
    const page = generatedImdbPage(nm);
    const res = await t.call(
      addListing['imdb-view'],
      { url: `https://www.imdb.com/name/${nm}/`, pointSetting: 18 },
      owner.token,
    );
    expect(res.statusCode).toBe(200);
    expect(res.body.message).toBe(LISTING_MESSAGES.added);
    expect(res.body.listing).toMatchObject({ name: page?.name, url: `https://www.imdb.com/name/${nm}/` });
    const facts = await t.db.select().from(imdbFacts).where(eq(imdbFacts.pageCode, nm));
    expect(facts.every((f) => f.source === 'reader')).toBe(true);
    expect(Object.fromEntries(facts.map((f) => [f.question, f.value]))).toEqual({
      ...Object.fromEntries(Object.entries(page?.credits ?? {}).map(([k, v]) => [`credits:${k}`, v])),
      starmeter: page?.starmeter,
    });
    const mine = await t.call(contract.fetchMyListings, {}, owner.token);
    expect(JSON.stringify(mine.body)).toContain(nm);

    const earner = await buildMember(t.db, t.clock);
    const offered = await t.call(
      earn.fetchListings,
      { listingType: 'user', user_id: owner.id, maxItems: 10 },
      earner.token,
    );
    const listing = offered.body.listings[0];
    expect(listing?.question).toMatch(/^How many .+ credits does this page list\?$/);
    await t.call(earn.startAction, { listing_id: listing?.id }, earner.token);
    t.clock.advance(10_000);
    // The earner reads the figure off the simulated page, as a person would.
    const shown = await t.app.inject({ method: 'GET', url: `/sim/imdb/name/${nm}/` });
    const category = /How many (.+) credits/.exec(listing?.question ?? '')?.[1] ?? '';
    const figure = new RegExp(`>${category}</h3>\\s*</li>\\s*<li[^>]*>([\\d,]+)<`).exec(shown.body)?.[1];
    expect(figure).toBeDefined();
    const answer = await t.call(
      earn.recordCorrectAnswer,
      { listing_id: listing?.id, answer: figure },
      earner.token,
    );
    expect(answer.body).toMatchObject({ status: 'success', points_earned: 18 });
  });

  it('adds an unseen IMDb title page, and an unseen X handle and YouTube video', async () => {
    const me = await buildMember(t.db, t.clock, { membership: 'premium' });
    const tt = freshCode('tt');
    const title = await t.call(
      addListing['imdb-view'],
      { url: `imdb.com/title/${tt}/`, pointSetting: 14 },
      me.token,
    );
    expect(title.body.listing).toMatchObject({ name: generatedImdbPage(tt)?.name, page_category: 4 });
    const [runtime] = await t.db.select().from(imdbFacts).where(eq(imdbFacts.pageCode, tt));
    expect(runtime).toMatchObject({ question: 'runtime', value: generatedImdbPage(tt)?.runtimeMinutes ?? 0 });

    const handle = `maya_films${parseInt(unique(), 16) % 10_000}`;
    const x = await t.call(
      addListing['twitter-follow'],
      { url: `https://x.com/${handle}`, pointSetting: 15 },
      me.token,
    );
    expect(x.statusCode).toBe(200);
    expect(x.body.listing).toMatchObject({
      name: 'Maya Films',
      url: `https://x.com/${handle}`,
      external_profile: `/sim/assets/avatars/${handle}.svg`,
    });
    const id = `Yt${unique()}-`;
    const video = await t.call(
      addListing['youtube-view'],
      { url: `https://youtu.be/${id}`, pointSetting: 15 },
      me.token,
    );
    expect(video.statusCode).toBe(200);
    expect(video.body.listing).toMatchObject({ name: generatedVideo(id)?.title });
  });

  it('credits a follow of an unseen X handle made on the simulated X', async () => {
    const owner = await buildMember(t.db, t.clock, { membership: 'premium', points: 200 });
    const handle = `crew_${unique()}`;
    const added = await t.call(
      addListing['twitter-follow'],
      { url: `x.com/${handle}`, pointSetting: 15 },
      owner.token,
    );
    const listingId = added.body.listing.id;
    const earner = await buildMember(t.db, t.clock);
    const fan = `fan${earner.id}`;
    await linkAccount(t.db, t.clock, earner.id, 'twitter', fan);
    await t.call(earn.fetchListings, { listingType: 'user', user_id: owner.id, maxItems: 10 }, earner.token);
    await t.call(earn.startAction, { listing_id: listingId }, earner.token);
    const follow = await t.app.inject({
      method: 'POST',
      url: `/sim/x/${handle}/follow`,
      headers: { cookie: `sim_twitter=${fan}` },
    });
    expect(follow.statusCode).toBe(303);
    t.clock.advance(4000);
    const res = await t.call(earn.confirmAction['twitter-follow'], { listing_id: listingId }, earner.token);
    expect(res.body).toMatchObject({ status: 'success', points_earned: 15 });
    const { verifier } = t.app.deps.integrations;
    expect(await verifier.hasActed('twitter', { handle: fan, accessToken: null }, handle)).toBe(true);
  });

  it('names what a good address looks like when the id is one no site could have', async () => {
    const me = await buildMember(t.db, t.clock, { membership: 'premium' });
    const cases = [
      ['imdb-view', 'https://www.imdb.com/name/nm123456/'],
      ['imdb-view', 'https://www.imdb.com/profile/nm1234567/'],
      ['twitter-follow', 'https://x.com/has.a.dot'],
      ['youtube-view', 'https://www.youtube.com/watch?v=twelve_chars'],
    ] as const;
    for (const [type, url] of cases) {
      const res = await t.call(addListing[type], { url, pointSetting: 15 }, me.token);
      expect(res.statusCode, url).toBe(400);
      expect(res.body.message, url).toBe(LISTING_ERRORS.badUrl[type]);
    }
    expect(LISTING_ERRORS.badUrl['imdb-view']).toContain('https://www.imdb.com/name/nm');
  });
});
