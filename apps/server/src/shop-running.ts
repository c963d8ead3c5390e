// The owner's commands on the built-in database (npm run staff, seed, affiliate-report) refuse
// to open it while the shop runs: PGlite's folder is one process's, and a second one writing
// it breaks the database for both (docs/faults.md). Directly in src/ and importing no folder,
// so the commands' folders (staff, seed, referrals) may import it whatever their layer; backup
// and restore have their own refusals (ops/backup-cli.ts, ops/restore-cli.ts).
import { runningServerPid } from './server-pid.js';

/** A command refused because the shop is running on its built-in database. */
export class ShopRunning extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ShopRunning';
  }
}

/** Refuses a command beside the shop running on its built-in database (not on PostgreSQL). */
export function refuseCommandBesideShop(dataDir: string, onPostgres: boolean): void {
  const pid = onPostgres ? null : runningServerPid(dataDir);
  if (pid === null) return;
  throw new ShopRunning(
    `The shop is running on ${dataDir} (process ${pid}), and its built-in database is opened ` +
      `by one process at a time: stop the shop first (kill ${pid}), then run this again.`,
  );
}
