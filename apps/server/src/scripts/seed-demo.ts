import { loadConfig } from '../platform/config.js';
import { openDatabase } from '../platform/db/database.js';
import { systemClock } from '../platform/clock.js';
import { seedDemo } from './demo-data.js';
import { demoLoginLines } from './demo-logins.js';

const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
await database.migrate();
const seeded = await seedDemo(database.db, systemClock);
console.log(
  seeded ? 'Demo members and listings seeded.' : 'Members already exist; the demo data was not seeded again.',
);
for (const line of await demoLoginLines(database.db, systemClock.now())) console.log(line);
await database.close();
