import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { account } from '@marquee/contract';
import { useTestApp } from '../../../test/test-app.js';
import { buildMember, TEST_PASSWORD } from '../../../test/factories.js';
import { users } from '../members/members.tables.js';
import { WRONG_PASSWORD } from './account.service.js';

const t = useTestApp();

const rename = (token: string, first: string, password: string) =>
  t.call(account.updateUserField, { field: 'name', value: { first, last: 'Lane' }, password }, token);

const firstName = async (id: number) =>
  (await t.db.select({ first: users.first }).from(users).where(eq(users.id, id)))[0]?.first;

describe('the current password on the account page (spec 3 §5), counted as L1-L3 say', () => {
  it('lets 5 of 12 concurrent wrong guesses be tried, and refuses the rest with the wait', async () => {
    const m = await buildMember(t.db, t.clock);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => rename(m.token, `Guess${i}`, `wrong-password-${i}`)),
    );
    const tried = answers.filter((a) => a.statusCode === 403);
    const refused = answers.filter((a) => a.statusCode === 429);
    expect(tried).toHaveLength(5);
    expect(tried[0]?.body.message).toBe(WRONG_PASSWORD);
    expect(refused).toHaveLength(7);
    expect(refused[0]?.body.message).toBe('Too many wrong passwords. Please wait 15 minutes and try again.');
    expect(refused[0]?.response.headers['retry-after']).toBe(String(15 * 60));
    // Even the right password waits until the oldest guess leaves the 15 minutes.
    expect((await rename(m.token, 'Right', TEST_PASSWORD)).statusCode).toBe(429);
    t.clock.advance(15 * 60_000);
    expect((await rename(m.token, 'Right', TEST_PASSWORD)).statusCode).toBe(200);
    expect(await firstName(m.id)).toBe('Right');
  });

  it('does not count a right password against the member', async () => {
    const m = await buildMember(t.db, t.clock);
    for (let i = 0; i < 4; i++)
      expect((await rename(m.token, 'Nope', 'wrong-password')).statusCode).toBe(403);
    for (const first of ['Ann', 'Bea', 'Cat'])
      expect((await rename(m.token, first, TEST_PASSWORD)).statusCode).toBe(200);
    expect((await rename(m.token, 'Nope', 'wrong-password')).statusCode).toBe(403);
    expect((await rename(m.token, 'Nope', 'wrong-password')).statusCode).toBe(429);
    expect(await firstName(m.id)).toBe('Cat');
  });
});
