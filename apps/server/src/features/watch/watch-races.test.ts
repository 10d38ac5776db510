import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { watch } from '@marquee/contract';
import { useTestApp } from '../../../test/test-app.js';
import { buildMember, type BuiltMember } from '../../../test/factories.js';
import { eventParticipants, events } from './watch.tables.js';
import { addEventAs, eventForm } from './watch.test-support.js';

/**
 * Joining, leaving and deleting an event at the same moment (W8): on PostgreSQL these run on the
 * pool's connections at once, each waiting for the event's row lock; on PGlite one after another.
 * Either way no member holds two places, nobody joins a deleted event, and `event_exists` tells the
 * truth.
 */
const t = useTestApp({ ownDatabase: true });

const members = (n: number) => Promise.all(Array.from({ length: n }, () => buildMember(t.db, t.clock)));

const placesIn = async (eventId: number) =>
  t.db
    .select({ userId: eventParticipants.userId })
    .from(eventParticipants)
    .where(eq(eventParticipants.eventId, eventId));

const join = (m: BuiltMember, eventId: number) =>
  t.call(watch.addMe, { event_id: eventId, role: 'Crew' }, m.token);
const leave = (m: BuiltMember, eventId: number) => t.call(watch.removeMe, { id: eventId }, m.token);

describe('concurrent Add Me and Remove Me (W8)', () => {
  it('gives one member one place however many times they press Add Me at once', async () => {
    const [poster, eager] = (await members(2)) as [BuiltMember, BuiltMember];
    const id = await addEventAs(t, poster.token, eventForm('other', '2026-05-01'));
    const answers = await Promise.all(Array.from({ length: 12 }, () => join(eager, id)));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(11);
    expect((await placesIn(id)).filter((p) => p.userId === eager.id)).toHaveLength(1);
  });

  it('keeps every place right when 20 members join while 10 others leave', async () => {
    const [poster, ...crowd] = (await members(31)) as BuiltMember[];
    const id = await addEventAs(t, poster!.token, eventForm('other', '2026-05-02'));
    const leaving = crowd.slice(0, 10);
    const joining = crowd.slice(10);
    for (const m of leaving) expect((await join(m, id)).statusCode).toBe(200);
    const answers = await Promise.all([
      ...joining.map((m) => join(m, id)),
      ...leaving.map((m) => leave(m, id)),
      // Leaving twice at once: one of each pair finds the place gone.
      ...leaving.slice(0, 3).map((m) => leave(m, id)),
    ]);
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(30);
    expect(codes.filter((c) => c === 409)).toHaveLength(3);
    for (const a of answers)
      if (a.statusCode === 200 && 'event_exists' in a.body) expect(a.body.event_exists).toBe(true);
    const places = (await placesIn(id)).map((p) => p.userId).sort((a, b) => a - b);
    expect(places).toEqual([poster!.id, ...joining.map((m) => m.id)].sort((a, b) => a - b));
    const [dupes] = await t.db
      .execute(
        sql`
      select count(*)::int as n from (select event_id, user_id from event_participants group by 1, 2 having count(*) > 1) d`,
      )
      .then((r) => (r as unknown as { rows: { n: number }[] }).rows);
    expect(dupes?.n).toBe(0);
  });

  it('leaves nothing behind when the poster deletes the event while others join and leave', async () => {
    const [poster, ...crowd] = (await members(21)) as BuiltMember[];
    const id = await addEventAs(t, poster!.token, eventForm('other', '2026-05-03'));
    const leaving = crowd.slice(0, 10);
    for (const m of leaving) expect((await join(m, id)).statusCode).toBe(200);
    const [deleted, ...others] = await Promise.all([
      leave(poster!, id),
      ...crowd.slice(10).map((m) => join(m, id)),
      ...leaving.map((m) => leave(m, id)),
    ]);
    expect(deleted!.statusCode).toBe(200);
    expect(deleted!.body).toMatchObject({ event_exists: false });
    for (const a of others) {
      // Before the deletion: done, and the event still existed; after it: no such event.
      expect([200, 404], a.body.message).toContain(a.statusCode);
      if (a.statusCode === 404) expect(a.body.message).toBe(watch.NO_SUCH_EVENT);
      if (a.statusCode === 200 && 'event_exists' in a.body) expect(a.body.event_exists).toBe(true);
    }
    expect(await t.db.select().from(events).where(eq(events.id, id))).toEqual([]);
    expect(await placesIn(id)).toEqual([]);
  });

  it('tells exactly one of the last two participants leaving at once that the event is gone (W7)', async () => {
    for (let round = 0; round < 5; round++) {
      const [poster, a, b] = (await members(3)) as [BuiltMember, BuiltMember, BuiltMember];
      const id = await addEventAs(t, poster.token, eventForm('other', '2026-05-04'));
      await join(a, id);
      await join(b, id);
      // The poster's place gone, as only an erased account's would be.
      await t.db.delete(eventParticipants).where(eq(eventParticipants.userId, poster.id));
      const answers = await Promise.all([leave(a, id), leave(b, id)]);
      expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
      const exists = answers.map((r) => (r.body as { event_exists: boolean }).event_exists).sort();
      expect(exists).toEqual([false, true]);
      expect(await t.db.select().from(events).where(eq(events.id, id))).toEqual([]);
    }
  });
});
