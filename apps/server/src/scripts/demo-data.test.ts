import { describe, expect, it } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import { login } from '@marquee/contract';
import { useTestApp } from '../../test/test-app.js';
import { checkLedger } from '../features/points/ledger.check.js';
import { listings } from '../features/listings/listings.tables.js';
import { users } from '../features/members/members.tables.js';
import { DEMO_LOGINS, DEMO_PASSWORD, seedDemo } from './demo-data.js';

const t = useTestApp({ ownDatabase: true });

describe('demo data (npm run seed:demo)', () => {
  it('seeds about 40 members of every level, an admin and listings of every type, once, with a balanced ledger', async () => {
    expect(await seedDemo(t.db, t.clock)).toBe(true);
    expect(await seedDemo(t.db, t.clock)).toBe(false);
    const [members] = await t.db.select({ n: count() }).from(users).where(eq(users.kind, 'member'));
    expect(members?.n).toBe(40);
    const types = await t.db.selectDistinct({ type: listings.type }).from(listings);
    expect(types.map((r) => r.type).sort()).toEqual([
      'facebook-like',
      'imdb-view',
      'twitter-follow',
      'youtube-view',
    ]);
    expect((await checkLedger(t.db)).ok).toBe(true);
    const levels = new Set<string>();
    for (const l of DEMO_LOGINS) {
      const res = await t.call(login.checkCredentials, { username: l.username, password: DEMO_PASSWORD });
      expect(res.statusCode).toBe(200);
      levels.add(res.body.user.membership);
      if (l.username === 'admin') expect(res.body.user.isAdmin).toBe(true);
    }
    expect([...levels].sort()).toEqual(['free', 'managed', 'premium', 'pro']);
    const [titles] = await t.db
      .select({ n: count() })
      .from(listings)
      .where(sql`${listings.imdbType} = 'title'`);
    expect(titles?.n).toBeGreaterThan(0);
  });
});
