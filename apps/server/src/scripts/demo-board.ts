import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../platform/db/database.js';
import { loadConfig, type AppConfig } from '../platform/config.js';
import { HOUR_MS } from '../platform/time.js';
import {
  boardPosts,
  boardSubscriptions,
  boardThreadViews,
  boardThreads,
} from '../features/board/board.tables.js';
import { alerts } from '../features/alerts/alerts.tables.js';
import { addSimVideo } from '../simulated/catalogue.js';
import { storeDemoBoardPictures, type DemoPicture } from './demo-board-pictures.js';

// Demo members by their place in demo-data.ts's PEOPLE (ids[i]); topics are started by members who
// may start them (premium, pro, managed, staff: D12.1), replies come from every level.
const AVERY = 0; // admin
const MAYA = 1; // demo-free
const JONAH = 2; // demo-premium
const PRIYA = 3; // demo-pro
const THEO = 4; // demo-managed
const LENA = 5;
const MARCUS = 6;
const SOFIA = 7;
const DEV = 8;
const CAMILLE = 9;
const RAFAEL = 10;
const HANNAH = 11;
const OLIVER = 12;
const IMANI = 13;
const KENJI = 14;
const GRETA = 15;
const SAMUEL = 16;
const RUBY = 17;
const ELLIOT = 18;
const NOOR = 19;
const FELIX = 20;
const ZOE = 21;
const TOMAS = 22;
const AISHA = 23;
const LIAM = 24;
const CHLOE = 25;
const ISLA = 27;
const MATEO = 28;
const YARA = 29;
const NATHAN = 30;
const OMAR = 32;

/** A topic's first post may carry a picture drawn for the demo or a video of the simulated catalogue. */
type Media = { picture: DemoPicture } | { video: string; title: string; seconds: number };

interface DemoThread {
  category: string;
  title: string;
  media?: Media;
  /** The posts in order, the first by the topic's author: [member, text, hours ago]. */
  posts: [number, string, number][];
  /** Members following it besides its author. */
  followers?: number[];
}

