import sharp from 'sharp';
import { eq, inArray } from 'drizzle-orm';
import { directory, media } from '@marquee/contract';
import type { Db } from '../platform/db/database.js';
import type { AppConfig } from '../platform/config.js';
import { users } from '../features/members/members.tables.js';
import { images } from '../features/uploads/uploads.tables.js';
import { profileVideos } from '../features/profile/profile.tables.js';
import { storageFor, storageKey } from '../features/uploads/storage.js';
import { addSimVideo } from '../simulated/catalogue.js';

const PALETTES: [string, string][] = [
  ['#3a2f8f', '#e0a526'],
  ['#1d1846', '#6a5fc1'],
  ['#2a6f97', '#cfcae9'],
  ['#7a2e4d', '#f3c95f'],
  ['#1d7a4c', '#e9e6f6'],
  ['#5d5873', '#f3c95f'],
];

const BIOS = [
  'Working actor with credits in indie features and episodic TV. Trained at a conservatory in Chicago; loves a good table read.',
  'I tell small stories with big hearts. My last short played festivals in three countries; the next one is in pre-production now.',
  'Producer of documentaries and branded content. Always happy to talk financing, festivals and distribution.',
  'Writer in a staffing season and a sketch performer on weekends. Reel and samples on request.',
  'Cinematographer shooting commercials and narrative work. Owner-operator with a full lighting package.',
  'Editor and colorist. Fast turnarounds, clean timelines, calm notes sessions. See my work at https://example.com/reel',
  'Casting for indie features and student films in the Southeast. Self-tapes welcome year-round.',
];

const VIDEO_TITLES = [
  'Showreel 2025',
  'Scene: The Last Train Home',
  'Behind the scenes on our festival short',
  'Comedy reel',
  'Monologue: A Winter Tale',
  'Trailer: Quiet Harbour',
];

/** A portrait-style picture for a demo member: a two-colour gradient with their initials. */
function portrait(first: string, last: string, i: number): Promise<Buffer> {
  const [from, to] = PALETTES[i % PALETTES.length] as [string, string];
  const initials = `${first[0] ?? ''}${last[0] ?? ''}`.toUpperCase();
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="480">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
    <rect width="480" height="480" fill="url(#g)"/>
    <circle cx="240" cy="520" r="190" fill="#ffffff" fill-opacity="0.12"/>
    <circle cx="240" cy="205" r="95" fill="#ffffff" fill-opacity="0.12"/>
    <text x="240" y="262" font-family="DejaVu Sans" font-weight="bold" font-size="150" fill="#ffffff"
      text-anchor="middle">${initials}</text></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 82 }).toBuffer();
}

/**
 * Where the demo members work: half in Los Angeles, the rest in New York, Atlanta, Vancouver and
 * London, so the member directory finds several people in each (docs/domain.md Demo data).
 */
const DEMO_PLACES = [
  'Los Angeles, CA',
  'Los Angeles, CA',
  'New York, NY',
  'Los Angeles, CA',
  'Atlanta, GA',
  'Los Angeles, CA',
  'Vancouver, BC',
  'New York, NY',
  'Los Angeles, CA',
  'London, UK',
];

/**
 * A demo member's jobs, in order and each once (spec 2 §5): three in four are actors (some naming
 * another trade first), the rest crew, so that actors in Los Angeles fill more than one page of the
 * directory and the other searches find a few.
 */
function demoJobs(i: number): string[] {
  const crew = directory.JOB_TYPES.map((t) => t.job_title).filter((j) => j !== 'Actor');
  const trade = (k: number) => crew[k % crew.length] as string;
  const jobs =
    i % 4 === 0
      ? ['Actor', ...(i % 8 === 0 ? [trade(i * 5 + 3)] : [])]
      : i % 4 === 1
        ? [trade(i * 7), 'Actor']
        : i % 4 === 2
          ? ['Actor', trade(i * 3 + 1), trade(i * 11 + 5)]
          : [trade(i * 7 + 2), trade(i * 7 + 9)];
  return [...new Set(jobs)];
}

/**
 * The demo community's profiles, seeded once with the rest of the demo by seedDemo: most members
 * get a photo (stored where the configuration says, like an upload), a location, jobs, a bio and
 * two videos of the simulated video catalogue (D9). Names are fixed, so a second seed of another
 * database rewrites the same files instead of adding more.
 */
export async function seedDemoProfiles(tx: Db, ids: number[], now: number, config: AppConfig): Promise<void> {
  const storage = storageFor(config);
  const people = await tx
    .select({ id: users.id, first: users.first, last: users.last, username: users.username })
    .from(users)
    .where(inArray(users.id, ids));
  const byId = new Map(people.map((p) => [p.id, p]));
  const at = new Date(now);
  for (const [i, id] of ids.entries()) {
    const person = byId.get(id);
    if (!person) continue;
    const [job1 = null, job2 = null, job3 = null] = demoJobs(i);
    let defaultPic: string | null = null;
    // One in seven keeps the no-photo image, as real communities have members without one.
    if (i % 7 !== 6) {
      const slug = (person.username ?? `member-${id}`).replace(/[^a-z0-9-]/gi, '-').toLowerCase();
      const name = `demo-${slug}.jpg`;
      const full = await portrait(person.first, person.last, i);
      for (const size of ['full', 80, 35] as const) {
        const body =
          size === 'full' ? full : await sharp(full).resize(size, size).jpeg({ quality: 82 }).toBuffer();
        await storage.put(storageKey(name, size), body, 'image/jpeg');
      }
      await tx.insert(images).values({
        ownerId: id,
        folder: 'profiles',
        name,
        mime: 'image/jpeg',
        width: 480,
        height: 480,
        bytes: full.length,
        createdAt: at,
      });
      defaultPic = name;
    }
    await tx
      .update(users)
      .set({
        defaultPic,
        location: DEMO_PLACES[i % DEMO_PLACES.length] ?? null,
        job1,
        job2,
        job3,
        bio: i % 5 === 4 ? null : (BIOS[i % BIOS.length] ?? null),
      })
      .where(eq(users.id, id));
    if (i % 3 !== 2) {
      for (const n of [0, 1]) {
        const code = `mqProfile${String((i * 2 + n) % 100).padStart(2, '0')}`;
        const title = `${person.first} ${person.last}: ${VIDEO_TITLES[(i + n) % VIDEO_TITLES.length]}`;
        await addSimVideo(tx, {
          id: code,
          title,
          channel: `${person.first} ${person.last}`,
          durationSeconds: 90,
        });
        await tx
          .insert(profileVideos)
          .values({ userId: id, code, name: media.cutVideoTitle(title), createdAt: at });
      }
    }
  }
}
