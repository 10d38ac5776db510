import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { watch } from '@marquee/contract';
import { useTestApp } from '../../../test/test-app.js';
import { buildMember } from '../../../test/factories.js';
import { planOf } from '../../../test/plans.js';
import { dayEventsQuery, eventDetailsQuery, monthEventsQuery, participantsQuery } from './watch.repo.js';
import { eventParticipants, events } from './watch.tables.js';
import { addEventAs, eventForm } from './watch.test-support.js';

const t = useTestApp();

/** Every query of When To Watch starts from an index, never a table scan (W6). */
describe('When To Watch reads through indexes', () => {
  it('each query of the feature', async () => {
    const me = await buildMember(t.db, t.clock);
    const id = await addEventAs(t, me.token, eventForm('other', '2026-03-20'));
    // A calendar with history and a future, so that the planner weighs the month's range as it would
    // on a live site (tiny tables would be read any way at all).
    const others = await Promise.all(Array.from({ length: 20 }, () => buildMember(t.db, t.clock)));
    await t.db.execute(sql`
      insert into ${events} (category, title, posted_by, day, starts_at, created_at)
      select 'other', 'Seeded ' || g, (array[${sql.join(
        others.map((o) => sql`${o.id}::int`),
        sql`, `,
      )}])[1 + g % 20], d, d + interval '19 hours', now()
      from (select g, date '2025-01-01' + (g % 900) as d from generate_series(1, 6000) g) s`);
    await t.db.execute(sql`analyze ${events}`);
    await t.db.execute(sql`analyze users`);
    const queries = {
      'a month of the calendar': monthEventsQuery(
        me.id,
        '2026-03-10',
        '2026-03-31',
        watch.DAY_EVENTS_IN_MONTH,
      ),
      'a whole day': dayEventsQuery(me.id, '2026-03-20', watch.DAY_EVENTS_MAX),
      "an event's details": eventDetailsQuery(me.id, id),
      'who takes part': participantsQuery(me.id, id, me.id, watch.PARTICIPANTS_SHOWN),
      'locking an event': t.db.select({ id: events.id }).from(events).where(eq(events.id, id)).for('update'),
      'anyone left': t.db
        .select({ userId: eventParticipants.userId })
        .from(eventParticipants)
        .where(eq(eventParticipants.eventId, id))
        .limit(1),
      // Deletes are planned from their statements' text (a query builder's would be parenthesised).
      leaving: sql`delete from ${eventParticipants} where event_id = ${id} and user_id = ${me.id}`,
      "erasing a member's events": sql`delete from ${events} where posted_by = ${me.id}`,
      "erasing a member's places": sql`delete from ${eventParticipants} where user_id = ${me.id}`,
    };
    for (const [what, query] of Object.entries(queries)) {
      const plan = await planOf(t.db, query);
      expect(plan, `${what}:\n${plan}`).not.toMatch(/Seq Scan on (events|event_participants|users|blocks)/);
    }
    const month = await planOf(t.db, queries['a month of the calendar']);
    expect(month, month).toMatch(/events_day_idx/);
  });
});
