import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { home } from '@marquee/contract';
import { useTestApp } from '../../../test/test-app.js';
import { buildMember, setStatus, type BuiltMember } from '../../../test/factories.js';
import { DAY_MS, HOUR_MS } from '../../platform/time.js';
import { blocks, users } from '../members/members.tables.js';
import { profileVideos, videoRatings } from '../profile/profile.tables.js';
import { planOf } from '../../../test/plans.js';
import { newMembersQuery, visibleVideosQuery } from './home.repo.js';

// New members and the video pick look at every member, so this file has a database of its own.
const t = useTestApp({ ownDatabase: true });

const ago = (days: number) => new Date(t.clock.now().getTime() - days * DAY_MS);

async function addVideo(owner: BuiltMember, opts: { daysOld?: number; code?: string; name?: string } = {}) {
  const [row] = await t.db
    .insert(profileVideos)
    .values({
      userId: owner.id,
      code: opts.code ?? 'mqReel00001',
      name: opts.name ?? 'My showreel',
      createdAt: ago(opts.daysOld ?? 10),
    })
    .returning({ id: profileVideos.id });
  return (row as { id: number }).id;
}

async function rate(videoId: number, voters: BuiltMember[], vote: 'up' | 'down', daysAgo = 2) {
  for (const voter of voters) {
    await t.db.insert(videoRatings).values({ videoId, userId: voter.id, vote, createdAt: ago(daysAgo) });
  }
}

const block = (blocker: number, blocked: number) =>
  t.db.insert(blocks).values({ blockerId: blocker, blockedId: blocked, createdAt: t.clock.now() });

const members = (n: number, opts: Parameters<typeof buildMember>[2] = {}) =>
  Promise.all(Array.from({ length: n }, () => buildMember(t.db, t.clock, opts)));

