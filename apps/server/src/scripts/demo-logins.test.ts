import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestApp } from '../../test/test-app.js';
import { users } from '../features/members/members.tables.js';
import { DAY_MS } from '../platform/time.js';
import { DEMO_PASSWORD, seedDemo } from './demo-data.js';
import { demoLoginLines } from './demo-logins.js';

// Seeding needs a database without members.
const t = useTestApp({ ownDatabase: true });

const lineOf = (lines: string[], username: string) => lines.find((l) => l.trim().startsWith(`${username} `));

describe('the demo logins printed at start', () => {
  it('prints nothing while no demo member exists', async () => {
    expect(await demoLoginLines(t.db, t.clock.now())).toEqual([]);
  });

  it('shows each demo login with the level it has now, and follows it as it changes', async () => {
    await seedDemo(t.db, t.clock);
    const lines = await demoLoginLines(t.db, t.clock.now());
    expect(lines[0]).toBe(`Demo logins (password "${DEMO_PASSWORD}"):`);
    expect(lines).toHaveLength(6);
    expect(lineOf(lines, 'admin')).toMatch(/^ {2}admin {10}admin, pro until \d{4}-\d{2}-\d{2}$/);
    expect(lineOf(lines, 'demo-free')).toMatch(/ free$/);
    expect(lineOf(lines, 'demo-premium')).toMatch(/ premium until \d{4}-\d{2}-\d{2}$/);
    expect(lineOf(lines, 'demo-pro')).toMatch(/ pro until \d{4}-\d{2}-\d{2}$/);
    expect(lineOf(lines, 'demo-managed')).toMatch(/ managed$/);

    // A premium membership that has run out reads as free; a closed account says so.
    await t.db
      .update(users)
      .set({ premiumExpires: new Date(t.clock.now().getTime() - DAY_MS) })
      .where(eq(users.username, 'demo-premium'));
    await t.db.update(users).set({ status: 'deactivated' }).where(eq(users.username, 'demo-free'));
    const later = await demoLoginLines(t.db, t.clock.now());
    expect(lineOf(later, 'demo-premium')).toMatch(/ free$/);
    expect(lineOf(later, 'demo-free')).toMatch(/ deactivated$/);
  });
});
