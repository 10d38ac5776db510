import { describe, expect, it } from 'vitest';
import { s3Storage, sha256Hex, signRequest } from './s3.js';

describe('S3 storage signing (AWS Signature Version 4)', () => {
  it('signs AWS’s documented example: GET /test.txt with a Range header', () => {
    // Amazon S3 API reference, "Signature Calculations for the Authorization Header", Example: GET Object.
    const headers = signRequest({
      method: 'GET',
      url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
      headers: { Range: 'bytes=0-9' },
      payloadHash: sha256Hex(''),
      accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      region: 'us-east-1',
      service: 's3',
      at: new Date('2013-05-24T00:00:00Z'),
    });
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
    expect(headers['x-amz-date']).toBe('20130524T000000Z');
    expect(headers['x-amz-content-sha256']).toBe(
      'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    );
  });

  it('puts, gets and deletes path-style with signed requests', async () => {
    const seen: { method: string; url: string; auth: string; body?: number }[] = [];
    const stored = new Map<string, Buffer>();
    const fakeFetch = (async (input: URL | string, init?: RequestInit) => {
      const url = String(input);
      const headers = init?.headers as Record<string, string>;
      seen.push({ method: init?.method ?? 'GET', url, auth: headers.authorization ?? '' });
      if (init?.method === 'PUT') stored.set(url, Buffer.from(init.body as Uint8Array));
      if (init?.method === 'DELETE') stored.delete(url);
      const body = stored.get(url);
      if (init?.method === 'GET' && !body) return new Response('missing', { status: 404 });
      return new Response(init?.method === 'GET' ? new Uint8Array(body as Buffer) : '', { status: 200 });
    }) as typeof fetch;
    const storage = s3Storage(
      {
        endpoint: 'https://minio.example.test',
        bucket: 'marquee',
        region: 'eu-west-1',
        accessKeyId: 'AK',
        secretAccessKey: 'SK',
        prefix: 'media/',
      },
      fakeFetch,
    );
    await storage.put('80/1-ab.png', Buffer.from('png bytes'), 'image/png');
    expect((await storage.get('80/1-ab.png'))?.toString()).toBe('png bytes');
    await storage.remove('80/1-ab.png');
    expect(await storage.get('80/1-ab.png')).toBeNull();
    expect(seen[0]).toMatchObject({
      method: 'PUT',
      url: 'https://minio.example.test/marquee/media/80/1-ab.png',
    });
    expect(seen[0]?.auth).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AK\/\d{8}\/eu-west-1\/s3\/aws4_request,SignedHeaders=content-type;host;x-amz-content-sha256;x-amz-date,Signature=[0-9a-f]{64}$/,
    );
  });
});
