import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { profile, uploads } from '@marquee/contract';
import { useTestApp } from '../../../test/test-app.js';
import { buildMember } from '../../../test/factories.js';
import { findImage, imagesOf } from './uploads.repo.js';
import { storeImage } from './uploads.service.js';
import { storageFor, storageKey } from './storage.js';
import { decodeBmp } from './bmp.js';
import { postMultipart, testBmp, testPicture, uploadPicture } from './test-files.js';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-uploads-'));
const t = useTestApp({ config: { dataDir } });
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const media = (url: string) => t.app.inject({ method: 'GET', url });

describe('the image pipeline (spec 2 §5 upload)', () => {
  it.each(['png', 'gif', 'jpeg'] as const)(
    'stores a %s with its 80 px and 35 px thumbnails and serves them',
    async (format) => {
      const member = await buildMember(t.db, t.clock);
      const res = await uploadPicture(t.app, member.token, await testPicture(format), `me.${format}`);
      expect(res.statusCode).toBe(200);
      const name = res.body.imageName as string;
      expect(name).toMatch(new RegExp(`^\\d+-[0-9a-f]{10}\\.${format === 'jpeg' ? 'jpg' : format}$`));
      const full = await media(uploads.pictureUrl(name) as string);
      expect(full.statusCode).toBe(200);
      expect(full.headers['content-type']).toBe(`image/${format}`);
      expect(full.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(full.headers['x-content-type-options']).toBe('nosniff');
      expect(await sharp(full.rawPayload).metadata()).toMatchObject({ width: 120, height: 90 });
      for (const size of [80, 35] as const) {
        const thumb = await media(uploads.pictureUrl(name, size) as string);
        expect(thumb.statusCode).toBe(200);
        expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({ width: size, height: size });
      }
      expect(await findImage(t.db, name)).toMatchObject({
        ownerId: member.id,
        folder: 'profiles',
        mime: `image/${format}`,
        width: 120,
      });
    },
  );

  it('strips EXIF and GPS metadata from a photo', async () => {
    const member = await buildMember(t.db, t.clock);
    const original = await testPicture('jpeg');
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const res = await uploadPicture(t.app, member.token, original, 'holiday.jpg');
    const stored = await media(uploads.pictureUrl(res.body.imageName as string) as string);
    const meta = await sharp(stored.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(stored.rawPayload.includes(Buffer.from('Secret Model 9'))).toBe(false);
  });

  it('judges the type by content: a text file named photo.png is refused', async () => {
    const member = await buildMember(t.db, t.clock);
    const res = await uploadPicture(
      t.app,
      member.token,
      Buffer.from('this is not a picture at all'),
      'photo.png',
    );
    expect(res).toMatchObject({
      statusCode: 400,
      body: { status: 'error', message: uploads.BAD_TYPE_HEADSHOT },
    });
    await expect(
      storeImage(t.app.deps, {
        ownerId: member.id,
        folder: 'news',
        file: Buffer.from('GIF89a but then nothing'),
      }),
    ).rejects.toMatchObject({ httpStatus: 400, message: uploads.BAD_TYPE });
  });

  it('refuses a file over 2,048,000 bytes with the spec message, also past multipart’s own cap', async () => {
    const member = await buildMember(t.db, t.clock);
    const png = await testPicture('png');
    const justOver = Buffer.concat([png, Buffer.alloc(uploads.MAX_UPLOAD_BYTES + 1 - png.length)]);
    const res = await uploadPicture(t.app, member.token, justOver);
    expect(res).toMatchObject({ statusCode: 400, body: { status: 'error', message: uploads.TOO_LARGE } });
    const huge = await uploadPicture(
      t.app,
      member.token,
      Buffer.concat([png, Buffer.alloc(9 * 1024 * 1024)]),
    );
    expect(huge).toMatchObject({ statusCode: 413, body: { status: 'error', message: uploads.TOO_LARGE } });
    expect(await imagesOf(t.db, member.id, 'profiles')).toHaveLength(0);
  });

  it('takes a BMP for the headshot only, stored as PNG', async () => {
    const member = await buildMember(t.db, t.clock);
    const res = await uploadPicture(t.app, member.token, testBmp(), 'headshot.bmp');
    expect(res.statusCode).toBe(200);
    const name = res.body.imageName as string;
    expect(name).toMatch(/\.png$/);
    const stored = await media(uploads.pictureUrl(name) as string);
    expect(stored.headers['content-type']).toBe('image/png');
    const { data, info } = await sharp(stored.rawPayload).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([40, 30]);
    expect([data[0], data[1], data[2]]).toEqual([255, 0, 0]);
    const last = (info.width - 1) * info.channels;
    expect([data[last], data[last + 1], data[last + 2]]).toEqual([0, 0, 255]);
    // Only a profile photo may be a BMP: a news picture may not.
    await expect(
      storeImage(t.app.deps, { ownerId: member.id, folder: 'news', file: testBmp() }),
    ).rejects.toMatchObject({ httpStatus: 400, message: uploads.BAD_TYPE });
  });

  it('reads 8-bit palette and top-down BMPs too, and refuses a broken one', () => {
    const palette = Buffer.alloc(54 + 8 + 4 * 2);
    palette.write('BM', 0, 'latin1');
    palette.writeUInt32LE(62, 10);
    palette.writeUInt32LE(40, 14);
    palette.writeInt32LE(2, 18);
    palette.writeInt32LE(-2, 22); // top-down
    palette.writeUInt16LE(1, 26);
    palette.writeUInt16LE(1, 28); // 1 bit a pixel
    palette.writeUInt32LE(2, 46);
    palette.writeUInt32LE(0x000000, 54); // black
    palette.writeUInt32LE(0xffffff, 58); // white
    palette[62] = 0b01000000; // row 0: black, white
    palette[66] = 0b10000000; // row 1: white, black
    const bitmap = decodeBmp(palette);
    expect(bitmap && [...bitmap.pixels.subarray(0, 8)]).toEqual([0, 0, 0, 255, 255, 255, 255, 255]);
    expect(bitmap && [...bitmap.pixels.subarray(8, 12)]).toEqual([255, 255, 255, 255]);
    expect(decodeBmp(testBmp().subarray(0, 80))).toBeNull();
  });

  it('serves nothing for an unknown or unsafe name', async () => {
    for (const url of [
      '/media/nope.jpg',
      '/media/80/nope.png',
      '/media/35/..%2F..%2Fetc%2Fpasswd',
      '/media/12/x.png',
    ]) {
      expect((await media(url)).statusCode, url).toBe(404);
    }
  });

  it('serves a picture only while it is recorded and its owner is active (docs/domain.md M2)', async () => {
    const hidden = await buildMember(t.db, t.clock, { status: 'deactivated' });
    const { name } = await storeImage(t.app.deps, {
      ownerId: hidden.id,
      folder: 'news',
      file: await testPicture('png'),
    });
    expect((await media(uploads.pictureUrl(name) as string)).statusCode).toBe(404);
    expect((await media(uploads.pictureUrl(name, 80) as string)).statusCode).toBe(404);
    // A file in the storage that no row records is no picture either.
    await storageFor(t.config).put(
      storageKey('1-0123456789.png', 'full'),
      await testPicture('png'),
      'image/png',
    );
    expect((await media('/media/1-0123456789.png')).statusCode).toBe(404);
  });

  it('lets other features store images through storeImage (news, board)', async () => {
    const member = await buildMember(t.db, t.clock);
    const { name } = await storeImage(t.app.deps, {
      ownerId: member.id,
      folder: 'news',
      file: await testPicture('png'),
    });
    expect((await findImage(t.db, name))?.folder).toBe('news');
    await expect(
      storeImage(t.app.deps, { ownerId: member.id, folder: 'board', file: testBmp() }),
    ).rejects.toMatchObject({ httpStatus: 400, message: uploads.BAD_TYPE });
  });

  it('takes only profile photos: a picture for a post comes with the post, so none is stored unused', async () => {
    const member = await buildMember(t.db, t.clock);
    const res = await postMultipart(
      t.app,
      '/v4/operations/uploads',
      [
        { name: 'myFile', value: await testPicture('png'), filename: 'a.png', type: 'image/png' },
        { name: 'folder', value: 'news' },
      ],
      member.token,
    );
    expect(res.statusCode).toBe(400);
    for (const folder of ['profiles', 'news']) expect(await imagesOf(t.db, member.id, folder)).toEqual([]);
  });

  it('needs a signed-in member and a file', async () => {
    const anonymous = await uploadPicture(t.app, undefined, await testPicture('png'));
    expect(anonymous).toMatchObject({ statusCode: 401, body: { extra: 'logged_out' } });
    const member = await buildMember(t.db, t.clock);
    const empty = await postMultipart(
      t.app,
      '/v4/operations/uploads',
      [{ name: 'folder', value: 'profiles' }],
      member.token,
    );
    expect(empty).toMatchObject({ statusCode: 400, body: { message: uploads.NO_FILE } });
    const badFolder = await uploadPicture(t.app, member.token, await testPicture('png'), 'x.png', 'secrets');
    expect(badFolder.statusCode).toBe(400);
  });
});

describe('profile photos through uploads/ (spec 2 §5, §6)', () => {
  it('makes the first photo the default and keeps free members to 2 photos', async () => {
    const free = await buildMember(t.db, t.clock);
    const first = await uploadPicture(t.app, free.token, await testPicture('png'));
    const second = await uploadPicture(t.app, free.token, await testPicture('jpeg'), 'b.jpg');
    expect(second.statusCode).toBe(200);
    const mine = await t.call(profile.fetchUserDetails, { user_id: free.id }, free.token);
    expect(mine.body.default_pic).toBe(uploads.pictureUrl(first.body.imageName as string));
    const third = await uploadPicture(t.app, free.token, await testPicture('gif'), 'c.gif');
    expect(third).toMatchObject({
      statusCode: 403,
      body: { status: 'error', message: uploads.FREE_PHOTOS_FULL },
    });
    const details = await t.call(profile.fetchUserDetails, { user_id: free.id }, free.token);
    expect(details.body.images).toHaveLength(2);
    expect(details.body.abilities).toMatchObject({
      canAddPhoto: false,
      addPhotoRefusal: uploads.FREE_PHOTOS_FULL,
    });
  });

  it('keeps a free member to 2 photos however many uploads arrive at once', async () => {
    const free = await buildMember(t.db, t.clock);
    const picture = await testPicture('png');
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => uploadPicture(t.app, free.token, picture)),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(2);
    expect(answers.filter((a) => a.statusCode === 403)).toHaveLength(6);
    expect(await imagesOf(t.db, free.id, 'profiles')).toHaveLength(2);
  });

  it('lets premium members add more than 2', async () => {
    const premium = await buildMember(t.db, t.clock, { membership: 'premium' });
    for (let i = 0; i < 3; i++) {
      expect((await uploadPicture(t.app, premium.token, await testPicture('png'))).statusCode).toBe(200);
    }
    const details = await t.call(profile.fetchUserDetails, { user_id: premium.id }, premium.token);
    expect(details.body.images).toHaveLength(3);
    expect(details.body.abilities.canAddPhoto).toBe(true);
  });
});
