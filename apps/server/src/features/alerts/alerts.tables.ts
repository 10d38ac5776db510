import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../members/members.tables.js';

/** Alerts for a member, each with the link to the thing it is about (D8.2). */
export const alerts = pgTable(
  'alerts',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The member the alert is about (sender, commenter, liker), so alerts from a blocked member can be hidden; null for the site's own. */
    actorId: integer().references(() => users.id, { onDelete: 'cascade' }),
    kind: text().notNull(),
    content: text().notNull(),
    link: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    seenAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('alerts_user_idx').on(t.userId, t.id),
    // The badge counts unseen alerts: read without the member's seen ones.
    index('alerts_unseen_idx')
      .on(t.userId)
      .where(sql`${t.seenAt} is null`),
    // Erasing a member (D2.5) removes the alerts about them through the foreign key.
    index('alerts_actor_idx')
      .on(t.actorId)
      .where(sql`${t.actorId} is not null`),
  ],
);
