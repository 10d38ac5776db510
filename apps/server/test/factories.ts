import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Membership } from '@marquee/contract';
import type { Db } from '../src/platform/db/database.js';
import type { Clock } from '../src/platform/clock.js';
import { hashPassword } from '../src/platform/passwords.js';
import { hashToken, newToken } from '../src/platform/tokens.js';
import { DAY_MS, pacificDay } from '../src/platform/time.js';
import { users } from '../src/features/members/members.tables.js';
import { sessions, unconfirmedEmails } from '../src/features/login/login.tables.js';
import { subscriptions } from '../src/features/membership/membership.tables.js';
import { HOUSE_ID, movePoints } from '../src/features/points/ledger.js';
import { listings } from '../src/features/listings/listings.tables.js';
import { actions, imdbFacts, offers } from '../src/features/earn/earn.tables.js';
import { linkedAccounts } from '../src/features/linked-accounts/linked-accounts.tables.js';
import { simClicks } from '../src/simulated/simulated.tables.js';

export const TEST_PASSWORD = 'correct horse battery';
let passwordHash: Promise<string> | undefined;

export interface BuiltMember {
  id: number;
  username: string;
  email: string;
  imdb: string;
  password: string;
  token: string;
}

export const unique = () => randomBytes(4).toString('hex');

/** A member with a live session, made directly in the database; points come through the ledger (D3.1). */
export async function buildMember(
  db: Db,
  clock: Clock,
  opts: {
    membership?: Membership;
    points?: number;
    role?: 'admin';
    referrerId?: number;
    joinedDaysAgo?: number;
    status?: string;
    /** Still waiting to confirm their email address (D11.4). */
    unconfirmed?: boolean;
    /** IMDb answers credited to them on earlier days (what makes a member established, D5.3). */
    imdbAnswers?: number;
  } = {},
): Promise<BuiltMember> {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const now = clock.now();
  const tag = unique();
  const username = `member_${tag}`;
  const email = `${username}@example.test`;
  const imdb = `https://www.imdb.com/name/nm${String((parseInt(tag, 16) % 9_000_000) + 1_000_000)}/`;
  const level = opts.membership ?? 'free';
  const future = new Date(now.getTime() + 30 * DAY_MS);
  const [row] = await db
    .insert(users)
    .values({
      first: 'Test',
      last: `Member ${tag}`,
      email,
      username,
      passwordHash: await passwordHash,
      imdbUrl: imdb,
      role: opts.role ?? 'member',
      status: opts.status ?? 'active',
      premiumExpires: level === 'premium' ? future : null,
      proExpires: level === 'pro' ? future : null,
      referrerId: opts.referrerId ?? null,
      createdAt: new Date(now.getTime() - (opts.joinedDaysAgo ?? 30) * DAY_MS),
    })
    .returning({ id: users.id });
  const id = (row as { id: number }).id;
  if (level === 'managed') {
    await db.insert(subscriptions).values({
      userId: id,
      level: 'managed',
      provider: 'admin',
      status: 'active',
      currentPeriodEnd: future,
      createdAt: now,
    });
  }
  if (opts.points) {
    await db.transaction((tx) =>
      movePoints(tx, {
        from: HOUSE_ID,
        to: id,
        amount: opts.points as number,
        kind: 'admin_adjust',
        at: now,
      }),
    );
  }
  if (opts.unconfirmed) await db.insert(unconfirmedEmails).values({ userId: id, createdAt: now });
  if (opts.imdbAnswers) await creditPastImdbAnswers(db, clock, id, opts.imdbAnswers);
  const token = newToken();
  await db
    .insert(sessions)
    .values({ tokenHash: hashToken(token), userId: id, createdAt: now, lastUsedAt: now });
  return { id, username, email, imdb, password: TEST_PASSWORD, token };
}

