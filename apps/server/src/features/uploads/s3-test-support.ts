import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

/**
 * A small S3 for the tests, on loopback: path-style addresses ({endpoint}/{bucket}/{key}), answers
 * recorded from Amazon S3 (s3-fixtures/, sources in SOURCES.md), and every request kept so a test
 * can check what the SDK sent. It checks that a request is signed (SigV4 in the Authorization header
 * or in the query) but not the signature itself: that is the SDK's own, tested by AWS.
 */

export interface SeenRequest {
  method: string;
  /** The decoded path: /{bucket}/{key}. */
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface StoredObject {
  body: Buffer;
  contentType?: string;
  cacheControl?: string;
}

export interface FakeS3 {
  /** http://127.0.0.1:{port}, for S3_ENDPOINT. */
  endpoint: string;
  bucket: string;
  /** Every request, oldest first. */
  requests: SeenRequest[];
  /** Stored objects by key (without the bucket). */
  objects: Map<string, StoredObject>;
  /** Answers the next `count` requests with AccessDenied, as S3 does to wrong keys or a missing permission. */
  refuseNext(count: number): void;
  close(): Promise<void>;
}

interface Recorded {
  status: number;
  headers: [string, string][];
  body: string;
}

const FIXTURES = path.join(import.meta.dirname, 's3-fixtures');

/** One recorded answer: status line, headers, an empty line, the body. */
function recorded(name: string): Recorded {
  const text = fs.readFileSync(path.join(FIXTURES, `${name}.http`), 'utf8');
  const [head = '', ...rest] = text.split(/\r?\n\r?\n/);
  const [statusLine = '', ...lines] = head.split(/\r?\n/);
  const status = Number(statusLine.split(' ')[1]);
  const headers = lines.map((line): [string, string] => {
    const colon = line.indexOf(':');
    return [line.slice(0, colon).trim(), line.slice(colon + 1).trim()];
  });
  return { status, headers, body: rest.join('\n\n') };
}

/** Sends a recorded answer, with the headers and body that depend on the request put in its place. */
function answer(
  res: http.ServerResponse,
  name: string,
  fill: { headers?: Record<string, string>; body?: Buffer } = {},
): void {
  const record = recorded(name);
  const filled = new Map(Object.entries(fill.headers ?? {}).map(([k, v]) => [k.toLowerCase(), [k, v]]));
  const body = fill.body ?? Buffer.from(record.body);
  const headers: [string, string][] = record.headers
    .filter(([k]) => !filled.has(k.toLowerCase()) && k.toLowerCase() !== 'content-length')
    .concat([...filled.values()] as [string, string][]);
  res.writeHead(record.status, [...headers.flat(), 'Content-Length', String(body.length)]);
  res.end(body);
}

const isSigned = (req: http.IncomingMessage, query: URLSearchParams) =>
  /^AWS4-HMAC-SHA256 Credential=/.test(req.headers.authorization ?? '') ||
  (query.get('X-Amz-Algorithm') === 'AWS4-HMAC-SHA256' &&
    /^[0-9a-f]{64}$/.test(query.get('X-Amz-Signature') ?? ''));

export async function startFakeS3(bucket: string): Promise<FakeS3> {
  const requests: SeenRequest[] = [];
  const objects = new Map<string, StoredObject>();
  let refusals = 0;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://s3.test');
      const seen: SeenRequest = {
        method: req.method ?? 'GET',
        path: decodeURIComponent(url.pathname),
        query: url.searchParams,
        headers: req.headers,
        body: Buffer.concat(chunks),
      };
      requests.push(seen);
      const prefix = `/${bucket}/`;
      if (refusals > 0 || !isSigned(req, url.searchParams) || !seen.path.startsWith(prefix)) {
        refusals = Math.max(0, refusals - 1);
        return answer(res, 'access-denied');
      }
      const key = seen.path.slice(prefix.length);
      const etag = (body: Buffer) => `"${createHash('md5').update(body).digest('hex')}"`;
      if (seen.method === 'PUT') {
        objects.set(key, {
          body: seen.body,
          contentType: req.headers['content-type'],
          cacheControl: req.headers['cache-control'],
        });
        return answer(res, 'put-object', { headers: { ETag: etag(seen.body) } });
      }
      if (seen.method === 'DELETE') {
        objects.delete(key);
        return answer(res, 'delete-object');
      }
      const object = objects.get(key);
      if (seen.method === 'GET' && object) {
        return answer(res, 'get-object', {
          body: object.body,
          headers: {
            ETag: etag(object.body),
            ...(object.contentType ? { 'Content-Type': object.contentType } : {}),
            ...(object.cacheControl ? { 'Cache-Control': object.cacheControl } : {}),
          },
        });
      }
      return answer(res, 'no-such-key');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    requests,
    objects,
    refuseNext(count) {
      refusals = count;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