describe('home/fetchFeaturedVideo and profile/rateVideo', () => {
  it('answers nothing when no member has a video (and needs a session)', async () => {
    const viewer = await buildMember(t.db, t.clock);
    const { statusCode, body } = await t.call(home.fetchFeaturedVideo, {}, viewer.token);
    expect(statusCode).toBe(200);
    expect(body).toEqual({ status: 'nothing' });
    expect((await t.call(home.fetchFeaturedVideo, {})).body.extra).toBe('logged_out');
  });

  it('shows the day’s pick with its owner, never the member’s own, a blocked or a deactivated owner’s', async () => {
    t.clock.set(new Date('2026-03-20T19:00:00Z'));
    const [viewer, owner, blocker, blockedOne, gone, other] = await members(6);
    const voters = await members(3);
    await t.db
      .update(users)
      .set({ job1: 'Director', job2: 'Editor', location: 'Austin, TX' })
      .where(eq(users.id, owner!.id));
    const long = 'A very long title for a showreel that goes on and on past sixty characters';
    const ownerVideo = await addVideo(owner!, { code: 'mqReel00002', name: long });
    const viewerVideo = await addVideo(viewer!);
    const blockerVideo = await addVideo(blocker!);
    const blockedVideo = await addVideo(blockedOne!);
    const goneVideo = await addVideo(gone!);
    // The viewer's own and the others score better: the viewer still gets the owner's video.
    for (const id of [viewerVideo, blockerVideo, blockedVideo, goneVideo]) await rate(id, voters, 'up');
    await block(blocker!.id, viewer!.id);
    await block(viewer!.id, blockedOne!.id);
    await setStatus(t.db, gone!.id, 'deactivated');

    const { body } = await t.call(home.fetchFeaturedVideo, {}, viewer!.token);
    expect(body).toEqual({
      status: 'success',
      video: {
        id: ownerVideo,
        code: 'mqReel00002',
        name: 'A very long title for a showreel that goes on and on past...',
        type: 'youtube',
        voted: 'no',
        my_vote: null,
        embed_url: '/sim/youtube/embed/mqReel00002',
      },
      user: {
        id: owner!.id,
        full_name: expect.stringMatching(/^Test Member /),
        desc: 'Director, Editor · Austin, TX',
        avatar: null,
      },
    });
    // Another member may be shown any of the others (the pick takes turns), never the deactivated one.
    const seen = await t.call(home.fetchFeaturedVideo, {}, other!.token);
    if (seen.body.status !== 'success') throw new Error('a video for the other member');
    expect([ownerVideo, viewerVideo, blockerVideo, blockedVideo]).toContain(seen.body.video.id);
  });

  it('rates once per member and video; voting again changes the vote; the answer says how they voted', async () => {
    t.clock.set(new Date('2026-03-25T19:00:00Z'));
    const [viewer, owner] = await members(2);
    const videoId = await addVideo(owner!);
    const up = await t.call(home.rateVideo, { video_id: videoId, vote: 'up' }, viewer!.token);
    expect(up.statusCode).toBe(200);
    expect(up.body).toEqual({ status: 'success', message: home.RATING_THANKS, vote: 'up' });
    t.clock.advance(HOUR_MS);
    const down = await t.call(home.rateVideo, { video_id: videoId, vote: 'down' }, viewer!.token);
    expect(down.body.vote).toBe('down');
    const rows = await t.db
      .select({ vote: videoRatings.vote, at: videoRatings.createdAt })
      .from(videoRatings)
      .where(and(eq(videoRatings.videoId, videoId), eq(videoRatings.userId, viewer!.id)));
    expect(rows).toEqual([{ vote: 'down', at: t.clock.now() }]);
  });

  it('the pick holds all day: votes cast today and videos added today count from tomorrow', async () => {
    // Before every other test's videos were added, so that only this test's videos count.
    t.clock.set(new Date('2026-01-15T17:00:00Z')); // 9am Pacific
    const [viewer, a, b] = await members(3);
    const voters = await members(6);
    const first = await addVideo(a!, { daysOld: 30 });
    const pickOf = async () => {
      const { body } = await t.call(home.fetchFeaturedVideo, {}, viewer!.token);
      return body.status === 'success' ? body.video : null;
    };
    // Only one video is old enough and still counted today: it is the pick.
    const picked = await pickOf();
    expect(picked?.id).toBe(first);
    const fresh = await addVideo(b!, { daysOld: 0 });
    await rate(first, voters, 'down', 0);
    expect((await pickOf())?.id).toBe(first);

    // The member's own vote shows at once, for the rating prompt.
    await t.call(home.rateVideo, { video_id: first, vote: 'up' }, viewer!.token);
    expect(await pickOf()).toMatchObject({ id: first, voted: 'yes', my_vote: 'up' });

    // Tomorrow the six downs have retired the first video; the new one is the pick.
    t.clock.advance(DAY_MS);
    expect((await pickOf())?.id).toBe(fresh);
  });

  it('refuses rating one’s own video, a missing, blocked or deactivated owner’s video, and bad input', async () => {
    t.clock.set(new Date('2026-04-10T19:00:00Z'));
    const [viewer, blocked, gone] = await members(3);
    const own = await addVideo(viewer!);
    const blockedVideo = await addVideo(blocked!);
    const goneVideo = await addVideo(gone!);
    await block(blocked!.id, viewer!.id);
    await setStatus(t.db, gone!.id, 'deactivated');

    const mine = await t.call(home.rateVideo, { video_id: own, vote: 'up' }, viewer!.token);
    expect(mine.statusCode).toBe(403);
    expect(mine.body.message).toBe('You cannot rate your own video.');
    for (const id of [blockedVideo, goneVideo, 99_999_999]) {
      const r = await t.call(home.rateVideo, { video_id: id, vote: 'down' }, viewer!.token);
      expect(r.statusCode, `video ${id}`).toBe(404);
      expect(r.body.message).toBe('That video is no longer available.');
    }
    const sideways = await t.call(home.rateVideo, { video_id: own, vote: 'sideways' }, viewer!.token);
    expect(sideways.statusCode).toBe(400);
    expect(sideways.body.message).toMatch(/thumbs up or thumbs down/);
    const noId = await t.call(home.rateVideo, { video_id: 'abc', vote: 'up' }, viewer!.token);
    expect(noId.statusCode).toBe(400);
    expect(noId.body.message).toMatch(/valid video/);
    expect((await t.call(home.rateVideo, { video_id: own, vote: 'up' })).statusCode).toBe(401);
    const none = await t.db.select().from(videoRatings).where(eq(videoRatings.userId, viewer!.id));
    expect(none).toEqual([]);
  });
});

