// A restore cut short, on the engine under test: `npm run restore -- <file> --force` is killed
// (kill -9 of it and the tools it runs) while it loads the backup. The shop that was there is
// still whole, the next start refuses and says how to finish or undo the restore — it seeds no
// demo shop and prints no new owner's link — and running the restore again finishes it.
// Then the states a cut could leave that a test cannot time, set up by hand (the swap of
// PGlite's folders, an older Kitroom's leftovers), each refused with its own instructions.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database, queryRows } from '../db/index.js';
import { everyRow, smallShop } from '../test/backups.js';
import {
  createEmptyPostgresDatabase,
  createTestDatabase,
  testDatabaseKind,
} from '../test/database.js';
import { provideDemoImages } from '../test/demo-images.js';
import { createUser } from '../test/factories.js';
import {
  freePort,
  killGroup,
  runScript,
  serverEnv,
  type OwnProcess,
} from '../test/server-process.js';
import { backupFileName, createBackup } from './backups.js';
import {
  RESTORE_JOURNAL,
  refuseBesideUnfinishedRestore,
  refuseEmptyBesideBeforeRestore,
  writeRestoreJournal,
  type RestoreJournal,
} from './restore-journal.js';

const engine = testDatabaseKind();
const temps: string[] = [];
const cleanups: (() => Promise<void>)[] = [];
const running: OwnProcess[] = [];

function tempDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'kitroom-cut-restore-'));
  temps.push(dir);
  return dir;
}

afterAll(async () => {
  for (const p of running) killGroup(p);
  for (const c of cleanups) await c();
  for (const d of temps) rmSync(d, { recursive: true, force: true });
});

/** Rows enough that loading them takes a while: the restore is cut while it loads. */
const BULK_TERMS = 300_000;

