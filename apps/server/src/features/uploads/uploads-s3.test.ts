import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { profile, uploads } from '@marquee/contract';
import type { S3Config } from '../../platform/config.js';
import { TEST_START, useTestApp } from '../../../test/test-app.js';
import { buildMember } from '../../../test/factories.js';
import { imagesOf } from './uploads.repo.js';
import { storeImage } from './uploads.service.js';
import { startFakeS3, type FakeS3 } from './s3-test-support.js';
import { testPicture, uploadPicture } from './test-files.js';

/** Pictures in S3 (docs/domain.md M1-M4), the app talking to a loopback S3 that answers as Amazon's does. */

const bucket = 'marquee-media';
let s3: FakeS3;
// Filled in once the loopback S3 listens; useTestApp reads the configuration in its own beforeAll, after this one.
const settings: S3Config = {
  endpoint: '',
  bucket,
  region: 'eu-west-1',
  accessKeyId: 'AKIDEXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
  prefix: 'media/',
  forcePathStyle: true,
};
beforeAll(async () => {
  s3 = await startFakeS3(bucket);
  settings.endpoint = s3.endpoint;
});
const t = useTestApp({ config: { s3: settings } });
afterAll(() => s3.close());

const media = (url: string) => t.app.inject({ method: 'GET', url });
const SIGV4 =
  /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/eu-west-1\/s3\/aws4_request, ?SignedHeaders=[a-z0-9;-]*content-type;host;[a-z0-9;-]*, ?Signature=[0-9a-f]{64}$/;

describe('pictures stored in S3 through the AWS SDK', () => {
  it('puts the picture and both thumbnails with their type, the year cache and a SigV4 signature', async () => {
    const member = await buildMember(t.db, t.clock);
    const from = s3.requests.length;
    const res = await uploadPicture(t.app, member.token, await testPicture('png'));
    expect(res.statusCode).toBe(200);
    const name = res.body.imageName as string;
    const puts = s3.requests.slice(from);
    expect(puts.map((r) => `${r.method} ${r.path}`).sort()).toEqual([
      `PUT /${bucket}/media/35/${name}`,
      `PUT /${bucket}/media/80/${name}`,
      `PUT /${bucket}/media/full/${name}`,
    ]);
    for (const put of puts) {
      expect(put.headers['content-type']).toBe('image/png');
      expect(put.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(put.headers.authorization).toMatch(SIGV4);
    }
    // What reached the bucket is the re-encoded picture and its thumbnails.
    const full = s3.objects.get(`media/full/${name}`);
    expect(await sharp(full?.body).metadata()).toMatchObject({ format: 'png', width: 120, height: 90 });
    const thumb = s3.objects.get(`media/80/${name}`);
    expect(await sharp(thumb?.body).metadata()).toMatchObject({ width: 80, height: 80 });
  });

  it('answers /media/{name} with a 302 to a presigned GetObject address, kept by browsers for the rest of its window', async () => {
    const member = await buildMember(t.db, t.clock);
    const { body } = await uploadPicture(t.app, member.token, await testPicture('jpeg'), 'me.jpg');
    const name = body.imageName as string;
    const from = s3.requests.length;
    const res = await media(uploads.pictureUrl(name) as string);
    expect(res.statusCode).toBe(302);
    // The clock stands at 18:00:00, the start of a window: the redirect may be kept its whole 5 minutes.
    expect(res.headers['cache-control']).toBe('private, max-age=300');
    const location = new URL(res.headers.location as string);
    expect(location.origin).toBe(s3.endpoint);
    expect(location.pathname).toBe(`/${bucket}/media/full/${name}`);
    // Browsers check the redirected address against img-src too: the bucket's origin is allowed (M5).
    const imgSrc = /img-src ([^;]*)/.exec(String(res.headers['content-security-policy']))?.[1] ?? '';
    expect(imgSrc.split(' ')).toContain(s3.endpoint);
    expect(location.searchParams.get('X-Amz-Algorithm')).toBe('AWS4-HMAC-SHA256');
    expect(location.searchParams.get('X-Amz-Credential')).toBe(
      'AKIDEXAMPLE/20260310/eu-west-1/s3/aws4_request',
    );
    expect(location.searchParams.get('X-Amz-Date')).toBe('20260310T180000Z');
    expect(location.searchParams.get('X-Amz-Expires')).toBe('600');
    expect(location.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    // Signing needs no request to S3; the access check was made in the database.
    expect(s3.requests.length).toBe(from);

    const thumb = await media(uploads.pictureUrl(name, 35) as string);
    expect(new URL(thumb.headers.location as string).pathname).toBe(`/${bucket}/media/35/${name}`);

    // The browser follows the redirect and gets the picture from the bucket.
    const fetched = await fetch(location);
    expect(fetched.status).toBe(200);
    expect(fetched.headers.get('content-type')).toBe('image/jpeg');
    expect(fetched.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await sharp(Buffer.from(await fetched.arrayBuffer())).metadata()).width).toBe(120);

    // Later in the window: the same address, kept only until the window ends.
    t.clock.advance(200_000);
    const later = await media(uploads.pictureUrl(name) as string);
    expect(later.headers.location).toBe(res.headers.location);
    expect(later.headers['cache-control']).toBe('private, max-age=100');
    t.clock.set(TEST_START);
  });

  it('checks who may see a picture before redirecting: unknown names and inactive owners get 404 (M2)', async () => {
    const hidden = await buildMember(t.db, t.clock, { status: 'deactivated' });
    const { name } = await storeImage(t.app.deps, {
      ownerId: hidden.id,
      folder: 'news',
      file: await testPicture('png'),
    });
    expect(s3.objects.has(`media/full/${name}`)).toBe(true);
    for (const url of [
      uploads.pictureUrl(name) as string,
      '/media/1-0123456789.png',
      '/media/80/..%2Fsecret.png',
    ]) {
      const res = await media(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers.location, url).toBeUndefined();
    }
  });

  it('deleting a photo deletes its three objects, and its address then answers 404', async () => {
    const member = await buildMember(t.db, t.clock, { membership: 'premium' });
    const { body } = await uploadPicture(t.app, member.token, await testPicture('gif'), 'a.gif');
    const name = body.imageName as string;
    const from = s3.requests.length;
    const deleted = await t.call(profile.deletePicture, { image: name }, member.token);
    expect(deleted.statusCode).toBe(200);
    expect(
      s3.requests
        .slice(from)
        .map((r) => `${r.method} ${r.path}`)
        .sort(),
    ).toEqual([
      `DELETE /${bucket}/media/35/${name}`,
      `DELETE /${bucket}/media/80/${name}`,
      `DELETE /${bucket}/media/full/${name}`,
    ]);
    expect([...s3.objects.keys()].filter((key) => key.endsWith(name))).toEqual([]);
    expect((await media(uploads.pictureUrl(name) as string)).statusCode).toBe(404);
  });

  it('a bucket that refuses the upload leaves neither a row nor a file behind', async () => {
    const member = await buildMember(t.db, t.clock);
    const before = new Set(s3.objects.keys());
    s3.refuseNext(3);
    const res = await uploadPicture(t.app, member.token, await testPicture('png'));
    expect(res.statusCode).toBe(500);
    expect(await imagesOf(t.db, member.id, 'profiles')).toEqual([]);
    expect([...s3.objects.keys()].filter((key) => !before.has(key))).toEqual([]);
  });
});
