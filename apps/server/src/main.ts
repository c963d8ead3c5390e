// Starts the shop: reads the configuration, opens and migrates the database, seeds the demo
// catalogue when there is none, listens, and on SIGTERM or SIGINT finishes the requests in
// flight before closing the database and exiting.
import path from 'node:path';
import v8 from 'node:v8';
import { pino } from 'pino';
import { buildApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import {
  CONNECT_TIMEOUT_MS,
  databaseStartFailure,
  openDatabase,
  loggableError,
} from './db/index.js';
import { seedIfEmpty } from './seed/index.js';
import {
  createBackupScheduler,
  BackupError,
  backupBeforeMigrating,
  refuseBesideUnfinishedRestore,
  refuseEmptyBesideBeforeRestore,
  refuseSecondServerOnPglite,
  removeRestoreDumps,
  schemaVersion,
} from './ops/index.js';
import { checkWritableDirSync, FolderNotWritable } from './private-files.js';
import { writeServerPid } from './server-pid.js';
import { firstOwnerLink, SETUP_LINK_HOURS } from './staff/index.js';

// V8 moves the objects of an allocation site it sees surviving young-generation collections
// straight into the old generation, which only a full collection empties. A server's objects
// live for a request, but a batch of rows alive during one collection is enough: about half
// the catalogue exports of 100,000 products then grew the server by ~120 MiB instead of ~5
// (decision 094).
v8.setFlagsFromString('--no-allocation-site-pretenuring');

/** A whole request (headers and body) must arrive within this. */
const REQUEST_TIMEOUT_MS = 30_000;
/** Headers must arrive within this: slow-header clients cannot hold sockets open. */
const HEADERS_TIMEOUT_MS = 15_000;
/** Longer than the 60 s idle timeout of common load balancers, so they close first. */
const KEEP_ALIVE_TIMEOUT_MS = 72_000;
/** In-flight requests get this long to finish after a stop signal. */
const SHUTDOWN_GRACE_MS = 10_000;

function configOrExit(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}

async function main(): Promise<void> {
  const config = configOrExit();
  const log = pino({ level: config.logLevel, serializers: { err: loggableError } });
  // Pictures, backups, the pid file and (without DATABASE_URL) the database live here.
  checkWritableDirSync(config.dataDir, 'DATA_DIR');
  const pgliteDir = path.join(config.dataDir, 'pglite');
  // A restore's dump files whose process ended are of no use to anyone, and database-sized.
  removeRestoreDumps(config.dataDir);
  // Before opening: on PGlite, opening a missing folder makes a new, empty database.
  refuseBesideUnfinishedRestore(
    config.dataDir,
    config.databaseUrl ? { kind: 'postgres' } : { kind: 'pglite', pgliteDir },
  );
  refuseSecondServerOnPglite(config.dataDir, Boolean(config.databaseUrl));
  // Named before the database opens: a second server started meanwhile finds this one.
  const removePid = writeServerPid(config.dataDir);
  process.on('exit', removePid);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    poolSize: config.databasePoolSize,
    pgliteDir,
    onConnectionLost: (err) =>
      log.warn({ err }, 'a database connection was lost; the next request opens a new one'),
    // The built-in database cannot go on (its disk is full): calling it again would spin
    // forever, so the process ends here and its supervisor starts it again (docs/faults.md).
    onPanic: (err) => {
      log.fatal(
        { err },
        'the built-in database stopped on an error it cannot recover from (is the disk under DATA_DIR full?); exiting so the service restarts',
      );
      process.exit(1);
    },
  });
  // Several processes may start at once on one PostgreSQL: one at a time takes these steps,
  // and the next finds nothing left to back up, migrate or seed.
  await database
    .exclusively(async () => {
      // An empty database is seeded as a demo shop: not when a restore into it may not have
      // finished.
      if ((await schemaVersion(database.db)).applied === 0)
        refuseEmptyBesideBeforeRestore(config.dataDir);
      const before = await backupBeforeMigrating(database, config.dataDir);
      if (before) log.info({ file: before }, 'backup taken before migrating');
      await database.migrate();
      await seedIfEmpty(database.db, { dataDir: config.dataDir, log: (line) => log.info(line) });
    })
    .catch((err: unknown) => {
      const failure = databaseStartFailure(err, CONNECT_TIMEOUT_MS);
      if (!config.databaseUrl || !failure) throw err;
      throw new DatabaseNotReached(
        `the database at ${whereIs(config.databaseUrl)} ${failure}. ` +
          'Check that PostgreSQL is running there and that DATABASE_URL names it, with its user and password.',
      );
    });

  const app = await buildApp({ config, database });
  app.server.requestTimeout = REQUEST_TIMEOUT_MS;
  app.server.headersTimeout = HEADERS_TIMEOUT_MS;
  app.server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;

  const nightly = createBackupScheduler({
    database,
    dataDir: config.dataDir,
    at: config.backups.at,
    keep: { daily: config.backups.keepDaily, weekly: config.backups.keepWeekly },
    log,
  });

  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'stopping: finishing requests in flight');
    const deadline = setTimeout(() => {
      log.error('requests did not finish in time; exiting anyway');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    deadline.unref();
    try {
      // Stops accepting connections, responds 503 on kept-alive ones, waits for the rest.
      await app.close();
      await nightly.stop();
      await database.close();
      process.exit(0);
    } catch (err) {
      log.error({ err }, 'stopping failed');
      process.exit(1);
    }
  };
  // `on`, not `once`: Ctrl+C in a terminal reaches both npm and this process, and npm forwards
  // it again; a second signal while stopping must not end the process mid-request.
  process.on('SIGTERM', (signal) => void stop(signal));
  process.on('SIGINT', (signal) => void stop(signal));

  await app.listen({ host: config.host, port: config.port });
  nightly.start();
  console.log(`Kitroom is running at ${config.publicUrl}`);
  // While no staff exists, each start prints a fresh one-time link for the first owner. The
  // shop is already serving: a database that fails this one query (restarting just then) is
  // logged, not a reason to stop; the next start prints the link.
  try {
    const setup = await firstOwnerLink(database.db, config.publicUrl);
    if (setup) {
      console.log(`Set up the back office: ${setup.setup_url} (valid ${SETUP_LINK_HOURS} hours)`);
    }
  } catch (err) {
    log.error({ err }, 'the first owner’s setup link could not be made; restart to print it');
  }
}

/** PostgreSQL could not be reached or logged in to at start: the owner's sentence. */
class DatabaseNotReached extends Error {}

/** Where DATABASE_URL points, without its user or password: "db.example:5432, database shop". */
function whereIs(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    const host = url.host || url.searchParams.get('host') || 'the local socket';
    const name = decodeURIComponent(url.pathname.slice(1));
    return name ? `${host}, database ${name}` : host;
  } catch {
    return 'DATABASE_URL';
  }
}

main().catch((err: unknown) => {
  // The owner's sentence alone: a folder it cannot write, a restore cut short, a backup
  // before migrating refused, a database it cannot reach or log in to.
  if (
    err instanceof FolderNotWritable ||
    err instanceof BackupError ||
    err instanceof DatabaseNotReached
  ) {
    console.error(`Kitroom could not start: ${err.message}`);
    process.exit(1);
  }
  console.error('Kitroom could not start:', err);
  process.exit(1);
});