/** `count` IMDb answers credited to the earner, one a day before today, on another member's listing. */
async function creditPastImdbAnswers(db: Db, clock: Clock, earnerId: number, count: number) {
  const owner = await buildMember(db, clock);
  const listing = await buildListing(db, clock, owner.id);
  const days = Array.from({ length: count }, (_, i) => new Date(clock.now().getTime() - (i + 1) * DAY_MS));
  const made = await db
    .insert(offers)
    .values(
      days.map((at) => ({
        earnerId,
        listingId: listing.id,
        points: listing.give,
        cost: listing.give,
        offeredAt: at,
        startedAt: at,
        expiresAt: at,
      })),
    )
    .returning({ id: offers.id });
  await db.insert(actions).values(
    made.map((offer, i) => ({
      offerId: offer.id,
      earnerId,
      ownerId: owner.id,
      listingId: listing.id,
      type: listing.type,
      platform: listing.platform,
      points: listing.give,
      cost: listing.give,
      day: pacificDay(days[i] as Date),
      createdAt: days[i] as Date,
    })),
  );
}

export async function setStatus(db: Db, id: number, status: string) {
  await db.update(users).set({ status }).where(eq(users.id, id));
}

/** Valid sign-up details for a new member. */
export function signUpDetails(overrides: Record<string, unknown> = {}) {
  const tag = unique();
  return {
    first: 'Nora',
    last: 'Ellis',
    email: `nora_${tag}@example.test`,
    username: `nora_${tag}`,
    password: 'a-long-password',
    imdb: 'https://www.imdb.com/name/nm0000123/',
    ...overrides,
  };
}

/** A listing of `ownerId`'s, active by default (D4.1). */
export async function buildListing(
  db: Db,
  clock: Clock,
  ownerId: number,
  opts: Partial<typeof listings.$inferInsert> & { type?: string } = {},
) {
  const type = opts.type ?? 'imdb-view';
  const tag = unique();
  const defaults: Record<string, Partial<typeof listings.$inferInsert>> = {
    'imdb-view': {
      platform: 'imdb',
      name: `Person ${tag}`,
      url: `https://www.imdb.com/name/nm${(parseInt(tag, 16) % 9_000_000) + 1_000_000}/`,
      externalId: `nm${(parseInt(tag, 16) % 9_000_000) + 1_000_000}`,
      imdbType: 'person',
      testCat: 'actor',
      pageCategory: 3,
    },
    'twitter-follow': {
      platform: 'twitter',
      name: `@h${tag}`,
      url: `https://x.com/h${tag}`,
      externalId: `h${tag}`,
    },
    'facebook-like': {
      platform: 'facebook',
      name: `Page ${tag}`,
      url: `https://www.facebook.com/p${tag}`,
      externalId: String(parseInt(tag, 16)),
    },
    'youtube-view': {
      platform: 'youtube',
      name: `Reel ${tag}`,
      url: `https://www.youtube.com/watch?v=v${tag}abc1`,
      externalId: `v${tag}abc1`,
    },
  };
  const [row] = await db
    .insert(listings)
    .values({
      userId: ownerId,
      type,
      give: 18,
      createdAt: clock.now(),
      ...defaults[type],
      ...opts,
    } as typeof listings.$inferInsert)
    .returning();
  return row as typeof listings.$inferSelect;
}

/** What the server knows an IMDb page says (D5.2). */
export async function setImdbFact(db: Db, clock: Clock, pageCode: string, question: string, value: number) {
  await db
    .insert(imdbFacts)
    .values({ pageCode, question, value, source: 'seed', confirmedAt: clock.now() })
    .onConflictDoUpdate({ target: [imdbFacts.pageCode, imdbFacts.question], set: { value } });
}

/** Links a member's own account on X/Twitter or Facebook, as authenticate/{platform} would. */
export async function linkAccount(db: Db, clock: Clock, userId: number, platform: string, handle: string) {
  await db
    .insert(linkedAccounts)
    .values({ userId, platform, handle, displayName: handle, status: 'verified', linkedAt: clock.now() });
}

/** A follow or like really clicked on the simulated platform (D9.2). */
export async function simulateClick(
  db: Db,
  clock: Clock,
  platform: string,
  actor: string,
  target: string,
  kind: 'follow' | 'like' = 'follow',
) {
  await db
    .insert(simClicks)
    .values({ platform, actor, target, kind, active: true, at: clock.now() })
    .onConflictDoUpdate({
      target: [simClicks.platform, simClicks.actor, simClicks.target],
      set: { active: true },
    });
}
