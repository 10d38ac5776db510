import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { directory, profile, uploads } from '@marquee/contract';
import { useTestApp } from '../../../test/test-app.js';
import { buildMember, setStatus } from '../../../test/factories.js';
import { HOUSE_ID } from '../points/ledger.js';
import { blocks, users } from '../members/members.tables.js';
import { messages } from '../messages/messages.tables.js';
import { postMultipart, testPicture, uploadPicture } from '../uploads/test-files.js';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-profile-'));
const t = useTestApp({ config: { dataDir } });
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const details = (userId: number, token: string) =>
  t.call(profile.fetchUserDetails, { user_id: userId }, token);

describe('profile/fetchUserDetails (spec 2 §3, §7)', () => {
  it('shows a member with links-only bio, jobs, location and what the viewer may do', async () => {
    const owner = await buildMember(t.db, t.clock, { membership: 'premium' });
    const viewer = await buildMember(t.db, t.clock, { membership: 'premium' });
    await t.db
      .update(users)
      .set({
        bio: 'Reel at https://example.test/reel <script>x</script>',
        job1: 'Actor',
        job2: 'Writer',
        location: 'Atlanta, GA',
      })
      .where(eq(users.id, owner.id));
    const res = await details(owner.id, viewer.token);
    expect(res.statusCode).toBe(200);
    expect(res.body.user).toMatchObject({
      id: owner.id,
      first: 'Test',
      desc: 'Actor · Writer',
      job_1: 'Actor',
      job_2: 'Writer',
      job_3: '',
      location: 'Atlanta, GA',
      showProfile: 'yes',
      blocked: 'no',
      bio_text: '',
    });
    // D8.1: links only; the script tag arrives escaped.
    expect(res.body.user.bio).toContain('<a href="https://example.test/reel"');
    expect(res.body.user.bio).toContain('&lt;script&gt;');
    expect(res.body.abilities).toMatchObject({
      isOwn: false,
      canEdit: false,
      canBlock: true,
      canAddPhoto: false,
    });
    const own = await details(owner.id, owner.token);
    expect(own.body.user).toMatchObject({ showProfile: 'no', bio_text: expect.stringContaining('<script>') });
    expect(own.body.abilities).toMatchObject({
      isOwn: true,
      canEdit: true,
      canAddPhoto: true,
      canAddVideo: true,
      canBlock: false,
    });
  });

  it('hides a bio of 5 characters or fewer (spec 2 §2)', async () => {
    const owner = await buildMember(t.db, t.clock);
    await t.db.update(users).set({ bio: ' Hi!! ' }).where(eq(users.id, owner.id));
    expect((await details(owner.id, owner.token)).body.user.bio).toBe('');
  });

  it('showProfile: a free viewer may message only a member who wrote to them (spec 2 §5)', async () => {
    const owner = await buildMember(t.db, t.clock);
    const free = await buildMember(t.db, t.clock);
    expect((await details(owner.id, free.token)).body.user.showProfile).toBe('no');
    await t.db
      .insert(messages)
      .values({ senderId: owner.id, recipientId: free.id, body: 'Hello there', createdAt: t.clock.now() });
    expect((await details(owner.id, free.token)).body.user.showProfile).toBe('yes');
  });

  it('has no page for system accounts (D2.1), deactivated or deleted members (D2.5), or unknown ids', async () => {
    const viewer = await buildMember(t.db, t.clock);
    const gone = await buildMember(t.db, t.clock);
    await setStatus(t.db, gone.id, 'deactivated');
    for (const id of [HOUSE_ID, gone.id, 99_999_999]) {
      expect(await details(id, viewer.token)).toMatchObject({
        statusCode: 404,
        body: { status: 'error', message: profile.NO_SUCH_PROFILE },
      });
    }
  });

  it('needs a signed-in member and a valid id', async () => {
    const member = await buildMember(t.db, t.clock);
    expect((await t.call(profile.fetchUserDetails, { user_id: member.id })).body.extra).toBe('logged_out');
    expect(await t.call(profile.fetchUserDetails, { user_id: 'abc' }, member.token)).toMatchObject({
      statusCode: 400,
      body: { message: 'Please give a valid member id.' },
    });
  });
});

