import { describe, expect, it } from 'vitest';
import { media, profile } from '@marquee/contract';
import { useTestApp } from '../../../test/test-app.js';
import { buildMember } from '../../../test/factories.js';
import { addSimVideo } from '../../simulated/catalogue.js';

const t = useTestApp();

const details = (userId: number, token: string) =>
  t.call(profile.fetchUserDetails, { user_id: userId }, token);

describe('profile videos: addVideo and deleteVideo', () => {
  it('adds a YouTube video that exists, titled from the catalogue and cut at 60 (spec 1 §5)', async () => {
    const member = await buildMember(t.db, t.clock);
    const title = 'A very long title for a showreel that goes on and on past sixty characters';
    await addSimVideo(t.db, { id: 'profVid0001', title });
    const res = await t.call(profile.addVideo, { url: 'https://youtu.be/profVid0001' }, member.token);
    expect(res.body).toMatchObject({
      status: 'success',
      message: profile.VIDEO_ADDED,
      video: { code: 'profVid0001' },
    });
    expect(res.body.video.name).toBe(media.cutVideoTitle(title));
    expect(res.body.video.name).toHaveLength(60);
    expect(
      await t.call(profile.addVideo, { url: 'https://www.youtube.com/watch?v=profVid0001' }, member.token),
    ).toMatchObject({
      statusCode: 409,
      body: { message: profile.VIDEO_REPEATED },
    });
    const shown = await details(member.id, member.token);
    expect(shown.body.videos).toEqual([
      {
        id: res.body.video.id,
        code: 'profVid0001',
        name: res.body.video.name,
        embed_url: '/sim/youtube/embed/profVid0001',
        thumbnail: null,
        canDelete: true,
      },
    ]);
  });

  it('refuses a link that is not YouTube, or a video that does not exist, with the spec message', async () => {
    const member = await buildMember(t.db, t.clock);
    // Offline every well-formed id has a video (rule P1): one that does not exist is a removed one.
    await addSimVideo(t.db, { id: 'noSuchVid01', removed: true });
    for (const url of ['https://vimeo.com/12345', 'https://youtu.be/noSuchVid01', 'not a link']) {
      expect(await t.call(profile.addVideo, { url }, member.token)).toMatchObject({
        statusCode: 400,
        body: { message: media.BAD_VIDEO_URL },
      });
    }
    expect((await t.call(profile.addVideo, { url: '' }, member.token)).body.message).toBe(
      'Please paste a YouTube link.',
    );
  });

  it('keeps to 12 videos', async () => {
    const member = await buildMember(t.db, t.clock);
    for (let i = 0; i < profile.MAX_PROFILE_VIDEOS + 1; i++) {
      const id = `lim${String(member.id % 10_000).padStart(4, '0')}v${String(i).padStart(3, '0')}`;
      await addSimVideo(t.db, { id });
      const res = await t.call(profile.addVideo, { url: `https://youtu.be/${id}` }, member.token);
      expect(res.statusCode).toBe(i < profile.MAX_PROFILE_VIDEOS ? 200 : 409);
      if (i === profile.MAX_PROFILE_VIDEOS) expect(res.body.message).toBe(profile.TOO_MANY_VIDEOS);
    }
  });

  it('adds a video once and keeps to 12 even when adds arrive at the same moment', async () => {
    const member = await buildMember(t.db, t.clock);
    const tag = String(member.id % 10_000).padStart(4, '0');
    await addSimVideo(t.db, { id: `race${tag}dup` });
    const same = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.call(profile.addVideo, { url: `https://youtu.be/race${tag}dup` }, member.token),
      ),
    );
    expect(same.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(same.filter((r) => r.statusCode === 409)).toHaveLength(4);

    const ids = Array.from(
      { length: profile.MAX_PROFILE_VIDEOS + 3 },
      (_, i) => `rc${tag}v${String(i).padStart(4, '0')}`,
    );
    for (const id of ids) await addSimVideo(t.db, { id });
    await Promise.all(
      ids.map((id) => t.call(profile.addVideo, { url: `https://youtu.be/${id}` }, member.token)),
    );
    const shown = await details(member.id, member.token);
    expect(shown.body.videos).toHaveLength(profile.MAX_PROFILE_VIDEOS);
  });

  it('deletes own videos only', async () => {
    const member = await buildMember(t.db, t.clock);
    const other = await buildMember(t.db, t.clock);
    await addSimVideo(t.db, { id: 'profVid0002' });
    const added = await t.call(profile.addVideo, { url: 'youtu.be/profVid0002' }, member.token);
    const videoId = added.body.video.id;
    expect(await t.call(profile.deleteVideo, { video_id: videoId }, other.token)).toMatchObject({
      statusCode: 404,
      body: { message: profile.NO_SUCH_VIDEO },
    });
    expect((await t.call(profile.deleteVideo, { video_id: videoId }, member.token)).body.message).toBe(
      profile.VIDEO_DELETED,
    );
    expect((await details(member.id, member.token)).body.videos).toEqual([]);
  });
});
