import { inArray } from 'drizzle-orm';
import { news } from '@marquee/contract';
import type { Db } from '../platform/db/database.js';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../platform/time.js';
import { users } from '../features/members/members.tables.js';
import { alerts } from '../features/alerts/alerts.tables.js';
import { newsCommentLikes, newsComments, newsItems, newsLikes } from '../features/news/news.tables.js';

/** Who posts, by their place in the demo's PEOPLE list (demo-data.ts); -1 is the official account. */
const OFFICIAL = -1;

interface DemoPost {
  by: number;
  ago: number;
  text: string;
  /** A video of the simulated catalogue: the demo's showreels (demo-data.ts listingsFor). */
  video?: { id: string; title: string };
  /** A member mentioned at the end of the text (by place), alerted as D8.2 says. */
  mention?: number;
  comments?: [by: number, text: string][];
  /** How many members like it (the first few demo members after the author). */
  likes?: number;
}

const POSTS: DemoPost[] = [
  {
    by: 1,
    ago: 25 * MINUTE_MS,
    text: 'Just wrapped my first day on set for a short in Portland! 14 hours, two locations, and the best crew. Feet hurt, heart full.',
    comments: [
      [2, 'Congratulations Maya! Portland crews are the best.'],
      [7, 'So happy for you. Enjoy every minute of it!'],
    ],
    likes: 6,
  },
  {
    by: 2,
    ago: 2 * HOUR_MS,
    text: 'New cut of my showreel is up. Shorter, punchier, and it opens with the rooftop scene. Feedback welcome!',
    video: { id: 'mqReel00002', title: 'Jonah Whitaker: showreel' },
    comments: [[3, 'The rooftop opening works so well. Great pacing.']],
    likes: 4,
  },
  {
    by: 7,
    ago: 5 * HOUR_MS,
    text: 'Our short "Night Ferry" got into its first festival! Huge thanks to our wonderful lead',
    mention: 1,
    comments: [
      [8, 'It was a joy to shoot. On to the next one!'],
      [1, 'Amazing news, congratulations to the whole team.'],
    ],
    likes: 9,
  },
  {
    by: 3,
    ago: 9 * HOUR_MS,
    text: 'Does anyone know a good colourist in Atlanta? Our post house just closed and we deliver in three weeks.',
    comments: [[9, 'Sent you a message with two names. Both fast and fair.']],
    likes: 2,
  },
  {
    by: 5,
    ago: 20 * HOUR_MS,
    text: 'Showreel refresh: three new scenes from this spring, including the courtroom drama.',
    video: { id: 'mqReel00005', title: 'Lena Okafor: showreel' },
    likes: 5,
  },
  {
    by: OFFICIAL,
    ago: 26 * HOUR_MS,
    text:
      '<h3>Welcome to the Marquee news feed</h3>' +
      '<p>This is where the community shares its wins: roles booked, festival news, new reels. A few tips:</p>' +
      '<ul><li>Type <strong>@</strong> to mention a member; they get an alert.</li>' +
      '<li>Add a YouTube link or an image to your post.</li>' +
      '<li>Use <em>Filters</em> to hide View-for-View posts or members without a photo.</li></ul>' +
      '<p>Questions? Visit the <a href="/help">Help Center</a>.</p>',
    likes: 12,
  },
  {
    by: 6,
    ago: 30 * HOUR_MS,
    text: 'Looking for a boom op for a two-day shoot in Austin next weekend, paid. Details at https://example.com/austin-shoot',
    comments: [[12, 'I am in Austin and free that weekend. Messaging you now.']],
    likes: 1,
  },
  {
    by: 9,
    ago: 40 * HOUR_MS,
    text: 'Self-tape tip that changed everything for me: a cheap reflector opposite the key light. Soft, even, and no new gear budget.',
    likes: 7,
  },
  {
    by: 11,
    ago: 2 * DAY_MS,
    text: 'Table read tonight for the pilot. Nervous and excited in equal measure.',
    comments: [[13, 'Break a leg, Hannah!']],
    likes: 3,
  },
  {
    by: 14,
    ago: 2 * DAY_MS + 6 * HOUR_MS,
    text: 'Two new credits on my IMDb page this month, both from people I met here. Thank you, Marquee!',
    likes: 8,
  },
  {
    by: 17,
    ago: 3 * DAY_MS,
    text: 'Anyone going to the screenwriting panel on Thursday? Would love to meet some of you in person.',
    comments: [[19, 'I will be there. Front row, probably with too much coffee.']],
    likes: 2,
  },
  {
    by: 19,
    ago: 3 * DAY_MS + 10 * HOUR_MS,
    text: 'Finished the edit on my documentary short after eight months. Time to sleep for a week.',
    likes: 4,
  },
  {
    by: OFFICIAL,
    ago: 5 * DAY_MS,
    text: '<p><strong>Tip:</strong> listings from featured members pay <em>one extra point</em> today. Check the dashboard to earn.</p>',
    likes: 3,
  },
  {
    by: 32,
    ago: 6 * DAY_MS,
    text: 'Casting a short horror film in Chicago: two leads, late 20s. Self-tapes due Friday.',
    likes: 2,
  },
];

