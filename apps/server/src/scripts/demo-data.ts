import { count, eq, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/database.js';
import type { Clock } from '../platform/clock.js';
import { hashPassword } from '../platform/passwords.js';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../platform/time.js';
import { users } from '../features/members/members.tables.js';
import { subscriptions } from '../features/membership/membership.tables.js';
import { listings } from '../features/listings/listings.tables.js';
import { insertMessage } from '../features/messages/messages.repo.js';
import { raiseMessageAlert } from '../features/alerts/alerts.repo.js';
import { alerts } from '../features/alerts/alerts.tables.js';
import { HOUSE_ID, movePoints } from '../features/points/ledger.js';
import { SIGNUP_BONUS } from '../features/login/signup.service.js';
import { seedSimulatedCatalogue, type CatalogueListing } from '../simulated/catalogue.js';
import { seedDemoProfiles } from './demo-profiles.js';
import { loadConfig } from '../platform/config.js';
import { seedDemoNews } from './demo-news.js';
import { seedDemoHome } from './demo-home.js';
import { seedDemoWatch } from './demo-watch.js';
import { seedDemoHelp } from './demo-help.js';
import { demoQueueListings, seedDemoCreditUpdate } from './demo-admin.js';
import { seedDemoExchange } from './demo-exchange.js';
import { seedDemoManagedWaitlist } from './demo-managed-waitlist.js';
import { seedDemoManaged } from './demo-managed.js';

export const DEMO_PASSWORD = 'marquee-demo';

type Level = 'free' | 'premium' | 'pro' | 'managed';

interface DemoMember {
  first: string;
  last: string;
  username: string;
  level: Level;
  points: number;
  role?: 'admin';
  /** Days since joining. */
  joined: number;
}

/** Forty members across the four levels and one admin: the people of the demo. */
const PEOPLE: DemoMember[] = [
  {
    first: 'Avery',
    last: 'Quinn',
    username: 'admin',
    level: 'pro',
    points: 2500,
    role: 'admin',
    joined: 900,
  },
  { first: 'Maya', last: 'Fernandez', username: 'demo-free', level: 'free', points: 340, joined: 40 },
  { first: 'Jonah', last: 'Whitaker', username: 'demo-premium', level: 'premium', points: 1850, joined: 220 },
  { first: 'Priya', last: 'Raman', username: 'demo-pro', level: 'pro', points: 5200, joined: 400 },
  { first: 'Theo', last: 'Marchetti', username: 'demo-managed', level: 'managed', points: 900, joined: 610 },
  ...(
    [
      ['Lena', 'Okafor', 'premium'],
      ['Marcus', 'Bell', 'free'],
      ['Sofia', 'Lindqvist', 'pro'],
      ['Dev', 'Patel', 'free'],
      ['Camille', 'Durand', 'premium'],
      ['Rafael', 'Soto', 'free'],
      ['Hannah', 'Kim', 'pro'],
      ['Oliver', 'Grant', 'free'],
      ['Imani', 'Brooks', 'premium'],
      ['Kenji', 'Watanabe', 'free'],
      ['Greta', 'Novak', 'premium'],
      ['Samuel', 'Adeyemi', 'free'],
      ['Ruby', 'Castellano', 'pro'],
      ['Elliot', 'Hayes', 'free'],
      ['Noor', 'Haddad', 'premium'],
      ['Felix', 'Brandt', 'free'],
      ['Zoe', 'Martin', 'managed'],
      ['Tomas', 'Ortega', 'free'],
      ['Aisha', 'Mensah', 'premium'],
      ['Liam', 'Gallagher', 'free'],
      ['Chloe', 'Dubois', 'pro'],
      ['Victor', 'Ivanov', 'free'],
      ['Isla', 'Campbell', 'premium'],
      ['Mateo', 'Rossi', 'free'],
      ['Yara', 'Silva', 'free'],
      ['Nathan', 'Cole', 'premium'],
      ['Freya', 'Larsen', 'free'],
      ['Omar', 'Farouk', 'pro'],
      ['Julia', 'Weiss', 'free'],
      ['Caleb', 'Turner', 'premium'],
      ['Mila', 'Petrova', 'free'],
      ['Andre', 'Laurent', 'managed'],
      ['Harper', 'Reid', 'free'],
      ['Sebastian', 'Cruz', 'premium'],
      ['Leah', 'Goldberg', 'free'],
    ] as const
  ).map(([first, last, level], i) => ({
    first,
    last,
    level,
    username: `${first}.${last}`.toLowerCase(),
    points: 150 + ((i * 137) % 2400),
    // Three recent joiners, so "new members" has someone to welcome.
    joined: i < 3 ? 2 + i : 15 + ((i * 23) % 700),
  })),
];

const FILM_TITLES = [
  'Night Ferry',
  'The Lantern Keeper',
  'Salt & Static',
  'Paper Moons',
  'Quiet Harbour',
  'Orchard Road',
];
const CREDIT_CATEGORIES = [
  'actor',
  'actress',
  'director',
  'writer',
  'producer',
  'cinematographer',
  'editor',
  'composer',
];

/** The advisory lock seeding takes ('demo' in ASCII). */
const DEMO_SEED_LOCK = 0x64656d6f;

/** Seeds the demo once: nothing happens when members already exist. Returns whether it seeded. */
export async function seedDemo(db: Db, clock: Clock): Promise<boolean> {
  const [existing] = await db.select({ n: count() }).from(users).where(eq(users.kind, 'member'));
  if ((existing?.n ?? 0) > 0) return false;
  const now = clock.now().getTime();
  // Every demo member has the same password, so one hash serves them all.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return db.transaction(async (tx) => {
    // Servers starting together on one database (R5): one seeds, the others find its members.
    await tx.execute(sql`select pg_advisory_xact_lock(${DEMO_SEED_LOCK})`);
    const [again] = await tx.select({ n: count() }).from(users).where(eq(users.kind, 'member'));
    if ((again?.n ?? 0) > 0) return false;
    const ids: number[] = [];
    // What the simulated internet must serve: every listing's page, and every member's own IMDb page.
    const catalogue: CatalogueListing[] = [];
    for (const [i, p] of PEOPLE.entries()) {
      const createdAt = new Date(now - p.joined * DAY_MS);
      const nm = `nm${String(9100000 + i * 7919).padStart(7, '0')}`;
      const [row] = await tx
        .insert(users)
        .values({
          first: p.first,
          last: p.last,
          email: `${p.username.replace(/[^a-z0-9.-]/g, '')}@demo.marquee.local`,
          username: p.username,
          passwordHash,
          imdbUrl: `https://www.imdb.com/name/${nm}/`,
          role: p.role ?? 'member',
          premiumExpires: p.level === 'premium' ? new Date(now + (20 + (i % 200)) * DAY_MS) : null,
          proExpires: p.level === 'pro' ? new Date(now + (30 + (i % 300)) * DAY_MS) : null,
          referrerId: i > 6 && i % 5 === 0 ? (ids[2] ?? null) : null,
          createdAt,
          lastActiveAt: new Date(now - (i % 9) * HOUR_MS),
        })
        .returning({ id: users.id });
      const id = (row as { id: number }).id;
      ids.push(id);
      await movePoints(tx, {
        from: HOUSE_ID,
        to: id,
        amount: SIGNUP_BONUS,
        kind: 'signup_bonus',
        at: createdAt,
      });
      if (p.points > SIGNUP_BONUS) {
        await movePoints(tx, {
          from: HOUSE_ID,
          to: id,
          amount: p.points - SIGNUP_BONUS,
          kind: 'admin_adjust',
          at: createdAt,
        });
      }
      if (p.level === 'managed') {
        await tx.insert(subscriptions).values({
          userId: id,
          level: 'managed',
          provider: 'admin',
          status: 'active',
          currentPeriodEnd: new Date(now + 30 * DAY_MS),
          createdAt,
        });
      }
      const rows = listingsFor(id, i, p, nm, createdAt);
      await tx.insert(listings).values(rows);
      catalogue.push(...rows, {
        platform: 'imdb',
        url: `https://www.imdb.com/name/${nm}/`,
        externalId: nm,
        name: `${p.first} ${p.last}`,
        testCat: CREDIT_CATEGORIES[i % CREDIT_CATEGORIES.length],
      });
    }
    const queues = demoQueueListings(ids, now);
    await tx.insert(listings).values(queues.rows);
    catalogue.push(...queues.catalogue);
    await seedSimulatedCatalogue(tx, catalogue, new Date(now));
    await seedDemoCreditUpdate(tx, ids, now);
    await seedConversations(tx, ids, now);
    // Profile photos go where uploads go: DATA_DIR or S3, as configured.
    await seedDemoProfiles(tx, ids, now, loadConfig());
    await seedDemoNews(tx, ids, now);
    await seedDemoHome(tx, ids, now);
    await seedDemoWatch(tx, ids, now);
    await seedDemoHelp(tx, ids, now);
    // After the profiles: the Instagram listings show the members' own portraits.
    await seedDemoExchange(tx, ids, now);
    // The managed waitlist, one member of it set up and invited (AD11, MR1-MR3).
    await seedDemoManagedWaitlist(tx, ids, now);
    // demo-managed's setup and eight weeks of the service, climbing to what their page shows (MR6-MR12).
    await seedDemoManaged(tx, ids, now);
    return true;
  });
}

