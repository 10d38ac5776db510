import { afterEach, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { exchange, uploads } from '@marquee/contract';
import { useTestApp } from '../../../test/test-app.js';
import { buildMember } from '../../../test/factories.js';
import { PlatformOffline } from '../../integrations/types.js';
import { loadConfig, productionProblems } from '../../platform/config.js';
import { addSimProfile } from '../../simulated/catalogue.js';
import { images } from '../uploads/uploads.tables.js';
import { users } from '../members/members.tables.js';
import { testPicture } from '../uploads/test-files.js';
import { instagramListings, instagramMembers } from './exchange.tables.js';
import {
  listedMember,
  newHandle,
  postSetupForm,
  swapBetween,
  type ExchangeMember,
} from './instagram.test-support.js';

/**
 * The Instagram listing (EX1-EX3, EX9, EX13): checkSetup, fetchInstagramDetails, addListing2,
 * addListing, removeListing and updateRepLimit, through the API on the simulated Instagram (D9).
 */
const t = useTestApp();
const { EXCHANGE_MESSAGES, NOT_FOR_FREE } = exchange;

const premium = () => buildMember(t.db, t.clock, { membership: 'premium' });
const listingOf = async (userId: number) =>
  (await t.db.select().from(instagramListings).where(eq(instagramListings.userId, userId)))[0] ?? null;
const imagesOf = (ownerId: number) =>
  t.db
    .select()
    .from(images)
    .where(and(eq(images.ownerId, ownerId), eq(images.folder, 'instagram')));

async function setUpWithPicture(token: string, handle: string) {
  return postSetupForm(t, token, [
    { name: 'url', value: `https://www.instagram.com/${handle}/` },
    { name: 'title', value: 'Jane Doe (@jane) • Instagram photos and videos' },
    { name: 'description', value: 'Stills and reels from set.' },
    { name: 'myFile', value: await testPicture('png'), filename: 'me.png', type: 'image/png' },
  ]);
}

afterEach(() => vi.restoreAllMocks());

describe('every Instagram call: signed-out and free members (EX1)', () => {
  const everyCall = (token?: string) => [
    () => t.call(exchange.checkSetup, {}, token),
    () => t.call(exchange.fetchAvailableListings, { mr: 900 }, token),
    () => t.call(exchange.fetchInstagramDetails, { url: 'https://www.instagram.com/janedoe/' }, token),
    () =>
      t.call(
        exchange.addListing,
        {
          url: 'https://www.instagram.com/janedoe/',
          title: 'T',
          description: 'D',
          image: '/sim/instagram/janedoe/picture.jpg',
        },
        token,
      ),
    () => t.call(exchange.removeListing, {}, token),
    () => t.call(exchange.updateRepLimit, { repLimit: 500 }, token),
    () =>
      t.call(
        exchange.updateActionStatus,
        { status: 'claimed', action_id: 'new', user_number: 1, other_id: 1000 },
        token,
      ),
  ];

  it('answers 401 logged_out without a session', async () => {
    for (const call of everyCall()) {
      const res = await call();
      expect(res.statusCode).toBe(401);
      expect(res.body.extra).toBe('logged_out');
    }
    const form = await postSetupForm(t, undefined, [{ name: 'url', value: 'https://www.instagram.com/x/' }]);
    expect(form.statusCode).toBe(401);
  });

  it('refuses a free member, and one whose paid time lapsed, with 403 and the upgrade text', async () => {
    const free = await buildMember(t.db, t.clock);
    const lapsed = await listedMember(t);
    await t.db
      .update(users)
      .set({ premiumExpires: new Date(t.clock.now().getTime() - 1000) })
      .where(eq(users.id, lapsed.id));
    for (const m of [free, lapsed]) {
      for (const call of everyCall(m.token)) {
        const res = await call();
        expect(res.statusCode).toBe(403);
        expect(res.body.message).toBe(NOT_FOR_FREE);
      }
      const form = await setUpWithPicture(m.token, newHandle());
      expect(form.statusCode).toBe(403);
    }
    // Their listing and reputation are kept (EX1).
    expect(await listingOf(lapsed.id)).not.toBeNull();
    expect(await imagesOf(free.id)).toEqual([]);
  });
});

describe('exchange/instagram/checkSetup', () => {
  it('says a new member has no listing, starts at 600 with a limit of 500, and offers the promo (EX3, EX13)', async () => {
    for (const membership of ['premium', 'pro', 'managed'] as const) {
      const m = await buildMember(t.db, t.clock, { membership });
      const res = await t.call(exchange.checkSetup, {}, m.token);
      expect(res.statusCode).toBe(200);
      expect(res.body).toEqual({
        status: 'success',
        setupDone: false,
        myListing: null,
        myReputation: 600,
        myRepLimit: 500,
        promo: { service: 'InstaRise', url: '/sim/instagram-growth', code: 'MARQUEE15', discount: '15%' },
      });
    }
  });

  it('shows the member’s listing and standing once set up', async () => {
    const m = await listedMember(t, { reputation: 655, repLimit: 300 });
    const listing = await listingOf(m.id);
    const res = await t.call(exchange.checkSetup, {}, m.token);
    expect(res.body).toMatchObject({
      setupDone: true,
      myListing: {
        url: `https://www.instagram.com/${m.handle}/`,
        name: m.handle,
        title: listing?.title,
        description: listing?.description,
        profile: `/media/${listing?.image}`,
      },
      myReputation: 655,
      myRepLimit: 300,
    });
  });
});

describe('the promo (EX13): the operator’s, the simulated one by default, or none', () => {
  it('takes the three INSTAGRAM_PROMO_* settings, else the simulated service outside production', () => {
    const base = { PORT: '3999' };
    expect(
      loadConfig({
        ...base,
        INSTAGRAM_PROMO_SERVICE: 'GrowFast',
        INSTAGRAM_PROMO_URL: 'https://growfast.example/marquee',
        INSTAGRAM_PROMO_CODE: 'FILM15',
      }).instagramPromo,
    ).toEqual({
      service: 'GrowFast',
      url: 'https://growfast.example/marquee',
      code: 'FILM15',
      discount: '15%',
    });
    expect(loadConfig(base).instagramPromo).toMatchObject({
      url: '/sim/instagram-growth',
      code: 'MARQUEE15',
    });
    expect(loadConfig({ ...base, PLATFORM_MODE: 'real' }).instagramPromo).toBeNull();
    expect(loadConfig({ ...base, NODE_ENV: 'production' }).instagramPromo).toBeNull();
    expect(loadConfig({ ...base, INSTAGRAM_PROMO_CODE: 'ONLY' }).instagramPromo).toBeNull();
    expect(() => loadConfig({ ...base, INSTAGRAM_PROMO_URL: 'javascript:alert(1)' })).toThrow(
      /INSTAGRAM_PROMO_URL must be an http or https address/,
    );
  });

  it('is a production problem when only half given', () => {
    const env = { PORT: '3999', NODE_ENV: 'production', INSTAGRAM_PROMO_SERVICE: 'GrowFast' };
    expect(productionProblems(env, loadConfig(env))).toContain(
      'The Instagram promo is only half configured: INSTAGRAM_PROMO_SERVICE given but INSTAGRAM_PROMO_URL, INSTAGRAM_PROMO_CODE missing (or set UNSAFE_PARTIAL_PROVIDERS=true).',
    );
  });
});

describe('exchange/instagram/fetchInstagramDetails (EX2)', () => {
  it('gives the simulated profile’s og:title, og:image and og:description', async () => {
    const m = await premium();
    const handle = `jane.doe_${parseInt(newHandle('x').slice(2), 16)}`;
    const res = await t.call(
      exchange.fetchInstagramDetails,
      { url: `instagram.com/${handle.toUpperCase()}?hl=en` },
      m.token,
    );
    expect(res.statusCode).toBe(200);
    expect(res.body.details).toEqual({
      'og:title': `Jane Doe (@${handle}) • Instagram photos and videos`,
      'og:image': `/sim/instagram/${handle}/picture.jpg`,
      'og:description': expect.stringMatching(
        new RegExp(
          `^[\\d,]+ Followers, [\\d,]+ Following, [\\d,]+ Posts - See Instagram photos and videos from Jane Doe \\(@`,
        ),
      ),
    });
  });

  it('answers the spec’s message for a missing profile, an address that is not a profile, and a ")" title', async () => {
    const m = await premium();
    const gone = newHandle('gone');
    await addSimProfile(t.db, { platform: 'instagram', handle: gone, removed: true });
    for (const url of [
      `https://www.instagram.com/${gone}/`,
      'https://www.instagram.com/p/BWUDBntl3_Z/',
      'https://x.com/janedoe',
      'janedoe',
    ]) {
      const res = await t.call(exchange.fetchInstagramDetails, { url }, m.token);
      expect(res.statusCode, url).toBe(400);
      expect(res.body.message).toBe(EXCHANGE_MESSAGES.profileNotFound);
    }
    vi.spyOn(t.app.deps.integrations.instagram, 'profile').mockResolvedValue({
      handle: 'janedoe',
      title: ')',
      description: '',
      imageUrl: null,
    });
    const paren = await t.call(
      exchange.fetchInstagramDetails,
      { url: 'https://www.instagram.com/janedoe/' },
      m.token,
    );
    expect(paren.statusCode).toBe(400);
    expect(paren.body.message).toBe(EXCHANGE_MESSAGES.profileNotFound);
  });

  it('asks for the address when it is empty, and says when Instagram cannot be reached', async () => {
    const m = await premium();
    const empty = await t.call(exchange.fetchInstagramDetails, { url: '  ' }, m.token);
    expect(empty.statusCode).toBe(400);
    expect(empty.body.message).toBe(EXCHANGE_MESSAGES.setupFields);
    vi.spyOn(t.app.deps.integrations.instagram, 'profile').mockRejectedValue(
      new PlatformOffline('instagram'),
    );
    const offline = await t.call(
      exchange.fetchInstagramDetails,
      { url: 'https://www.instagram.com/janedoe/' },
      m.token,
    );
    expect(offline.statusCode).toBe(503);
    expect(offline.body).toMatchObject({
      status: 'platform_offline',
      message: 'We could not reach Instagram just now. Please try again in a moment.',
    });
  });

  it('refuses a profile another member has listed', async () => {
    const lister = await listedMember(t);
    const m = await premium();
    const res = await t.call(
      exchange.fetchInstagramDetails,
      { url: `https://www.instagram.com/${lister.handle}/` },
      m.token,
    );
    expect(res.statusCode).toBe(409);
    expect(res.body.message).toBe('Another member has already listed that Instagram profile.');
  });

  it('limits how often a member has Instagram asked (10 a minute)', async () => {
    const m = await premium();
    for (let i = 0; i < 10; i++) {
      const ok = await t.call(
        exchange.fetchInstagramDetails,
        { url: `https://www.instagram.com/${newHandle()}/` },
        m.token,
      );
      expect(ok.statusCode).toBe(200);
    }
    const slow = await t.call(
      exchange.fetchInstagramDetails,
      { url: `https://www.instagram.com/${newHandle()}/` },
      m.token,
    );
    expect(slow.statusCode).toBe(429);
    expect(slow.body.message).toMatch(
      /^You have looked up many Instagram profiles in a short time\. Please wait \d+ seconds?/,
    );
  });
});

describe('exchange/instagram/addListing2 (multipart, EX2, EX3)', () => {
  it('sets up the listing with the uploaded picture, stored through the image pipeline, at 600 and 500', async () => {
    const m = await premium();
    const handle = newHandle();
    const res = await setUpWithPicture(m.token, handle.toUpperCase());
    expect(res.statusCode, res.body.message).toBe(200);
    expect(res.body.message).toBe(
      `Your Instagram listing @${handle} is set up. Members can now swap follows with you.`,
    );
    const listing = await listingOf(m.id);
    expect(listing).toMatchObject({
      url: `https://www.instagram.com/${handle}/`,
      handle,
      title: 'Jane Doe (@jane) • Instagram photos and videos',
      description: 'Stills and reels from set.',
    });
    const [stored] = await imagesOf(m.id);
    expect(stored?.name).toBe(listing?.image);
    expect(stored?.mime).toBe('image/png');
    const [standing] = await t.db.select().from(instagramMembers).where(eq(instagramMembers.userId, m.id));
    expect(standing).toMatchObject({ reputation: 600, repLimit: 500 });
    const picture = await t.app.inject({ method: 'GET', url: uploads.pictureUrl(listing?.image) as string });
    expect(picture.statusCode).toBe(200);
  });

  it('asks for every field and the picture with the spec’s message, and stores nothing', async () => {
    const m = await premium();
    const png = await testPicture('png');
    const full = {
      url: `https://www.instagram.com/${newHandle()}/`,
      title: 'A title',
      description: 'A description',
    };
    for (const missing of ['url', 'title', 'description', 'myFile']) {
      const parts = Object.entries(full)
        .filter(([k]) => k !== missing)
        .map(([name, value]) => ({ name, value }));
      if (missing !== 'myFile')
        parts.push({ name: 'myFile', value: png, filename: 'a.png', type: 'image/png' } as never);
      const res = await postSetupForm(t, m.token, parts);
      expect(res.statusCode, missing).toBe(400);
      expect(res.body.message, missing).toBe(EXCHANGE_MESSAGES.setupFields);
    }
    const blank = await postSetupForm(t, m.token, [
      { name: 'url', value: full.url },
      { name: 'title', value: '   ' },
      { name: 'description', value: full.description },
      { name: 'myFile', value: png, filename: 'a.png', type: 'image/png' },
    ]);
    expect(blank.body.message).toBe(EXCHANGE_MESSAGES.setupFields);
    expect(await listingOf(m.id)).toBeNull();
    expect(await imagesOf(m.id)).toEqual([]);
  });

  it('checks the picture by its content: a text file named .jpg is refused', async () => {
    const m = await premium();
    const res = await postSetupForm(t, m.token, [
      { name: 'url', value: `https://www.instagram.com/${newHandle()}/` },
      { name: 'title', value: 'A title' },
      { name: 'description', value: 'A description' },
      { name: 'myFile', value: 'just some text, not a picture', filename: 'me.jpg', type: 'image/jpeg' },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.body.message).toBe(uploads.BAD_TYPE);
    expect(await listingOf(m.id)).toBeNull();
    expect(await imagesOf(m.id)).toEqual([]);
  });

  it('refuses an address that is not a profile, a second listing, and a profile another member listed; no picture stays', async () => {
    const m = await premium();
    const bad = await setUpWithPicture(m.token, 'p/BWUDBntl3_Z');
    expect(bad.statusCode).toBe(400);
    expect(bad.body.message).toBe(EXCHANGE_MESSAGES.profileNotFound);
    const other = await listedMember(t);
    const taken = await setUpWithPicture(m.token, other.handle);
    expect(taken.statusCode).toBe(409);
    expect(taken.body.message).toBe('Another member has already listed that Instagram profile.');
    expect((await setUpWithPicture(m.token, newHandle())).statusCode).toBe(200);
    const again = await setUpWithPicture(m.token, newHandle());
    expect(again.statusCode).toBe(409);
    expect(again.body.message).toBe(
      'You already have an Instagram listing. Remove it first to list another profile.',
    );
    expect(await imagesOf(m.id)).toHaveLength(1);
  });

  it('refreshes the listing when the member sets up the profile they already list (Update, EX2)', async () => {
    const m = await premium();
    const handle = newHandle();
    expect((await setUpWithPicture(m.token, handle)).statusCode).toBe(200);
    const [first] = await imagesOf(m.id);
    const again = await setUpWithPicture(m.token, handle);
    expect(again.statusCode).toBe(200);
    expect(again.body.message).toBe(`Your Instagram listing @${handle} is up to date.`);
    const images = await imagesOf(m.id);
    expect(images).toHaveLength(1);
    expect(images[0]).not.toEqual(first);
  });

  it('keeps one member per profile in the database itself (instagram_listings_handle_idx)', async () => {
    const lister = await listedMember(t);
    const other = await premium();
    const write = t.db.insert(instagramListings).values({
      userId: other.id,
      url: `https://www.instagram.com/${lister.handle}/`,
      handle: lister.handle,
      title: 'A title',
      description: 'A description',
      image: 'x.jpg',
      createdAt: t.clock.now(),
    });
    await expect(write).rejects.toThrow();
    expect(await listingOf(other.id)).toBeNull();
  });

  it('answers the loser of the unique index as another member’s listing, with no picture left', async () => {
    const m = await premium();
    const rival = await listedMember(t);
    const handle = newHandle();
    // The rival lists the profile while the member's picture is being stored.
    vi.spyOn(t.app.deps.integrations.instagram, 'picture').mockImplementation(async () => {
      await t.db.update(instagramListings).set({ handle }).where(eq(instagramListings.userId, rival.id));
      return testPicture('png', 150, 150);
    });
    const res = await t.call(
      exchange.addListing,
      {
        url: `https://www.instagram.com/${handle}/`,
        title: 'T',
        description: 'D',
        image: 'https://scontent.cdninstagram.com/x.jpg',
      },
      m.token,
    );
    expect(res.statusCode, res.body.message).toBe(409);
    expect(res.body.message).toBe('Another member has already listed that Instagram profile.');
    expect(await listingOf(m.id)).toBeNull();
    expect(await imagesOf(m.id)).toEqual([]);
  });

  it('lets one of two members listing the same profile at once have it', async () => {
    const [a, b] = [await premium(), await premium()];
    const handle = newHandle();
    const answers = await Promise.all([setUpWithPicture(a.token, handle), setUpWithPicture(b.token, handle)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const rows = await t.db.select().from(instagramListings).where(eq(instagramListings.handle, handle));
    expect(rows).toHaveLength(1);
    expect((await imagesOf(a.id)).length + (await imagesOf(b.id)).length).toBe(1);
  });
});

describe('exchange/instagram/addListing (the profile’s og:image, EX2)', () => {
  it('fetches the simulated profile’s picture through the adapter and stores it as a JPEG', async () => {
    const m = await premium();
    const handle = newHandle();
    const details = await t.call(
      exchange.fetchInstagramDetails,
      { url: `https://www.instagram.com/${handle}/` },
      m.token,
    );
    const res = await t.call(
      exchange.addListing,
      {
        url: `https://www.instagram.com/${handle}/`,
        title: details.body.details['og:title'],
        description: details.body.details['og:description'],
        image: details.body.details['og:image'],
      },
      m.token,
    );
    expect(res.statusCode, res.body.message).toBe(200);
    const [stored] = await imagesOf(m.id);
    expect(stored).toMatchObject({ mime: 'image/jpeg', width: 150, height: 150 });
    expect((await listingOf(m.id))?.image).toBe(stored?.name);
  });

  it('never fetches an address that is not a profile picture of Instagram’s (no request forgery)', async () => {
    const m = await premium();
    const fetchSpy = vi.fn(() => Promise.reject(new Error('no network in tests')));
    vi.stubGlobal('fetch', fetchSpy);
    try {
      for (const image of [
        'http://169.254.169.254/latest/meta-data/iam/',
        'http://localhost:3000/v4/operations/admin/fetchOverview',
        'https://scontent.cdninstagram.com/v/a.jpg',
        'file:///etc/passwd',
      ]) {
        const res = await t.call(
          exchange.addListing,
          { url: `https://www.instagram.com/${newHandle()}/`, title: 'T', description: 'D', image },
          m.token,
        );
        expect(res.statusCode, image).toBe(400);
        expect(res.body.message).toBe(
          'We could not use that picture. Please upload your profile picture instead (PNG, GIF or JPEG).',
        );
      }
      expect(fetchSpy).not.toHaveBeenCalled();
    } finally {
      vi.unstubAllGlobals();
    }
    const missing = await t.call(
      exchange.addListing,
      { url: `https://www.instagram.com/${newHandle()}/`, title: 'T', description: 'D', image: '' },
      m.token,
    );
    expect(missing.body.message).toBe(EXCHANGE_MESSAGES.setupFields);
    expect(await listingOf(m.id)).toBeNull();
  });
});

describe('exchange/instagram/removeListing (EX9)', () => {
  it('removes the listing and its picture, keeps the swaps and the reputation for a later setup (EX3)', async () => {
    const m = await premium();
    expect((await setUpWithPicture(m.token, newHandle())).statusCode).toBe(200);
    const other = await listedMember(t);
    const done = await swapBetween(t, m, other, 'verified', 'verified');
    await t.db.update(instagramMembers).set({ reputation: 540 }).where(eq(instagramMembers.userId, m.id));
    const res = await t.call(exchange.removeListing, {}, m.token);
    expect(res.statusCode).toBe(200);
    expect(res.body.message).toBe('Your Instagram listing was removed. You can set it up again at any time.');
    expect(await listingOf(m.id)).toBeNull();
    expect(await imagesOf(m.id)).toEqual([]);
    expect((await t.call(exchange.checkSetup, {}, m.token)).body).toMatchObject({
      setupDone: false,
      myReputation: 540,
    });
    expect((await setUpWithPicture(m.token, newHandle())).statusCode).toBe(200);
    expect((await t.call(exchange.checkSetup, {}, m.token)).body).toMatchObject({
      setupDone: true,
      myReputation: 540,
    });
    // The pair already met is not offered again.
    const lists = await t.call(exchange.fetchAvailableListings, {}, m.token);
    expect(lists.body.newListings.map((c) => c.user_id)).not.toContain(other.id);
    expect(done).toBeGreaterThan(0);
  });

  it('is refused while a follow back or a review waits, and when there is nothing to remove', async () => {
    const m = await listedMember(t);
    const a = await listedMember(t);
    const followBack = await swapBetween(t, a, m, 'claimed');
    const refused = await t.call(exchange.removeListing, {}, m.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.body.message).toBe(
      'Please answer your For Review and Follow Back items before removing your Instagram listing.',
    );
    await t.db.delete(instagramListings).where(eq(instagramListings.userId, a.id));
    // A swap whose other member is no longer listed asks nothing of the member (its card could not open).
    expect((await t.call(exchange.removeListing, {}, m.token)).statusCode).toBe(200);
    const none = await t.call(exchange.removeListing, {}, m.token);
    expect(none.statusCode).toBe(409);
    expect(none.body.message).toBe('You do not have an Instagram listing to remove.');
    expect(followBack).toBeGreaterThan(0);

    const r = await listedMember(t);
    const b = await listedMember(t);
    await swapBetween(t, r, b, 'verified', 'claimed');
    expect((await t.call(exchange.removeListing, {}, r.token)).statusCode).toBe(409);
    const c = await listedMember(t);
    await swapBetween(t, c, await listedMember(t), 'contested');
    expect((await t.call(exchange.removeListing, {}, c.token)).statusCode).toBe(409);
  });

  it('leaves a picture that is not the listing’s own (a profile photo named by the listing)', async () => {
    const m: ExchangeMember = await listedMember(t);
    await t.db.insert(images).values({
      ownerId: m.id,
      folder: 'profiles',
      name: `${m.id}-headshot.png`,
      mime: 'image/png',
      width: 80,
      height: 80,
      bytes: 100,
      createdAt: t.clock.now(),
    });
    await t.db
      .update(instagramListings)
      .set({ image: `${m.id}-headshot.png` })
      .where(eq(instagramListings.userId, m.id));
    expect((await t.call(exchange.removeListing, {}, m.token)).statusCode).toBe(200);
    expect(
      await t.db
        .select()
        .from(images)
        .where(eq(images.name, `${m.id}-headshot.png`)),
    ).toHaveLength(1);
  });
});

describe('exchange/instagram/updateRepLimit (EX3)', () => {
  it('sets Any or a limit from 100 to 800, before or after setup', async () => {
    const m = await premium();
    for (const repLimit of [0, 800, '300']) {
      const res = await t.call(exchange.updateRepLimit, { repLimit }, m.token);
      expect(res.statusCode).toBe(200);
      expect(res.body).toEqual({
        status: 'success',
        message: 'Your Initiation Limit was successfully updated.',
        myRepLimit: Number(repLimit),
      });
    }
    expect((await t.call(exchange.checkSetup, {}, m.token)).body).toMatchObject({
      myRepLimit: 300,
      myReputation: 600,
    });
  });

  it('refuses any other value with a clear message and keeps the limit', async () => {
    const m = await listedMember(t, { repLimit: 400 });
    for (const repLimit of [50, 900, -100, 150, 'any', '', null]) {
      const res = await t.call(exchange.updateRepLimit, { repLimit } as never, m.token);
      expect(res.statusCode, String(repLimit)).toBe(400);
      expect(res.body.message).toBe('Please choose Any or a limit from 100 to 800.');
    }
    expect((await t.call(exchange.checkSetup, {}, m.token)).body.myRepLimit).toBe(400);
  });
});
