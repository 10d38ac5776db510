import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { earn, listings as contract } from '@marquee/contract';
import { useTestApp } from '../../../test/test-app.js';
import { buildMember, unique } from '../../../test/factories.js';
import { switchableImdb } from '../../../test/integrations.js';
import { addSimImdbPage, addSimProfile, addSimVideo } from '../../simulated/catalogue.js';
import { imdbFacts } from '../earn/earn.tables.js';
import { listings } from './listings.tables.js';

/** The simulated platforms (D9.2), with a switch that makes IMDb unreachable. */
const imdb = switchableImdb();
const t = useTestApp({ integrations: imdb.integrations });

const { addListing, addFacebookPage, LISTING_MESSAGES, FREE_ONE_PER_TYPE } = contract;

const code = (prefix: 'nm' | 'tt') => `${prefix}${1_000_000 + Math.floor(Math.random() * 8_999_999)}`;

/** A simulated IMDb person page with credits in two categories; answers its code. */
async function personPage(credits: Record<string, number> = { actor: 12, director: 30 }) {
  const nm = code('nm');
  await addSimImdbPage(t.db, { code: nm, name: 'Maya Fernandez', credits, starmeter: 4321 }, t.clock.now());
  return nm;
}

async function titlePage(runtimeMinutes: number | null = 97) {
  const tt = code('tt');
  await addSimImdbPage(t.db, { code: tt, name: 'Night Shift', runtimeMinutes }, t.clock.now());
  return tt;
}

async function xProfile() {
  const handle = `Film_${unique()}`;
  await addSimProfile(t.db, { platform: 'twitter', handle, displayName: 'Film Crew' });
  return handle;
}

async function video() {
  const id = `v${unique()}ab`;
  await addSimVideo(t.db, { id, title: 'Showreel 2026', channel: 'Maya F', durationSeconds: 125 });
  return id;
}

const storedOf = (ownerId: number) =>
  t.db.select().from(listings).where(eq(listings.userId, ownerId)).orderBy(listings.id);

