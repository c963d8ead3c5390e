// `npm run backup [-- <folder>]`: a backup of the whole shop (database and pictures) into
// DATA_DIR/backups, or the folder given. On PostgreSQL it runs beside a running shop (pg_dump
// reads one snapshot); PGlite's folder is opened by one process at a time, so while the shop
// runs on it the back office's "Back up now" takes the backup instead.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.js';
import { openDatabase } from '../db/index.js';
import { BackupError, createBackup } from './backups.js';
import { runningServerPid } from '../server-pid.js';

async function main(): Promise<void> {
  const { positionals } = parseArgs({ allowPositionals: true, options: {} });
  const config = loadConfig();
  const pgliteDir = path.join(config.dataDir, 'pglite');
  if (!config.databaseUrl) {
    const pid = runningServerPid(config.dataDir);
    if (pid) {
      throw new BackupError(
        `The shop is running (process ${pid}) on its built-in database, which one process opens at a time. ` +
          'Take the backup in the back office (Backups → Back up now), or stop the shop and run this again.',
      );
    }
  }
  if (!config.databaseUrl && !existsSync(path.join(pgliteDir, 'PG_VERSION'))) {
    throw new BackupError(`There is no shop to back up in ${config.dataDir}.`);
  }
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir,
    // The built-in database cannot go on (a full disk): its next call would never return.
    onPanic: () => {
      console.error(
        `The backup failed: the built-in database stopped writing (is the disk under ${config.dataDir} full?). Free some space and run this again.`,
      );
      process.exit(1);
    },
  });
  try {
    const { path: file, manifest } = await createBackup(database, {
      dataDir: config.dataDir,
      ...(positionals[0] ? { dir: path.resolve(positionals[0]) } : {}),
      reason: 'manual',
    });
    const c = manifest.counts;
    console.log(
      `Backed up to ${file}\n  ${manifest.engine}, migration ${manifest.schema.migration ?? 'none'}: ` +
        `${c.products} products, ${c.orders} orders, ${c.invoices} tax documents, ${c.users} shoppers, ` +
        `${manifest.payload.files.length - 1} pictures`,
    );
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  if (err instanceof BackupError || err instanceof ConfigError) {
    console.error(err.message);
    process.exit(1);
  }
  console.error('The backup failed:', err);
  process.exit(1);
});
