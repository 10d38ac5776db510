import { describe, expect, it } from 'vitest';
import { login, watch } from '@marquee/contract';
import { useTestApp } from '../../../test/test-app.js';
import { DEMO_PASSWORD, seedDemo } from '../../scripts/demo-data.js';

const t = useTestApp({ ownDatabase: true });

describe('the demo calendar (docs/domain.md Demo data)', () => {
  it('has upcoming events of every category, with demo members taking part', async () => {
    expect(await seedDemo(t.db, t.clock)).toBe(true);
    const signIn = await t.call(login.checkCredentials, { username: 'demo-free', password: DEMO_PASSWORD });
    const token = signIn.body.token;
    const first = await t.call(watch.fetchEvents, {}, token);
    const months = [
      first.body.month,
      watch.shiftMonth(first.body.month, 1),
      watch.shiftMonth(first.body.month, 2),
    ];
    const seen: watch.EventSummary[] = [];
    for (const month of months) seen.push(...(await t.call(watch.fetchEvents, { month }, token)).body.events);
    expect(new Set(seen.map((e) => e.category))).toEqual(new Set(watch.EVENT_CATEGORIES));
    expect(seen.some((e) => e.date === first.body.today)).toBe(true);
    // demo-free takes part in one of them and may join the others.
    expect(seen.filter((e) => e.taking_part)).toHaveLength(1);
    const other = seen.find((e) => !e.taking_part) as watch.EventSummary;
    const details = await t.call(watch.fetchEventDetails, { id: other.id }, token);
    expect(details.body.event.participants.length).toBeGreaterThan(0);
    expect(details.body.event.canAdd).toBe(true);
  });
});
