import type { Db } from '../platform/db/database.js';

/** The demo community's home (seeded once, with the rest of the demo, by seedDemo). */
export async function seedDemoHome(tx: Db, ids: number[], now: number): Promise<void> {
  void tx;
  void ids;
  void now;
}
