import { loadConfig } from '../platform/config.js';
import { openDatabase } from '../platform/db/database.js';
import { checkLedger } from '../features/points/ledger.check.js';

/** The admin command for the ledger invariants of D3.1; exits 1 when one does not hold. */
const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
await database.migrate();
const report = await checkLedger(database.db);
await database.close();
if (report.ok) {
  console.log(
    `Ledger balanced: ${report.entries} entries over ${report.accounts} accounts; every invariant of D3.1 holds.`,
  );
} else {
  console.error('The ledger is out of balance:');
  for (const p of report.problems) console.error(`  - ${p}`);
  process.exit(1);
}
