import { REAL_ID_SHAPE } from '@marquee/contract';
import { isInstagramHandle } from '../integrations/instagram.reader.js';
import { personPageFor, stableHash, titlePageFor } from './catalogue.js';
import type { simImdbPages, simProfiles, simVideos } from './simulated.tables.js';

/**
 * D9.2, rule P1 of docs/domain.md: offline, a well-formed address that the catalogue does not hold
 * still opens a page, made up from the id alone, so that members can list their own pages. The same
 * id always makes the same page (no randomness, nothing stored), and each says it is generated.
 */

/** The ids a page is made up for: those the real sites could give out. */
export const GENERATED_IMDB_CODE = REAL_ID_SHAPE.imdb;
export const GENERATED_X_HANDLE = REAL_ID_SHAPE.twitter;
export const GENERATED_VIDEO_ID = REAL_ID_SHAPE.youtube;
/** Paths of the simulated X that are not profiles (x.com/login is no one's profile either). */
const X_RESERVED = new Set([
  'login',
  'logout',
  'oauth',
  'intent',
  'home',
  'i',
  'explore',
  'search',
  'settings',
]);

/** What the pages show, in one line, on every generated page. */
export const GENERATED_NOTE =
  'This page is not in the simulated catalogue, so it was made up from its address: the name and figures are invented, and stay the same on every visit.';

const FIRST = [
  'Ada',
  'Bruno',
  'Carmen',
  'Dev',
  'Elena',
  'Farid',
  'Greta',
  'Hugo',
  'Ines',
  'Jonah',
  'Kira',
  'Luca',
  'Mina',
  'Nico',
  'Olga',
  'Pavel',
  'Quinn',
  'Rosa',
  'Samir',
  'Tessa',
  'Umar',
  'Vera',
  'Wes',
  'Yara',
];
const LAST = [
  'Almeida',
  'Brandt',
  'Castillo',
  'Dufour',
  'Eklund',
  'Fischer',
  'Gallo',
  'Haddad',
  'Ivanova',
  'Jansen',
  'Kovac',
  'Lindqvist',
  'Moreau',
  'Nakamura',
  'Okafor',
  'Petrov',
  'Quint',
  'Rossi',
  'Sato',
  'Toure',
  'Ulloa',
  'Varga',
  'Weller',
  'Zamora',
];
const ADJECTIVES = [
  'Silent',
  'Paper',
  'Northern',
  'Last',
  'Golden',
  'Hidden',
  'Broken',
  'Quiet',
  'Electric',
  'Distant',
  'Crimson',
  'Winter',
  'Hollow',
  'Bright',
  'Lost',
  'Wild',
];
const NOUNS = [
  'Harbour',
  'Orchard',
  'Signal',
  'Lantern',
  'Frontier',
  'Garden',
  'Mirror',
  'River',
  'Station',
  'Summer',
  'Archive',
  'Compass',
  'Tide',
  'Circuit',
  'Meadow',
  'Horizon',
];

const pick = <T>(list: readonly T[], n: number): T => list[n % list.length] as T;

/** A person's name from an id: "Greta Nakamura". */
export function generatedPersonName(id: string): string {
  const h = stableHash(`name:${id}`);
  return `${pick(FIRST, h)} ${pick(LAST, h >>> 8)}`;
}

/** A title from an id: "The Quiet Lantern". */
export function generatedTitle(id: string): string {
  const h = stableHash(`title:${id}`);
  return `The ${pick(ADJECTIVES, h)} ${pick(NOUNS, h >>> 8)}`;
}

export type GeneratedImdbPage = typeof simImdbPages.$inferSelect & { generated: true };
export type GeneratedProfile = typeof simProfiles.$inferSelect & { generated: true };
export type GeneratedVideo = typeof simVideos.$inferSelect & { generated: true };

/** The page of an IMDb name or title id the catalogue does not hold; null when the id is malformed. */
export function generatedImdbPage(code: string): GeneratedImdbPage | null {
  if (!GENERATED_IMDB_CODE.test(code)) return null;
  const page = code.startsWith('nm')
    ? personPageFor(code, generatedPersonName(code))
    : titlePageFor(code, generatedTitle(code));
  return {
    code,
    kind: page.kind ?? 'person',
    name: page.name,
    runtimeMinutes: page.runtimeMinutes ?? null,
    credits: page.credits ?? {},
    starmeter: page.starmeter ?? null,
    summary: page.summary ?? null,
    year: page.year ?? null,
    removed: false,
    generated: true,
  };
}

/** "film_crew42" -> "Film Crew", "jane.doe" -> "Jane Doe"; a handle without letters gets a made-up name. */
function displayNameOf(handle: string): string {
  const words = handle
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .split(/[\s_.\d]+/)
    .filter((w) => w.length > 0);
  if (words.length === 0) return generatedPersonName(handle.toLowerCase());
  return words.map((w) => w.charAt(0).toUpperCase() + w.slice(1).toLowerCase()).join(' ');
}

/** The X profile of a handle the catalogue does not hold; null when the handle is malformed. */
export function generatedXProfile(handle: string): GeneratedProfile | null {
  if (!GENERATED_X_HANDLE.test(handle) || X_RESERVED.has(handle.toLowerCase())) return null;
  return {
    platform: 'twitter',
    handle,
    externalId: null,
    displayName: displayNameOf(handle),
    bio: 'Film and TV, on the simulated X.',
    removed: false,
    generated: true,
  };
}

/**
 * The Instagram profile of a handle the catalogue does not hold (the Exchange's listings, EX2); null
 * when the handle is malformed or one of Instagram's own paths.
 */
export function generatedInstagramProfile(handle: string): GeneratedProfile | null {
  if (!isInstagramHandle(handle)) return null;
  const lower = handle.toLowerCase();
  return {
    platform: 'instagram',
    handle: lower,
    externalId: null,
    displayName: displayNameOf(lower),
    bio: 'Film and TV, on the simulated Instagram.',
    removed: false,
    generated: true,
  };
}

/** The counts an Instagram profile shows besides its followers here: the same on every visit. */
export function instagramCountsOf(handle: string): { followers: number; following: number; posts: number } {
  const h = stableHash(`instagram:${handle.toLowerCase()}`);
  return { followers: 150 + (h % 4850), following: 80 + ((h >>> 12) % 900), posts: 6 + ((h >>> 22) % 400) };
}

/** The YouTube video of an id the catalogue does not hold; null when the id is malformed. */
export function generatedVideo(id: string): GeneratedVideo | null {
  if (!GENERATED_VIDEO_ID.test(id)) return null;
  const h = stableHash(`video:${id}`);
  return {
    id,
    title: `${generatedTitle(id)} (${pick(['trailer', 'showreel', 'short film', 'interview'], h)})`,
    channel: generatedPersonName(id),
    // 30 s to 4 min: long enough to watch, short enough to finish.
    durationSeconds: 30 + (h % 211),
    removed: false,
    generated: true,
  };
}

/** A round picture with the name's initials, its colour from the handle (the generated profiles' picture). */
export function generatedAvatarSvg(handle: string, name: string): string {
  const hue = stableHash(`avatar:${handle.toLowerCase()}`) % 360;
  const initials = name
    .split(/\s+/)
    .map((w) => w.charAt(0))
    .join('')
    .slice(0, 2)
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96" width="96" height="96"><rect width="96" height="96" fill="hsl(${hue} 45% 38%)"/><text x="48" y="60" font-family="system-ui,Arial,sans-serif" font-size="38" font-weight="700" fill="#fff" text-anchor="middle">${initials}</text></svg>`;
}