describe('myListings/addListing (spec 2 §5)', () => {
  it('adds an IMDb person page read through the page reader, active at once and offered to others', async () => {
    const me = await buildMember(t.db, t.clock, { points: 500 });
    const nm = await personPage();
    const res = await t.call(
      addListing['imdb-view'],
      { url: `imdb.com/name/${nm}/?ref_=x`, pointSetting: 18 },
      me.token,
    );
    expect(res.statusCode).toBe(200);
    expect(res.body.message).toBe(LISTING_MESSAGES.added);
    expect(res.body.listing).toMatchObject({
      name: 'Maya Fernandez',
      type: 'imdb-view',
      platform: 'imdb',
      url: `https://www.imdb.com/name/${nm}/`,
      external_profile: '/sim/assets/portrait.svg',
      give: 18,
      rl_selection: 500,
      distributed: 1,
      page_category: 3,
      giveProViewOption: 'yes',
      allow_pro_views: 'no',
      canDelete: false,
      listing_status: 'Active',
      changing_to: null,
    });
    const [stored] = await storedOf(me.id);
    // D5.2: a person page asks about its biggest credit category.
    expect(stored).toMatchObject({ imdbType: 'person', testCat: 'director', nmCode: nm, externalId: nm });
    // D5.4: the facts the questions need come from the page just read.
    const facts = await t.db.select().from(imdbFacts).where(eq(imdbFacts.pageCode, nm));
    expect(Object.fromEntries(facts.map((f) => [f.question, [f.value, f.source]]))).toEqual({
      'credits:actor': [12, 'reader'],
      'credits:director': [30, 'reader'],
      starmeter: [4321, 'reader'],
    });
    const other = await buildMember(t.db, t.clock);
    const offered = await t.call(earn.fetchListings, { listingType: 'user', user_id: me.id }, other.token);
    expect(offered.body.listings.map((l) => l.id)).toEqual([stored?.id]);
    expect(offered.body.listings[0]?.question).toBe('How many Director credits does this page list?');
  });

  it('adds an IMDb title page as page_category 4, also from the simulated page’s own address', async () => {
    const me = await buildMember(t.db, t.clock, { membership: 'premium' });
    const tt = await titlePage(null);
    const res = await t.call(
      addListing['imdb-view'],
      { url: `http://127.0.0.1:3000/sim/imdb/title/${tt}/`, pointSetting: 14 },
      me.token,
    );
    expect(res.statusCode).toBe(200);
    expect(res.body.listing).toMatchObject({
      name: 'Night Shift',
      url: `https://www.imdb.com/title/${tt}/`,
      page_category: 4,
      giveProViewOption: 'no',
      canDelete: true,
      give: 14,
    });
    // A title without a runtime asks for 0 (D5.2).
    const [fact] = await t.db
      .select()
      .from(imdbFacts)
      .where(and(eq(imdbFacts.pageCode, tt), eq(imdbFacts.question, 'runtime')));
    expect(fact?.value).toBe(0);
  });

  it('adds an X profile by its handle however the address is written, and a YouTube video', async () => {
    const me = await buildMember(t.db, t.clock);
    const handle = await xProfile();
    const x = await t.call(
      addListing['twitter-follow'],
      { url: `https://twitter.com/@${handle.toLowerCase()}?s=20`, pointSetting: 15 },
      me.token,
    );
    expect(x.statusCode).toBe(200);
    expect(x.body.listing).toMatchObject({
      name: 'Film Crew',
      url: `https://x.com/${handle}`,
      external_description: `@${handle} on X`,
      external_profile: '/sim/assets/avatar.svg',
      page_category: null,
      vp_disabled: false,
      give: 15,
    });
    const id = await video();
    const yt = await t.call(addListing['youtube-view'], { url: `https://youtu.be/${id}` }, me.token);
    expect(yt.statusCode).toBe(200);
    expect(yt.body.listing).toMatchObject({
      name: 'Showreel 2026',
      url: `https://www.youtube.com/watch?v=${id}`,
      external_description: 'Maya F · 2:05',
      // Spec 2 §5: 18 when no point setting is sent.
      give: 18,
      vp_disabled: true,
    });
    expect((await storedOf(me.id)).map((l) => l.externalId)).toEqual([handle, id]);
  });

  it('lets a free member have one listing of each type, with the spec’s words; premium more', async () => {
    const free = await buildMember(t.db, t.clock);
    await t.call(
      addListing['imdb-view'],
      { url: `https://www.imdb.com/name/${await personPage()}/` },
      free.token,
    );
    const second = await t.call(
      addListing['imdb-view'],
      { url: `https://www.imdb.com/title/${await titlePage()}/` },
      free.token,
    );
    expect(second.statusCode).toBe(409);
    expect(second.body).toMatchObject({ status: 'error', message: FREE_ONE_PER_TYPE, extra: 'free_limit' });
    expect(await storedOf(free.id)).toHaveLength(1);

    const premium = await buildMember(t.db, t.clock, { membership: 'premium' });
    for (const url of [
      `https://www.imdb.com/name/${await personPage()}/`,
      `https://www.imdb.com/title/${await titlePage()}/`,
    ]) {
      expect((await t.call(addListing['imdb-view'], { url }, premium.token)).statusCode).toBe(200);
    }
    const mine = await t.call(contract.fetchMyListings, {}, premium.token);
    expect(mine.body.hasTypes).toEqual(['imdb-view']);
  });

  it('refuses the same page twice for one member, however it is written; another member may list it', async () => {
    const me = await buildMember(t.db, t.clock, { membership: 'pro' });
    const handle = await xProfile();
    expect(
      (await t.call(addListing['twitter-follow'], { url: `x.com/${handle}` }, me.token)).statusCode,
    ).toBe(200);
    const again = await t.call(
      addListing['twitter-follow'],
      { url: `https://mobile.twitter.com/${handle.toUpperCase()}` },
      me.token,
    );
    expect(again.statusCode).toBe(409);
    expect(again.body.message).toBe('You already have a listing for this page.');
    const other = await buildMember(t.db, t.clock);
    expect(
      (await t.call(addListing['twitter-follow'], { url: `x.com/${handle}` }, other.token)).statusCode,
    ).toBe(200);
  });

  it('refuses an address of another site or page kind with a message for the form, storing nothing', async () => {
    const me = await buildMember(t.db, t.clock, { membership: 'premium' });
    const cases: [contract.NewListingType, string, string][] = [
      ['imdb-view', 'https://x.com/someone', 'an IMDb name or title page'],
      ['imdb-view', 'https://www.imdb.com/list/ls0123456/', 'an IMDb name or title page'],
      ['twitter-follow', 'https://www.imdb.com/name/nm0000001/', 'a Twitter profile'],
      ['youtube-view', 'https://www.youtube.com/@channel', 'a YouTube video'],
    ];
    for (const [type, url, words] of cases) {
      const res = await t.call(addListing[type], { url }, me.token);
      expect(res.statusCode, `${type} ${url}`).toBe(400);
      expect(res.body.message).toContain(words);
    }
    const short = await t.call(addListing['imdb-view'], { url: 'nm12' }, me.token);
    expect(short.statusCode).toBe(400);
    expect(short.body.message).toBe('Please paste the address of the page.');
    expect(await storedOf(me.id)).toHaveLength(0);
  });

  it('offers the point choices of spec 2 §5 per type and membership', async () => {
    const free = await buildMember(t.db, t.clock);
    const low = await t.call(
      addListing['imdb-view'],
      { url: `https://www.imdb.com/name/${await personPage()}/`, pointSetting: 12 },
      free.token,
    );
    expect(low.statusCode).toBe(400);
    expect(low.body.message).toBe('Please choose one of your point settings: 0, 18.');
    const odd = await t.call(
      addListing['youtube-view'],
      { url: `youtu.be/${await video()}`, pointSetting: 11 },
      free.token,
    );
    expect(odd.body.message).toBe(
      'Please choose one of your point settings: 0, 5, 10, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25.',
    );
    const zero = await t.call(
      addListing['youtube-view'],
      { url: `youtu.be/${await video()}`, pointSetting: 0 },
      free.token,
    );
    expect(zero.body.listing).toMatchObject({ give: 0, listing_status: 'Off (0 points)' });

    // Spec 2 §6: managed members give 0 only.
    const managed = await buildMember(t.db, t.clock, { membership: 'managed' });
    const url = `https://www.imdb.com/name/${await personPage()}/`;
    const refused = await t.call(addListing['imdb-view'], { url }, managed.token);
    expect(refused.statusCode).toBe(400);
    expect(refused.body.message).toBe('Listings of Managed members can only be set to 0 points.');
    expect((await t.call(addListing['imdb-view'], { url, pointSetting: 0 }, managed.token)).statusCode).toBe(
      200,
    );
  });

  it('says when the page does not exist, has no credits, or IMDb cannot be reached', async () => {
    const me = await buildMember(t.db, t.clock, { membership: 'premium' });
    // Offline every well-formed address has a page (rule P1): pages that do not exist are removed ones.
    const gone = code('nm');
    await addSimImdbPage(t.db, { code: gone, name: 'Gone', removed: true }, t.clock.now());
    const goneHandle = `nobody_${unique()}`;
    await addSimProfile(t.db, { platform: 'twitter', handle: goneHandle, removed: true });
    const goneVideo = `v${unique()}zz`;
    await addSimVideo(t.db, { id: goneVideo, removed: true });
    const missing = await t.call(
      addListing['imdb-view'],
      { url: `https://www.imdb.com/name/${gone}/` },
      me.token,
    );
    expect(missing.statusCode).toBe(400);
    expect(missing.body.message).toBe(
      'We could not find that page on IMDb. Please check the address and try again.',
    );
    const nobody = await t.call(addListing['twitter-follow'], { url: `x.com/${goneHandle}` }, me.token);
    expect(nobody.body.message).toBe(
      'We could not find that profile on Twitter. Please check the address and try again.',
    );
    const noVideo = await t.call(addListing['youtube-view'], { url: `youtu.be/${goneVideo}` }, me.token);
    expect(noVideo.body.message).toContain('We could not find that video on YouTube.');
    const empty = await t.call(
      addListing['imdb-view'],
      { url: `https://www.imdb.com/name/${await personPage({})}/` },
      me.token,
    );
    expect(empty.body.message).toContain('lists no credits yet');

    const url = `https://www.imdb.com/name/${await personPage()}/`;
    imdb.offline = true;
    try {
      const down = await t.call(addListing['imdb-view'], { url }, me.token);
      expect(down.statusCode).toBe(503);
      expect(down.body).toMatchObject({ status: 'platform_offline' });
    } finally {
      imdb.offline = false;
    }
    expect(await storedOf(me.id)).toHaveLength(0);
    expect((await t.call(addListing['imdb-view'], { url }, me.token)).statusCode).toBe(200);
  });

  it('takes a Facebook page down the manual path: pending review, offered to nobody (spec 2 §4)', async () => {
    const me = await buildMember(t.db, t.clock, { points: 100 });
    const slug = `maya.official.${unique()}`;
    await addSimProfile(t.db, {
      platform: 'facebook',
      handle: slug,
      externalId: '4455',
      displayName: 'Maya Official',
    });
    const res = await t.call(
      addFacebookPage,
      { url: `https://www.facebook.com/${slug}`, pointSetting: 10 },
      me.token,
    );
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatchObject({ fb_pending_added: 'yes', message: LISTING_MESSAGES.facebookPending });
    expect(res.body.listing).toMatchObject({
      name: 'Maya Official',
      type: 'facebook-like',
      listing_status: 'Pending review',
      give: 10,
      hasSSOptions: 'no',
    });
    const [stored] = await storedOf(me.id);
    expect(stored).toMatchObject({ status: 'pending', statusReason: 'page_review' });
    const other = await buildMember(t.db, t.clock);
    const offered = await t.call(earn.fetchListings, { listingType: 'user', user_id: me.id }, other.token);
    expect(offered.body.listings).toHaveLength(0);
    // Free members: one Facebook page too.
    const second = await t.call(addFacebookPage, { url: 'https://www.facebook.com/another.page' }, me.token);
    expect(second.body.message).toBe(FREE_ONE_PER_TYPE);
  });

  it('needs a signed-in member', async () => {
    const res = await t.call(addListing['imdb-view'], { url: 'https://www.imdb.com/name/nm0000001/' });
    expect(res.statusCode).toBe(401);
    expect(res.body.extra).toBe('logged_out');
  });
});
