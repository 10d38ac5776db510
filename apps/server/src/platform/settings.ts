import { inArray, sql } from 'drizzle-orm';
import type { Db } from './db/database.js';
import { siteSettings } from './settings.tables.js';

/** The site-wide numbers an operator may change, and the product's defaults (spec 2 §9). */
export const SETTING_DEFAULTS = {
  /** Sponsored IMDb views sold site-wide per 24 hours (sv_max, D6.4). */
  sv_max: 5000,
  /** The price of 250 sponsored IMDb views, in pennies: $12, set by an operator between $5 and $25. */
  imdb_sponsor_price_pennies: 1200,
} as const;

export type SettingKey = keyof typeof SETTING_DEFAULTS;

/** Reads settings in one query; a key without a row has its default. */
export async function readSettings<K extends SettingKey>(db: Db, keys: K[]): Promise<Record<K, number>> {
  const rows = await db
    .select({ key: siteSettings.key, value: siteSettings.value })
    .from(siteSettings)
    .where(inArray(siteSettings.key, keys));
  const out = {} as Record<K, number>;
  for (const k of keys) out[k] = rows.find((r) => r.key === k)?.value ?? SETTING_DEFAULTS[k];
  return out;
}

/** Sets one setting (the admin console; tests). */
export async function writeSetting(db: Db, key: SettingKey, value: number, at: Date) {
  await db
    .insert(siteSettings)
    .values({ key, value, updatedAt: at })
    .onConflictDoUpdate({ target: siteSettings.key, set: { value: sql`excluded.value`, updatedAt: at } });
}
