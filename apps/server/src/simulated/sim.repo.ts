import { randomBytes } from 'node:crypto';
import { and, asc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/database.js';
import { imdbFacts } from '../features/earn/earn.tables.js';
import {
  simAccounts,
  simClicks,
  simImdbPages,
  simOauthCodes,
  simProfiles,
  simVideos,
} from './simulated.tables.js';
import {
  generatedImdbPage,
  generatedInstagramProfile,
  generatedVideo,
  generatedXProfile,
} from './generated.js';

/** Every query of the simulated internet. */

export type SocialPlatform = 'twitter' | 'facebook' | 'instagram';

/**
 * A catalogue page that was not removed; a code the catalogue does not hold gets its generated page
 * (rule P1), a removed one stays gone.
 */
export async function imdbPage(db: Db, code: string) {
  const [row] = await db.select().from(simImdbPages).where(eq(simImdbPages.code, code));
  if (row) return row.removed ? null : row;
  return generatedImdbPage(code);
}

/**
 * A profile by its handle (any case) or, for Facebook pages, by the numeric page id listings carry.
 * An X or Instagram handle the catalogue does not hold gets its generated profile (rule P1);
 * Facebook pages are only the catalogue's.
 */
export async function profile(db: Db, platform: SocialPlatform, target: string) {
  const rows = await db
    .select()
    .from(simProfiles)
    .where(
      and(
        eq(simProfiles.platform, platform),
        or(sql`lower(${simProfiles.handle}) = lower(${target})`, eq(simProfiles.externalId, target)),
      ),
    )
    .orderBy(asc(simProfiles.removed), asc(simProfiles.handle))
    .limit(1);
  const row = rows[0];
  if (row) return row.removed ? null : row;
  if (platform === 'twitter') return generatedXProfile(target);
  return platform === 'instagram' ? generatedInstagramProfile(target) : null;
}

export async function hasClicked(db: Db, platform: SocialPlatform, actor: string, target: string) {
  const rows = await db
    .select({ active: simClicks.active })
    .from(simClicks)
    .where(
      and(
        eq(simClicks.platform, platform),
        sql`lower(${simClicks.actor}) = lower(${actor})`,
        eq(simClicks.target, target),
        eq(simClicks.active, true),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** How many accounts follow (or like) a profile now: what the simulated Instagram counts as followers. */
export async function followersOf(db: Db, platform: SocialPlatform, target: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(simClicks)
    .where(and(eq(simClicks.platform, platform), eq(simClicks.target, target), eq(simClicks.active, true)));
  return Number(row?.n ?? 0);
}

/** Follows or unfollows (likes or unlikes); returns whether the click is now active. */
export async function toggleClick(
  db: Db,
  click: { platform: SocialPlatform; actor: string; target: string; at: Date },
): Promise<boolean> {
  const kind = click.platform === 'facebook' ? 'like' : 'follow';
  const [row] = await db
    .insert(simClicks)
    .values({ ...click, kind, active: true })
    .onConflictDoUpdate({
      target: [simClicks.platform, simClicks.actor, simClicks.target],
      set: { active: sql`not ${simClicks.active}`, at: click.at },
    })
    .returning({ active: simClicks.active });
  return row?.active ?? false;
}

/** The simulated platform's account, made on first sign-in. */
export async function signInAccount(db: Db, platform: SocialPlatform, handle: string, at: Date) {
  const [existing] = await db
    .select()
    .from(simAccounts)
    .where(and(eq(simAccounts.platform, platform), sql`lower(${simAccounts.handle}) = lower(${handle})`))
    .limit(1);
  if (existing) return existing;
  const [made] = await db
    .insert(simAccounts)
    .values({ platform, handle, displayName: handle, createdAt: at })
    .onConflictDoNothing()
    .returning();
  return made ?? { platform, handle, displayName: handle, createdAt: at };
}

export async function account(db: Db, platform: SocialPlatform, handle: string) {
  const [row] = await db
    .select()
    .from(simAccounts)
    .where(and(eq(simAccounts.platform, platform), eq(simAccounts.handle, handle)));
  return row ?? null;
}

export async function createOauthCode(db: Db, platform: SocialPlatform, handle: string, at: Date) {
  const code = randomBytes(24).toString('base64url');
  await db.insert(simOauthCodes).values({ code, platform, handle, createdAt: at });
  return code;
}

/** Marks a code used and returns its handle; null when unknown, used, of another platform or older than `notBefore`. */
export async function consumeOauthCode(
  db: Db,
  platform: SocialPlatform,
  code: string,
  at: Date,
  notBefore: Date,
) {
  const [row] = await db
    .update(simOauthCodes)
    .set({ usedAt: at })
    .where(
      and(
        eq(simOauthCodes.code, code),
        eq(simOauthCodes.platform, platform),
        isNull(simOauthCodes.usedAt),
        gt(simOauthCodes.createdAt, notBefore),
      ),
    )
    .returning({ handle: simOauthCodes.handle });
  return row?.handle ?? null;
}

/** A catalogue video that was not removed, or the generated one of an id the catalogue does not hold (rule P1). */
export async function video(db: Db, id: string) {
  const [row] = await db.select().from(simVideos).where(eq(simVideos.id, id));
  if (row) return row.removed ? null : row;
  return generatedVideo(id);
}

/** A few of each kind for the index page. */
export async function samples(db: Db, n: number) {
  const [pages, profiles, videos] = await Promise.all([
    db
      .select()
      .from(simImdbPages)
      .where(eq(simImdbPages.removed, false))
      .orderBy(asc(simImdbPages.code))
      .limit(n),
    db
      .select()
      .from(simProfiles)
      .where(eq(simProfiles.removed, false))
      .orderBy(asc(simProfiles.handle))
      .limit(n),
    db.select().from(simVideos).where(eq(simVideos.removed, false)).orderBy(asc(simVideos.id)).limit(n),
  ]);
  return { pages, profiles, videos };
}

/** Writes (or rewrites) a simulated IMDb page. */
export async function upsertSimImdbPage(db: Db, row: typeof simImdbPages.$inferInsert): Promise<void> {
  await db.insert(simImdbPages).values(row).onConflictDoUpdate({ target: simImdbPages.code, set: row });
}

/** The seeded facts of a simulated IMDb page, as the earn questions read them. */
export async function seedImdbFacts(
  db: Db,
  pageCode: string,
  facts: { question: string; value: number }[],
  at: Date,
): Promise<void> {
  for (const f of facts) {
    await db
      .insert(imdbFacts)
      .values({ pageCode, ...f, source: 'seed', confirmedAt: at })
      .onConflictDoUpdate({
        target: [imdbFacts.pageCode, imdbFacts.question],
        set: { value: f.value, source: 'seed', confirmedAt: at },
      });
  }
}

export async function upsertSimProfile(db: Db, row: typeof simProfiles.$inferInsert): Promise<void> {
  await db
    .insert(simProfiles)
    .values(row)
    .onConflictDoUpdate({ target: [simProfiles.platform, simProfiles.handle], set: row });
}

export async function upsertSimVideo(db: Db, row: typeof simVideos.$inferInsert): Promise<void> {
  await db.insert(simVideos).values(row).onConflictDoUpdate({ target: simVideos.id, set: row });
}
