import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig, S3Config } from '../../platform/config.js';
import { LINK_LIFETIME_SECONDS, s3Storage } from './s3.js';
import { imageOrigin } from './storage.js';
import { startFakeS3, type FakeS3 } from './s3-test-support.js';

const SIGV4 =
  /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/eu-west-1\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=[0-9a-f]{64}$/;

let s3: FakeS3;
const settings = (over: Partial<S3Config> = {}): S3Config => ({
  endpoint: s3.endpoint,
  bucket: 'marquee-media',
  region: 'eu-west-1',
  accessKeyId: 'AKIDEXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
  prefix: 'media/',
  forcePathStyle: true,
  ...over,
});

beforeAll(async () => {
  s3 = await startFakeS3('marquee-media');
});
afterAll(() => s3.close());

describe('S3 storage through the AWS SDK (docs/domain.md M1)', () => {
  it('puts an object with its type and the year cache, signed with SigV4, path-style under the prefix', async () => {
    const storage = s3Storage(settings());
    const from = s3.requests.length;
    await storage.put('80/1-ab.png', Buffer.from('png bytes'), 'image/png');
    const [put] = s3.requests.slice(from);
    expect(put).toMatchObject({ method: 'PUT', path: '/marquee-media/media/80/1-ab.png' });
    expect(put?.headers['content-type']).toBe('image/png');
    expect(put?.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(put?.body.toString()).toBe('png bytes');
    const signed = SIGV4.exec(put?.headers.authorization ?? '');
    expect(signed, put?.headers.authorization).not.toBeNull();
    expect(signed?.[1]?.split(';')).toEqual(
      expect.arrayContaining(['content-type', 'host', 'x-amz-content-sha256', 'x-amz-date']),
    );
    expect(put?.headers['x-amz-date']).toMatch(/^\d{8}T\d{6}Z$/);
    // Over plain http the SDK signs the body itself; never the CRC32 headers some services refuse.
    expect(put?.headers['x-amz-content-sha256']).toBe(createHash('sha256').update('png bytes').digest('hex'));
    expect(Object.keys(put?.headers ?? {}).filter((h) => h.startsWith('x-amz-checksum'))).toEqual([]);
    expect(s3.objects.get('media/80/1-ab.png')).toMatchObject({ contentType: 'image/png' });
  });

  it('gets an object back, and null for a key S3 does not have (NoSuchKey)', async () => {
    const storage = s3Storage(settings());
    await storage.put('full/2-cd.gif', Buffer.from('GIF89a...'), 'image/gif');
    const from = s3.requests.length;
    expect((await storage.get('full/2-cd.gif'))?.toString()).toBe('GIF89a...');
    expect(await storage.get('full/missing.gif')).toBeNull();
    expect(s3.requests.slice(from).map((r) => [r.method, r.path])).toEqual([
      ['GET', '/marquee-media/media/full/2-cd.gif'],
      ['GET', '/marquee-media/media/full/missing.gif'],
    ]);
    expect(s3.requests.slice(from).every((r) => SIGV4.test(r.headers.authorization ?? ''))).toBe(true);
  });

  it('deletes an object, and a missing one without complaint (S3 answers 204 either way)', async () => {
    const storage = s3Storage(settings());
    await storage.put('35/3-ef.jpg', Buffer.from('jpeg'), 'image/jpeg');
    const from = s3.requests.length;
    await storage.remove('35/3-ef.jpg');
    await storage.remove('35/3-ef.jpg');
    expect(s3.objects.has('media/35/3-ef.jpg')).toBe(false);
    expect(s3.requests.slice(from).map((r) => [r.method, r.path])).toEqual([
      ['DELETE', '/marquee-media/media/35/3-ef.jpg'],
      ['DELETE', '/marquee-media/media/35/3-ef.jpg'],
    ]);
  });

  it('fails loudly when S3 refuses (AccessDenied): a refused upload is never taken for a stored one', async () => {
    const storage = s3Storage(settings());
    s3.refuseNext(1);
    await expect(storage.put('full/4-gh.png', Buffer.from('x'), 'image/png')).rejects.toMatchObject({
      name: 'AccessDenied',
      $metadata: { httpStatusCode: 403 },
    });
    s3.refuseNext(1);
    await expect(storage.get('full/4-gh.png')).rejects.toMatchObject({ name: 'AccessDenied' });
  });
});

describe('presigned links (docs/domain.md M4)', () => {
  it('signs GetObject at the start of the 5-minute window, valid 10 minutes, with no request to S3', async () => {
    const storage = s3Storage(settings());
    const from = s3.requests.length;
    const link = await storage.link('full/5-ij.png', new Date('2026-03-10T18:02:30.400Z'));
    expect(s3.requests.length).toBe(from);
    expect(link?.maxAgeSeconds).toBe(150);
    const url = new URL(link?.url ?? '');
    expect(url.origin).toBe(s3.endpoint);
    expect(url.pathname).toBe('/marquee-media/media/full/5-ij.png');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
      'X-Amz-Credential': 'AKIDEXAMPLE/20260310/eu-west-1/s3/aws4_request',
      'X-Amz-Date': '20260310T180000Z',
      'X-Amz-Expires': String(LINK_LIFETIME_SECONDS),
      'X-Amz-SignedHeaders': 'host',
    });
    expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    // The whole window gets the same address, so browsers' caches hit; the next window a new one.
    const later = await storage.link('full/5-ij.png', new Date('2026-03-10T18:04:59.000Z'));
    expect(later).toEqual({ url: link?.url, maxAgeSeconds: 1 });
    const next = await storage.link('full/5-ij.png', new Date('2026-03-10T18:05:00.000Z'));
    expect(next?.maxAgeSeconds).toBe(300);
    expect(new URL(next?.url ?? '').searchParams.get('X-Amz-Date')).toBe('20260310T180500Z');
    // The link works: the bucket serves it like S3 would.
    await storage.put('full/5-ij.png', Buffer.from('png'), 'image/png');
    const fetched = await fetch(link?.url ?? '');
    expect(fetched.status).toBe(200);
    expect(fetched.headers.get('content-type')).toBe('image/png');
    expect(fetched.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await fetched.text()).toBe('png');
  });

  it('names the origin browsers fetch from, for the Content-Security-Policy (M5)', async () => {
    const config = (s3Config?: S3Config) => ({ dataDir: '/nowhere', s3: s3Config }) as AppConfig;
    expect(await imageOrigin(config())).toBeNull();
    expect(await imageOrigin(config(settings()))).toBe(s3.endpoint);
    // AWS itself: the bucket in the host name, the region's address.
    expect(
      await imageOrigin(config(settings({ endpoint: undefined, forcePathStyle: false, bucket: 'media' }))),
    ).toBe('https://media.s3.eu-west-1.amazonaws.com');
    expect(
      await imageOrigin(
        config(settings({ endpoint: 'https://storage.example.test', forcePathStyle: false, bucket: 'pics' })),
      ),
    ).toBe('https://pics.storage.example.test');
  });
});