const THREADS: DemoThread[] = [
  {
    category: 'casting',
    title: 'Self-tape setups that casting directors actually like',
    media: { picture: 'lighting-plot' },
    posts: [
      [
        LENA,
        'What is everyone using for self-tapes these days? Here is my corner: a ring light as key and a grey backdrop, but my reader audio is always too loud.',
        30,
      ],
      [
        CAMILLE,
        'Put your reader further from the mic than you, or have them speak a little softer. Casting wants to hear you, not them.',
        6,
      ],
      [
        DEV,
        'Swap the ring light for a small LED panel with a softbox if you can. Ring lights leave that circle in the eyes that some directors hate.',
        3,
      ],
      [
        PRIYA,
        'A cheap lavalier on you makes a huge difference. Keep the framing chest-up and the eyeline just off camera.',
        0.4,
      ],
    ],
    followers: [MAYA, DEV],
  },
  {
    category: 'casting',
    title: 'What I look for in the first ten seconds of a self-tape',
    media: { video: 'mqBoardVid01', title: 'Slating for self-tapes: a 60-second guide', seconds: 75 },
    posts: [
      [
        CAMILLE,
        'I watch hundreds of tapes a week. A clean slate, good sound and a confident first line get you through the first ten seconds. I recorded a short guide to slating.',
        52,
      ],
      [
        OLIVER,
        'This is gold. Do you prefer the full-body shot at the end of the slate or a separate clip?',
        48,
      ],
      [
        CAMILLE,
        'At the end of the slate, unless the breakdown asks for something else. One file is always easier for us.',
        47,
      ],
      [ISLA, 'Saving this for my next audition, thank you!', 20],
    ],
  },
  {
    category: 'casting',
    title: 'Agent or manager first? Just moved to LA',
    posts: [
      [
        JONAH,
        'Moved from Chicago last month with a handful of co-star credits. Should I be looking for an agent or a manager first?',
        26,
      ],
      [
        PRIYA,
        'Managers are usually easier to land first, and a good one will help you get an agent. Get your reel and headshots updated before you reach out.',
        9,
      ],
      [MAYA, 'Following this. Same question from Atlanta!', 4],
      [
        THEO,
        'Whoever you sign with, ask who else is on their list in your category. You do not want to be the fifth person who looks like you.',
        0.5,
      ],
    ],
    followers: [MAYA],
  },
  {
    category: 'crew-calls',
    title: 'Gaffer and key grip needed: 5-day indie shoot in Atlanta',
    posts: [
      [
        OMAR,
        'Low-budget feature, five days in late spring, mostly night exteriors. Paid, meals and a credit. Message me with your reel.',
        20,
      ],
      [KENJI, 'Sent you a message. I gaffed two shorts in Savannah last year.', 2],
      [
        HANNAH,
        'If you need a package I can bring a 3-ton, and I know a key grip who is free those dates.',
        1.5,
      ],
    ],
  },
  {
    category: 'crew-calls',
    title: 'Available: gaffer with a 3-ton package, Southeast, May to June',
    posts: [
      [
        HANNAH,
        'Booking now for May and June. Narrative, music videos and commercials. Reel: https://example.com/hannah-reel',
        64,
      ],
      [
        TOMAS,
        'Are you open to a two-day music video in Nashville? Budget is small but the band is great.',
        40,
      ],
      [HANNAH, 'Happy to talk, message me the dates.', 39],
    ],
  },
  {
    category: 'crew-calls',
    title: 'Hiring: 1st AD for a 12-day feature in Toronto',
    posts: [
      [
        THEO,
        'Drama, 12 shooting days in July, union-friendly. Looking for a 1st AD who has run a feature schedule before.',
        110,
      ],
      [AISHA, 'I know two great ADs in town. Sending names your way.', 100],
    ],
  },
  {
    category: 'screenwriting',
    title: 'Table read etiquette for writers',
    posts: [
      [
        IMANI,
        'First table read of my pilot next week. Should I read stage directions myself or have someone else do it?',
        90,
      ],
      [NOOR, 'Have someone else read them, so you can listen and take notes. Bring snacks!', 72],
      [
        MARCUS,
        'Record it (with everyone’s permission). You will hear things on the second listen you missed in the room.',
        60,
      ],
    ],
  },
  {
    category: 'screenwriting',
    title: 'Contest season: which ones are worth the fee?',
    posts: [
      [
        NOOR,
        'Drafting my contest budget for the year. Which competitions actually led to reads or meetings for you?',
        140,
      ],
      [
        RUBY,
        'The ones with fellowships attached. Placing in a big general contest got me two reads; a fellowship semifinal got me a manager.',
        128,
      ],
      [
        ELLIOT,
        'Check whether the finalists’ scripts get sent anywhere. If the prize is only money and a logo, skip it.',
        90,
      ],
    ],
  },
  {
    category: 'screenwriting',
    title: 'Cold opens: how long is too long?',
    posts: [
      [
        RUBY,
        'My pilot’s cold open runs six pages. Notes say it is slow, but it sets up the whole season. Cut it or keep it?',
        35,
      ],
      [IMANI, 'Under four pages if you can. Save the setup for act one and make the open a hook.', 30],
    ],
  },
  {
    category: 'festivals',
    title: 'Our short got into its first festival!',
    media: { picture: 'festival-poster' },
    posts: [
      [
        RUBY,
        'Salt & Static is an official selection at the Coastal Shorts Festival. Here is our one-sheet. Thank you all for the notes on the cut!',
        14,
      ],
      [HANNAH, 'Congratulations! Beautiful poster too.', 12],
      [SAMUEL, 'Well deserved. When is the screening?', 8],
      [RUBY, 'Saturday the 14th at 4 pm. Come say hi if you are around.', 7.5],
    ],
    followers: [HANNAH],
  },
  {
    category: 'festivals',
    title: 'Is it worth paying for festival submission platforms?',
    posts: [
      [RUBY, 'We have a 14-minute short finished. Fees add up fast: how do you choose where to submit?', 50],
      [
        HANNAH,
        'Pick ten that fit your film and genre, and ask for fee waivers: many say yes if you write a short, honest note.',
        26,
      ],
      [
        FELIX,
        'Make a spreadsheet of deadlines and premiere rules. Some festivals want a world premiere, so the order matters.',
        22,
      ],
    ],
  },
  {
    category: 'festivals',
    title: 'Travelling to a festival on a tight budget',
    posts: [
      [
        ZOE,
        'Our doc got into a festival across the country. Any tips for doing it cheaply with two of the team?',
        200,
      ],
      [LIAM, 'Ask the festival about filmmaker housing. Many have host families or hotel deals.', 180],
      [YARA, 'Volunteer passes are a thing too, if someone on your team wants to help out.', 150],
    ],
  },
  {
    category: 'gear',
    title: 'Budget lens kit for a first feature?',
    posts: [
      [SOFIA, 'Shooting on a Super 35 body. Vintage primes or a modern zoom for speed on set?', 70],
      [KENJI, 'Primes if you have a focus puller, the zoom if you are moving fast with a small crew.', 49],
      [
        CHLOE,
        'Rent both for a test day. The lens you like on a monitor is not always the one you like in the grade.',
        44,
      ],
    ],
  },
  {
    category: 'gear',
    title: 'Wireless follow focus: worth it for a small crew?',
    posts: [
      [
        CHLOE,
        'Thinking about a wireless follow focus for handheld work with a two-person camera team. Worth the money?',
        33,
      ],
      [SOFIA, 'For handheld, yes. It freed my 1st AC from hanging off the rig.', 28],
      [MATEO, 'Check battery life before you buy. Mine died halfway through a night shoot.', 10],
    ],
  },
  {
    category: 'post-production',
    title: 'Colour grading night exteriors: before and after',
    media: { picture: 'grade-before-after' },
    posts: [
      [
        GRETA,
        'Here is a frame from a night exterior, log on the left and graded on the right. Pushed the blues in the shadows and kept the skin warm.',
        18,
      ],
      [MARCUS, 'Lovely separation. Did you key the skin or just use a curve?', 15],
      [GRETA, 'A soft key on the skin and a hue-versus-saturation curve for the sodium lights.', 14],
    ],
  },
  {
    category: 'post-production',
    title: 'Delivery specs for streamers: what tripped you up?',
    media: { video: 'mqBoardVid02', title: 'Exporting a streaming deliverable, step by step', seconds: 150 },
    posts: [
      [
        AISHA,
        'Just delivered our first series. The QC report came back with 40 notes. I made a walkthrough of the export settings that finally passed.',
        80,
      ],
      [RAFAEL, 'Audio loudness was our problem. Check the spec for your territory, it differs.', 70],
      [AISHA, 'Same here, -24 LKFS in the end.', 68],
    ],
  },
  {
    category: 'imdb-starmeter',
    title: 'How long before new credits show on IMDb?',
    posts: [
      [PRIYA, 'Submitted two credits three weeks ago and they are still pending. Is that normal?', 44],
      [
        GRETA,
        'Three to six weeks is normal for me. A link to a press release or the end credits helps them go through.',
        40,
      ],
      [TOMAS, 'Mine went through faster once the production added the cast list themselves.', 22],
    ],
  },
  {
    category: 'imdb-starmeter',
    title: 'STARmeter jumped after a festival screening: anyone else?',
    posts: [
      [
        ISLA,
        'My STARmeter went from the 90,000s to the 20,000s the week our short screened. Does it last?',
        96,
      ],
      [
        NATHAN,
        'It settles back a bit, but keeping your page busy (photos, credits, a reel) keeps it higher for longer.',
        90,
      ],
    ],
  },
  {
    category: 'general',
    title: 'Handling a late payment from a production company',
    posts: [
      [
        NATHAN,
        'Sixty days past the invoice date on a commercial. Polite reminders are not working. What has worked for you?',
        58,
      ],
      [
        OMAR,
        'A firm email with the deal memo attached and a date. Then small claims if needed: most pay before it gets there.',
        50,
      ],
      [DEV, 'Check if your union or guild has a claims department, they can help even on smaller jobs.', 45],
    ],
  },
  {
    category: 'general',
    title: 'Welcome to the Marquee message board',
    posts: [
      [
        AVERY,
        'Welcome! Premium, Pro and Managed members can start topics; everyone can reply. Follow a topic to hear about new replies in your alerts. Questions about your account go to the Help Center.',
        400,
      ],
      [MAYA, 'Thanks for setting this up!', 390],
    ],
  },
];

