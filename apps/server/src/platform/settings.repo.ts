import { sql } from 'drizzle-orm';
import { statement, type Db } from './db/database.js';
import { SETTING_DEFAULTS, type SettingKey } from './settings.js';
import { siteSettings } from './settings.tables.js';

/** Reads settings in one query, built and planned once (the earn list reads two on every fetch). */
const settingsQuery = statement<{ key: string; value: number }>(
  'read_settings',
  () => sql`select key, value from ${siteSettings} where key = any(${sql.placeholder('keys')}::text[])`,
);

/** Reads settings in one query; a key without a row has its default. */
export async function readSettings<K extends SettingKey>(db: Db, keys: K[]): Promise<Record<K, number>> {
  const rows = await settingsQuery(db, { keys });
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
