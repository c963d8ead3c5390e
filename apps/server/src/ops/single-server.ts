// One server at a time on the built-in database (docs/faults.md, "npm start run twice"):
// PGlite's folder is one process's, and a second server writing it (`npm start` run twice, a
// service started beside a terminal's) breaks the database for both. On PostgreSQL several
// servers share DATA_DIR, and nothing is refused. The owner's commands: ../shop-running.ts.
import { StartRefused } from './restore-journal.js';
import { runningServerPid } from '../server-pid.js';

/** Refuses a second server on the built-in database of a running one. */
export function refuseSecondServerOnPglite(dataDir: string, onPostgres: boolean): void {
  const pid = onPostgres ? null : runningServerPid(dataDir);
  if (pid === null) return;
  throw new StartRefused(
    `Kitroom is already running on ${dataDir} (process ${pid}), and its built-in database is ` +
      'opened by one process at a time: a second would break it. Use the shop that is running, ' +
      `or stop it first (kill ${pid}). To run several processes, use PostgreSQL (DATABASE_URL).`,
  );
}
