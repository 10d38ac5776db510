import { date, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { users } from '../members/members.tables.js';

/**
 * A pro member's IMDb STARmeter rank as read at the end of each week (spec 2 §3 Pro data): the
 * weekly rank change of the pro history.
 */
export const starmeterWeeks = pgTable(
  'starmeter_weeks',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The week's Sunday (D1.2). */
    weekEnding: date({ mode: 'string' }).notNull(),
    rank: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.weekEnding] })],
);
