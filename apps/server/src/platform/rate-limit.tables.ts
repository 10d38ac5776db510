import { bigint, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Every counted event of every limit of the app (docs/domain.md "Limits"): one row per event under a
 * key such as `message:1042` or `signup:203.0.113.7`. Read and written only through
 * platform/rate-limit.ts (its queries in rate-limit.repo.ts), which serialises each key with an
 * advisory lock.
 */
export const rateEvents = pgTable(
  'rate_events',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    key: text().notNull(),
    at: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index('rate_events_key_at_idx').on(t.key, t.at),
    // The daily prune of events older than any window (L3) reads by time alone.
    index('rate_events_at_idx').on(t.at),
  ],
);