/** The long thread: introductions from across the community, over two pages. */
const INTRODUCTIONS: [number, string][] = [
  [
    ZOE,
    'New here! Producer in Vancouver, prepping a documentary about coastal fishing towns. What is everyone working on?',
  ],
  [MARCUS, 'Editing a music video and writing my first short. Welcome!'],
  [AISHA, 'Script supervising on a streaming series until June. Say hi if you are in Toronto.'],
  [LENA, 'Voice work this month, and a self-tape a day for pilot season.'],
  [KENJI, 'Gaffing a feature in Savannah. Twelve nights left!'],
  [CAMILLE, 'Casting a horror short in Paris. Looking for teenagers who can scream on cue.'],
  [RAFAEL, 'Cutting trailers for an indie distributor. Three due this week.'],
  [OLIVER, 'Taking an acting class on audition technique and loving it.'],
  [IMANI, 'Rewriting my pilot after the table read. Lots of notes, all good ones.'],
  [GRETA, 'Colour grading two shorts for festival deadlines.'],
  [SAMUEL, 'Sound mixing a documentary about jazz clubs in Lagos.'],
  [RUBY, 'Getting our short ready for its festival premiere.'],
  [ELLIOT, 'Reading scripts for a fellowship. So many good ones this year.'],
  [NOOR, 'Writing a feature about my grandmother’s bakery in Amman.'],
  [FELIX, 'Building a festival strategy spreadsheet for a friend’s short.'],
  [TOMAS, 'Shooting a music video in Nashville next weekend.'],
  [LIAM, 'First job as a production assistant on a network drama!'],
  [CHLOE, 'Camera operator on a commercial, then a week off.'],
  [ISLA, 'Submitting credits to IMDb and updating my reel.'],
  [MATEO, 'Learning to use a gimbal properly. Many wobbly shots so far.'],
  [YARA, 'Writing a short about two sisters and a lighthouse.'],
  [NATHAN, 'Producing a branded documentary for a coffee roaster.'],
  [OMAR, 'Prepping an indie feature in Atlanta: crew calls on the board!'],
  [HANNAH, 'Lighting a music video with nothing but practicals.'],
  [SOFIA, 'Testing lenses for a first feature. Vintage primes are winning.'],
  [JONAH, 'Settling into LA and meeting with managers.'],
  [MAYA, 'Just joined, working on my first headshots. Hi everyone!'],
];

