import { describe, expect, it } from 'vitest';
import { desc } from 'drizzle-orm';
import { errors } from '@marquee/contract';
import { useTestApp } from '../../../test/test-app.js';
import { buildMember } from '../../../test/factories.js';
import { errorReports } from './errors.tables.js';

const t = useTestApp();

const latest = async () =>
  (await t.db.select().from(errorReports).orderBy(desc(errorReports.id)).limit(1))[0];

describe('errors/logErrorBoundaryCatch (spec 4 §7)', () => {
  it('keeps the crash with the member who saw it', async () => {
    const m = await buildMember(t.db, t.clock);
    const res = await t.call(
      errors.logErrorBoundaryCatch,
      { error: 'TypeError: x is undefined', info: 'at Feed', url: '/home' },
      m.token,
    );
    expect(res.body).toEqual({ status: 'success' });
    expect(await latest()).toMatchObject({
      userId: m.id,
      error: 'TypeError: x is undefined',
      info: 'at Feed',
      url: '/home',
    });
  });

  it('takes a report before sign-in, and clips long texts instead of refusing them', async () => {
    const res = await t.call(errors.logErrorBoundaryCatch, { error: 'e'.repeat(9000), url: '/login' });
    expect(res.statusCode).toBe(200);
    const row = await latest();
    expect(row).toMatchObject({ userId: null, info: '', url: '/login' });
    expect(row?.error).toHaveLength(5000);
  });

  it('refuses fields that are not text', async () => {
    const res = await t.call(errors.logErrorBoundaryCatch, { error: { nested: true } });
    expect(res.statusCode).toBe(400);
    expect(res.body.status).toBe('error');
  });
});
