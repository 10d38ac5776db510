import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  LEVEL_NAME,
  LINKED_PLATFORMS,
  LISTING_TYPE_WORDS,
  LISTING_TYPES,
  MEMBERSHIPS,
  PAID_LEVELS,
  PLATFORM_NAME,
  PLATFORM_OF_TYPE,
  PLATFORMS,
  SITE_TIME_ZONE,
  TYPE_OF_PLATFORM,
  actionsOnPlatform,
  dayInShortWords,
  dayInWords,
  isListingType,
  isPaidLevel,
  isPlatform,
  pacificDate,
  pacificDay,
  pacificDayAndTime,
  pacificHour,
  pacificMonth,
  pacificWallClock,
  platformNameOfType,
} from '@marquee/contract';

/** The contract's vocabulary (docs/domain.md V1-V4): each word defined once, and complete. */

describe('platforms and listing types (V1, V2)', () => {
  it('gives every listing type one platform and every platform one listing type, both ways', () => {
    expect(Object.keys(PLATFORM_OF_TYPE).sort()).toEqual([...LISTING_TYPES].sort());
    expect(Object.keys(TYPE_OF_PLATFORM).sort()).toEqual([...PLATFORMS].sort());
    for (const type of LISTING_TYPES) expect(TYPE_OF_PLATFORM[PLATFORM_OF_TYPE[type]]).toBe(type);
    for (const platform of PLATFORMS) expect(PLATFORM_OF_TYPE[TYPE_OF_PLATFORM[platform]]).toBe(platform);
    for (const platform of LINKED_PLATFORMS) expect(PLATFORMS).toContain(platform);
  });

  it('names every platform as the spec does, each name once', () => {
    expect(PLATFORMS.map((p) => PLATFORM_NAME[p])).toEqual(['IMDb', 'Twitter', 'YouTube', 'Facebook']);
  });

  it('has every word of every listing type, its label starting with the platform’s name', () => {
    for (const type of LISTING_TYPES) {
      const words = LISTING_TYPE_WORDS[type];
      for (const [key, word] of Object.entries(words)) expect(word.trim(), `${type} ${key}`).not.toBe('');
      expect(words.label.startsWith(`${platformNameOfType(type)} `), type).toBe(true);
      expect(words.target.startsWith(`${platformNameOfType(type)} `), type).toBe(true);
    }
    expect(LISTING_TYPES.map((t) => LISTING_TYPE_WORDS[t].label)).toEqual([
      'IMDb View',
      'Twitter Follow',
      'YouTube View',
      'Facebook Like',
    ]);
    expect(LISTING_TYPES.map(actionsOnPlatform)).toEqual([
      'IMDb views',
      'Twitter follows',
      'YouTube views',
      'Facebook likes',
    ]);
  });

  it('tells listing types and platforms from other text', () => {
    expect(isListingType('imdb-view')).toBe(true);
    expect(isListingType('imdb')).toBe(false);
    expect(isPlatform('twitter')).toBe(true);
    expect(isPlatform('x')).toBe(false);
    expect(isPlatform(undefined)).toBe(false);
  });
});

describe('membership levels (V3)', () => {
  it('names every level once, in the order offered', () => {
    expect(MEMBERSHIPS.map((m) => LEVEL_NAME[m])).toEqual(['Free', 'Premium', 'Pro', 'Managed Rank']);
    for (const level of PAID_LEVELS) expect(MEMBERSHIPS).toContain(level);
    expect(isPaidLevel('pro')).toBe(true);
    expect(isPaidLevel('managed')).toBe(false);
  });
});

