import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The audit log (D13.1): every admin action, with who did it, what, the values before and after, the
 * reason given and when. Rows are only ever added; a deleted member's entries keep their id.
 */
export const adminAudit = pgTable(
  'admin_audit',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    adminId: integer().notNull(),
    /** A code naming what was done: 'help.status', 'ledger.check', 'user.field', ... */
    action: text().notNull(),
    /** The same in words, for the console. */
    summary: text().notNull(),
    /** The member the action concerned, if any. */
    userId: integer(),
    before: jsonb().$type<Record<string, unknown>>(),
    after: jsonb().$type<Record<string, unknown>>(),
    reason: text(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index('admin_audit_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('admin_audit_user_idx').on(t.userId, t.createdAt.desc()),
  ],
);
