import { watch } from '@marquee/contract';
import type { TestApp } from '../../../test/test-app.js';
import { addSimImdbPage } from '../../simulated/catalogue.js';

/** The instant a Pacific day shows a time of the date picker ('7:30pm'), as the form sends it. */
export function slot(day: string, label: string): string {
  const found = watch.quarterHourSlots(day).find((s) => s.label === label);
  if (!found) throw new Error(`No time ${label} on ${day}`);
  return found.iso;
}

/** A complete form for a category, on `day` at 7:30pm Pacific (releases: the day only). */
export function eventForm(
  category: watch.EventCategory,
  day: string,
  overrides: Record<string, string> = {},
): Record<string, string> {
  const base: Record<string, string> = {
    category,
    imdb_url: '',
    title: `A ${category} event`,
    role: 'Actor',
    channel: '',
    channel_url: '',
    notes: '',
    startDate: day,
    startISO: watch.CATEGORY_FIELDS[category].timed ? slot(day, '7:30pm') : '',
  };
  if (category === 'tv') base.channel = 'NBC';
  if (category === 'newmedia') {
    base.channel = 'YouTube';
    base.channel_url = 'https://www.youtube.com/watch?v=abcdefghijk';
  }
  return { ...base, ...overrides };
}

/** A simulated IMDb title page (D9.2); answers its code. */
export async function titlePage(t: TestApp, name = 'Night Shift'): Promise<string> {
  const tt = `tt${1_000_000 + Math.floor(Math.random() * 8_999_999)}`;
  await addSimImdbPage(t.db, { code: tt, name, runtimeMinutes: 97 }, t.clock.now());
  return tt;
}

/** Adds an event through the call and answers its id. */
export async function addEventAs(t: TestApp, token: string, form: Record<string, string>): Promise<number> {
  const res = await t.call(watch.addEvent, form, token);
  if (res.statusCode !== 200) throw new Error(`addEvent: ${res.statusCode} ${res.body.message}`);
  return res.body.id;
}