describe(`a restore killed half way (${engine})`, () => {
  let dataDir: string;
  let databaseUrl: string | null = null;
  let backupFile: string;
  let oldShop: Record<string, string[]>;

  const openShop = (): Promise<Database> =>
    databaseUrl
      ? openDatabase({ databaseUrl, poolSize: 2 })
      : openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });

  async function withShop<T>(fn: (d: Database) => Promise<T>): Promise<T> {
    const d = await openShop();
    try {
      return await fn(d);
    } finally {
      await d.close();
    }
  }

  const env = () => ({
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });

  beforeAll(async () => {
    dataDir = tempDir();
    await provideDemoImages(dataDir);
    // The backup to restore: another shop, with many search terms.
    const sourceDir = tempDir();
    const source = await createTestDatabase();
    await smallShop(source.db, sourceDir);
    await createUser(source.db, { email: 'restored@example.com' });
    await source.db.execute(
      sql`INSERT INTO search_terms (term) SELECT 'term' || g FROM generate_series(1, ${BULK_TERMS}) g`,
    );
    backupFile = (await createBackup(source, { dataDir: sourceDir, reason: 'manual' })).path;
    await source.close();

    // The shop that is there.
    if (engine === 'postgres') {
      const created = await createEmptyPostgresDatabase();
      databaseUrl = created.url;
      cleanups.push(created.drop);
    }
    oldShop = await withShop(async (d) => {
      await d.migrate();
      await smallShop(d.db, dataDir);
      await createUser(d.db, { email: 'old-shop@example.com' });
      return everyRow(d.db);
    });
  }, 240_000);

  /** Resolves once the restore is loading the backup (its tool at work, or its folder made). */
  async function loading(restore: OwnProcess): Promise<void> {
    const deadline = Date.now() + 60_000;
    const admin = databaseUrl ? new pg.Client({ connectionString: databaseUrl }) : null;
    await admin?.connect();
    try {
      while (Date.now() < deadline && restore.child.exitCode === null) {
        if (admin) {
          const { rows } = await admin.query<{ n: string }>(
            `SELECT count(*) AS n FROM pg_stat_activity
              WHERE datname = current_database() AND application_name IN ('psql', 'pg_restore')
                AND state = 'active'`,
          );
          if (Number(rows[0]!.n) > 0) return;
        } else if (readdirSync(dataDir).some((n) => /^pglite\.(restoring|replaced)-/.test(n))) {
          // The folder is made just before the loading starts: let it get under way.
          await new Promise((resolve) => setTimeout(resolve, 300));
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error(`the restore was never seen loading; it printed:\n${restore.output()}`);
    } finally {
      await admin?.end();
    }
  }

  it('leaves the shop as it was, and the next start refuses with how to finish or undo it', async () => {
    const restore = runScript('restore', [backupFile, '--force'], env());
    running.push(restore);
    await loading(restore);
    killGroup(restore);
    await restore.exited;

    const port = await freePort();
    const start = runScript('start', [], serverEnv(dataDir, port, databaseUrl));
    running.push(start);
    // It must stop by itself: a shop that serves here has made itself a new one.
    const code = await Promise.race([
      start.exited,
      new Promise<string>((resolve) => setTimeout(() => resolve('still running'), 60_000)),
    ]);
    killGroup(start);
    const said = start.output();
    expect(code, said).toBe(1);
    expect(said).toContain(`Kitroom could not start: A restore of ${backupFile}`);
    expect(said).toContain('did not finish');
    expect(said).toContain(
      `To finish the restore, run it again: npm run restore -- "${backupFile}" --force`,
    );
    expect(said).toMatch(/To keep the (database|shop) as it (is|was)/);
    expect(said).not.toContain('Set up the back office');
    expect(said).not.toContain('seed: products');

    // Nothing of it half done: the shop is whole, the restore's dump files are gone.
    expect(await withShop((d) => everyRow(d.db))).toEqual(oldShop);
    expect(readdirSync(dataDir).filter((n) => n.startsWith('.restore-'))).toEqual([]);
  }, 180_000);

  it('is finished by running it again; the shop then serves the restored catalogue', async () => {
    const restore = runScript('restore', [backupFile, '--force'], env());
    running.push(restore);
    expect(await restore.exited, restore.output()).toBe(0);
    expect(restore.output()).toContain('Restored');
    const left = readdirSync(dataDir).filter(
      (n) => n === RESTORE_JOURNAL || n.startsWith('.restore-') || /^pglite\./.test(n),
    );
    expect(left).toEqual([]);
    const emails = await withShop((d) =>
      queryRows<{ email: string }>(d.db, sql`SELECT email FROM users ORDER BY id`),
    );
    expect(emails.map((u) => u.email)).toContain('restored@example.com');
    expect(emails.map((u) => u.email)).not.toContain('old-shop@example.com');

    // The demo pictures again (the backup's replaced them), or the start would draw them all.
    await provideDemoImages(dataDir);
    const port = await freePort();
    const start = runScript('start', [], serverEnv(dataDir, port, databaseUrl));
    running.push(start);
    await start.waitFor(/Kitroom is running at/, 120_000);
    const home = await fetch(`http://127.0.0.1:${port}/api/home.php`);
    expect(home.status).toBe(200);
    expect(start.output()).not.toContain('seed: products');
    killGroup(start, 'SIGTERM');
    expect(await start.exited).toBe(0);
  }, 240_000);
});

