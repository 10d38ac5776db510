import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../members/members.tables.js';

/**
 * The append-only points ledger (D3.1). Each movement is two rows with the same movementId whose
 * deltas sum to zero: earner and payer, or member and house.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    movementId: uuid().notNull(),
    accountId: integer()
      .notNull()
      .references(() => users.id),
    delta: integer().notNull(),
    /** D3.3: signup_bonus, earn, pro_view_bonus, featured_bonus, sponsored, reverse, trade, ... */
    kind: text().notNull(),
    /** What the movement belongs to, e.g. 'action' and its id. */
    refType: text(),
    refId: text(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index('ledger_entries_account_idx').on(t.accountId, t.id),
    index('ledger_entries_movement_idx').on(t.movementId),
    check('ledger_entries_delta_not_zero', sql`${t.delta} <> 0`),
  ],
);

/** Actions credited to a member on one Pacific day (D1.1), and whether a sponsored action raised the cap (D6.3). */
export const dailyActions = pgTable(
  'daily_actions',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date({ mode: 'string' }).notNull(),
    actions: integer().notNull().default(0),
    limitRaised: boolean().notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);