describe('Pacific dates and times (V4, D1.1)', () => {
  it('is the Los Angeles zone', () => {
    expect(SITE_TIME_ZONE).toBe('America/Los_Angeles');
  });

  it('turns the day at Pacific midnight, in winter (UTC-8) and summer (UTC-7)', () => {
    expect(pacificDate('2026-01-15T07:59:59Z')).toBe('January 14, 2026');
    expect(pacificDate('2026-01-15T08:00:00Z')).toBe('January 15, 2026');
    expect(pacificDate('2026-07-02T06:59:59Z')).toBe('July 1, 2026');
    expect(pacificDate('2026-07-02T07:00:00Z')).toBe('July 2, 2026');
    expect(pacificDay(new Date('2026-07-02T07:00:00Z'))).toBe('2026-07-02');
  });

  it('keeps the day right across the spring change (March 8, 2026, 2am → 3am)', () => {
    expect(pacificDate('2026-03-08T07:59:59Z')).toBe('March 7, 2026'); // 11:59:59pm PST
    expect(pacificDate('2026-03-08T08:00:00Z')).toBe('March 8, 2026'); // midnight PST
    expect(pacificDate('2026-03-09T06:59:59Z')).toBe('March 8, 2026'); // 11:59:59pm PDT
    expect(pacificDate('2026-03-09T07:00:00Z')).toBe('March 9, 2026'); // midnight PDT
    expect(pacificHour('2026-03-08T09:59:00Z')).toBe(1); // 1:59am PST
    expect(pacificHour('2026-03-08T10:00:00Z')).toBe(3); // 3am PDT: 2am never happens
  });

  it('keeps the day right across the autumn change (November 1, 2026, 2am → 1am)', () => {
    expect(pacificDay('2026-11-01T06:59:59Z')).toBe('2026-10-31'); // 11:59:59pm PDT
    expect(pacificDay('2026-11-01T07:00:00Z')).toBe('2026-11-01'); // midnight PDT
    expect(pacificDay('2026-11-02T07:59:59Z')).toBe('2026-11-01'); // 11:59:59pm PST: a 25-hour day
    expect(pacificDay('2026-11-02T08:00:00Z')).toBe('2026-11-02');
    expect(pacificHour('2026-11-01T08:30:00Z')).toBe(1); // 1:30am PDT
    expect(pacificHour('2026-11-01T09:30:00Z')).toBe(1); // 1:30am PST, the hour again
  });

  it('reads the wall clock, with midnight as hour 0', () => {
    expect(pacificWallClock('2026-03-08T08:00:00Z')).toEqual({
      year: 2026,
      month: 3,
      monthName: 'March',
      day: 8,
      weekday: 'Sunday',
      hour: 0,
      minute: 0,
      second: 0,
    });
    expect(pacificWallClock(Date.UTC(2026, 11, 31, 23, 59, 58))).toMatchObject({
      month: 12,
      day: 31,
      hour: 15,
      minute: 59,
      second: 58,
    });
  });

  it('says the month a member joined on Pacific time', () => {
    expect(pacificMonth(new Date('2026-04-01T06:59:00Z'))).toBe('March 2026');
    expect(pacificMonth(new Date('2026-04-01T07:00:00Z'))).toBe('April 2026');
  });

  it('says a day and time with am and pm', () => {
    expect(pacificDayAndTime('2026-07-01T22:30:45Z')).toBe('Wednesday, July 1 at 3:30pm PT');
    expect(pacificDayAndTime('2026-01-01T08:00:00Z')).toBe('Thursday, January 1 at 12:00am PT');
    expect(pacificDayAndTime('2026-01-01T20:05:00Z')).toBe('Thursday, January 1 at 12:05pm PT');
    expect(pacificDayAndTime('2026-03-08T10:00:00Z')).toBe('Sunday, March 8 at 3:00am PT');
  });

  it('writes calendar days in words as Intl would, every day of a leap year', () => {
    const words = new Intl.DateTimeFormat('en-US', {
      timeZone: 'UTC',
      year: 'numeric',
      month: 'long',
      day: 'numeric',
    });
    const short = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric' });
    for (let at = Date.UTC(2028, 0, 1); at < Date.UTC(2029, 0, 1); at += 86_400_000) {
      const day = new Date(at).toISOString().slice(0, 10);
      expect(dayInWords(day)).toBe(words.format(at));
      expect(dayInShortWords(day)).toBe(short.format(at));
    }
    expect(dayInWords('2026-02-30')).toBe('2026-02-30');
    expect(dayInWords('')).toBe('');
  });
});

describe('one definition of each word', () => {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
  const sources = (dir: string): string[] =>
    fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
      const rel = path.join(dir, entry.name);
      if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sources(rel);
      return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [rel] : [];
    });
  const files = ['packages/contract/src', 'apps/server/src', 'apps/web/src', 'e2e', 'bench'].flatMap(sources);
  /** The code of a file, its comment lines left out: comments may speak of the outside world. */
  const code = (file: string) =>
    fs
      .readFileSync(path.join(root, file), 'utf8')
      .split('\n')
      .filter((line) => !/^\s*(\/\/|\/\*|\*)/.test(line))
      .join('\n');

  it('names the time zone and formats dates with a zone only in pacific-time.ts', () => {
    const offenders = files.filter(
      (file) =>
        file !== path.join('packages/contract/src/pacific-time.ts') &&
        /America\/Los_Angeles|timeZone:|toLocaleDateString|toLocaleTimeString/.test(code(file)),
    );
    expect(offenders).toEqual([]);
  });

  it('calls the platform by the one name everywhere', () => {
    const offenders = files.filter((file) => /X\/Twitter|X \(Twitter\)/.test(code(file)));
    expect(offenders).toEqual([]);
  });
});
