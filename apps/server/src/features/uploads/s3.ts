import { createHash, createHmac } from 'node:crypto';
import type { S3Config } from '../../platform/config.js';
import type { ImageStorage } from './storage.js';

/**
 * S3-compatible storage (AWS S3, MinIO, R2, Spaces...) through plain fetch, signed with AWS
 * Signature Version 4 in the Authorization header. Path-style addresses: {endpoint}/{bucket}/{key}.
 */

export interface SignInput {
  method: string;
  url: URL;
  /** Headers to sign besides host, x-amz-date and x-amz-content-sha256 (e.g. range, content-type). */
  headers: Record<string, string>;
  /** Hex SHA-256 of the body ('UNSIGNED-PAYLOAD' is not used: every body is hashed). */
  payloadHash: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  service: string;
  /** The request time; x-amz-date is derived from it. */
  at: Date;
}

export const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/** RFC 3986 encoding as SigV4 wants it: everything but unreserved characters (and '/' in paths). */
function uriEncode(text: string, keepSlash: boolean): string {
  return Array.from(new TextEncoder().encode(text))
    .map((byte) => {
      const c = String.fromCharCode(byte);
      if (/[A-Za-z0-9\-._~]/.test(c) || (keepSlash && c === '/')) return c;
      return `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
    })
    .join('');
}

/**
 * The headers that sign a request (SigV4): x-amz-date, x-amz-content-sha256 and Authorization,
 * plus those given. Pure, so it is tested against AWS's documented example.
 */
export function signRequest(input: SignInput): Record<string, string> {
  const amzDate = input.at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  const day = amzDate.slice(0, 8);
  const headers: Record<string, string> = {
    ...Object.fromEntries(Object.entries(input.headers).map(([k, v]) => [k.toLowerCase(), v])),
    host: input.url.host,
    'x-amz-content-sha256': input.payloadHash,
    'x-amz-date': amzDate,
  };
  const names = Object.keys(headers).sort();
  const canonicalHeaders = names
    .map((n) => `${n}:${String(headers[n]).trim().replace(/\s+/g, ' ')}\n`)
    .join('');
  const signedHeaders = names.join(';');
  const query = [...input.url.searchParams.entries()]
    .map(([k, v]) => [uriEncode(k, false), uriEncode(v, false)] as const)
    .sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : 1) : a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const path = uriEncode(decodeURIComponent(input.url.pathname), true) || '/';
  const canonicalRequest = [
    input.method,
    path,
    query,
    canonicalHeaders,
    signedHeaders,
    input.payloadHash,
  ].join('\n');
  const scope = `${day}/${input.region}/${input.service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  const kDate = hmac(`AWS4${input.secretAccessKey}`, day);
  const kSigning = hmac(hmac(hmac(kDate, input.region), input.service), 'aws4_request');
  const signature = createHmac('sha256', kSigning).update(stringToSign).digest('hex');
  const { host: _host, ...sent } = headers;
  void _host;
  return {
    ...sent,
    authorization: `AWS4-HMAC-SHA256 Credential=${input.accessKeyId}/${scope},SignedHeaders=${signedHeaders},Signature=${signature}`,
  };
}

/** The storage on an S3-compatible service; fetch is passed in so that tests can watch it. */
export function s3Storage(config: S3Config, fetchFn: typeof fetch = fetch): ImageStorage {
  const urlOf = (key: string) =>
    new URL(
      `${config.endpoint.replace(/\/$/, '')}/${uriEncode(config.bucket, false)}/${uriEncode(config.prefix + key, true)}`,
    );
  const send = async (method: 'GET' | 'PUT' | 'DELETE', key: string, body?: Buffer, type?: string) => {
    const url = urlOf(key);
    const headers = signRequest({
      method,
      url,
      headers: type ? { 'content-type': type } : {},
      payloadHash: sha256Hex(body ?? ''),
      accessKeyId: config.accessKeyId,
      secretAccessKey: config.secretAccessKey,
      region: config.region,
      service: 's3',
      at: new Date(),
    });
    return fetchFn(url, { method, headers, ...(body ? { body: new Uint8Array(body) } : {}) });
  };
  return {
    kind: 's3',
    async put(key, body, type) {
      const res = await send('PUT', key, body, type);
      if (!res.ok) throw new Error(`S3 PUT ${key} failed: ${res.status} ${await res.text()}`);
    },
    async get(key) {
      const res = await send('GET', key);
      if (res.status === 404 || res.status === 403) return null;
      if (!res.ok) throw new Error(`S3 GET ${key} failed: ${res.status}`);
      return Buffer.from(await res.arrayBuffer());
    },
    async remove(key) {
      const res = await send('DELETE', key);
      if (!res.ok && res.status !== 404) throw new Error(`S3 DELETE ${key} failed: ${res.status}`);
    },
  };
}