describe('profile/updateUserDetails (multipart, spec 2 §5, §7)', () => {
  const update = (token: string, fields: Record<string, string>) =>
    postMultipart(
      t.app,
      '/v4/operations/profile/updateUserDetails',
      Object.entries(fields).map(([name, value]) => ({ name, value })),
      token,
    );

  it('saves location, jobs in order and bio', async () => {
    const member = await buildMember(t.db, t.clock);
    const res = await update(member.token, {
      location: 'Toronto, ON',
      job_1: 'Director',
      job_2: 'Editor',
      job_3: '',
      bio: 'Documentary director and editor.',
    });
    expect(res).toMatchObject({
      statusCode: 200,
      body: { status: 'success', message: profile.DETAILS_UPDATED },
    });
    const after = await details(member.id, member.token);
    expect(after.body.user).toMatchObject({
      location: 'Toronto, ON',
      job_1: 'Director',
      job_2: 'Editor',
      job_3: '',
    });
    // JSON works too, and clearing a field clears it.
    const json = await t.call(
      profile.updateUserDetails,
      { location: '', job_1: 'Actor', bio: '' },
      member.token,
    );
    expect(json.statusCode).toBe(200);
    expect((await details(member.id, member.token)).body.user).toMatchObject({
      location: '',
      job_1: 'Actor',
      job_2: '',
    });
  });

  it('refuses jobs out of order, repeated jobs, unknown choices and a long bio', async () => {
    const member = await buildMember(t.db, t.clock);
    const cases: [Record<string, string>, string][] = [
      [{ job_2: 'Actor' }, profile.JOBS_IN_ORDER],
      [{ job_1: 'Actor', job_3: 'Writer' }, profile.JOBS_IN_ORDER],
      [{ job_1: 'Actor', job_2: 'Actor' }, profile.JOBS_REPEATED],
      [{ job_1: 'Astronaut' }, 'Please choose a job title from the list.'],
      [{ location: 'Atlantis' }, 'Please choose a location from the list.'],
      [{ bio: 'x'.repeat(profile.BIO_MAX + 1) }, 'Please keep your bio to 2,000 characters.'],
    ];
    for (const [fields, message] of cases) {
      expect(await update(member.token, fields)).toMatchObject({
        statusCode: 400,
        body: { status: 'error', message },
      });
    }
  });

  it('needs a signed-in member', async () => {
    expect((await t.call(profile.updateUserDetails, { bio: 'hello there' })).statusCode).toBe(401);
  });
});

describe('directory/fetchSelectionOptions (spec 2 §7)', () => {
  it('answers the job titles with plurals and the locations', async () => {
    const member = await buildMember(t.db, t.clock);
    const res = await t.call(directory.fetchSelectionOptions, {}, member.token);
    expect(res.body.types).toContainEqual({
      job_title: 'Casting Director',
      job_title_plural: 'Casting Directors',
    });
    expect(res.body.locations).toContain('Los Angeles, CA');
    expect((await t.call(directory.fetchSelectionOptions, {})).statusCode).toBe(401);
  });
});

describe('pictures (spec 2 §5, §7)', () => {
  async function withPhotos(n: number) {
    const member = await buildMember(t.db, t.clock, { membership: 'premium' });
    const names: string[] = [];
    for (let i = 0; i < n; i++) {
      names.push(
        (await uploadPicture(t.app, member.token, await testPicture('png'))).body.imageName as string,
      );
    }
    return { member, names };
  }

  it('lists pictures with what the viewer may do', async () => {
    const { member, names } = await withPhotos(2);
    const viewer = await buildMember(t.db, t.clock);
    const own = await t.call(profile.fetchUserPictures, { user_id: member.id }, member.token);
    expect(own.body.pictures.map((p) => p.name)).toEqual([...names].reverse());
    expect(own.body.pictures.find((p) => p.name === names[0])).toMatchObject({
      isDefault: true,
      canDelete: true,
      canMakeDefault: false,
      thumb: uploads.pictureUrl(names[0], 80),
    });
    const theirs = await t.call(profile.fetchUserPictures, { user_id: member.id }, viewer.token);
    expect(theirs.body.pictures.every((p) => !p.canDelete && !p.canMakeDefault)).toBe(true);
  });

  it('makes a picture the default, own pictures only', async () => {
    const { member, names } = await withPhotos(2);
    const other = await buildMember(t.db, t.clock);
    expect(await t.call(profile.makePictureDefault, { image: names[1] }, other.token)).toMatchObject({
      statusCode: 403,
      body: { message: profile.NO_SUCH_PICTURE },
    });
    expect((await t.call(profile.makePictureDefault, { image: 'nope.png' }, member.token)).statusCode).toBe(
      404,
    );
    expect((await t.call(profile.makePictureDefault, { image: names[1] }, member.token)).statusCode).toBe(
      200,
    );
    expect((await details(member.id, member.token)).body.default_pic).toBe(uploads.pictureUrl(names[1]));
    expect((await t.call(profile.makePictureDefault, {}, member.token)).body.message).toBe(
      'Please choose a picture.',
    );
  });

  it('deletes a picture: the default moves to another photo, then to none; files leave the storage', async () => {
    const { member, names } = await withPhotos(2);
    const other = await buildMember(t.db, t.clock);
    expect((await t.call(profile.deletePicture, { image: names[0] }, other.token)).statusCode).toBe(403);
    const first = await t.call(profile.deletePicture, { image: names[0] }, member.token);
    expect(first.body).toMatchObject({
      status: 'success',
      message: profile.PICTURE_DELETED,
      default_pic: uploads.pictureUrl(names[1]),
    });
    expect(
      (await t.app.inject({ method: 'GET', url: uploads.pictureUrl(names[0], 80) as string })).statusCode,
    ).toBe(404);
    const second = await t.call(profile.deletePicture, { image: names[1] }, member.token);
    expect(second.body.default_pic).toBeNull();
    const [me] = await t.db.select({ pic: users.defaultPic }).from(users).where(eq(users.id, member.id));
    expect(me?.pic).toBeNull();
    expect((await t.call(profile.deletePicture, { image: names[1] }, member.token)).statusCode).toBe(404);
  });

  it('lets a free member add again once a photo is deleted (spec 2 §5)', async () => {
    const free = await buildMember(t.db, t.clock);
    const a = await uploadPicture(t.app, free.token, await testPicture('png'));
    await uploadPicture(t.app, free.token, await testPicture('png'));
    expect((await uploadPicture(t.app, free.token, await testPicture('png'))).statusCode).toBe(403);
    await t.call(profile.deletePicture, { image: a.body.imageName }, free.token);
    expect((await uploadPicture(t.app, free.token, await testPicture('png'))).statusCode).toBe(200);
  });
});

