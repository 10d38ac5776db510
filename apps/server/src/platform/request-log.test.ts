import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { loggableUrl, logRequests, requestLogController, requestLogLevel } from './request-log.js';

/** The log lines a server writes, parsed. */
function capture() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, stream };
}

let app: FastifyInstance | null = null;
afterEach(async () => {
  await app?.close();
  app = null;
});

/** A server logged as the app's is (app.ts: requestLogController and logRequests). */
async function server(level: string) {
  const { lines, stream } = capture();
  app = Fastify({ logger: { level, stream }, logController: requestLogController() });
  logRequests(app);
  app.get('/ok', async () => ({ status: 'success' }));
  app.get('/moved', async (_req, reply) => reply.redirect('/ok'));
  app.get('/refused', async (_req, reply) => reply.code(429).send({ status: 'error' }));
  app.get('/broken', async () => {
    throw new Error('database gone');
  });
  await app.ready();
  const requests = () => lines.filter((l) => typeof l.status === 'number');
  return { app, lines, requests };
}

describe('request logging (README "Logging")', () => {
  it('writes one line per request with method, address, status and time, at the level its status calls for', async () => {
    const { app, requests } = await server('debug');
    await app.inject({ method: 'GET', url: '/ok' });
    await app.inject({ method: 'GET', url: '/moved' });
    await app.inject({ method: 'GET', url: '/refused' });
    await app.inject({ method: 'GET', url: '/nowhere' });
    await app.inject({ method: 'GET', url: '/broken' });
    const seen = requests().map((l) => [l.msg, l.level]);
    expect(seen).toHaveLength(5);
    // pino's numbers: debug 20, info 30, error 50.
    expect(seen.map(([, level]) => level)).toEqual([20, 20, 30, 30, 50]);
    expect(String(seen[0]?.[0])).toMatch(/^GET \/ok 200 \d+ ms$/);
    expect(requests()[2]).toMatchObject({ msg: expect.stringMatching(/^GET \/refused 429 /), status: 429 });
    expect(typeof requests()[2]?.ms).toBe('number');
  });

  it('at the default level shows only refusals and failures, never "incoming request"', async () => {
    const { app, lines, requests } = await server('info');
    for (let i = 0; i < 5; i += 1) await app.inject({ method: 'GET', url: '/ok' });
    await app.inject({ method: 'GET', url: '/refused' });
    expect(requests().map((l) => l.status)).toEqual([429]);
    expect(lines.some((l) => /incoming request|request completed/.test(String(l.msg)))).toBe(false);
  });

  it('never logs a secret carried in the address', async () => {
    const { app, lines } = await server('debug');
    await app.inject({ method: 'GET', url: '/reset-password?token=abc123secret&lang=en' });
    await app.inject({ method: 'GET', url: '/cb?code=oauthcode99&state=st4te' });
    const text = JSON.stringify(lines);
    for (const secret of ['abc123secret', 'oauthcode99', 'st4te']) expect(text).not.toContain(secret);
    expect(text).toContain('/reset-password?token=hidden&lang=en');
  });
});

describe('requestLogLevel and loggableUrl', () => {
  it('chooses the level by status', () => {
    expect([200, 204, 302, 304, 400, 401, 404, 429, 500, 503].map(requestLogLevel)).toEqual([
      'debug',
      'debug',
      'debug',
      'debug',
      'info',
      'info',
      'info',
      'info',
      'error',
      'error',
    ]);
  });

  it('hides only secret parameters, and leaves addresses without a query as they are', () => {
    expect(loggableUrl('/dashboard/imdb')).toBe('/dashboard/imdb');
    expect(loggableUrl('/confirm-email?token=x.y.z')).toBe('/confirm-email?token=hidden');
    expect(loggableUrl('/sim/youtube/watch?v=abcdefghijk')).toBe('/sim/youtube/watch?v=abcdefghijk');
    expect(loggableUrl('/payments/return?session_id=cs_test_1&ok=1')).toBe(
      '/payments/return?session_id=hidden&ok=1',
    );
  });
});
