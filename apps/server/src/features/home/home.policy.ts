/** What a home card says about a member under their name: their jobs and location, as they typed them. */
export function describeMember(
  m: { job1: string | null; job2: string | null; job3: string | null; location: string | null },
  fallback: string,
): string {
  const jobs = [m.job1, m.job2, m.job3].map((j) => j?.trim()).filter(Boolean);
  const line = [jobs.join(', '), m.location?.trim()].filter(Boolean).join(' · ');
  return line || fallback;
}

export const memberSince = (joined: Date): string =>
  `Marquee member since ${joined.toLocaleDateString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'America/Los_Angeles',
  })}`;