describe('a start beside what a cut restore left', () => {
  const pgliteOf = (dataDir: string) => path.join(dataDir, 'pglite');
  const pgliteFolder = (dir: string) => {
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'PG_VERSION'), '17\n');
  };
  const journalOf = (dataDir: string, over: Partial<RestoreJournal> = {}): RestoreJournal => ({
    // A process that has ended: this test's own children are gone, pid 2^22 is past pid_max.
    pid: 4_194_304,
    started_at: '2026-11-29T05:00:00.000Z',
    file: '/srv/backups/kitroom-2026-11-28T20-30-00Z-nightly.zip',
    target: 'pglite',
    safety_backup: path.join(dataDir, 'backups/kitroom-2026-11-29T05-00-00Z-before-restore.zip'),
    restoring: `${pgliteOf(dataDir)}.restoring-X`,
    replaced: `${pgliteOf(dataDir)}.replaced-X`,
    ...over,
  });
  const refusal = (dataDir: string, kind: 'pglite' | 'postgres' = 'pglite') => {
    try {
      refuseBesideUnfinishedRestore(
        dataDir,
        kind === 'pglite' ? { kind, pgliteDir: pgliteOf(dataDir) } : { kind },
      );
      return null;
    } catch (err) {
      return (err as Error).message;
    }
  };

  it('starts a shop with nothing of a restore about', () => {
    const dataDir = tempDir();
    pgliteFolder(pgliteOf(dataDir));
    expect(refusal(dataDir)).toBeNull();
  });

  it('PGlite cut between moving the old folder aside and the new one in: both commands', () => {
    const dataDir = tempDir();
    const j = journalOf(dataDir);
    pgliteFolder(j.restoring!);
    pgliteFolder(j.replaced!);
    writeRestoreJournal(dataDir, j);
    const said = refusal(dataDir)!;
    expect(said).toContain(`the restored shop in ${j.restoring}`);
    expect(said).toContain(`To finish the restore: mv "${j.restoring}" "${pgliteOf(dataDir)}"`);
    expect(said).toContain(`To undo it: mv "${j.replaced}" "${pgliteOf(dataDir)}"`);
    expect(said).toContain(`The shop as it was before is also in ${j.safety_backup}`);
  });

  it('PGlite cut after the swap: the shop is whole, only tidying up is left', () => {
    const dataDir = tempDir();
    const j = journalOf(dataDir);
    pgliteFolder(pgliteOf(dataDir));
    pgliteFolder(j.replaced!);
    writeRestoreJournal(dataDir, j);
    const said = refusal(dataDir)!;
    expect(said).toContain(`${pgliteOf(dataDir)} holds a whole shop`);
    expect(said).toContain(
      `Delete ${path.join(dataDir, RESTORE_JOURNAL)} and ${j.replaced} (the shop as it was before)`,
    );
  });

  it('while a restore runs: wait for it', () => {
    const dataDir = tempDir();
    pgliteFolder(pgliteOf(dataDir));
    writeRestoreJournal(dataDir, journalOf(dataDir, { pid: process.ppid }));
    expect(refusal(dataDir)).toBe(
      `A restore of /srv/backups/kitroom-2026-11-28T20-30-00Z-nightly.zip is running (process ${process.ppid}): start the shop once it has finished.`,
    );
  });

  it("an older Kitroom's restore, cut short: an empty pglite/ beside pglite.replaced-…", () => {
    const dataDir = tempDir();
    mkdirSync(pgliteOf(dataDir));
    pgliteFolder(`${pgliteOf(dataDir)}.replaced-2026-11-29T05-00-00-000Z`);
    expect(refusal(dataDir)).toContain(
      `${pgliteOf(dataDir)} holds no shop, but a restore left ${pgliteOf(dataDir)}.replaced-2026-11-29T05-00-00-000Z beside it`,
    );
  });

  it('an empty database beside a backup taken before a restore into it', () => {
    const dataDir = tempDir();
    const backups = path.join(dataDir, 'backups');
    mkdirSync(backups);
    const name = backupFileName(new Date('2026-11-29T05:00:00Z'), 'before-restore');
    writeFileSync(path.join(backups, name), '');
    expect(refusal(dataDir, 'postgres')).toBeNull(); // known empty only once opened
    expect(() => refuseEmptyBesideBeforeRestore(dataDir)).toThrow(
      `The database holds no shop, but ${path.join(backups, name)} was taken before a restore into it`,
    );
    expect(refusal(dataDir)).toContain('was taken before a restore into it'); // PGlite: no folder
    expect(existsSync(pgliteOf(dataDir))).toBe(false);
  });
});
