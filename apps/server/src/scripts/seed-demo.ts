import { loadConfig } from '../platform/config.js';
import { openDatabase } from '../platform/db/database.js';
import { systemClock } from '../platform/clock.js';
import { DEMO_LOGINS, DEMO_PASSWORD, seedDemo } from './demo-data.js';

const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
await database.migrate();
const seeded = await seedDemo(database.db, systemClock);
console.log(
  seeded ? 'Demo members and listings seeded.' : 'Members already exist; the demo data was not seeded again.',
);
for (const l of DEMO_LOGINS) console.log(`  ${l.username.padEnd(14)} ${DEMO_PASSWORD}   ${l.what}`);
await database.close();
