// The nightly backup on a fake clock: nothing before its time (India time), one backup once
// the time has come and no second that day, the next day's again; and the retention rule —
// the newest of each of the last keepDaily days and of the last keepWeekly ISO weeks stay,
// backups taken before a migration or a restore stay, the rest go; what a backup cut short
// left (a half-written file, pg_dump's dump) goes unless its process still runs.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smallShop } from '../test/backups.js';
import { startTestApp, type TestApp } from '../test/harness.js';
import { createBackupScheduler } from './backup-scheduler.js';
import { backupFileName, listBackups, pruneBackups, type BackupReason } from './backups.js';

describe('the nightly backup', () => {
  let t: TestApp;
  let clock = new Date('2026-11-26T20:00:00Z'); // 01:30 on 27 November in India
  const logged: string[] = [];
  const log = {
    info: (_: object, msg: string) => logged.push(msg),
    error: (_: object, msg: string) => logged.push(msg),
  };

  beforeAll(async () => {
    t = await startTestApp();
    await smallShop(t.db, t.config.dataDir);
  }, 60_000);
  afterAll(() => t?.close());

  it('is taken once a day at its time in India, and prunes the folder', async () => {
    const dir = path.join(t.config.dataDir, 'backups');
    // Old nightly backups: 10 days of them, all but the newest 2 days and 1 week's go.
    mkdirSync(dir, { recursive: true });
    for (let d = 10; d >= 1; d--) {
      writeFileSync(
        path.join(
          dir,
          backupFileName(new Date(Date.parse('2026-11-26T21:00:00Z') - d * 86_400_000), 'nightly'),
        ),
        'old',
      );
    }
    const scheduler = createBackupScheduler({
      database: t.database,
      dataDir: t.config.dataDir,
      at: 2 * 60 + 30,
      keep: { daily: 2, weekly: 1 },
      now: () => clock,
      log,
    });
    expect(await scheduler.tick()).toBeNull();

    clock = new Date('2026-11-26T21:00:00Z'); // 02:30 in India
    const first = await scheduler.tick();
    expect(path.basename(first!)).toBe('kitroom-2026-11-26T21-00-00Z-nightly.zip');
    clock = new Date('2026-11-26T23:00:00Z');
    expect(await scheduler.tick()).toBeNull();
    // Kept: today's and yesterday's (the 2 days); the week's newest is today's.
    expect(listBackups(dir).map((b) => b.name)).toEqual([
      'kitroom-2026-11-26T21-00-00Z-nightly.zip',
      'kitroom-2026-11-25T21-00-00Z-nightly.zip',
    ]);

    clock = new Date('2026-11-27T21:05:00Z');
    expect(path.basename((await scheduler.tick())!)).toBe(
      'kitroom-2026-11-27T21-05-00Z-nightly.zip',
    );
    expect(logged.filter((l) => l === 'nightly backup taken')).toHaveLength(2);
  }, 60_000);

  it('is not taken at all when BACKUP_TIME is off', async () => {
    const scheduler = createBackupScheduler({
      database: t.database,
      dataDir: t.config.dataDir,
      at: null,
      keep: { daily: 2, weekly: 1 },
      now: () => new Date('2026-12-01T21:00:00Z'),
      log,
    });
    expect(await scheduler.tick()).toBeNull();
  });
});

describe('retention', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'kitroom-retention-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const put = (iso: string, reason: BackupReason = 'nightly') =>
    writeFileSync(path.join(dir, backupFileName(new Date(iso), reason)), 'x');

  it('keeps the newest of the last days and of the last ISO weeks, and every safety backup', () => {
    // Nightly at 02:30 India time (21:00 UTC the day before) for 30 days up to Thu 26 Nov.
    for (let d = 0; d < 30; d++) {
      put(new Date(Date.parse('2026-11-25T21:00:00Z') - d * 86_400_000).toISOString());
    }
    put('2026-11-26T05:00:00Z', 'manual'); // later on 26 Nov: the day's newest
    put('2026-10-01T05:00:00Z', 'before-migration');
    put('2026-10-02T05:00:00Z', 'before-restore');

    const deleted = pruneBackups(dir, { daily: 3, weekly: 3 });
    expect(readdirSync(dir).sort()).toEqual([
      'kitroom-2026-10-01T05-00-00Z-before-migration.zip',
      'kitroom-2026-10-02T05-00-00Z-before-restore.zip',
      // Sunday 15 Nov, India: the newest of the week of 9 November.
      'kitroom-2026-11-14T21-00-00Z-nightly.zip',
      // Sunday 22 Nov: the newest of the week of 16 November.
      'kitroom-2026-11-21T21-00-00Z-nightly.zip',
      // 24 and 25 November, and 26 November's newest (also this week's).
      'kitroom-2026-11-23T21-00-00Z-nightly.zip',
      'kitroom-2026-11-24T21-00-00Z-nightly.zip',
      'kitroom-2026-11-26T05-00-00Z-manual.zip',
    ]);
    expect(deleted).toHaveLength(31 - 5);
  });

  it('removes what a backup cut short left, and never a backup being written', () => {
    const leftovers = mkdtempSync(path.join(os.tmpdir(), 'kitroom-leftovers-'));
    try {
      const name = backupFileName(new Date('2026-11-25T21:00:00Z'), 'nightly');
      // A process that has exited (a child we ran and waited for): its pid is free.
      const dead = spawnSync(process.execPath, ['-e', '0']).pid;
      const writeAged = (file: string, ageMs: number) => {
        const at = new Date(Date.now() - ageMs);
        writeFileSync(path.join(leftovers, file), 'x');
        utimesSync(path.join(leftovers, file), at, at);
      };
      writeAged(`${name}.${dead}.partial`, 60_000); // its server stopped half way
      writeAged(`.dump-${dead}-1764104400000.tmp`, 60_000); // pg_dump's file, same server
      writeAged(`${name}.${process.pid}.partial`, 60_000); // being written now, by us
      writeAged(`.dump-${process.ppid}-1764104400000.tmp`, 60_000); // another live server's
      writeAged(`${name}.${process.ppid}.partial`, 25 * 3_600_000); // a day old: its pid reused
      writeAged(name, 60_000);

      const deleted = pruneBackups(leftovers, { daily: 3, weekly: 3 });
      expect(deleted.sort()).toEqual(
        [
          `.dump-${dead}-1764104400000.tmp`,
          `${name}.${dead}.partial`,
          `${name}.${process.ppid}.partial`,
        ].sort(),
      );
      expect(readdirSync(leftovers).sort()).toEqual(
        [`.dump-${process.ppid}-1764104400000.tmp`, name, `${name}.${process.pid}.partial`].sort(),
      );
    } finally {
      rmSync(leftovers, { recursive: true, force: true });
    }
  });
});
