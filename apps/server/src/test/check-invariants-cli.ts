// The order-life invariants (order-invariants.ts) over a stopped journey shop's database: every
// paisa captured kept for goods or refunded, every refund its credit note, stock explained by
// its ledger, document series unbroken, states reachable. The journeys run it on each shop of
// their own when it stops (e2e/fixtures.ts), so every journey ends with its money accounted for.
// Usage: tsx apps/server/src/test/check-invariants-cli.ts <DATA_DIR>
import path from 'node:path';
import { openDatabase } from '../db/client.js';
import { checkInvariants, describeViolations } from './order-invariants.js';

const [dataDir] = process.argv.slice(2);
if (!dataDir) {
  console.error('usage: check-invariants-cli.ts <DATA_DIR>');
  process.exit(2);
}
const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite'), pgliteSmall: true });
let broken = 0;
try {
  const violations = await checkInvariants(database.db);
  broken = violations.length;
  if (broken > 0) console.error(describeViolations(violations));
} finally {
  await database.close();
}
process.exit(broken > 0 ? 1 : 0);