describe('home/fetchNewMembers', () => {
  it('welcomes active members who joined within the last week, newest first', async () => {
    t.clock.set(new Date('2026-06-15T19:00:00Z'));
    const viewer = await buildMember(t.db, t.clock, { joinedDaysAgo: 1 });
    const [newest] = await members(1, { joinedDaysAgo: 0.5 });
    const [older] = await members(1, { joinedDaysAgo: 6 });
    await members(1, { joinedDaysAgo: 8 });
    const [gone] = await members(1, { joinedDaysAgo: 2, status: 'deactivated' });
    const [blocker, blockedOne] = await members(2, { joinedDaysAgo: 3 });
    await block(blocker!.id, viewer.id);
    await block(viewer.id, blockedOne!.id);
    await t.db
      .update(users)
      .set({ job1: 'Gaffer', location: 'Vancouver', defaultPic: 'abc.jpg' })
      .where(eq(users.id, newest!.id));

    const { statusCode, body } = await t.call(home.fetchNewMembers, {}, viewer.token);
    expect(statusCode).toBe(200);
    expect(body.users).toEqual([
      {
        id: newest!.id,
        full_name: expect.stringMatching(/^Test Member /),
        desc_line: 'Gaffer · Vancouver',
        avatar: '/media/80/abc.jpg',
        joined_ago: '12 hours ago',
      },
      expect.objectContaining({ id: older!.id, desc_line: 'New to Marquee', joined_ago: '6 days ago' }),
    ]);
    expect(body.users.map((u) => u.id)).not.toContain(gone!.id);
  });

  it('shows at most eight, and nobody when nobody joined this week', async () => {
    t.clock.set(new Date('2026-07-01T19:00:00Z'));
    const viewer = await buildMember(t.db, t.clock);
    expect((await t.call(home.fetchNewMembers, {}, viewer.token)).body).toEqual({
      status: 'success',
      users: [],
      greeting: 'welcome_back',
    });
    await members(home.HOME.newMembersShown + 2, { joinedDaysAgo: 1 });
    const { body } = await t.call(home.fetchNewMembers, {}, viewer.token);
    expect(body.users).toHaveLength(home.HOME.newMembersShown);
    expect((await t.call(home.fetchNewMembers, {})).statusCode).toBe(401);
  });
});

describe('the home greeting (docs/domain.md Home page)', () => {
  it('welcomes a member on their first day and welcomes them back after', async () => {
    const fresh = await buildMember(t.db, t.clock, { joinedDaysAgo: 0 });
    expect((await t.call(home.fetchNewMembers, {}, fresh.token)).body.greeting).toBe('welcome');
    const longtime = await buildMember(t.db, t.clock, { joinedDaysAgo: 30 });
    expect((await t.call(home.fetchNewMembers, {}, longtime.token)).body.greeting).toBe('welcome_back');
  });
});

describe('the home page’s queries read through indexes', () => {
  it('new members along users_created_idx; the day’s videos, votes and blocks by primary key', async () => {
    const viewer = await buildMember(t.db, t.clock);
    // Statistics first: otherwise the planner guesses one row anywhere and any index will do.
    await t.db.execute(sql`analyze users, profile_videos, video_ratings, blocks`);
    const members = await planOf(t.db, newMembersQuery(t.db, viewer.id, ago(7), 8));
    expect(members, members).toMatch(/users_created_idx/);
    expect(members, members).not.toMatch(/Seq Scan/);
    const videos = await planOf(t.db, visibleVideosQuery(t.db, viewer.id, [1, 2, 3]));
    expect(videos, videos).toMatch(/Index Scan (using|on) profile_videos_(pkey|user_idx)/);
    expect(videos, videos).not.toMatch(/Seq Scan/);
  });
});
