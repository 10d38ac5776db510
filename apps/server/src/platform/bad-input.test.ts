import { describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { idSchema, profile, wholeNumber, type Operation } from '@marquee/contract';
import { z } from 'zod';
import { useTestApp } from '../../test/test-app.js';
import { buildMember } from '../../test/factories.js';
import { blocks } from '../features/members/members.tables.js';
import { allOperations } from '../../test/contract-ops.js';

describe('ids and numbers written as digits only (B4)', () => {
  const id = idSchema('member id');
  it.each([1000, '1000', 2_147_483_647, '2147483647'])('reads %j', (value) => {
    expect(id.parse(value)).toBe(Number(value));
  });
  it.each([true, [1000], '0x3E8', '1e3', '', ' 1000', 0, -5, 2_147_483_648, '2147483648', 1.5, null])(
    'refuses %j with the field message',
    (value) => {
      const parsed = id.safeParse(value);
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe('Please give a valid member id.');
    },
  );
  it('reads a fraction written in digits for a number that may have one', () => {
    expect(wholeNumber(z.number().min(0)).parse('12.5')).toBe(12.5);
  });
});

describe('bad input through the app (B1-B4)', () => {
  const t = useTestApp();

  it('changes nothing for an id that is not plain digits', async () => {
    const me = await buildMember(t.db, t.clock);
    const other = await buildMember(t.db, t.clock);
    for (const user_id of [
      true,
      [other.id],
      `0x${other.id.toString(16)}`,
      `${other.id / 1000}e3`,
      2_147_483_648,
    ]) {
      const res = await t.call(profile.blockUser, { user_id } as never, me.token);
      expect(res.statusCode).toBe(400);
      expect(res.body.message).toBe('Please give a valid member id.');
    }
    const [row] = await t.db.select({ n: count() }).from(blocks).where(eq(blocks.blockerId, me.id));
    expect(row?.n).toBe(0);
  });

  it('refuses text holding a NUL character with a readable message', async () => {
    const me = await buildMember(t.db, t.clock);
    const res = await t.call(profile.blockUser, { user_id: `10\u000000` } as never, me.token);
    expect(res.statusCode).toBe(400);
    expect(res.body.message).toBe(
      'The member has an invisible control character that cannot be saved. Please retype it and try again.',
    );
  });

  it('answers logged_out to an unknown token before reading the body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v4/operations/profile/blockUser',
      headers: { authorization: 'Bearer expired-or-unknown', 'content-type': 'application/json' },
      payload: '[1, 2, 3]',
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ extra: 'logged_out' });
  });

  it('answers logged_out to an unknown token before reading a broken body', async () => {
    for (const [type, payload] of [
      ['application/json', '{"user_id": '],
      [
        'multipart/form-data; boundary=XYZ',
        '--XYZ\r\nContent-Disposition: form-data; name="user_id"\r\n\r\n10',
      ],
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/v4/operations/profile/blockUser',
        headers: { authorization: 'Bearer expired-or-unknown', 'content-type': type as string },
        payload,
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ extra: 'logged_out' });
    }
  });

  it('answers a body nested thousands deep as unreadable, for anyone, without exhausting the stack', async () => {
    const deep = `${'{"x":'.repeat(20_000)}1${'}'.repeat(20_000)}`;
    for (const url of [
      '/v4/operations/login/checkCredentials',
      '/v4/operations/errors/logErrorBoundaryCatch',
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json' },
        payload: deep,
        remoteAddress: '192.0.2.44',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(
        'That request could not be read. Please reload the page and try again.',
      );
    }
  });

  it('never repeats a control character or an unknown name of a field in its message', async () => {
    const me = await buildMember(t.db, t.clock);
    const res = await t.call(profile.blockUser, { user_id: 1000, ['com\u0000ment']: 'x' } as never, me.token);
    expect(res.statusCode).toBe(400);
    expect(res.body.message).toBe(
      'The comment has an invisible control character that cannot be saved. Please retype it and try again.',
    );
  });

  it.each([
    ['broken JSON', 'application/json', '{"user_id": '],
    ['a JSON string', 'application/json', '"1000"'],
    [
      'broken multipart',
      'multipart/form-data; boundary=XYZ',
      '--XYZ\r\nContent-Disposition: form-data; name="user_id"\r\n\r\n10',
    ],
    ['multipart with no boundary', 'multipart/form-data', 'user_id=1000'],
    ['an unknown type', 'application/x-marquee', 'user_id=1000'],
  ])('answers %s with 400 and a readable message', async (_what, type, payload) => {
    const me = await buildMember(t.db, t.clock);
    const res = await t.app.inject({
      method: 'POST',
      url: '/v4/operations/profile/blockUser',
      headers: { authorization: `Bearer ${me.token}`, 'content-type': type },
      payload,
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json().message).toBe('That request could not be read. Please reload the page and try again.');
  });
});

describe('every number field refuses values beyond the largest id (B4)', () => {
  const t = useTestApp();
  it.each([
    [
      'news/fetchNewsItems',
      { filter: 'user', filter_id: 2_147_483_648 },
      'Please give a valid id to filter by.',
    ],
    [
      'news/fetchNewsItems',
      { filter: 'single', filter_id: '99999999999' },
      'Please give a valid id to filter by.',
    ],
    [
      'messages/fetchMessageThread',
      { user_id: 1001, before: 2_147_483_648 },
      'Please give a valid message to read before.',
    ],
  ])('%s with %j', async (path, input, message) => {
    const me = await buildMember(t.db, t.clock);
    const op = allOperations().find((o) => o.path === path) as Operation;
    const res = await t.call(op, input, me.token);
    expect(res.statusCode).toBe(400);
    expect(res.body.message).toBe(message);
  });
});
