import { describe, expect, it } from 'vitest';
import { admin, login, managed } from '@marquee/contract';
import { useTestApp } from '../../test/test-app.js';
import { DEMO_PASSWORD, seedDemo } from './demo-data.js';

const t = useTestApp({ ownDatabase: true });

describe('the demo’s managed waitlist (seed:demo, AD11, MR1-MR3)', () => {
  it('shows three members waiting on /admin/waitlist, the oldest set up and invited', async () => {
    expect(await seedDemo(t.db, t.clock)).toBe(true);
    const { token } = (await t.call(login.checkCredentials, { username: 'admin', password: DEMO_PASSWORD }))
      .body;
    const list = (await t.call(admin.fetchManagedWaitlist, {}, token)).body;
    expect(list.waitlist.map((w) => [w.first, w.tier, w.status])).toEqual([
      ['Sofia', 'Top 60K', 'invited'],
      ['Camille', 'Top 100K', 'waitlisted'],
      ['Marcus', 'Top 200K', 'waitlisted'],
    ]);
    expect(list.waitlist.every((w) => w.sm.length === 4)).toBe(true);

    const [invited, waiting] = list.waitlist;
    const setup = (await t.call(managed.fetchUserDetails, { user_id: invited!.user_id }, token)).body;
    expect(setup).toMatchObject({
      saved: true,
      waitlistStatus: 'invited',
      details: { level: 3, has_picture: 'yes' },
    });
    expect(setup.invitedOn).toMatch(/^\w+ \d{1,2}, \d{4}$/);
    const fresh = (await t.call(managed.fetchUserDetails, { user_id: waiting!.user_id }, token)).body;
    expect(fresh).toMatchObject({ saved: false, waitlistStatus: 'waitlisted', details: { level: 2 } });
    expect(fresh.details.rank1).toBe(waiting!.sm[0]!.actual_rank);
  });
});
