import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { account, watch } from '@marquee/contract';
import { useTestApp } from '../../../test/test-app.js';
import { buildMember, setStatus } from '../../../test/factories.js';
import { switchableImdb } from '../../../test/integrations.js';
import { HOUR_MS, MINUTE_MS } from '../../platform/time.js';
import { blocks } from '../members/members.tables.js';
import { eventParticipants, events } from './watch.tables.js';
import { addEventAs, eventForm, slot, titlePage } from './watch.test-support.js';
import { WATCH_ERRORS } from './watch.policy.js';

/** The simulated platforms (D9.2), with a switch that makes IMDb unreachable. */
const imdb = switchableImdb();
const t = useTestApp({ integrations: imdb.integrations });

// TEST_START is 2026-03-10 at 11:00am Pacific (daylight time).
const TODAY = '2026-03-10';

const member = (membership: 'free' | 'premium' | 'pro' = 'free') =>
  buildMember(t.db, t.clock, { membership });

const eventCount = async () =>
  Number((await t.db.select({ n: sql<number>`count(*)` }).from(events))[0]?.n ?? 0);

async function details(id: number, token: string) {
  const res = await t.call(watch.fetchEventDetails, { id }, token);
  expect(res.statusCode, res.body.message).toBe(200);
  return res.body.event;
}

describe('watch calls need a member (A3, B1)', () => {
  it('answers logged_out to anonymous and unknown callers on every call', async () => {
    for (const [op, input] of [
      [watch.fetchEvents, {}],
      [watch.fetchEventDetails, { id: 1 }],
      [watch.addEvent, eventForm('other', '2026-03-20')],
      [watch.addMe, { event_id: 1, role: 'Actor' }],
      [watch.removeMe, { id: 1 }],
    ] as const) {
      for (const token of [undefined, 'not-a-session']) {
        const res = await t.call(op, input, token);
        expect(res.statusCode, op.path).toBe(401);
        expect(res.body.extra).toBe('logged_out');
      }
    }
  });
});