function listingsFor(userId: number, i: number, p: DemoMember, nm: string, createdAt: Date) {
  const rows: (typeof listings.$inferInsert)[] = [];
  const name = `${p.first} ${p.last}`;
  if (p.level !== 'managed' || i % 2 === 0) {
    rows.push({
      userId,
      type: 'imdb-view',
      platform: 'imdb',
      name,
      url: `https://www.imdb.com/name/${nm}/`,
      externalId: nm,
      give: 18,
      rlSelection: i % 3 === 0 ? 99 : 500,
      distributed: 1 + (i % 4),
      pageCategory: 3,
      imdbType: 'person',
      testCat: CREDIT_CATEGORIES[i % CREDIT_CATEGORIES.length] ?? 'actor',
      nmCode: nm,
      allowProViews: p.level === 'pro' || p.level === 'premium',
      createdAt,
    });
  }
  if (i % 3 === 1) {
    const tt = `tt${String(8800000 + i * 104729).padStart(7, '0')}`;
    rows.push({
      userId,
      type: 'imdb-view',
      platform: 'imdb',
      name: FILM_TITLES[i % FILM_TITLES.length] ?? 'Untitled',
      url: `https://www.imdb.com/title/${tt}/`,
      externalId: tt,
      give: p.level === 'free' ? 18 : 12 + (i % 7),
      pageCategory: 4,
      imdbType: 'title',
      createdAt,
    });
  }
  if (i % 2 === 0) {
    const handle = `${p.first}${p.last}`.toLowerCase();
    rows.push({
      userId,
      type: 'twitter-follow',
      platform: 'twitter',
      name: `@${handle}`,
      url: `https://x.com/${handle}`,
      externalId: handle,
      give: [5, 10, 15, 20, 25][i % 5] ?? 10,
      createdAt,
    });
  }
  if (i % 4 === 1 || i === 2) {
    // Each member's reel is a video of its own, so the player shows its own title.
    const video = `mqReel${String(i).padStart(5, '0')}`;
    rows.push({
      userId,
      type: 'youtube-view',
      platform: 'youtube',
      name: `${p.first} ${p.last}: showreel`,
      url: `https://www.youtube.com/watch?v=${video}`,
      externalId: video,
      give: [10, 15, 20][i % 3] ?? 10,
      createdAt,
    });
  }
  if (i % 7 === 3) {
    rows.push({
      userId,
      type: 'facebook-like',
      platform: 'facebook',
      name: `${name} Official`,
      url: `https://www.facebook.com/${p.first.toLowerCase()}${p.last.toLowerCase()}official`,
      externalId: String(100000 + i),
      give: 10,
      createdAt,
    });
  }
  return rows;
}