/**
 * The demo community's message board (spec 3 §2): topics in every category started by members who
 * may start them, replies from every level, pictures and videos on some, a thread long enough for two
 * pages, follows, and an unseen reply alert for the demo logins that follow a topic. The categories
 * come from the migrations (docs/domain.md BD1); their counts are recounted at the end.
 */
export async function seedDemoBoard(
  tx: Db,
  ids: number[],
  now: number,
  config: AppConfig = loadConfig(),
): Promise<void> {
  const id = (i: number) => ids[i] as number;
  const at = (hoursAgo: number) => new Date(now - Math.round(hoursAgo * HOUR_MS));
  const pictures = await storeDemoBoardPictures(
    tx,
    { 'lighting-plot': id(LENA), 'festival-poster': id(RUBY), 'grade-before-after': id(GRETA) },
    at(60),
    config,
  );
  const intro: DemoThread = {
    category: 'general',
    title: 'Introduce yourself: what are you working on this month?',
    posts: INTRODUCTIONS.map(([who, text], n) => [who, text, 300 - n * 11]),
    followers: [JONAH, MARCUS],
  };
  const threads = [...THREADS, intro];
  for (const [n, thread] of threads.entries()) {
    const first = thread.posts[0] as [number, string, number];
    const last = thread.posts[thread.posts.length - 1] as [number, string, number];
    const author = id(first[0]);
    const [row] = await tx
      .insert(boardThreads)
      .values({
        category: thread.category,
        userId: author,
        title: thread.title,
        replyCount: thread.posts.length - 1,
        createdAt: at(first[2]),
        lastPostAt: at(last[2]),
      })
      .returning({ id: boardThreads.id });
    const threadId = (row as { id: number }).id;
    await tx
      .insert(boardThreadViews)
      .values({ threadId, viewCount: 14 + thread.posts.length * 9 + ((n * 7) % 23) });
    let media = { mediaType: '', mediaCode: '', mediaTitle: null as string | null };
    if (thread.media && 'picture' in thread.media) {
      media = { mediaType: 'image', mediaCode: pictures[thread.media.picture], mediaTitle: null };
    } else if (thread.media) {
      const video = thread.media;
      await addSimVideo(tx, {
        id: video.video,
        title: video.title,
        channel: 'Marquee member',
        durationSeconds: video.seconds,
      });
      media = { mediaType: 'youtube', mediaCode: video.video, mediaTitle: video.title };
    }
    await tx.insert(boardPosts).values(
      thread.posts.map(([poster, content, hoursAgo], k) => ({
        threadId,
        userId: id(poster),
        content,
        ...(k === 0 ? media : {}),
        createdAt: at(hoursAgo),
      })),
    );
    // D12.1: the author follows their topic; so do a few others.
    const followers = [author, ...(thread.followers ?? []).map(id)];
    await tx
      .insert(boardSubscriptions)
      .values(followers.map((userId) => ({ threadId, userId, createdAt: at(first[2]) })))
      .onConflictDoNothing();
    // The demo logins following a topic find its last reply unseen in their alerts (BD8).
    const replier = id(last[0]);
    const page = Math.floor((thread.posts.length - 1) / 20);
    const link = `/community/board/${thread.category}/${threadId}${page > 0 ? `/${page}` : ''}`;
    const name = await memberName(tx, replier);
    for (const follower of followers) {
      if (follower === replier || ![id(MAYA), id(JONAH)].includes(follower) || thread.posts.length < 2)
        continue;
      await tx.insert(alerts).values({
        userId: follower,
        actorId: replier,
        kind: 'board_reply',
        content: `${name} replied to "${thread.title}".`,
        link,
        createdAt: at(last[2]),
      });
    }
  }
  await tx.execute(sql`
    update board_categories c set
      topic_count = (select count(*)::int from board_threads t where t.category = c.category),
      post_count = (select coalesce(sum(t.reply_count + 1), 0)::int from board_threads t where t.category = c.category)`);
}

async function memberName(tx: Db, userId: number): Promise<string> {
  const [row] = await rowsOf<{ first: string; last: string }>(
    tx,
    sql`select first, last from users where id = ${userId}::int`,
  );
  return row ? `${row.first} ${row.last}` : 'A member';
}
