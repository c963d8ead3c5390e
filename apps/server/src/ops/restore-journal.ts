// A restore that cannot half happen (docs/decisions/058-upgrades-and-restores-that-cannot-half-happen.md).
// While `npm run restore` changes anything it names itself and what it does in
// DATA_DIR/restore-in-progress.json, and removes the file once the restored shop is in place. A
// server starting beside that file refuses: while the restore runs, and after one was cut short
// (Ctrl-C, kill -9, the machine stopped), when it says in plain words what is where and how to
// finish or undo it. A shop is never seeded as a demo over a restore's leftovers.
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { backupsDir, BackupError, listBackups } from './backups.js';
import { processAlive } from '../server-pid.js';

export const RESTORE_JOURNAL = 'restore-in-progress.json';

export interface RestoreJournal {
  /** The restoring process. */
  pid: number;
  started_at: string;
  /** The backup being restored, as an absolute path. */
  file: string;
  target: 'pglite' | 'postgres';
  /** The backup of the shop the restore replaces; null when there was none. */
  safety_backup: string | null;
  /** PGlite: the folder the backup is loaded into before it is put in place. */
  restoring: string | null;
  /** PGlite: where the shop that was there is moved aside to while the new one goes in. */
  replaced: string | null;
}

/** The server cannot start: the message says why and what to do. */
export class StartRefused extends BackupError {
  override name = 'StartRefused';
}

const journalPath = (dataDir: string) => path.join(dataDir, RESTORE_JOURNAL);

export function readRestoreJournal(dataDir: string): RestoreJournal | null {
  try {
    return JSON.parse(readFileSync(journalPath(dataDir), 'utf8')) as RestoreJournal;
  } catch {
    return null;
  }
}

/** Written aside and renamed: a journal is whole or absent, never half written. */
export function writeRestoreJournal(dataDir: string, journal: RestoreJournal): void {
  const tmp = `${journalPath(dataDir)}.${process.pid}.partial`;
  writeFileSync(tmp, `${JSON.stringify(journal, null, 2)}\n`, { mode: 0o600 });
  renameSync(tmp, journalPath(dataDir));
}

export function removeRestoreJournal(dataDir: string): void {
  rmSync(journalPath(dataDir), { force: true });
}

/** The journal of a restore whose process still runs (not this one), or null. */
export function runningRestore(dataDir: string): RestoreJournal | null {
  const journal = readRestoreJournal(dataDir);
  return journal && journal.pid !== process.pid && processAlive(journal.pid) ? journal : null;
}

/** pg_restore's input and psql's script while restoring into PostgreSQL (DATA_DIR/.restore-…). */
const DUMP = /^\.restore-(\d+)-\d+\.(?:dump|sql)$/;

/** The files a restore works with in DATA_DIR, named by its process. */
export function restoreWorkFile(dataDir: string, ext: 'dump' | 'sql', stamp: number): string {
  return path.join(dataDir, `.restore-${process.pid}-${stamp}.${ext}`);
}

/** Removes the dump files of restores whose process ended (each as large as the database). */
export function removeRestoreDumps(dataDir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dataDir);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    const pid = Number(DUMP.exec(name)?.[1]);
    if (!pid || pid === process.pid || processAlive(pid)) continue;
    rmSync(path.join(dataDir, name), { force: true });
    removed.push(name);
  }
  return removed;
}

/** A PGlite data folder that holds a database (an empty or missing one does not). */
export function holdsPglite(dir: string): boolean {
  return existsSync(path.join(dir, 'PG_VERSION'));
}

/** Folders a PGlite restore leaves beside DATA_DIR/pglite (this code's and older code's). */
function pgliteLeftovers(pgliteDir: string): string[] {
  const parent = path.dirname(pgliteDir);
  const base = path.basename(pgliteDir);
  try {
    return readdirSync(parent)
      .filter((n) => n.startsWith(`${base}.replaced-`) || n.startsWith(`${base}.restoring-`))
      .sort()
      .map((n) => path.join(parent, n));
  } catch {
    return [];
  }
}

const finishLine = (j: RestoreJournal) =>
  `To finish the restore, run it again: npm run restore -- "${j.file}" --force`;

