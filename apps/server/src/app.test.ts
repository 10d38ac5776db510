import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { login, operation, points } from '@marquee/contract';
import { useTestApp } from '../test/test-app.js';
import { buildMember } from '../test/factories.js';
import { serve } from './platform/route.js';

const adminOnly = operation<{ status: 'success'; seen: number }>()({
  method: 'GET',
  path: 'admin/testProbe',
  audience: 'admin',
  input: z.object({}),
});

const t = useTestApp({
  extraRoutes: (app) => serve(app, adminOnly, async () => ({ status: 'success' as const, seen: 1 })),
});

describe('the API conventions (docs/rules.md A1-A5)', () => {
  it('serves every call with and without the trailing slash', async () => {
    const m = await buildMember(t.db, t.clock);
    for (const url of [
      '/v4/operations/earnPoints/updatePointBalance',
      '/v4/operations/earnPoints/updatePointBalance/',
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${m.token}` } });
      expect(res.statusCode).toBe(200);
      expect(res.json().status).toBe('success');
    }
  });

  it('answers an unknown call with the envelope', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/v4/operations/nothing/here', payload: {} });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 'error', message: 'There is no such call.' });
  });

  it('reads form bodies as well as JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v4/operations/login/checkCredentials',
      payload: 'username=&password=',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.json()).toEqual({ status: 'error', message: 'You need both a username and password.' });
  });

  it('answers malformed JSON with a readable message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v4/operations/login/checkCredentials',
      payload: '{"username":',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      status: 'error',
      message: 'That request could not be read. Please reload the page and try again.',
    });
  });

  it('does not authenticate by cookie, only by the bearer token', async () => {
    const m = await buildMember(t.db, t.clock);
    const res = await t.app.inject({
      method: 'GET',
      url: '/v4/operations/earnPoints/updatePointBalance',
      cookies: { token: m.token },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().extra).toBe('logged_out');
  });

  it('sends security headers', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v4/operations/login/checkToken',
      payload: { token: 'x', version: '4.2' },
    });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('admin calls (D2.2)', () => {
  it('are refused to members with not_admin, to strangers with logged_out, and served to admins', async () => {
    const member = await buildMember(t.db, t.clock, { membership: 'pro' });
    const admin = await buildMember(t.db, t.clock, { role: 'admin' });
    const asMember = await t.call(adminOnly, {}, member.token);
    expect(asMember.statusCode).toBe(403);
    expect(asMember.body).toMatchObject({ status: 'error', extra: 'not_admin' });
    expect((await t.call(adminOnly, {})).body.extra).toBe('logged_out');
    expect((await t.call(adminOnly, {}, admin.token)).body).toEqual({ status: 'success', seen: 1 });
    // The admin flag reaches the client so that the avatar menu can show Admin.
    expect((await t.call(login.checkToken, { token: admin.token, version: '4.2' })).body).toMatchObject({
      user: { isAdmin: true },
    });
    expect((await t.call(points.updatePointBalance, {}, admin.token)).statusCode).toBe(200);
  });
});
