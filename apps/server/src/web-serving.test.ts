import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/test-app.js';

// A stand-in for the built web app: an index page and one hashed asset.
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-web-'));
fs.mkdirSync(path.join(webDist, 'assets'));
fs.writeFileSync(
  path.join(webDist, 'index.html'),
  '<!doctype html><title>Marquee</title><div id="root"></div>',
);
fs.writeFileSync(path.join(webDist, 'assets', 'index-abc123.js'), 'console.log(1)');
fs.writeFileSync(path.join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');

const t = useTestApp({ config: { webDist } });

describe('serving the web app', () => {
  it.each(['/', '/v4', '/dashboard/imdb', '/v4/community/board/general/12/0', '/r/1003', '/dev/mail'])(
    'answers the front-end route %s with index.html, never cached',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    },
  );

  it('caches hashed assets for a year and other files not at all', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('answers the health checks', async () => {
    for (const url of ['/healthz/live', '/healthz/ready']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.json()).toEqual({ status: 'success' });
    }
  });

  it('answers an unknown call with JSON, not the page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v4/operations/no/such/call' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 'error', message: 'There is no such call.' });
  });
});