function interrupted(dataDir: string, j: RestoreJournal, pgliteDir: string): string {
  const journal = journalPath(dataDir);
  const lines = [
    `A restore of ${j.file}, started ${j.started_at}, did not finish (its process ${j.pid} ended).`,
  ];
  if (j.target === 'postgres') {
    lines.push(
      'The database holds either the shop as it was before or the whole restored shop, never a ' +
        'part of one: a restore changes it in one transaction.',
      finishLine(j),
      `To keep the database as it is, delete ${journal} and start the shop.`,
    );
  } else {
    const inPlace = holdsPglite(pgliteDir);
    const restoring = j.restoring && existsSync(j.restoring) ? j.restoring : null;
    const replaced = j.replaced && existsSync(j.replaced) ? j.replaced : null;
    if (inPlace && restoring) {
      lines.push(
        `The shop is as it was before: the restored copy in ${restoring} was never put in place.`,
        finishLine(j),
        `To keep the shop as it was, delete ${restoring} and ${journal}, then start the shop.`,
      );
    } else if (!inPlace && restoring) {
      lines.push(
        'It stopped while swapping the folders: ' +
          (replaced ? `the shop as it was before is in ${replaced}, ` : '') +
          `the restored shop in ${restoring}, and ${pgliteDir} is missing.`,
        `To finish the restore: mv "${restoring}" "${pgliteDir}", then delete ${journal}.`,
      );
      if (replaced)
        lines.push(
          `To undo it: mv "${replaced}" "${pgliteDir}", then delete ${restoring} and ${journal}.`,
        );
    } else if (inPlace) {
      lines.push(
        `${pgliteDir} holds a whole shop (the restored one, unless moved back by hand); only ` +
          `tidying up was left. Delete ${journal}` +
          (replaced ? ` and ${replaced} (the shop as it was before)` : '') +
          ', then start the shop.',
      );
    } else {
      lines.push(`There is no shop in ${pgliteDir}.`, finishLine(j));
    }
  }
  if (j.safety_backup) lines.push(`The shop as it was before is also in ${j.safety_backup}.`);
  return lines.join('\n');
}

/**
 * Before the server opens its database: refuses (StartRefused) while a restore runs, after one
 * was cut short, and on PGlite when DATA_DIR/pglite is missing or empty beside a restore's
 * leftovers (an older Kitroom's restore, which kept no journal): opening it would make a new,
 * empty database that the start would seed as a demo shop.
 */
export function refuseBesideUnfinishedRestore(
  dataDir: string,
  target: { kind: 'pglite'; pgliteDir: string } | { kind: 'postgres' },
): void {
  const journal = readRestoreJournal(dataDir);
  const pgliteDir = target.kind === 'pglite' ? target.pgliteDir : '';
  if (journal) {
    if (journal.pid !== process.pid && processAlive(journal.pid)) {
      throw new StartRefused(
        `A restore of ${journal.file} is running (process ${journal.pid}): start the shop once it has finished.`,
      );
    }
    throw new StartRefused(interrupted(dataDir, journal, pgliteDir));
  }
  if (target.kind !== 'pglite' || holdsPglite(pgliteDir)) return;
  const leftovers = pgliteLeftovers(pgliteDir);
  if (leftovers.length) {
    throw new StartRefused(
      `${pgliteDir} holds no shop, but a restore left ${leftovers.join(', ')} beside it: ` +
        'the restore did not finish. Starting now would make a new, empty demo shop.\n' +
        `To undo the restore: move the shop you want back into place (mv "<folder>" "${pgliteDir}"), ` +
        `or restore a backup from ${backupsDir(dataDir)} with npm run restore -- <file> --force.`,
    );
  }
  refuseEmptyBesideBeforeRestore(dataDir);
}

/**
 * A database that holds no shop while DATA_DIR keeps a backup taken before a restore: that
 * restore may not have finished, and a start would seed a demo shop and print a new owner's
 * link in its place. Called with the database known empty.
 */
export function refuseEmptyBesideBeforeRestore(dataDir: string): void {
  const safety = listBackups(backupsDir(dataDir)).find((b) => b.reason === 'before-restore');
  if (!safety) return;
  throw new StartRefused(
    `The database holds no shop, but ${safety.path} was taken before a restore into it: ` +
      'that restore may not have finished. Starting now would make a new, empty demo shop.\n' +
      `To bring the shop back, restore the backup you meant to, or that one: npm run restore -- "${safety.path}". ` +
      `To start a new shop here instead, move the before-restore backups out of ${backupsDir(dataDir)}.`,
  );
}
