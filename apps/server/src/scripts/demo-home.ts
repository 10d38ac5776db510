import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../platform/db/database.js';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../platform/time.js';
import { users } from '../features/members/members.tables.js';
import { profileVideos, videoRatings } from '../features/profile/profile.tables.js';
import { boardCategories, boardPosts, boardThreads } from '../features/board/board.tables.js';
import { addSimVideo } from '../simulated/catalogue.js';

// Demo members by their place in demo-data.ts's PEOPLE (ids[i]).
const PRIYA = 3;
const THEO = 4;
const LENA = 5;
const MARCUS = 6;
const SOFIA = 7;
const CAMILLE = 9;
const HANNAH = 11;
const IMANI = 13;
const KENJI = 14;
const RUBY = 17;
const NOOR = 19;
const ZOE = 21;
const AISHA = 23;
const OMAR = 32;

const CATEGORIES = [
  ['casting', 'Casting', 'Auditions, self-tapes, agents and finding the right role.'],
  ['crew-calls', 'Crew Calls', 'Productions looking for crew, and crew looking for work.'],
  ['festivals', 'Festivals', 'Submissions, premieres, screenings and what to expect.'],
  ['gear', 'Gear', 'Cameras, lenses, lights, sound and the kit that gets the shot.'],
  ['screenwriting', 'Screenwriting', 'Drafts, notes, contests and getting scripts read.'],
  ['general', 'General', 'Everything else about working in film and TV.'],
] as const;

/** Threads: category, author, title, then each post as [author, text, hours ago]. */
const THREADS: [string, number, string, [number, string, number][]][] = [
  [
    'casting',
    LENA,
    'Self-tape setups that casting directors actually like',
    [
      [
        LENA,
        'What is everyone using for self-tapes these days? I have a ring light and a grey backdrop but my reader audio is always too loud.',
        30,
      ],
      [
        CAMILLE,
        'Put your reader further from the mic than you, or have them speak a little softer. Casting wants to hear you, not them.',
        6,
      ],
      [
        PRIYA,
        'A cheap lavalier on you makes a huge difference. Keep the framing chest-up and the eyeline just off camera.',
        0.4,
      ],
    ],
  ],
  [
    'crew-calls',
    OMAR,
    'Gaffer and key grip needed: 5-day indie shoot in Atlanta',
    [
      [
        OMAR,
        'Low-budget feature, five days in late spring, mostly night exteriors. Paid, meals and a credit. Message me with your reel.',
        20,
      ],
      [KENJI, 'Sent you a message. I gaffed two shorts in Savannah last year.', 2],
    ],
  ],
  [
    'festivals',
    RUBY,
    'Is it worth paying for festival submission platforms?',
    [
      [RUBY, 'We have a 14-minute short finished. Fees add up fast: how do you choose where to submit?', 50],
      [
        HANNAH,
        'Pick ten that fit your film and genre, and ask for fee waivers: many say yes if you write a short, honest note.',
        26,
      ],
    ],
  ],
  [
    'gear',
    KENJI,
    'Budget lens kit for a first feature?',
    [
      [KENJI, 'Shooting on a Super 35 body. Vintage primes or a modern zoom for speed on set?', 70],
      [SOFIA, 'Primes if you have a focus puller, the zoom if you are moving fast with a small crew.', 49],
    ],
  ],
  [
    'screenwriting',
    IMANI,
    'Table read etiquette for writers',
    [
      [
        IMANI,
        'First table read of my pilot next week. Should I read stage directions myself or have someone else do it?',
        90,
      ],
      [NOOR, 'Have someone else read them, so you can listen and take notes. Bring snacks!', 72],
    ],
  ],
  [
    'general',
    ZOE,
    'Introduce yourself: what are you working on this month?',
    [
      [
        ZOE,
        'New here! Producer in Vancouver, prepping a documentary about coastal fishing towns. What is everyone working on?',
        120,
      ],
      [MARCUS, 'Editing a music video and writing my first short. Welcome!', 100],
      [AISHA, 'Script supervising on a streaming series until June. Say hi if you are in Toronto.', 96],
    ],
  ],
];

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
  await seedBoard(tx, id, now);
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

async function seedBoard(tx: Db, id: (i: number) => number, now: number) {
  await tx
    .insert(boardCategories)
    .values(
      CATEGORIES.map(([category, longName, description], position) => ({
        category,
        longName,
        description,
        position,
      })),
    )
    .onConflictDoNothing();
  for (const [category, author, title, posts] of THREADS) {
    const at = (hoursAgo: number) => new Date(now - Math.round(hoursAgo * HOUR_MS));
    const first = posts[0] as [number, string, number];
    const last = posts[posts.length - 1] as [number, string, number];
    const [thread] = await tx
      .insert(boardThreads)
      .values({
        category,
        userId: id(author),
        title,
        viewCount: 12 + posts.length * 9,
        replyCount: posts.length - 1,
        createdAt: at(first[2]),
        lastPostAt: at(last[2]),
      })
      .returning({ id: boardThreads.id });
    await tx.insert(boardPosts).values(
      posts.map(([poster, content, hoursAgo]) => ({
        threadId: (thread as { id: number }).id,
        userId: id(poster),
        content,
        createdAt: at(hoursAgo),
      })),
    );
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
