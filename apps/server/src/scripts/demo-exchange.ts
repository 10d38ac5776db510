import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../platform/db/database.js';
import { DAY_MS, HOUR_MS, pacificDay } from '../platform/time.js';
import { users } from '../features/members/members.tables.js';
import { listings } from '../features/listings/listings.tables.js';
import { actions, offers } from '../features/earn/earn.tables.js';
import {
  imdbExchangeListings,
  instagramListings,
  instagramMembers,
  instagramSwaps,
} from '../features/exchange/exchange.tables.js';

/**
 * The Exchange in the demo (docs/domain.md EX1-EX14): the premium and pro members have Instagram
 * listings, and demo-premium and demo-pro have a swap at every stage (new listings to start, a follow
 * back to answer, a follow back to review, a contest to acknowledge, swaps completed and swaps waiting
 * on the other member); their IMDb person pages are on the view-for-view exchange with past swaps,
 * one member having viewed them without being viewed back. Indexes are places in the demo's PEOPLE.
 */
const DEMO_PREMIUM = 2;
const DEMO_PRO = 3;

/** Places of the members with an Instagram listing, and the reputation each has now (D7.1). */
const INSTAGRAM_MEMBERS: [place: number, reputation: number][] = [
  [DEMO_PREMIUM, 620],
  [DEMO_PRO, 690],
  [5, 720],
  [7, 640],
  [9, 580],
  [11, 470],
  [13, 610],
  [15, 655],
  [17, 700],
  [19, 530],
  [23, 600],
  [25, 760],
];

type Stage = [initiator: number, receiver: number, status1: string, status2: string | null, hoursAgo: number];

/** Swaps by place: [initiator, receiver, status_1, status_2, hours ago] (EX5). */
const SWAPS: Stage[] = [
  // demo-premium: a follow back to answer, a follow back to review, a contest against them to
  // acknowledge, a completed swap, one waiting on the other member, and a skip.
  [5, DEMO_PREMIUM, 'claimed', null, 3],
  [DEMO_PREMIUM, 7, 'verified', 'claimed', 5],
  [DEMO_PREMIUM, 9, 'contested', null, 30],
  [DEMO_PREMIUM, 11, 'verified', 'verified', 80],
  [DEMO_PREMIUM, 13, 'claimed', null, 8],
  [DEMO_PREMIUM, 19, 'skipped', null, 50],
  // demo-pro: the same stages the other way round.
  [19, DEMO_PRO, 'claimed', null, 2],
  [DEMO_PRO, 15, 'verified', 'claimed', 6],
  [DEMO_PRO, 17, 'verified', 'contested', 26],
  [DEMO_PRO, 5, 'verified', 'verified', 100],
  [7, DEMO_PRO, 'verified', 'verified', 140],
];

/** Places whose IMDb person page is on the view-for-view exchange (EX10). */
const V4V_MEMBERS = [DEMO_PREMIUM, DEMO_PRO, 5, 7, 9, 11, 13, 15, 17];

/** Past views: [viewer, owner, days ago]. Place 9 viewed demo-premium without being viewed back. */
const V4V_VIEWS: [viewer: number, owner: number, daysAgo: number][] = [
  [DEMO_PREMIUM, 7, 1],
  [7, DEMO_PREMIUM, 1],
  [DEMO_PREMIUM, 5, 3],
  [5, DEMO_PREMIUM, 4],
  [9, DEMO_PREMIUM, 1],
  [DEMO_PRO, 11, 2],
  [11, DEMO_PRO, 2],
  [13, DEMO_PRO, 1],
  [DEMO_PRO, 15, 9],
  [15, DEMO_PRO, 9],
];

const handleOf = (first: string, last: string) => `${first}.${last}.films`.toLowerCase();

export async function seedDemoExchange(tx: Db, ids: number[], now: number) {
  const id = (place: number) => ids[place] as number;
  const people = await tx
    .select({ id: users.id, first: users.first, last: users.last, pic: users.defaultPic })
    .from(users)
    .where(inArray(users.id, ids));
  const byId = new Map(people.map((p) => [p.id, p]));

  for (const [place, reputation] of INSTAGRAM_MEMBERS) {
    const member = byId.get(id(place));
    if (!member?.pic) continue;
    const handle = handleOf(member.first, member.last);
    const standing = { reputation, repLimit: place === 25 ? 700 : 500 };
    await tx.insert(instagramMembers).values({ userId: member.id, ...standing });
    await tx.insert(instagramListings).values({
      ...standing,
      userId: member.id,
      url: `https://www.instagram.com/${handle}/`,
      handle,
      title: `${member.first} ${member.last} (@${handle})`,
      description: `${member.first} ${member.last} on set and behind the scenes: stills, reels and news of upcoming work.`,
      image: member.pic,
      createdAt: new Date(now - (20 + place) * DAY_MS),
    });
  }
  for (const [from, to, status1, status2, hoursAgo] of SWAPS) {
    const at = new Date(now - hoursAgo * HOUR_MS);
    await tx.insert(instagramSwaps).values({
      initiatorId: id(from),
      receiverId: id(to),
      status1,
      status2,
      createdAt: new Date(at.getTime() - HOUR_MS),
      updatedAt: at,
    });
  }

  // The IMDb exchange: each member's person page (the demo's first IMDb listing of each).
  const personListings = await tx
    .select({ id: listings.id, userId: listings.userId })
    .from(listings)
    .where(
      and(
        inArray(listings.userId, V4V_MEMBERS.map(id)),
        eq(listings.type, 'imdb-view'),
        eq(listings.imdbType, 'person'),
      ),
    );
  const listingOf = new Map(personListings.map((l) => [l.userId, l.id]));
  for (const place of V4V_MEMBERS) {
    const listingId = listingOf.get(id(place));
    if (!listingId) continue;
    await tx
      .insert(imdbExchangeListings)
      .values({ userId: id(place), listingId, allowed: 1, updatedAt: new Date(now - 30 * DAY_MS) });
  }
  for (const [viewer, owner, daysAgo] of V4V_VIEWS) {
    const listingId = listingOf.get(id(owner));
    if (!listingId) continue;
    const at = new Date(now - daysAgo * DAY_MS - 2 * HOUR_MS);
    const [offer] = await tx
      .insert(offers)
      .values({
        earnerId: id(viewer),
        listingId,
        points: 0,
        cost: 0,
        exchange: true,
        offeredAt: new Date(at.getTime() - 60_000),
        startedAt: new Date(at.getTime() - 45_000),
        expiresAt: new Date(at.getTime() + 120_000),
      })
      .returning({ id: offers.id });
    await tx.insert(actions).values({
      offerId: (offer as { id: number }).id,
      earnerId: id(viewer),
      ownerId: id(owner),
      listingId,
      type: 'imdb-view',
      platform: 'imdb',
      points: 0,
      cost: 0,
      exchange: true,
      day: pacificDay(at),
      createdAt: at,
    });
  }
}
