import type { Db } from '../platform/db/database.js';
import { seedImdbFacts, upsertSimImdbPage, upsertSimProfile, upsertSimVideo } from './sim.repo.js';
import { imdbCodeOf } from '../integrations/imdb-page.parser.js';
import { facebookSlugOf, youtubeIdOf } from '../integrations/open-url.js';

/**
 * The catalogue of the simulated internet (D9.2): the IMDb pages, profiles and videos that listings
 * point at, and the server's seeded IMDb facts that match them (D5.4 "offline, seeded facts serve").
 * Everything is derived from the listing itself, so the same listings always make the same pages.
 */

export interface SimImdbPageInput {
  code: string;
  name: string;
  /** Defaults from the code: nm… person, tt… title. */
  kind?: 'person' | 'title';
  runtimeMinutes?: number | null;
  credits?: Record<string, number>;
  starmeter?: number | null;
  summary?: string | null;
  year?: number | null;
  removed?: boolean;
}

/** Writes (or rewrites) a simulated IMDb page and the seeded facts the earn questions use. */
export async function addSimImdbPage(db: Db, page: SimImdbPageInput, at: Date): Promise<void> {
  const row = {
    code: page.code,
    kind: page.kind ?? (page.code.startsWith('nm') ? 'person' : 'title'),
    name: page.name,
    runtimeMinutes: page.runtimeMinutes ?? null,
    credits: page.credits ?? {},
    starmeter: page.starmeter ?? null,
    summary: page.summary ?? null,
    year: page.year ?? null,
    removed: page.removed ?? false,
  };
  await upsertSimImdbPage(db, row);
  const facts: { question: string; value: number }[] =
    row.kind === 'title'
      ? [{ question: 'runtime', value: row.runtimeMinutes ?? 0 }]
      : Object.entries(row.credits).map(([category, value]) => ({ question: `credits:${category}`, value }));
  if (row.starmeter !== null) facts.push({ question: 'starmeter', value: row.starmeter });
  await seedImdbFacts(db, row.code, facts, at);
}

export interface SimProfileInput {
  platform: 'twitter' | 'facebook' | 'instagram';
  handle: string;
  /** Facebook pages: the numeric page id listings carry. */
  externalId?: string | null;
  displayName?: string;
  bio?: string | null;
  removed?: boolean;
}

export async function addSimProfile(db: Db, p: SimProfileInput): Promise<void> {
  const row = {
    platform: p.platform,
    handle: p.handle,
    externalId: p.externalId ?? null,
    displayName: p.displayName ?? p.handle,
    bio: p.bio ?? null,
    removed: p.removed ?? false,
  };
  await upsertSimProfile(db, row);
}

export interface SimVideoInput {
  id: string;
  title?: string;
  channel?: string;
  durationSeconds?: number;
  removed?: boolean;
}

export async function addSimVideo(db: Db, v: SimVideoInput): Promise<void> {
  const row = {
    id: v.id,
    title: v.title ?? `Video ${v.id}`,
    channel: v.channel ?? 'Marquee member',
    durationSeconds: v.durationSeconds ?? 60,
    removed: v.removed ?? false,
  };
  await upsertSimVideo(db, row);
}

/** What seeding needs of a listing (a row of the listings table fits). */
export interface CatalogueListing {
  platform: string;
  url: string;
  externalId: string;
  name: string;
  imdbType?: string | null;
  testCat?: string | null;
}

/** A stable number from a text: the same listing always gets the same page. */
export function stableHash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

const CATEGORIES = [
  'actor',
  'actress',
  'director',
  'writer',
  'producer',
  'cinematographer',
  'editor',
  'composer',
];

/** A person page with the listing's category and one or two others, each with its credit count. */
export function personPageFor(code: string, name: string, testCat?: string | null): SimImdbPageInput {
  const h = stableHash(code);
  const credits: Record<string, number> = {};
  if (testCat) credits[testCat] = 3 + (h % 58);
  for (let k = 0; Object.keys(credits).length < 2 + (h % 2); k += 1) {
    const category = CATEGORIES[(h + k * 3) % CATEGORIES.length] ?? 'actor';
    credits[category] ??= 1 + ((h >>> (k + 4)) % 25);
  }
  return {
    code,
    kind: 'person',
    name,
    credits,
    starmeter: 1000 + (h % 899_000),
    summary: `${name} works in film and television. This page is part of Marquee's simulated internet.`,
  };
}

/** A title page; one in five lists no runtime, so its answer is 0 (D5.2). */
export function titlePageFor(code: string, name: string): SimImdbPageInput {
  const h = stableHash(code);
  return {
    code,
    kind: 'title',
    name,
    runtimeMinutes: h % 5 === 0 ? null : 75 + (h % 86),
    starmeter: 500 + (h % 250_000),
    year: 2005 + (h % 20),
    summary: `${name}: an independent production listed on Marquee's simulated internet.`,
  };
}

/** Makes the simulated page behind every listing, and the seeded facts of its IMDb pages. */
export async function seedSimulatedCatalogue(db: Db, listings: CatalogueListing[], at: Date): Promise<void> {
  // Two listings of one person page (different categories) share the page: gather it first.
  const pages = new Map<string, SimImdbPageInput>();
  for (const l of listings) {
    if (l.platform === 'imdb') {
      const code = imdbCodeOf(l.url) ?? l.externalId;
      const known = pages.get(code);
      if (!known) {
        pages.set(
          code,
          code.startsWith('tt') ? titlePageFor(code, l.name) : personPageFor(code, l.name, l.testCat),
        );
      } else if (known.credits && l.testCat && !(l.testCat in known.credits)) {
        known.credits[l.testCat] = 3 + (stableHash(`${code}:${l.testCat}`) % 58);
      }
    } else if (l.platform === 'twitter') {
      const handle = l.externalId.replace(/^@/, '');
      await addSimProfile(db, {
        platform: 'twitter',
        handle,
        displayName: l.name.replace(/^@/, ''),
        bio: 'Film and TV.',
      });
    } else if (l.platform === 'facebook') {
      const handle = facebookSlugOf(l.url) ?? l.externalId;
      await addSimProfile(db, {
        platform: 'facebook',
        handle,
        externalId: l.externalId,
        displayName: l.name,
      });
    } else if (l.platform === 'youtube') {
      const id = youtubeIdOf(l.url) ?? l.externalId;
      const channel = l.name.split(':')[0]?.trim() || 'Marquee member';
      await addSimVideo(db, { id, title: l.name, channel, durationSeconds: 45 + (stableHash(id) % 196) });
    }
  }
  for (const page of pages.values()) await addSimImdbPage(db, page, at);
}
