// The nightly backup: at config.backups.at (India time) the server takes one backup a day and
// then prunes the folder (keepDaily daily, keepWeekly weekly). On PostgreSQL several servers
// may share the database and DATA_DIR: a transaction's advisory lock lets one of them take it,
// and a nightly backup already in the folder for the day stops the others.
import { sql } from 'drizzle-orm';
import type { Database } from '../db/index.js';
import { queryRows } from '../db/index.js';
import { indianDayOf, indianMidnight } from '../indian-days.js';
import { backupsDir, listBackups, pruneBackups } from './backups.js';
import { backupOnce } from './backups.service.js';

/** pg_try_advisory_xact_lock's key for the nightly backup ('KRBK'). */
const NIGHTLY_LOCK = 0x4b52424b;
/** How often the clock is looked at. */
const POLL_MS = 60_000;
/** After a failed backup, the next try waits this long. */
const RETRY_MS = 30 * 60_000;

export interface BackupSchedulerOptions {
  database: Database;
  dataDir: string;
  /** Minutes after midnight, India time; null: no nightly backup. */
  at: number | null;
  keep: { daily: number; weekly: number };
  now?: () => Date;
  log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

export interface BackupScheduler {
  /** Takes the day's backup when it is due and not taken yet; returns its file, or null. */
  tick(): Promise<string | null>;
  start(): void;
  stop(): Promise<void>;
}

/** The Indian day whose backup time has come by `now`, or null before that time. */
export function nightlyDayDue(now: Date, minutesAfterMidnight: number): string | null {
  const day = indianDayOf(now);
  return now.getTime() - indianMidnight(day).getTime() >= minutesAfterMidnight * 60_000
    ? day
    : null;
}

export function createBackupScheduler(o: BackupSchedulerOptions): BackupScheduler {
  const now = o.now ?? (() => new Date());
  const dir = backupsDir(o.dataDir);
  let doneDay: string | null = null;
  let retryAfter = 0;
  let timer: NodeJS.Timeout | null = null;
  let inFlight: Promise<unknown> = Promise.resolve();

  const takenFor = (day: string) =>
    listBackups(dir).some((b) => b.reason === 'nightly' && indianDayOf(b.takenAt) === day);

  async function take(day: string): Promise<string | null> {
    if (takenFor(day)) return null;
    const taken = await backupOnce(o.database, {
      dataDir: o.dataDir,
      reason: 'nightly',
      now: now(),
    });
    if (!taken) return null;
    const deleted = pruneBackups(dir, o.keep);
    o.log.info({ file: taken.path, deleted }, 'nightly backup taken');
    return taken.path;
  }

  async function tick(): Promise<string | null> {
    if (o.at === null) return null;
    const day = nightlyDayDue(now(), o.at);
    if (day === null || day === doneDay || now().getTime() < retryAfter) return null;
    try {
      let file: string | null;
      if (o.database.kind === 'pglite') {
        // One process opens PGlite's folder: no other server can be taking it.
        file = await take(day);
      } else {
        file = await o.database.db.transaction(async (tx) => {
          const [lock] = await queryRows<{ got: boolean }>(
            tx,
            sql`SELECT pg_try_advisory_xact_lock(${NIGHTLY_LOCK}) AS got`,
          );
          return lock?.got ? take(day) : null;
        });
      }
      if (file || takenFor(day)) doneDay = day;
      return file;
    } catch (err) {
      retryAfter = now().getTime() + RETRY_MS;
      o.log.error({ err }, 'the nightly backup failed; trying again in 30 minutes');
      return null;
    }
  }

  return {
    tick,
    start() {
      if (o.at === null || timer) return;
      const run = () => {
        inFlight = tick();
      };
      run();
      timer = setInterval(run, POLL_MS);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await inFlight;
    },
  };
}
