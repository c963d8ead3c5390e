// Prints the affiliate report: `npm run affiliate-report` from the repository root, against
// DATABASE_URL or the PGlite files under DATA_DIR (relative to where it is run). The back
// office's Referrals page shows the same report (affiliateReport), with campaign codes and
// a date range.
import path from 'node:path';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/index.js';
import { refuseCommandBesideShop } from '../shop-running.js';
import { affiliateReport, formatAffiliateReport } from './referrals.service.js';

const config = loadConfig();
try {
  refuseCommandBesideShop(config.dataDir, Boolean(config.databaseUrl));
} catch (err) {
  process.stderr.write(`${(err as Error).message}\n`);
  process.exit(1);
}
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  pgliteDir: path.join(config.dataDir, 'pglite'),
});
try {
  process.stdout.write(`${formatAffiliateReport(await affiliateReport(database.db))}\n`);
} catch (err) {
  // A query error's own words (e.g. 'relation "affiliates" does not exist') are in its cause.
  const cause = err instanceof Error && err.cause instanceof Error ? err.cause : err;
  const reason = cause instanceof Error ? cause.message : String(cause);
  process.stderr.write(
    `Could not read the affiliate report: ${reason}. Is the database migrated (start the server or run the seed once)?\n`,
  );
  process.exitCode = 1;
} finally {
  await database.close();
}
