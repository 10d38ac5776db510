import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Site-wide numbers an operator sets from the admin console, with the product's defaults when no
 * row exists (platform/settings.ts): the sponsored IMDb price and sv_max (spec 2 §9).
 */
export const siteSettings = pgTable('site_settings', {
  key: text().primaryKey(),
  value: integer().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull(),
});
