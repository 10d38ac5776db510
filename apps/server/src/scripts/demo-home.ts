import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../platform/db/database.js';
import { DAY_MS, MINUTE_MS } from '../platform/time.js';
import { users } from '../features/members/members.tables.js';
import { profileVideos, videoRatings } from '../features/profile/profile.tables.js';
import { addSimVideo } from '../simulated/catalogue.js';
import { seedDemoBoard } from './demo-board.js';

// Demo members by their place in demo-data.ts's PEOPLE (ids[i]).
const PRIYA = 3;
const THEO = 4;
const LENA = 5;
const MARCUS = 6;
const SOFIA = 7;
const CAMILLE = 9;
const HANNAH = 11;
const RUBY = 17;
const NOOR = 19;

/** Member videos on the simulated YouTube: owner, video id (11 characters), title, seconds, days since added. */
const VIDEOS: [number, string, string, number, number][] = [
  [PRIYA, 'mqHomeVid01', 'Night Ferry: official teaser', 95, 40],
  [HANNAH, 'mqHomeVid02', 'Lighting a night exterior on a micro budget', 160, 25],
  [CAMILLE, 'mqHomeVid03', 'Self-tape tips from a casting director', 140, 18],
  [THEO, 'mqHomeVid04', 'Behind the scenes: The Lantern Keeper', 120, 9],
  [RUBY, 'mqHomeVid05', 'Festival Q&A: Salt & Static', 180, 4],
];

/** Descriptions for members the home page shows, where their profile has none yet. */
const DESCRIPTIONS: [number, string, string, string][] = [
  [LENA, 'Actress', 'Voice Actor', 'Lagos and London'],
  [MARCUS, 'Editor', 'Writer', 'Chicago, IL'],
  [SOFIA, 'Cinematographer', '', 'Stockholm'],
  [PRIYA, 'Director', 'Producer', 'Los Angeles, CA'],
  [HANNAH, 'Gaffer', 'Cinematographer', 'Atlanta, GA'],
  [CAMILLE, 'Casting Director', '', 'Paris'],
  [THEO, 'Producer', '', 'Toronto, ON'],
  [RUBY, 'Writer', 'Director', 'Austin, TX'],
  [NOOR, 'Screenwriter', '', 'Amman'],
];

/** Paid members who chose "Feature Me": the daily pick (D8.3) features two of them at the first start. */
const FEATURE_ME: [number, number][] = [
  [RUBY, 300],
  [NOOR, 200],
  [HANNAH, 100],
];

/**
 * The demo community's home page (seeded once, with the rest of the demo, by seedDemo): the board's
 * categories and recent threads, member videos with ratings for the featured video, descriptions,
 * and the members who take part in featuring. Members who joined this week come from demo-data.ts.
 */
export async function seedDemoHome(tx: Db, ids: number[], now: number): Promise<void> {
  const id = (i: number) => ids[i] as number;
  await seedDemoBoard(tx, ids, now);
  await seedVideos(tx, ids, id, now);
  for (const [i, job1, job2, location] of DESCRIPTIONS) {
    // demo-profiles.ts runs first and may have written a profile: keep it.
    await tx
      .update(users)
      .set({ job1, job2: job2 || null, location })
      .where(and(eq(users.id, id(i)), isNull(users.job1), isNull(users.location)));
  }
  for (const [i, featurePoints] of FEATURE_ME) {
    await tx
      .update(users)
      .set({ featureMe: true, featurePoints })
      .where(eq(users.id, id(i)));
  }
}

async function seedVideos(tx: Db, ids: number[], id: (i: number) => number, now: number) {
  const owners = VIDEOS.map(([i]) => id(i));
  // The profile seed may already have given members videos: only those with none get one here.
  const withVideos = new Set(
    (
      await tx
        .selectDistinct({ userId: profileVideos.userId })
        .from(profileVideos)
        .where(inArray(profileVideos.userId, owners))
    ).map((r) => r.userId),
  );
  const names = new Map(
    (
      await tx
        .select({ id: users.id, first: users.first, last: users.last })
        .from(users)
        .where(inArray(users.id, owners))
    ).map((u) => [u.id, `${u.first} ${u.last}`]),
  );
  for (const [n, [i, code, title, seconds, daysOld]] of VIDEOS.entries()) {
    if (withVideos.has(id(i))) continue;
    await addSimVideo(tx, {
      id: code,
      title,
      channel: names.get(id(i)) ?? 'Marquee member',
      durationSeconds: seconds,
    });
    const [video] = await tx
      .insert(profileVideos)
      .values({ userId: id(i), code, name: title, createdAt: new Date(now - daysOld * DAY_MS) })
      .returning({ id: profileVideos.id });
    // Ratings from other members, mostly thumbs up, all cast before today (the pick counts those).
    const voters = ids.filter((v) => v !== id(i)).slice(6 + n * 3, 6 + n * 3 + 4 + ((n * 2) % 5));
    if (voters.length === 0) continue;
    await tx.insert(videoRatings).values(
      voters.map((userId, k) => ({
        videoId: (video as { id: number }).id,
        userId,
        vote: k % 4 === 3 ? 'down' : 'up',
        createdAt: new Date(now - DAY_MS - (k + 1) * 37 * MINUTE_MS),
      })),
    );
  }
}
