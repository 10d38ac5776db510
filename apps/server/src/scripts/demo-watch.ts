import { pacificDay, watch } from '@marquee/contract';
import type { Db } from '../platform/db/database.js';
import { DAY_MS, HOUR_MS } from '../platform/time.js';
import { eventParticipants, events } from '../features/watch/watch.tables.js';

// Demo members by their place in demo-data.ts's PEOPLE (ids[i]).
const AVERY = 0;
const MAYA = 1;
const JONAH = 2;
const PRIYA = 3;
const THEO = 4;
const LENA = 5;
const MARCUS = 6;
const SOFIA = 7;
const DEV = 8;
const CAMILLE = 9;
const RAFAEL = 10;
const HANNAH = 11;
const OLIVER = 12;
const IMANI = 13;
const KENJI = 14;
const GRETA = 15;
const RUBY = 17;
const ELLIOT = 18;
const NOOR = 19;

interface DemoEvent {
  /** Days from today (Pacific). */
  inDays: number;
  /** Pacific time as [hour, minute]; none for a release (a date only). */
  at?: [number, number];
  category: watch.EventCategory;
  title: string;
  poster: number;
  role: string;
  channel?: string;
  channelUrl?: string;
  /** An IMDb title page of the simulated catalogue (demo-data.ts's title listings) or one P1 makes up. */
  imdb?: string;
  notes?: string;
  others?: [number, string][];
}

/** Upcoming events of every category, with members of the demo taking part (spec 3 §2 When To Watch). */
const EVENTS: DemoEvent[] = [
  {
    inDays: 0,
    at: [23, 30],
    category: 'other',
    title: 'Live reading: Salt & Static',
    poster: RUBY,
    role: 'Writer',
    channel: 'Zoom',
    notes: 'A late-night read-through with the cast. Join at www.example.com/salt-static-reading',
    others: [[NOOR, 'Narrator']],
  },
  {
    inDays: 1,
    at: [20, 0],
    category: 'tv',
    title: 'Harbor Precinct, season 2, episode 5',
    poster: LENA,
    role: 'Actress',
    channel: 'NBC',
    channelUrl: 'https://www.nbc.com',
    notes:
      'My first episode as Detective Ade. Watch the trailer at https://www.youtube.com/watch?v=mqHomeVid03',
    others: [
      [MARCUS, 'Editor'],
      [JONAH, 'Guest star'],
    ],
  },
  {
    inDays: 2,
    at: [18, 0],
    category: 'newmedia',
    title: 'Night Ferry: the web series, episode 1',
    poster: PRIYA,
    role: 'Director',
    channel: 'YouTube',
    channelUrl: 'https://www.youtube.com/watch?v=mqHomeVid01',
    others: [
      [SOFIA, 'Cinematographer'],
      [HANNAH, 'Gaffer'],
    ],
  },
  {
    inDays: 4,
    at: [19, 30],
    category: 'premiere',
    title: 'Salt & Static: world premiere',
    poster: RUBY,
    role: 'Writer and Director',
    channel: 'Austin Film Society',
    channelUrl: 'https://www.austinfilm.org',
    notes: 'Red carpet from 6:30pm, Q&A after the screening. Tickets: www.austinfilm.org/salt-and-static',
    others: [
      [NOOR, 'Screenwriter'],
      [CAMILLE, 'Casting Director'],
      [THEO, 'Producer'],
    ],
  },
  {
    inDays: 6,
    category: 'release',
    title: 'The Lantern Keeper',
    poster: THEO,
    role: 'Producer',
    channel: 'In theaters',
    imdb: 'tt8904729',
    others: [
      [MAYA, 'Actress'],
      [AVERY, 'Executive Producer'],
    ],
  },
  {
    inDays: 9,
    at: [17, 0],
    category: 'other',
    title: 'Table read: Orchard Road',
    poster: CAMILLE,
    role: 'Casting Director',
    channel: 'Zoom',
    notes: 'Open to members: the link goes out the day before.',
    others: [
      [DEV, 'Actor'],
      [RAFAEL, 'Actor'],
    ],
  },
  {
    inDays: 11,
    at: [21, 0],
    category: 'tv',
    title: 'Late Night with Jordan Lee',
    poster: JONAH,
    role: 'Guest',
    channel: 'CBS',
    others: [[IMANI, 'Musical guest']],
  },
  {
    inDays: 13,
    category: 'release',
    title: 'Quiet Harbour',
    poster: HANNAH,
    role: 'Gaffer',
    channel: 'Netflix',
    channelUrl: 'https://www.netflix.com',
    imdb: 'tt9218916',
    others: [
      [SOFIA, 'Cinematographer'],
      [KENJI, 'Editor'],
    ],
  },
  {
    inDays: 16,
    at: [20, 0],
    category: 'newmedia',
    title: 'Paper Moons podcast, episode 12',
    poster: NOOR,
    role: 'Host',
    channel: 'Spotify',
    channelUrl: 'https://open.spotify.com/show/papermoons',
    others: [[GRETA, 'Guest']],
  },
  {
    inDays: 20,
    at: [19, 0],
    category: 'premiere',
    title: 'Orchard Road: festival screening',
    poster: SOFIA,
    role: 'Cinematographer',
    channel: 'Tribeca Festival',
    others: [[PRIYA, 'Producer']],
  },
  {
    inDays: 24,
    at: [10, 0],
    category: 'other',
    title: 'Panel: lighting on a micro budget',
    poster: HANNAH,
    role: 'Panelist',
    channel: 'Atlanta Film Society',
  },
  {
    inDays: 30,
    at: [20, 0],
    category: 'tv',
    title: 'Harbor Precinct, season 2 finale',
    poster: LENA,
    role: 'Actress',
    channel: 'NBC',
    others: [[MARCUS, 'Editor']],
  },
  {
    inDays: 38,
    category: 'release',
    title: 'Paper Moons',
    poster: PRIYA,
    role: 'Director',
    channel: 'Prime Video',
    imdb: 'tt9300001',
    others: [[RUBY, 'Writer']],
  },
  {
    inDays: 45,
    at: [18, 30],
    category: 'premiere',
    title: 'Night Ferry: premiere',
    poster: PRIYA,
    role: 'Director',
    channel: 'TCL Chinese Theatre',
    others: [
      [OLIVER, 'Actor'],
      [ELLIOT, 'Composer'],
    ],
  },
];