/** The demo community's news (seeded once, with the rest of the demo, by seedDemo). */
export async function seedDemoNews(tx: Db, ids: number[], now: number): Promise<void> {
  const idOf = (place: number) => (place === OFFICIAL ? news.OFFICIAL_NEWS_ID : (ids[place] as number));
  const people = await tx
    .select({ id: users.id, first: users.first, last: users.last })
    .from(users)
    .where(inArray(users.id, ids));
  const nameOf = new Map(people.map((p) => [p.id, `${p.first} ${p.last}`]));

  // Oldest first, so that ids follow time as they do for real posts (the feed is ordered by id).
  for (const post of [...POSTS].reverse()) {
    const userId = idOf(post.by);
    const at = new Date(now - post.ago);
    const mentioned = post.mention === undefined ? undefined : idOf(post.mention);
    const content =
      mentioned === undefined
        ? post.text
        : `${post.text} ${news.mentionMarkup(mentioned, nameOf.get(mentioned) ?? 'a member')}!`;
    const [row] = await tx
      .insert(newsItems)
      .values({
        userId,
        kind: 'post',
        content,
        mediaType: post.video ? 'youtube' : '',
        mediaCode: post.video?.id ?? '',
        mediaTitle: post.video?.title ?? null,
        commentCount: post.comments?.length ?? 0,
        createdAt: at,
      })
      .returning({ id: newsItems.id });
    const newsId = (row as { id: number }).id;

    const likers = Array.from({ length: post.likes ?? 0 }, (_, k) =>
      idOf((Math.max(post.by, 0) + 1 + k * 3) % ids.length),
    ).filter((id, k, all) => id !== userId && all.indexOf(id) === k);
    if (likers.length) {
      await tx.insert(newsLikes).values(
        likers.map((id, k) => ({
          newsId,
          userId: id,
          createdAt: new Date(at.getTime() + (k + 1) * 7 * MINUTE_MS),
        })),
      );
    }
    for (const [k, [by, text]] of (post.comments ?? []).entries()) {
      const [comment] = await tx
        .insert(newsComments)
        .values({
          newsId,
          userId: idOf(by),
          comment: text,
          createdAt: new Date(at.getTime() + (k + 1) * 11 * MINUTE_MS),
        })
        .returning({ id: newsComments.id });
      // The author likes the first comment on their post, as people do.
      if (k === 0 && idOf(by) !== userId) {
        await tx.insert(newsCommentLikes).values({
          commentId: (comment as { id: number }).id,
          userId,
          createdAt: new Date(at.getTime() + 30 * MINUTE_MS),
        });
      }
    }
    if (mentioned !== undefined) {
      await tx.insert(alerts).values({
        userId: mentioned,
        actorId: userId,
        kind: 'news_mention',
        content: `${nameOf.get(userId) ?? 'A member'} mentioned you in a post.`,
        link: `/home/${newsId}`,
        createdAt: at,
      });
    }
  }
}
