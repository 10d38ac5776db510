import { home, pacificMonth } from '@marquee/contract';
import { HOUR_MS } from '../../platform/time.js';
/** What a home card says about a member under their name: their jobs and location, as they typed them. */
export function describeMember(
  m: { job1: string | null; job2: string | null; job3: string | null; location: string | null },
  fallback: string,
): string {
  const jobs = [m.job1, m.job2, m.job3].map((j) => j?.trim()).filter(Boolean);
  const line = [jobs.join(', '), m.location?.trim()].filter(Boolean).join(' · ');
  return line || fallback;
}

export const memberSince = (joined: Date): string => `Marquee member since ${pacificMonth(joined)}`;

/**
 * The home page's greeting (docs/domain.md Home page): a member in their first day is welcomed,
 * not welcomed back; everyone else is welcomed back.
 */
export function greetingFor(joined: Date, now: Date): home.Greeting {
  return now.getTime() - joined.getTime() < home.HOME.welcomeHours * HOUR_MS ? 'welcome' : 'welcome_back';
}
