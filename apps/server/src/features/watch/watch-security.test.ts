import { describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { watch } from '@marquee/contract';
import { useTestApp } from '../../../test/test-app.js';
import { buildMember, setStatus, type BuiltMember } from '../../../test/factories.js';
import { blocks } from '../members/members.tables.js';
import { eventParticipants, events } from './watch.tables.js';
import { addEventAs, eventForm } from './watch.test-support.js';

/**
 * When To Watch as an attacker tries it (D8.1, D12.3, A3-A4, W3, W5, W7, W9): who may call what,
 * others' events and places, ids and dates in odd shapes, addresses that are not web pages, markup in
 * member text, bursts against the adding limit, and what the answers must never carry.
 */
const t = useTestApp({ ownDatabase: true });

// TEST_START is 2026-03-10 at 11:00am Pacific.
const DAY = '2026-04-20';

const member = (opts: Parameters<typeof buildMember>[2] = {}) => buildMember(t.db, t.clock, opts);

async function watchRows() {
  const counted = async (q: Promise<{ n: number }[]>) => Number((await q)[0]?.n ?? 0);
  return {
    events: await counted(t.db.select({ n: count() }).from(events)),
    places: await counted(t.db.select({ n: count() }).from(eventParticipants)),
  };
}

const placesOf = (eventId: number) =>
  t.db.select().from(eventParticipants).where(eq(eventParticipants.eventId, eventId));

async function blockEachOther(blocker: BuiltMember, blocked: BuiltMember) {
  await t.db
    .insert(blocks)
    .values({ blockerId: blocker.id, blockedId: blocked.id, createdAt: t.clock.now() });
}

describe('who may call When To Watch (A3, B1)', () => {
  it('answers logged_out to the sessions of deactivated and deleted members, writing nothing', async () => {
    const poster = await member();
    const id = await addEventAs(t, poster.token, eventForm('other', DAY));
    const deactivated = await member();
    const deleted = await member();
    await setStatus(t.db, deactivated.id, 'deactivated');
    await setStatus(t.db, deleted.id, 'deleted');
    const before = await watchRows();
    for (const token of [deactivated.token, deleted.token, undefined]) {
      for (const [op, input] of [
        [watch.fetchEvents, {}],
        [watch.fetchEventDetails, { id }],
        [watch.addEvent, eventForm('other', DAY)],
        [watch.addMe, { event_id: id, role: 'Fan' }],
        [watch.removeMe, { id }],
      ] as const) {
        const res = await t.call(op, input, token);
        expect(res.statusCode, op.path).toBe(401);
        expect(res.body.extra).toBe('logged_out');
      }
    }
    expect(await watchRows()).toEqual(before);
  });

  it("nobody removes another member's place: removeMe names only the caller's own, whatever else is sent (W7)", async () => {
    const poster = await member();
    const joined = await member();
    const stranger = await member();
    const admin = await member({ role: 'admin' });
    const id = await addEventAs(t, poster.token, eventForm('other', DAY));
    await t.call(watch.addMe, { event_id: id, role: 'Fan' }, joined.token);
    const before = await placesOf(id);
    for (const m of [stranger, admin]) {
      const res = await t.call(
        watch.removeMe,
        { id, user_id: joined.id, userId: joined.id } as never,
        m.token,
      );
      expect(res.statusCode).toBe(409);
      expect(res.body.message).toBe(watch.NOT_TAKING_PART);
    }
    expect(await placesOf(id)).toEqual(before);
    // Only the poster's own removal deletes the event.
    const left = await t.call(watch.removeMe, { id }, joined.token);
    expect(left.body.event_exists).toBe(true);
    expect(await placesOf(id)).toHaveLength(1);
  });

  it('the poster is whoever added it: a body naming another poster changes nothing', async () => {
    const m = await member();
    const other = await member();
    const res = await t.call(
      watch.addEvent,
      { ...eventForm('other', DAY), posted_by: other.id, postedBy: other.id, user_id: other.id },
      m.token,
    );
    expect(res.statusCode).toBe(200);
    const [row] = await t.db.select().from(events).where(eq(events.id, res.body.id));
    expect(row?.postedBy).toBe(m.id);
  });
});

describe('blocks and inactive posters (W9, D4.1)', () => {
  it('an event hidden from a member answers 404 to every call of theirs, as one that does not exist', async () => {
    const poster = await member();
    const blocked = await member();
    const blocker = await member();
    const id = await addEventAs(t, poster.token, eventForm('other', DAY, { title: 'Hidden screening' }));
    await blockEachOther(poster, blocked);
    await blockEachOther(blocker, poster);
    const before = await watchRows();
    for (const m of [blocked, blocker]) {
      for (const target of [id, 2_000_000_000]) {
        for (const [op, input] of [
          [watch.fetchEventDetails, { id: target }],
          [watch.addMe, { event_id: target, role: 'Fan' }],
          [watch.removeMe, { id: target }],
        ] as const) {
          const res = await t.call(op, input, m.token);
          expect(res.statusCode, `${op.path} ${target}`).toBe(404);
          expect(res.body).toEqual({ status: 'error', message: watch.NO_SUCH_EVENT });
        }
      }
      for (const input of [{ month: '2026-04' }, { day: DAY }]) {
        const res = await t.call(watch.fetchEvents, input, m.token);
        expect(JSON.stringify(res.body)).not.toContain('Hidden screening');
      }
    }
    expect(await watchRows()).toEqual(before);
  });

  it('a participant blocked either way with the asker is left out of the list, with nothing of theirs', async () => {
    const poster = await member();
    const asker = await member();
    const hidden = await member();
    const id = await addEventAs(t, poster.token, eventForm('other', DAY));
    await t.call(watch.addMe, { event_id: id, role: 'Secret role' }, hidden.token);
    await blockEachOther(hidden, asker);
    const res = await t.call(watch.fetchEventDetails, { id }, asker.token);
    expect(res.statusCode).toBe(200);
    expect(res.body.event.participants.map((p) => p.id)).not.toContain(hidden.id);
    expect(JSON.stringify(res.body)).not.toContain('Secret role');
  });
});

describe('addresses and text (W3, D8.1)', () => {
  it('takes only http(s) addresses with a domain for the channel; nothing else reaches an href', async () => {
    const m = await member();
    const before = await watchRows();
    for (const url of [
      'javascript:alert(1)',
      'JAVASCRIPT:alert(document.cookie)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      'file:///etc/passwd',
      '//evil.example/x',
      'https:javascript:alert(1)',
      'http://localhost/',
      'https://',
      'ftp://example.com/x',
      `https://example.com/${'a'.repeat(500)}`,
    ]) {
      const res = await t.call(watch.addEvent, eventForm('newmedia', DAY, { channel_url: url }), m.token);
      expect(res.statusCode, url).toBe(400);
      expect(res.body.status).toBe('error');
    }
    for (const url of ['javascript:alert(1)', 'data:,tt0133093', 'https://evil.example/title/tt0133093/']) {
      const res = await t.call(
        watch.addEvent,
        eventForm('release', DAY, { imdb_url: url, startISO: '' }),
        m.token,
      );
      expect(res.statusCode, url).toBe(400);
    }
    expect(await watchRows()).toEqual(before);
    const id = await addEventAs(
      t,
      m.token,
      eventForm('newmedia', DAY, { channel_url: 'https://example.com/watch?q="><script>alert(1)</script>' }),
    );
    const details = await t.call(watch.fetchEventDetails, { id }, m.token);
    expect(details.body.event.channel_link).toMatch(/^https:\/\/example\.com\//);
    expect(details.body.event.channel_url).toMatch(/^https:\/\//);
  });

  it('notes come back links-only; title, channel and role as typed, for the page to show as text', async () => {
    const m = await member();
    const markup = '<img src=x onerror=alert(1)>';
    const notes = [
      '<script>alert(1)</script>',
      'javascript:alert(1)',
      'https://example.com/"onclick="x',
    ].join('\n');
    const id = await addEventAs(
      t,
      m.token,
      eventForm('tv', DAY, { title: markup, channel: markup.slice(0, 60), role: '<b>Lead</b>', notes }),
    );
    const { event } = (await t.call(watch.fetchEventDetails, { id }, m.token)).body;
    expect(event.title).toBe(markup);
    expect(event.participants[0]?.role).toBe('<b>Lead</b>');
    for (const [, href] of event.notes.matchAll(/href="([^"]*)"/g)) expect(href).toMatch(/^https?:\/\//);
    expect(event.notes.replace(/<\/?(a|br)\b[^>]*>/g, '')).not.toMatch(/[<>"]/);
  });
});

describe('ids and dates in odd shapes (B2-B4)', () => {
  it('refuses them with a member message and 400, never a 500, and writes nothing', async () => {
    const m = await member();
    const id = await addEventAs(t, m.token, eventForm('other', DAY));
    const before = await watchRows();
    for (const bad of [0, -1, 1.5, 2_147_483_648, '1e3', '0x10', '', true, null, [id], { id }]) {
      const res = await t.call(watch.addMe, { event_id: bad, role: 'Fan' } as never, m.token);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.body.message).toBe('Please give a valid event id.');
    }
    const headers = { authorization: `Bearer ${m.token}` };
    for (const q of ['id=0', 'id=-1', 'id=2147483648', 'id=1e3', `id=${id}&id=${id}`, 'id[a]=1', 'id=']) {
      for (const op of [watch.fetchEventDetails, watch.removeMe]) {
        const res = await t.app.inject({ method: 'GET', url: `/v4/operations/${op.path}?${q}`, headers });
        expect(res.statusCode, `${op.path}?${q}`).toBe(400);
        expect(res.json().message).toBe('Please give a valid event id.');
      }
    }
    for (const q of [
      'month=2026-13',
      'month=2026-00',
      'month=26-04',
      'day=2026-02-30',
      'day=0000-01-01',
      'day=2026-4-1',
      'day=9999-99-99',
    ]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/v4/operations/watch/fetchEvents?${q}`,
        headers,
      });
      expect(res.statusCode, q).toBe(400);
      expect(res.json().message).toMatch(/^Please choose a (month|day) like/);
    }
    // Far-off months and days are read without trouble (and hold nothing).
    for (const q of ['month=9999-12', 'day=9999-12-31', 'month=1900-01']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/v4/operations/watch/fetchEvents?${q}`,
        headers,
      });
      expect(res.statusCode, q).toBe(200);
      expect(res.json().events).toEqual([]);
    }
    for (const form of [
      eventForm('other', DAY, { title: 'x'.repeat(101) }),
      eventForm('other', DAY, { notes: 'x'.repeat(100_000) }),
      eventForm('other', DAY, { role: ['Actor', 'Writer'] as never }),
      eventForm('other', DAY, { category: 'constructor' }),
      eventForm('other', DAY, { category: '__proto__' }),
      eventForm('other', DAY, { startISO: 'x'.repeat(41) }),
      eventForm('other', DAY, { startISO: '2026-04-20T19:30:00+99:99' }),
      eventForm('other', DAY, { startDate: '2026-02-30' }),
    ]) {
      const res = await t.call(watch.addEvent, form, m.token);
      expect(res.statusCode, JSON.stringify(form).slice(0, 80)).toBe(400);
      expect(res.body.status).toBe('error');
    }
    expect(await watchRows()).toEqual(before);
  });
});

describe('what the answers carry', () => {
  it('no email, username, token or hash of any member', async () => {
    const poster = await member();
    const joined = await member();
    const id = await addEventAs(t, poster.token, eventForm('other', DAY));
    await t.call(watch.addMe, { event_id: id, role: 'Fan' }, joined.token);
    for (const res of [
      await t.call(watch.fetchEvents, { month: '2026-04' }, joined.token),
      await t.call(watch.fetchEventDetails, { id }, joined.token),
    ]) {
      const text = JSON.stringify(res.body);
      expect(text).not.toMatch(/argon2|password|token|email/i);
      for (const o of [poster, joined]) {
        expect(text).not.toContain(o.email);
        expect(text).not.toContain(o.username);
      }
    }
  });
});

describe('the adding limit holds under a burst (W5, L2)', () => {
  it('30 events at once: exactly 5 added', async () => {
    const m = await member();
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        t.call(watch.addEvent, eventForm('other', DAY, { title: `Burst ${i}` }), m.token),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(5);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(25);
    const [row] = await t.db.select({ n: count() }).from(events).where(eq(events.postedBy, m.id));
    expect(Number(row?.n)).toBe(5);
  });
});
