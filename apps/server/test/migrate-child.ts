// One server's start, as far as migrating: opens DATABASE_URL and applies the migrations (R5).
// Run by migrations-race.test.ts, several at once.
import { openDatabase } from '../src/platform/db/database.js';

const database = await openDatabase({ url: process.env.DATABASE_URL });
await database.migrate();
await database.close();
