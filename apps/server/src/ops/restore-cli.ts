// `npm run restore -- <file> [--force]`: brings the shop back from a backup into the database
// the configuration names (DATABASE_URL, or PGlite under DATA_DIR) and the pictures into
// DATA_DIR. Stop the shop first. A database that holds a shop is replaced only with --force,
// and is backed up first. Cut short, it leaves the shop whole and the shop refuses to start
// until it is run again or undone (decision 058).
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.js';
import { BackupError } from './backups.js';
import { restoreBackup } from './restore.js';
import { runningServerPid } from '../server-pid.js';

const USAGE = 'Usage: npm run restore -- <backup.zip> [--force]';

async function main(): Promise<void> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { force: { type: 'boolean', default: false } },
  });
  const file = positionals[0];
  if (!file || positionals.length > 1) throw new BackupError(USAGE);
  const config = loadConfig();
  const pid = runningServerPid(config.dataDir);
  if (pid)
    throw new BackupError(`The shop is running (process ${pid}): stop it first, then restore.`);
  const result = await restoreBackup({
    file: path.resolve(file),
    target: config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dir: path.join(config.dataDir, 'pglite') },
    dataDir: config.dataDir,
    force: values.force,
  });
  const m = result.manifest;
  if (result.safetyBackup)
    console.log(`The database that was there is backed up in ${result.safetyBackup}`);
  console.log(
    `Restored ${path.basename(file)} (${m.engine}, taken ${m.created_at}, migration ${m.schema.migration ?? 'none'}): ` +
      `${m.counts.products} products, ${m.counts.orders} orders, ${m.counts.invoices} tax documents, ` +
      `${m.counts.users} shoppers. Start the shop: it applies any newer migrations.`,
  );
}

main().catch((err: unknown) => {
  if (err instanceof BackupError || err instanceof ConfigError) {
    console.error(err.message);
    process.exit(1);
  }
  console.error('The restore failed:', err);
  process.exit(1);
});
