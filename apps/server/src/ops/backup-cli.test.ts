// The commands as the owner runs them on a shop on PGlite: `npm run backup` refuses while the
// shop runs (as staff, seed and affiliate-report do) and backs up once it is stopped; `npm run restore` refuses a shop already there
// without --force, and with it backs that one up and brings the backup back.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/index.js';
import { everyRow, smallShop } from '../test/backups.js';
import { testDatabaseKind } from '../test/database.js';
import { createUser } from '../test/factories.js';
import { codeMigrations } from './schema-version.js';
import { processStartTime, serverPidFile } from '../server-pid.js';
import { built } from '../test/server-process.js';

const run = promisify(execFile);

async function cli(name: 'backup' | 'restore', dataDir: string, args: string[] = []) {
  return command(`${name}-cli.js`, dataDir, args);
}

/** One of the owner's commands (its built file, test/server-process.ts), as npm runs it. */
async function command(file: string, dataDir: string, args: string[] = []) {
  try {
    const { stdout } = await run(process.execPath, [built(file), ...args], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'development' },
    });
    return { code: 0, out: stdout };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: `${e.stdout}${e.stderr}` };
  }
}

describe.runIf(testDatabaseKind() === 'pglite')('npm run backup and npm run restore', () => {
  let dataDir: string;
  const pgliteDir = () => path.join(dataDir, 'pglite');
  let shopRows: Record<string, string[]>;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'kitroom-cli-'));
    const database = await openDatabase({ pgliteDir: pgliteDir() });
    await database.migrate();
    await smallShop(database.db, dataDir);
    shopRows = await everyRow(database.db);
    await database.close();
  }, 120_000);
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('back up only while the shop is stopped, then restore with --force only', async () => {
    // A running shop: this test's own process stands for it.
    writeFileSync(
      path.join(dataDir, serverPidFile(process.pid)),
      `${process.pid}\n${processStartTime(process.pid) ?? ''}\n`,
    );
    const refused = await cli('backup', dataDir);
    expect(refused.code).toBe(1);
    expect(refused.out).toContain(
      `The shop is running (process ${process.pid}) on its built-in database, which one process opens at a time.`,
    );
    const restoreRefused = await cli('restore', dataDir, ['x.zip']);
    expect(restoreRefused.out).toContain(
      `The shop is running (process ${process.pid}): stop it first`,
    );
    // The other commands that open the database refuse too (docs/faults.md).
    for (const [file, args] of [
      ['staff-cli.js', ['setup-link']],
      ['seed-cli.js', []],
      ['affiliate-report-cli.js', []],
    ] as const) {
      const beside = await command(file, dataDir, [...args]);
      expect(beside.code, file).toBe(1);
      expect(beside.out.trim(), file).toBe(
        `The shop is running on ${dataDir} (process ${process.pid}), and its built-in database ` +
          `is opened by one process at a time: stop the shop first (kill ${process.pid}), then ` +
          'run this again.',
      );
    }
    rmSync(path.join(dataDir, serverPidFile(process.pid)));

    const taken = await cli('backup', dataDir);
    expect(taken.code, taken.out).toBe(0);
    expect(taken.out).toMatch(/Backed up to .*kitroom-.*-manual\.zip/);
    expect(taken.out).toContain(
      `pglite, migration ${codeMigrations().at(-1)!.tag}: 2 products, 4 orders, 2 tax documents, 4 shoppers, 1 pictures`,
    );
    const file = path.join(dataDir, 'backups', readdirSync(path.join(dataDir, 'backups'))[0]!);

    const database = await openDatabase({ pgliteDir: pgliteDir() });
    await createUser(database.db, { email: 'after@example.com' });
    await database.close();

    const unforced = await cli('restore', dataDir, [file]);
    expect(unforced.code).toBe(1);
    expect(unforced.out).toContain('The database already holds a shop. Add --force to replace it');

    const forced = await cli('restore', dataDir, [file, '--force']);
    expect(forced.code, forced.out).toBe(0);
    expect(forced.out).toMatch(
      /The database that was there is backed up in .*-before-restore\.zip/,
    );
    expect(forced.out).toContain('2 products, 4 orders, 2 tax documents, 4 shoppers');
    const restored = await openDatabase({ pgliteDir: pgliteDir() });
    expect(await everyRow(restored.db)).toEqual(shopRows);
    await restored.close();
    expect(existsSync(path.join(dataDir, 'images/products/backup-test.webp'))).toBe(true);
  }, 240_000);
});
