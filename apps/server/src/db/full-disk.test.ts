// The built-in database on a disk that really fills: a write is refused (53100) and remembered
// for readiness; a backup's checkpoint then PANICs, and the server is told (main.ts exits so
// its supervisor restarts it) before anything calls the embedded engine again — after a PANIC
// its next call never returns. A real full disk needs a small file system of its own: a tmpfs
// mounted for this test, so it runs as root (CI, this machine) and is skipped otherwise.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackup } from '../ops/index.js';
import { testDatabaseKind } from '../test/database.js';
import { openDatabase, type Database } from './client.js';
import { databaseErrorOf } from './errors.js';

const asRoot = process.getuid?.() === 0;

describe.runIf(testDatabaseKind() === 'pglite' && asRoot)('PGlite on a full disk', () => {
  let mountPoint: string;
  let backupsDir: string;
  let database: Database;
  const panics: unknown[] = [];

  beforeAll(async () => {
    mountPoint = mkdtempSync(path.join(os.tmpdir(), 'kitroom-full-disk-'));
    backupsDir = mkdtempSync(path.join(os.tmpdir(), 'kitroom-full-disk-backups-'));
    const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=120m', 'tmpfs', mountPoint]);
    if (mounted.status !== 0) throw new Error(`mount failed: ${mounted.stderr.toString()}`);
    mkdirSync(path.join(mountPoint, 'data'));
    database = await openDatabase({
      pgliteDir: path.join(mountPoint, 'data', 'pglite'),
      onPanic: (err) => panics.push(err),
    });
    await database.migrate();
  }, 120_000);

  afterAll(() => {
    // The engine is not closed: after its PANIC any call into it spins forever.
    spawnSync('umount', ['-l', mountPoint]);
    rmSync(mountPoint, { recursive: true, force: true });
    rmSync(backupsDir, { recursive: true, force: true });
  });

  it('refuses writes, then panics in a checkpoint, and tells the server', async () => {
    // Fill the disk but for a few pages.
    const s = statfsSync(mountPoint);
    writeFileSync(path.join(mountPoint, 'filler'), Buffer.alloc(s.bavail * s.bsize - 200_000));
    let refused: unknown;
    for (let i = 0; i < 10_000 && !refused; i++) {
      await database.db
        .execute(
          sql`INSERT INTO rate_limits (key, hits, reset_at) VALUES (${`k${i}${'x'.repeat(1000)}`}, 1, now())`,
        )
        .catch((err: unknown) => (refused = err));
    }
    expect(databaseErrorOf(refused)).toEqual({ code: '53100', severity: 'ERROR' });
    expect(database.lastResourceFailure()).toMatchObject({ code: '53100' });
    expect(panics).toEqual([]);

    // A backup past its own check for room (told the disk is empty) reaches the checkpoint.
    const backup = createBackup(database, {
      dataDir: path.join(mountPoint, 'data'),
      dir: backupsDir,
      reason: 'manual',
      statfs: async () => ({ bavail: 1e9, blocks: 2e9, bsize: 4096 }),
    });
    await expect(backup).rejects.toThrow();
    expect(panics).toHaveLength(1);
    expect(databaseErrorOf(panics[0])).toEqual({ code: '53100', severity: 'PANIC' });
  }, 120_000);
});