/**
 * The demo calendar (seeded once, with the rest of the demo, by seedDemo): upcoming events of every
 * category from today on, each with its poster and other demo members taking part.
 */
export async function seedDemoWatch(tx: Db, ids: number[], now: number): Promise<void> {
  const id = (i: number) => ids[i] as number;
  const today = pacificDay(now);
  for (const e of EVENTS) {
    const day = watch.shiftDay(today, e.inDays);
    // No demo time falls in the hour a spring-forward night skips (2am), so every one exists.
    const startsAt = e.at ? (watch.pacificInstant(day, e.at[0], e.at[1]) as Date) : null;
    const postedAt = new Date(now - (3 + e.inDays) * DAY_MS);
    const [row] = await tx
      .insert(events)
      .values({
        category: e.category,
        title: e.title,
        postedBy: id(e.poster),
        day,
        startsAt,
        channel: e.channel ?? '',
        channelUrl: e.channelUrl ?? '',
        imdbUrl: e.imdb ? `https://www.imdb.com/title/${e.imdb}/` : '',
        notes: e.notes ?? '',
        createdAt: postedAt,
      })
      .returning({ id: events.id });
    const eventId = (row as { id: number }).id;
    await tx.insert(eventParticipants).values([
      { eventId, userId: id(e.poster), role: e.role, joinedAt: postedAt },
      ...(e.others ?? []).map(([who, role], k) => ({
        eventId,
        userId: id(who),
        role,
        joinedAt: new Date(postedAt.getTime() + (k + 1) * HOUR_MS),
      })),
    ]);
  }
}