describe('profile/blockUser and unblockUser (D4.1)', () => {
  it('hides each from the other: the blocked member finds no profile, the blocker sees only the block', async () => {
    const blocker = await buildMember(t.db, t.clock, { membership: 'premium' });
    const blocked = await buildMember(t.db, t.clock, { membership: 'premium' });
    const res = await t.call(profile.blockUser, { user_id: blocked.id }, blocker.token);
    expect(res.body).toMatchObject({ status: 'success', message: profile.USER_BLOCKED });
    expect((await t.call(profile.blockUser, { user_id: blocked.id }, blocker.token)).statusCode).toBe(200);
    const rows = await t.db.select().from(blocks).where(eq(blocks.blockerId, blocker.id));
    expect(rows).toHaveLength(1);
    expect((await details(blocker.id, blocked.token)).statusCode).toBe(404);
    expect((await t.call(profile.fetchUserSnippet, { user_id: blocker.id }, blocked.token)).statusCode).toBe(
      404,
    );
    const seen = await details(blocked.id, blocker.token);
    expect(seen.body.user).toMatchObject({ blocked: 'yes', showProfile: 'no', bio: '', location: '' });
    expect(seen.body.abilities).toMatchObject({ canUnblock: true, canBlock: false });
    expect(await t.call(profile.unblockUser, { user_id: blocked.id }, blocker.token)).toMatchObject({
      body: { message: profile.USER_UNBLOCKED },
    });
    expect((await details(blocker.id, blocked.token)).statusCode).toBe(200);
  });

  it('refuses blocking yourself, system accounts and unknown members', async () => {
    const member = await buildMember(t.db, t.clock);
    expect(await t.call(profile.blockUser, { user_id: member.id }, member.token)).toMatchObject({
      statusCode: 403,
      body: { message: profile.CANNOT_BLOCK_SELF },
    });
    expect((await t.call(profile.blockUser, { user_id: HOUSE_ID }, member.token)).statusCode).toBe(404);
    expect((await t.call(profile.blockUser, { user_id: 88_888_888 }, member.token)).statusCode).toBe(404);
    expect((await t.call(profile.blockUser, { user_id: member.id })).statusCode).toBe(401);
  });
});

describe('profile/fetchUserSnippet', () => {
  it('answers a member in brief for hover cards', async () => {
    const owner = await buildMember(t.db, t.clock);
    const viewer = await buildMember(t.db, t.clock);
    await t.db
      .update(users)
      .set({ job1: 'Gaffer', location: 'Dublin, Ireland' })
      .where(eq(users.id, owner.id));
    const photo = await uploadPicture(t.app, owner.token, await testPicture('png'));
    const res = await t.call(profile.fetchUserSnippet, { user_id: owner.id }, viewer.token);
    expect(res.body.snippet).toMatchObject({
      id: owner.id,
      desc_line: 'Gaffer',
      jobs: ['Gaffer'],
      location: 'Dublin, Ireland',
      avatar: uploads.pictureUrl(photo.body.imageName as string, 80),
      profile_url: `/profile/${owner.id}`,
    });
  });
});