/** A few conversations and alerts among the demo members, so the top bar has real threads to show. */
async function seedConversations(tx: Db, ids: number[], now: number) {
  // [from, to, text, minutes ago]: demo-free (1) has messages to reply to, demo-premium (2) a busy inbox.
  const talk: [number, number, string, number][] = [
    [5, 2, 'Loved your short at the festival! Are you submitting it anywhere else this year?', 50],
    [2, 5, 'Thank you! We are sending it to two more festivals in the spring.', 40],
    [3, 1, 'Hi Maya, I am casting a small indie in Portland next month. Would you like the sides?', 30],
    [7, 2, 'Do you know a good colourist in Atlanta? Our post house just closed.', 20],
    [2, 3, 'Thanks for following back! Good luck with the pilot.', 10],
    [9, 2, 'Our table read is on Thursday; the script is at www.example.com/table-read if you can join.', 5],
  ];
  for (const [fromIdx, toIdx, body, minutesAgo] of talk) {
    const senderId = ids[fromIdx] as number;
    const recipientId = ids[toIdx] as number;
    const sender = PEOPLE[fromIdx];
    const at = new Date(now - minutesAgo * MINUTE_MS);
    // The same writes as messages/postMessage: both conversation rows and one alert per conversation (D8.2).
    await insertMessage(tx, { senderId, recipientId, body, at });
    await raiseMessageAlert(tx, {
      userId: recipientId,
      senderId,
      senderName: sender ? `${sender.first} ${sender.last}` : 'A member',
      at,
    });
  }
  const welcome = ids.map((userId) => ({
    userId,
    kind: 'welcome',
    content: 'Welcome to Marquee! Start on the dashboard to earn your first points.',
    link: '/dashboard',
    createdAt: new Date(now - 2 * DAY_MS),
    seenAt: new Date(now - DAY_MS),
  }));
  await tx.insert(alerts).values(welcome);
}

/** The logins main.ts prints. */
export const DEMO_LOGINS = [
  { username: 'admin', what: 'admin (pro)' },
  { username: 'demo-free', what: 'free member' },
  { username: 'demo-premium', what: 'premium member' },
  { username: 'demo-pro', what: 'pro member' },
  { username: 'demo-managed', what: 'managed member' },
];