describe('watch/addEvent (spec 3 §5, §7; W1-W5)', () => {
  it("adds an event of each category for free, premium and pro members and admins, with the spec's message (W1)", async () => {
    const admin = await buildMember(t.db, t.clock, { role: 'admin' });
    const people = [await member('free'), await member('premium'), await member('pro'), admin];
    const tt = await titlePage(t, 'The Long Night');
    for (const [i, category] of watch.EVENT_CATEGORIES.entries()) {
      const who = people[i % people.length]!;
      const form = eventForm(
        category,
        '2026-03-20',
        category === 'release' ? { imdb_url: `https://www.imdb.com/title/${tt}/` } : {},
      );
      const res = await t.call(watch.addEvent, form, who.token);
      expect(res.statusCode, `${category}: ${res.body.message}`).toBe(200);
      expect(res.body).toMatchObject({
        status: 'success',
        message: 'Your event was successfully added!',
        date: '2026-03-20',
      });
      const event = await details(res.body.id, who.token);
      expect(event.category).toBe(category);
      // The poster takes part with the role they gave (D12.3).
      expect(event.participants).toEqual([{ id: who.id, full_name: expect.any(String), role: 'Actor' }]);
      expect(event.time).toBe(category === 'release' ? '' : '7:30pm');
      expect(event.starts_at).toBe(category === 'release' ? null : slot('2026-03-20', '7:30pm'));
    }
  });

  it("takes 'film' as a release (spec 3 §3 'release (and film)', W2)", async () => {
    const me = await member();
    const tt = await titlePage(t);
    const id = await addEventAs(
      t,
      me.token,
      eventForm('release', '2026-04-02', { category: 'film', imdb_url: `https://www.imdb.com/title/${tt}/` }),
    );
    expect((await details(id, me.token)).category).toBe('release');
  });

  it('reads the IMDb title page through the page reader: its name fills an empty title, a typed title stays (W3, D9)', async () => {
    const me = await member();
    const tt = await titlePage(t, 'Harbor Lights');
    const filled = await addEventAs(
      t,
      me.token,
      eventForm('tv', '2026-03-21', { title: '', imdb_url: `imdb.com/title/${tt}/?ref_=nv` }),
    );
    const e = await details(filled, me.token);
    expect(e.title).toBe('Harbor Lights');
    expect(e.imdb_url).toBe(`https://www.imdb.com/title/${tt}/`);
    // Offline, the IMDb link opens the simulated page (D9.2).
    expect(e.imdb_link).toBe(`/sim/imdb/title/${tt}/`);
    const typed = await addEventAs(
      t,
      me.token,
      eventForm('tv', '2026-03-21', {
        title: 'Harbor Lights, episode 4',
        imdb_url: `https://www.imdb.com/title/${tt}/`,
      }),
    );
    expect((await details(typed, me.token)).title).toBe('Harbor Lights, episode 4');
    // The address of the simulated page stands for the real one (D9.2).
    const sim = await addEventAs(
      t,
      me.token,
      eventForm('premiere', '2026-03-22', {
        title: '',
        imdb_url: `http://127.0.0.1:3000/sim/imdb/title/${tt}/`,
      }),
    );
    expect((await details(sim, me.token)).imdb_url).toBe(`https://www.imdb.com/title/${tt}/`);
  });

  it('refuses IMDb addresses that are not a title page, titles IMDb does not have, and says when IMDb cannot be reached', async () => {
    const me = await member();
    const before = await eventCount();
    const cases: [string, number, string][] = [
      ['https://www.imdb.com/name/nm0000001/', 400, WATCH_ERRORS.imdbNamePage],
      ['https://example.com/title/tt0133093/', 400, WATCH_ERRORS.badImdb],
      ['not an address', 400, WATCH_ERRORS.badImdb],
      // An id no real title could have (P1): the simulated site has no page for it.
      ['https://www.imdb.com/title/tt12345/', 400, WATCH_ERRORS.imdbNotFound],
    ];
    for (const [imdb_url, code, message] of cases) {
      const res = await t.call(watch.addEvent, eventForm('tv', '2026-03-21', { imdb_url }), me.token);
      expect(res.statusCode, imdb_url).toBe(code);
      expect(res.body.message).toBe(message);
    }
    const tt = await titlePage(t);
    imdb.offline = true;
    try {
      const res = await t.call(
        watch.addEvent,
        eventForm('tv', '2026-03-21', { imdb_url: `https://www.imdb.com/title/${tt}/` }),
        me.token,
      );
      expect(res.statusCode).toBe(503);
      expect(res.body).toMatchObject({ status: 'platform_offline', message: WATCH_ERRORS.imdbOffline });
    } finally {
      imdb.offline = false;
    }
    expect(await eventCount()).toBe(before);
  });

  it('asks for the fields each category needs (W2)', async () => {
    const me = await member();
    const before = await eventCount();
    const cases: [watch.EventCategory, Record<string, string>, string][] = [
      ['tv', { channel: '' }, 'Please fill in the channel or network.'],
      ['newmedia', { channel: '' }, 'Please fill in the platform.'],
      ['newmedia', { channel_url: '' }, WATCH_ERRORS.channelUrlRequired],
      ['release', { imdb_url: '' }, WATCH_ERRORS.imdbRequired],
      ['other', { title: '' }, WATCH_ERRORS.titleRequired],
      ['premiere', { title: '   ' }, WATCH_ERRORS.titleRequired],
    ];
    for (const [category, overrides, message] of cases) {
      const res = await t.call(watch.addEvent, eventForm(category, '2026-03-20', overrides), me.token);
      expect(res.statusCode, `${category} ${JSON.stringify(overrides)}`).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect(await eventCount()).toBe(before);
  });

  it('takes times in 15-minute steps on Pacific time, in the future and within two years; releases a date only (spec 3 §9, W4)', async () => {
    const me = await member();
    const before = await eventCount();
    const tt = await titlePage(t);
    const release = { imdb_url: `https://www.imdb.com/title/${tt}/` };
    const cases: [watch.EventCategory, Record<string, string>, string][] = [
      ['release', { ...release, startISO: slot('2026-03-20', '7:30pm') }, WATCH_ERRORS.dateOnly],
      ['release', { ...release, startDate: '2026-03-09' }, WATCH_ERRORS.dayPassed],
      ['release', { ...release, startDate: '2028-03-10' }, WATCH_ERRORS.tooFar('2028-03-09')],
      ['tv', { startISO: '' }, WATCH_ERRORS.missingTime],
      ['tv', { startISO: '2026-03-20T19:30' }, WATCH_ERRORS.missingTime],
      ['tv', { startISO: '2026-03-21T02:40:00.000Z' }, WATCH_ERRORS.offStep],
      ['tv', { startISO: '2026-03-21T02:30:30.000Z' }, WATCH_ERRORS.offStep],
      ['tv', { startISO: slot('2026-03-21', '7:30pm') }, WATCH_ERRORS.timeNotOnDay],
      ['other', { startDate: TODAY, startISO: slot(TODAY, '11:00am') }, WATCH_ERRORS.timePassed],
      ['other', { startDate: TODAY, startISO: slot(TODAY, '9:00am') }, WATCH_ERRORS.timePassed],
      [
        'premiere',
        { startDate: '2028-03-10', startISO: slot('2028-03-10', '7:30pm') },
        WATCH_ERRORS.tooFar('2028-03-09'),
      ],
      ['tv', { startDate: '2026-02-30' }, 'Please choose the date of the event.'],
      ['tv', { startDate: '' }, 'Please choose the date of the event.'],
    ];
    for (const [category, overrides, message] of cases) {
      const res = await t.call(watch.addEvent, eventForm(category, '2026-03-20', overrides), me.token);
      expect(res.statusCode, `${category} ${JSON.stringify(overrides)}`).toBe(400);
      expect(res.body.message, `${category} ${JSON.stringify(overrides)}`).toBe(message);
    }
    expect(await eventCount()).toBe(before);
    // Today still takes a release and a time later today; the last day of the horizon takes both.
    for (const form of [
      eventForm('release', TODAY, release),
      eventForm('other', TODAY, { startISO: slot(TODAY, '11:15am') }),
      eventForm('release', '2028-03-09', release),
      eventForm('tv', '2028-03-09', { startISO: slot('2028-03-09', '11:45pm') }),
    ]) {
      const res = await t.call(watch.addEvent, form, me.token);
      expect(res.statusCode, `${JSON.stringify(form)}: ${res.body.message}`).toBe(200);
    }
  });

  it('reads the picker times on the days clocks change (D1.1)', () => {
    // 2026-03-08: clocks spring forward at 2am, so 2:00-2:45am do not exist.
    const spring = watch.quarterHourSlots('2026-03-08');
    expect(spring).toHaveLength(92);
    expect(spring.map((s) => s.label)).not.toContain('2:15am');
    // 2026-11-01: 1am comes twice; the picker offers each time once (the first).
    const fall = watch.quarterHourSlots('2026-11-01');
    expect(fall).toHaveLength(96);
    expect(fall.find((s) => s.label === '1:30am')?.iso).toBe('2026-11-01T08:30:00.000Z');
    expect(watch.quarterHourSlots('2026-07-04').find((s) => s.label === '7:30pm')?.iso).toBe(
      '2026-07-05T02:30:00.000Z',
    );
    expect(watch.quarterHourSlots('2026-12-24').find((s) => s.label === '12:00am')?.iso).toBe(
      '2026-12-24T08:00:00.000Z',
    );
  });

  it('refuses bad input with readable messages and changes nothing (B2)', async () => {
    const me = await member();
    const before = await eventCount();
    const long = (n: number) => 'x'.repeat(n);
    const cases: [Record<string, string>, string][] = [
      [{ category: '' }, 'Please choose a category for the event first.'],
      [{ category: 'concert' }, 'Please choose a category for the event first.'],
      [{ role: '' }, 'Please say what your role is, in 2 to 60 characters (Actor, Director, Writer…).'],
      [{ role: 'A' }, 'Please say what your role is, in 2 to 60 characters (Actor, Director, Writer…).'],
      [{ role: long(61) }, 'Please say what your role is, in 2 to 60 characters (Actor, Director, Writer…).'],
      [{ title: long(101) }, 'The title can be at most 100 characters.'],
      [{ channel: long(61) }, 'The channel can be at most 60 characters.'],
      [{ notes: long(1001) }, 'The notes can be at most 1,000 characters.'],
      [
        { channel_url: 'javascript:alert(1)' },
        'Please enter a full web address for the channel, starting with https://.',
      ],
      [
        { channel_url: 'www.nbc.com' },
        'Please enter a full web address for the channel, starting with https://.',
      ],
      [
        { channel_url: 'https://localhost' },
        'Please enter a full web address for the channel, starting with https://.',
      ],
    ];
    for (const [overrides, message] of cases) {
      const res = await t.call(watch.addEvent, eventForm('tv', '2026-03-20', overrides), me.token);
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(res.body.message, JSON.stringify(overrides)).toBe(message);
    }
    const noRole: Record<string, string> = eventForm('tv', '2026-03-20');
    delete noRole.role;
    const res = await t.call(watch.addEvent, noRole, me.token);
    expect(res.statusCode).toBe(400);
    expect(await eventCount()).toBe(before);
  });

  it('takes the form as a form body too (spec 3 §7 "POST (form)")', async () => {
    const me = await member();
    const response = await t.app.inject({
      method: 'POST',
      url: '/v4/operations/watch/addEvent',
      headers: { authorization: `Bearer ${me.token}`, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(eventForm('other', '2026-03-25')).toString(),
    });
    expect(response.statusCode, response.body).toBe(200);
  });

  it('limits a member to 5 events in any hour and 20 in any day (W5, L1-L2)', async () => {
    const me = await member();
    for (let i = 0; i < 5; i++) await addEventAs(t, me.token, eventForm('other', '2026-04-01'));
    const sixth = await t.call(watch.addEvent, eventForm('other', '2026-04-01'), me.token);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.body.message).toBe(
      'You have added 5 events in the last hour. Please wait 60 minutes before adding another.',
    );
    expect(sixth.response.headers['retry-after']).toBe('3600');
    for (let hour = 1; hour < 4; hour++) {
      t.clock.advance(HOUR_MS);
      for (let i = 0; i < 5; i++) await addEventAs(t, me.token, eventForm('other', '2026-04-01'));
    }
    t.clock.advance(HOUR_MS);
    const twentyFirst = await t.call(watch.addEvent, eventForm('other', '2026-04-01'), me.token);
    expect(twentyFirst.statusCode).toBe(429);
    expect(twentyFirst.body.message).toBe(
      'You have added 20 events in the last day. Please wait 20 hours before adding another.',
    );
    t.clock.advance(20 * HOUR_MS);
    expect((await t.call(watch.addEvent, eventForm('other', '2026-04-01'), me.token)).statusCode).toBe(200);
    t.clock.set(new Date('2026-03-10T18:00:00Z'));
  });
});

describe('watch/fetchEvents (W6)', () => {
  it("answers a month from today on, in the calendar's order, with the months it pages through", async () => {
    const me = await member();
    const tt = await titlePage(t);
    // A quiet month of its own: May 2026.
    const late = await addEventAs(
      t,
      me.token,
      eventForm('tv', '2026-05-14', { title: 'Late show', startISO: slot('2026-05-14', '11:30pm') }),
    );
    const early = await addEventAs(
      t,
      me.token,
      eventForm('premiere', '2026-05-14', { title: 'Matinee', startISO: slot('2026-05-14', '1:00pm') }),
    );
    const release = await addEventAs(
      t,
      me.token,
      eventForm('release', '2026-05-14', {
        title: 'Out today',
        imdb_url: `https://www.imdb.com/title/${tt}/`,
      }),
    );
    const first = await addEventAs(t, me.token, eventForm('other', '2026-05-02', { title: 'First of May' }));
    const res = await t.call(watch.fetchEvents, { month: '2026-05' }, me.token);
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatchObject({
      status: 'success',
      month: '2026-05',
      today: TODAY,
      firstMonth: '2026-03',
      lastMonth: '2028-03',
      lastDay: '2028-03-09',
      day: null,
      truncated: false,
    });
    expect(res.body.days).toEqual([
      { date: '2026-05-02', total: 1 },
      { date: '2026-05-14', total: 3 },
    ]);
    expect(res.body.events.map((e) => e.id)).toEqual([first, release, early, late]);
    expect(res.body.events[2]).toEqual({
      id: early,
      category: 'premiere',
      title: 'Matinee',
      user_name: expect.stringMatching(/^Test Member /),
      date: '2026-05-14',
      day: '14',
      month: 'May',
      time: '1:00pm',
      showDate: 'Thursday, May 14, 2026',
      starts_at: '2026-05-14T20:00:00.000Z',
      taking_part: true,
    });
    // The current month by default.
    const now = await t.call(watch.fetchEvents, {}, me.token);
    expect(now.body.month).toBe('2026-03');
  });

  it('leaves events out the day after they take place (D12.3), and earlier months are empty', async () => {
    const me = await member();
    const tonight = await addEventAs(
      t,
      me.token,
      eventForm('other', TODAY, { startISO: slot(TODAY, '8:00pm') }),
    );
    const tomorrow = await addEventAs(
      t,
      me.token,
      eventForm('other', '2026-03-11', { startISO: slot('2026-03-11', '8:00pm') }),
    );
    const ids = async () =>
      (await t.call(watch.fetchEvents, { month: '2026-03' }, me.token)).body.events.map((e) => e.id);
    expect(await ids()).toEqual(expect.arrayContaining([tonight, tomorrow]));
    // After it started it stays for the rest of its day...
    t.clock.advance(10 * HOUR_MS);
    expect(await ids()).toEqual(expect.arrayContaining([tonight, tomorrow]));
    // ...and is gone the next day.
    t.clock.advance(4 * HOUR_MS);
    const next = await ids();
    expect(next).not.toContain(tonight);
    expect(next).toContain(tomorrow);
    const gone = await t.call(watch.fetchEventDetails, { id: tonight }, me.token);
    expect(gone.statusCode).toBe(404);
    expect(gone.body.message).toBe(watch.NO_SUCH_EVENT);
    expect((await t.call(watch.fetchEvents, { month: '2026-02' }, me.token)).body.events).toEqual([]);
    t.clock.set(new Date('2026-03-10T18:00:00Z'));
  });

  it("leaves out events of inactive posters and of members blocked either way; marks the asker's own (W9)", async () => {
    const me = await member();
    const blocker = await member();
    const blocked = await member();
    const gone = await member();
    const friend = await member();
    const day = '2026-06-03';
    const ids = {
      blocker: await addEventAs(t, blocker.token, eventForm('other', day)),
      blocked: await addEventAs(t, blocked.token, eventForm('other', day)),
      gone: await addEventAs(t, gone.token, eventForm('other', day)),
      friend: await addEventAs(t, friend.token, eventForm('other', day)),
    };
    await t.db.insert(blocks).values([
      { blockerId: blocker.id, blockedId: me.id, createdAt: t.clock.now() },
      { blockerId: me.id, blockedId: blocked.id, createdAt: t.clock.now() },
    ]);
    await setStatus(t.db, gone.id, 'deactivated');
    const shown = (await t.call(watch.fetchEvents, { month: '2026-06' }, me.token)).body.events;
    expect(shown.map((e) => e.id)).toEqual([ids.friend]);
    expect(shown[0]?.taking_part).toBe(false);
    for (const id of [ids.blocker, ids.blocked, ids.gone]) {
      const res = await t.call(watch.fetchEventDetails, { id }, me.token);
      expect(res.statusCode).toBe(404);
      expect((await t.call(watch.addMe, { event_id: id, role: 'Crew' }, me.token)).statusCode).toBe(404);
    }
    // A participant blocked either way is left out of the list of who takes part.
    await t.call(watch.addMe, { event_id: ids.friend, role: 'Grip' }, blocked.token);
    const seen = await details(ids.friend, me.token);
    expect(seen.participants.map((p) => p.id)).toEqual([friend.id]);
    expect(seen.participant_count).toBe(2);
  });

  it(`lists ${watch.DAY_EVENTS_IN_MONTH} events of a busy day in a month with its total, and the whole day when asked`, async () => {
    const me = await member();
    const other = await member();
    const at = t.clock.now();
    const crowd = watch.DAY_EVENTS_MAX + 3;
    await t.db.execute(sql`
      insert into events (category, title, posted_by, day, starts_at, created_at)
      select 'other', 'Crowded ' || g, ${me.id}, '2027-02-14',
             ${slot('2027-02-14', '8:00pm')}::timestamptz + (g % 10) * interval '15 minutes', ${at.toISOString()}::timestamptz
      from generate_series(1, ${crowd}) g`);
    const quiet = await addEventAs(t, other.token, eventForm('other', '2027-02-20'));
    const month = await t.call(watch.fetchEvents, { month: '2027-02' }, me.token);
    expect(month.body.days).toEqual([
      { date: '2027-02-14', total: crowd },
      { date: '2027-02-20', total: 1 },
    ]);
    const listed = month.body.events;
    expect(listed).toHaveLength(watch.DAY_EVENTS_IN_MONTH + 1);
    expect(listed.slice(0, watch.DAY_EVENTS_IN_MONTH).every((e) => e.time === '8:00pm')).toBe(true);
    expect(listed.at(-1)?.id).toBe(quiet);
    expect(month.body.truncated).toBe(false);
    const day = await t.call(watch.fetchEvents, { day: '2027-02-14' }, me.token);
    expect(day.body).toMatchObject({ month: '2027-02', day: '2027-02-14', truncated: true });
    expect(day.body.days).toEqual([{ date: '2027-02-14', total: crowd }]);
    expect(day.body.events).toHaveLength(watch.DAY_EVENTS_MAX);
    // In the calendar's order: by time, then as added.
    const times = day.body.events.map((e) => e.starts_at ?? '');
    expect([...times].sort()).toEqual(times);
    // A day already over has nothing left.
    expect((await t.call(watch.fetchEvents, { day: '2026-03-09' }, me.token)).body).toMatchObject({
      events: [],
      days: [],
    });
  });

  it('refuses a month it cannot read (B2)', async () => {
    const me = await member();
    for (const month of ['2026-13', '2026-3', 'March', '']) {
      const res = await t.call(watch.fetchEvents, { month }, me.token);
      expect(res.statusCode, month).toBe(400);
      expect(res.body.message).toBe('Please choose a month like 2026-03.');
    }
    for (const day of ['2026-02-30', '2026-3-1', 'tomorrow']) {
      const res = await t.call(watch.fetchEvents, { day }, me.token);
      expect(res.statusCode, day).toBe(400);
      expect(res.body.message).toBe('Please choose a day like 2026-03-18.');
    }
  });
});

describe('watch/fetchEventDetails (spec 3 §3; D12.3 canAdd, canRemove)', () => {
  it("shows the poster's event with its participants, links-only notes and what each member may do", async () => {
    const poster = await member('premium');
    const other = await member('free');
    const admin = await buildMember(t.db, t.clock, { role: 'admin' });
    const tt = await titlePage(t, 'Quiet Harbor');
    const id = await addEventAs(
      t,
      poster.token,
      eventForm('tv', '2026-03-24', {
        title: '<b>Quiet</b> Harbor',
        role: 'Lead',
        imdb_url: `https://www.imdb.com/title/${tt}/`,
        channel: 'PBS',
        channel_url: 'https://www.youtube.com/watch?v=abcdefghijk',
        notes: 'Tune in! <script>alert(1)</script> www.pbs.org/harbor',
      }),
    );
    const mine = await details(id, poster.token);
    expect(mine).toMatchObject({
      id,
      category: 'tv',
      title: '<b>Quiet</b> Harbor',
      channel: 'PBS',
      channel_url: 'https://www.youtube.com/watch?v=abcdefghijk',
      channel_link: '/sim/youtube/watch?v=abcdefghijk',
      imdb_url: `https://www.imdb.com/title/${tt}/`,
      posted_by_id: poster.id,
      participants: [{ id: poster.id, full_name: mine.poster_name, role: 'Lead' }],
      participant_count: 1,
      showDate: 'Tuesday, March 24, 2026',
      time: '7:30pm',
      canAdd: false,
      canRemove: true,
      canDelete: true,
      passed: false,
    });
    expect(mine.notes).toBe(
      'Tune in! &lt;script&gt;alert(1)&lt;/script&gt; <a href="https://www.pbs.org/harbor" target="_blank" rel="noopener noreferrer nofollow">www.pbs.org/harbor</a>',
    );
    for (const someone of [other, admin]) {
      expect(await details(id, someone.token)).toMatchObject({
        canAdd: true,
        canRemove: false,
        canDelete: false,
      });
    }
  });

  it('answers 404 for an event that does not exist and 400 for an id it cannot read', async () => {
    const me = await member();
    const missing = await t.call(watch.fetchEventDetails, { id: 2_000_000_000 }, me.token);
    expect(missing.statusCode).toBe(404);
    expect(missing.body.message).toBe(watch.NO_SUCH_EVENT);
    for (const id of ['abc', '0', '-1', '1.5', '2147483648']) {
      const res = await t.call(watch.fetchEventDetails, { id }, me.token);
      expect(res.statusCode, id).toBe(400);
      expect(res.body.message).toBe('Please give a valid event id.');
    }
  });
});

describe('watch/addMe (D12.3)', () => {
  it('lets another member take part with a role, once; the details follow', async () => {
    const poster = await member();
    const other = await member('premium');
    const id = await addEventAs(t, poster.token, eventForm('premiere', '2026-04-10'));
    const res = await t.call(watch.addMe, { event_id: id, role: '  Director of Photography ' }, other.token);
    expect(res.statusCode, res.body.message).toBe(200);
    expect(res.body.message).toBe('You are now taking part in A premiere event.');
    expect(res.body.event).toMatchObject({
      canAdd: false,
      canRemove: true,
      canDelete: false,
      participant_count: 2,
    });
    expect(res.body.event.participants.map((p) => [p.id, p.role])).toEqual([
      [poster.id, 'Actor'],
      [other.id, 'Director of Photography'],
    ]);
    const again = await t.call(watch.addMe, { event_id: id, role: 'Gaffer' }, other.token);
    expect(again.statusCode).toBe(409);
    expect(again.body.message).toBe(watch.ALREADY_TAKING_PART);
    const posterAgain = await t.call(watch.addMe, { event_id: id, role: 'Gaffer' }, poster.token);
    expect(posterAgain.statusCode).toBe(409);
    const listed = (await t.call(watch.fetchEvents, { month: '2026-04' }, other.token)).body.events;
    expect(listed.find((e) => e.id === id)?.taking_part).toBe(true);
  });

  it('refuses an event that has passed: a timed one once it started, a release once its day is over', async () => {
    const poster = await member();
    const other = await member();
    const timed = await addEventAs(
      t,
      poster.token,
      eventForm('other', TODAY, { startISO: slot(TODAY, '1:00pm') }),
    );
    const tt = await titlePage(t);
    const release = await addEventAs(
      t,
      poster.token,
      eventForm('release', TODAY, { imdb_url: `https://www.imdb.com/title/${tt}/` }),
    );
    t.clock.advance(2 * HOUR_MS + MINUTE_MS);
    const late = await t.call(watch.addMe, { event_id: timed, role: 'Extra' }, other.token);
    expect(late.statusCode).toBe(409);
    expect(late.body.message).toBe(watch.EVENT_PASSED);
    expect(await details(timed, other.token)).toMatchObject({ canAdd: false, passed: true });
    // The release is open all of its day.
    expect((await t.call(watch.addMe, { event_id: release, role: 'Extra' }, other.token)).statusCode).toBe(
      200,
    );
    t.clock.set(new Date('2026-03-10T18:00:00Z'));
  });

  it('answers 404 for an unknown event and 400 for a missing role or id', async () => {
    const me = await member();
    expect((await t.call(watch.addMe, { event_id: 2_000_000_000, role: 'Actor' }, me.token)).statusCode).toBe(
      404,
    );
    const noRole = await t.call(watch.addMe, { event_id: 1 }, me.token);
    expect(noRole.statusCode).toBe(400);
    expect(noRole.body.message).toBe(
      'Please say what your role is, in 2 to 60 characters (Actor, Director, Writer…).',
    );
    const noId = await t.call(watch.addMe, { role: 'Actor' }, me.token);
    expect(noId.statusCode).toBe(400);
    expect(noId.body.message).toBe('Please give a valid event id.');
  });
});

describe('watch/removeMe (D12.3, W7)', () => {
  it('lets a participant leave: the event stays and they may join again', async () => {
    const poster = await member();
    const other = await member();
    const id = await addEventAs(t, poster.token, eventForm('other', '2026-04-11'));
    await t.call(watch.addMe, { event_id: id, role: 'Singer' }, other.token);
    const res = await t.call(watch.removeMe, { id }, other.token);
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatchObject({
      status: 'success',
      event_exists: true,
      message: 'You are no longer taking part in A other event.',
      event: { canAdd: true, canRemove: false, participant_count: 1 },
    });
    const twice = await t.call(watch.removeMe, { id }, other.token);
    expect(twice.statusCode).toBe(409);
    expect(twice.body.message).toBe(watch.NOT_TAKING_PART);
    expect((await t.call(watch.addMe, { event_id: id, role: 'Singer' }, other.token)).statusCode).toBe(200);
  });

  it("deletes the event when its poster removes themself, others' places with it", async () => {
    const poster = await member();
    const other = await member();
    const id = await addEventAs(t, poster.token, eventForm('other', '2026-04-12'));
    await t.call(watch.addMe, { event_id: id, role: 'Singer' }, other.token);
    const res = await t.call(watch.removeMe, { id }, poster.token);
    expect(res.body).toMatchObject({
      status: 'success',
      event_exists: false,
      event: null,
      message: 'Your event was deleted.',
    });
    expect((await t.call(watch.fetchEventDetails, { id }, other.token)).statusCode).toBe(404);
    expect(await t.db.select().from(eventParticipants).where(eq(eventParticipants.eventId, id))).toEqual([]);
    const again = await t.call(watch.removeMe, { id }, other.token);
    expect(again.statusCode).toBe(404);
    expect(again.body.message).toBe(watch.NO_SUCH_EVENT);
  });

  it('deletes an event nobody takes part in any more (W7)', async () => {
    const poster = await member();
    const other = await member();
    const id = await addEventAs(t, poster.token, eventForm('other', '2026-04-13'));
    await t.call(watch.addMe, { event_id: id, role: 'Singer' }, other.token);
    // The poster's own place gone (as only an erased account's would be).
    await t.db.delete(eventParticipants).where(eq(eventParticipants.userId, poster.id));
    const res = await t.call(watch.removeMe, { id }, other.token);
    expect(res.body).toMatchObject({ event_exists: false, event: null });
    expect(await t.db.select().from(events).where(eq(events.id, id))).toEqual([]);
  });

  it('refuses a member who neither takes part nor posted it, and an id it cannot read', async () => {
    const poster = await member();
    const admin = await buildMember(t.db, t.clock, { role: 'admin' });
    const id = await addEventAs(t, poster.token, eventForm('other', '2026-04-14'));
    const res = await t.call(watch.removeMe, { id }, admin.token);
    expect(res.statusCode).toBe(409);
    expect(res.body.message).toBe(watch.NOT_TAKING_PART);
    expect((await t.call(watch.removeMe, { id: 'x' }, admin.token)).statusCode).toBe(400);
    expect(await t.db.select().from(events).where(eq(events.id, id))).toHaveLength(1);
  });
});

describe('erasing a member (D2.5)', () => {
  it("takes their events and their places in others' events", async () => {
    const leaving = await member();
    const other = await member();
    const theirs = await addEventAs(t, leaving.token, eventForm('other', '2026-04-20'));
    await t.call(watch.addMe, { event_id: theirs, role: 'Fan' }, other.token);
    const others = await addEventAs(t, other.token, eventForm('other', '2026-04-20'));
    await t.call(watch.addMe, { event_id: others, role: 'Fan' }, leaving.token);
    const res = await t.call(account.deleteAccount, { warned: true }, leaving.token);
    expect(res.statusCode, res.body.message).toBe(200);
    expect(await t.db.select().from(events).where(eq(events.postedBy, leaving.id))).toEqual([]);
    expect(
      await t.db.select().from(eventParticipants).where(eq(eventParticipants.userId, leaving.id)),
    ).toEqual([]);
    expect((await details(others, other.token)).participant_count).toBe(1);
  });
});
