// Opens the database: a pg pool when DATABASE_URL is set, else PGlite files under DATA_DIR.
// Both speak the same PostgreSQL dialect and share one migrations folder.
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { checkWritableDirSync, makePrivateDirSync } from '../private-files.js';
import { serverDir } from '../server-dir.js';
import { isDatabasePanic, resourceFailureOf } from './errors.js';
import { drizzleOnPool } from './node-postgres.js';

// Drizzle is given no schema: the shop writes its statements with the query builder and `sql`,
// never drizzle's relational queries (`db.query.<table>`), which a schema would build for
// each of its 78 tables on every transaction: ~20 µs each here, 265 of the 896 ms a checkout
// bench's server profile spent in drizzle.
export type Db = PgDatabase<PgQueryResultHKT>;
/** A transaction handle; the same query API as Db. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Anything that can run queries: the database or an open transaction. */
export type Queryable = Db | Tx;

export interface Database {
  db: Db;
  kind: 'postgres' | 'pglite';
  /** PostgreSQL's connection string (backups run pg_dump against it). */
  url?: string | null;
  /** The embedded engine's handle (backups dump its data folder between transactions). */
  pglite?: PGlite;
  migrate(): Promise<void>;
  /**
   * Runs `fn` while holding the start-up lock: of several server processes starting at once
   * on one PostgreSQL, one backs up, migrates and seeds at a time (drizzle's migrator takes
   * no lock of its own: two at once fail on its table, or apply a migration twice). PGlite's
   * folder is one process's, so there it just runs `fn`.
   */
  exclusively<T>(fn: () => Promise<T>): Promise<T>;
  /** Cheap liveness probe for /readyz. */
  ping(): Promise<void>;
  /**
   * The last query that failed for want of room (disk full, out of memory: SQLSTATE class
   * 53), or null. `SELECT 1` still responds on a full disk while every order fails, so
   * readiness looks here too.
   */
  lastResourceFailure(): ResourceFailure | null;
  close(): Promise<void>;
}

export interface ResourceFailure {
  at: Date;
  /** SQLSTATE, e.g. '53100' (disk_full). */
  code: string;
}

export const migrationsFolder = path.join(serverDir, 'src/db/migrations');

/**
 * The socket of the connection a transaction holds, when that connection writes a statement
 * without waiting for the answer to the one before (node-postgres's pipeline mode, which
 * openDatabase sets on PostgreSQL); undefined on PGlite.
 */
function pipelinedSocket(tx: Queryable): Writable | undefined {
  const session = tx._.session as unknown as {
    client?: { pipeline?: boolean; connection?: { stream?: unknown } };
  };
  const client = session.client;
  const stream = client?.pipeline === true ? client.connection?.stream : undefined;
  return stream instanceof Writable ? stream : undefined;
}

/**
 * Calls `send` with the socket held: what it sends, and what else is sent before the next
 * tick, leaves in one write (one wake-up of PostgreSQL's process, one wait for the answers).
 */
function inOneWrite<T>(socket: Writable, send: () => T): T {
  socket.cork();
  try {
    return send();
  } finally {
    process.nextTick(() => socket.uncork());
  }
}

/**
 * Statements of one transaction that need no answer from one another, written to PostgreSQL
 * together (decision 091): one write and one wait instead of one each. PostgreSQL runs them in
 * the order given, each seeing what the one before it did (locks taken, rows written). Each call
 * must send its statement when called, as a preparedStatement's does (db/sql.ts): a query built
 * with `tx.execute` is sent only when awaited, later than one called after it. If one fails,
 * those after it fail too (the transaction is aborted) and the first failure comes out. On
 * PGlite, one after the other.
 */
export async function sentTogether<A, B>(
  tx: Queryable,
  first: () => Promise<A>,
  second: () => Promise<B>,
): Promise<[A, B]> {
  const socket = pipelinedSocket(tx);
  if (!socket) return [await first(), await second()];
  return Promise.all(inOneWrite(socket, () => [first(), second()] as const));
}

/** A transaction's result, and what its last statement returned (null: it had none). */
export interface EndedTransaction<T, L> {
  result: T;
  last: L | null;
}

/**
 * A transaction whose last statement travels with its COMMIT (decision 091). `body` does the
 * work and returns its result with the last statement, not yet sent. On PostgreSQL that
 * statement is written and the COMMIT right behind it: the rows it locks (a size's stock, which
 * every order of the size waits for) stay locked for one round trip instead of two, and the
 * server's own wait between them. A statement that must not commit on a condition has to fail
 * (`kitroom_refuse`): PostgreSQL then answers the COMMIT by rolling back, and the statement's
 * error comes out of here. On PGlite the two run one after the other, to the same end.
 */
export async function transactionEndingWith<T, L>(
  db: Db,
  body: (tx: Tx) => Promise<{ result: T; last: ((tx: Tx) => Promise<L>) | null }>,
): Promise<EndedTransaction<T, L>> {
  const last: { sent: Promise<L> | null } = { sent: null };
  const result = await db.transaction(async (tx) => {
    const work = await body(tx);
    if (!work.last) return work.result;
    // Drizzle's queries run each time they are awaited: `then` once, here, makes one promise.
    const send = () => work.last!(tx).then((value) => value);
    const socket = pipelinedSocket(tx);
    if (!socket) {
      last.sent = send();
      await last.sent;
      return work.result;
    }
    // The statement and the COMMIT drizzle sends once this returns go in one write: drizzle
    // sends the COMMIT in the same run of promise callbacks, before the next tick (if it ever
    // did not, the two would go in two writes, still in order).
    last.sent = inOneWrite(socket, send);
    // Awaited below, once the COMMIT is answered; until then its failure is not unhandled.
    last.sent.catch(() => undefined);
    return work.result;
  });
  return { result, last: last.sent === null ? null : await last.sent };
}

/** pg_advisory_lock's key for starting up ('KRST'). */
const START_LOCK = 0x4b525354;

export interface OpenOptions {
  databaseUrl?: string | undefined;
  /** PGlite folder; 'memory://' for an in-memory database (tests). */
  pgliteDir?: string;
  /** Connections to PostgreSQL at most; unset: defaultPoolSize(). */
  poolSize?: number | undefined;
  /**
   * How long a query waits for a connection (a new one to answer, or one of the pool's to be
   * free) before it fails as the database unavailable (a 503); unset: CONNECT_TIMEOUT_MS.
   */
  connectTimeoutMs?: number | undefined;
  /**
   * A PGlite data folder to start from (`dumpDataDir()` of a migrated database): the tests
   * open one per file, far faster than initialising and migrating each.
   */
  pgliteSnapshot?: Blob;
  /**
   * PGlite only: a database opened for a short while (a test file's; a check of a stopped
   * shop). 16 MB of shared buffers and shared memory sized for 10 connections instead of
   * PGlite's 128 MB and 100 (it serves one); initialised here, 1 MB WAL segments. This machine
   * writes each page of memory the first time at ~17 µs: a migrated test database opened and
   * closed in ~1,000 ms of CPU, now ~350 (decision 101).
   */
  pgliteSmall?: boolean;
  /** Told when a connection to PostgreSQL is lost (a restart, a failover, a cut). */
  onConnectionLost?: (err: Error) => void;
  /**
   * PGlite only: told when the embedded PostgreSQL PANICs (a checkpoint or the WAL could not
   * be written: the disk is full). Its next call would spin forever at full CPU and the
   * process would respond to nothing, not even SIGTERM: the server exits here instead, so its
   * supervisor starts it again (recovery replays the WAL). Nothing may call the database
   * after this is told.
   */
  onPanic?: (err: unknown) => void;
}

/**
 * Replaces `target[method]` (a function returning a promise, or undefined when called with
 * a callback) by one that tells `seen` of each failure; the caller still gets the failure.
 * The watcher is attached first, so it runs before the caller's own handling.
 */
function watchFailures(target: object, method: string, seen: (err: unknown) => void): void {
  const record = target as Record<string, unknown>;
  const original = (record[method] as (...args: unknown[]) => unknown).bind(target);
  record[method] = (...args: unknown[]) => {
    const result = original(...args);
    if (result instanceof Promise) result.catch(seen);
    return result;
  };
}

/** Remembers the last failure for want of room, for lastResourceFailure(). */
function resourceFailures(): { seen: (err: unknown) => void; last: () => ResourceFailure | null } {
  let last: ResourceFailure | null = null;
  return {
    seen: (err) => {
      const code = resourceFailureOf(err);
      if (code) last = { at: new Date(), code };
    },
    last: () => last,
  };
}

/**
 * Connections a server process keeps to PostgreSQL at most, unless DATABASE_POOL_SIZE says:
 * twice the machine's cores and one (decision 092). More backends than cores only queue for
 * the CPU and for the same rows: on 2 cores, 5 connections took more orders a second than 20,
 * at less CPU an order.
 */
export function defaultPoolSize(): number {
  return os.availableParallelism() * 2 + 1;
}

/**
 * A query's longest wait for a connection to PostgreSQL. Without one, a database host that
 * stops answering (a network cut, a firewall dropping packets, a server frozen) held every
 * request until the kernel gave up on the connection, two minutes later, and a start-up hung
 * with no word. Ten seconds is far beyond a busy moment's queue for the pool (a launch's
 * checkout waits under a second) and short enough that a shopper is told to try again.
 */
export const CONNECT_TIMEOUT_MS = 10_000;

/** OpenOptions.pgliteSmall's settings. */
const SMALL_PGLITE = {
  startParams: [
    ...PGlite.defaultStartParams,
    ...['-c', 'shared_buffers=16MB', '-c', 'max_connections=10'],
  ],
  initDbStartParams: ['--wal-segsize=1'],
};

/** Opens the database named by the options; call migrate() before serving. */
export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: opts.poolSize ?? defaultPoolSize(),
      idleTimeoutMillis: 30_000,
      connectionTimeoutMillis: opts.connectTimeoutMs ?? CONNECT_TIMEOUT_MS,
      // No JIT compilation: for a shop's short queries it costs more than it saves (the
      // dashboard's best sellers among a million orders spent 190 of its 900 ms compiling).
      options: '-c jit=off',
      // A query is written without waiting for the answer to the one before (node-postgres's
      // pipeline mode). Code that awaits each query runs as before; a transaction's last
      // statement and its COMMIT go together (transactionEndingWith).
      pipeline: true,
    });
    // A lost connection must never end the process. pg-pool listens for a client's 'error'
    // only while the client is idle in the pool (it then drops it and emits 'error' on the
    // pool); while a client is checked out — a transaction, the start-up lock — it takes its
    // listener off, and a PostgreSQL restart (57P01), failover or network cut then raised an
    // 'error' event nobody heard, which Node turns into an exit. So every client gets a
    // listener of its own for life, on its first checkout ('connect' is emitted before the
    // client is handed out). The query in flight fails by itself and responds 503
    // (http/errors.ts); pg marks the client unusable, and the pool drops it on release, so the
    // next request opens a fresh connection once the database responds again.
    const failures = resourceFailures();
    pool.on('connect', (client) => {
      client.on('error', (err) => opts.onConnectionLost?.(err));
      // Queries in a transaction run on the checked-out client; pool.query calls it with a
      // callback, so nothing is seen twice.
      watchFailures(client, 'query', failures.seen);
    });
    // The pool's own 'error' repeats an idle client's, which the line above has heard.
    pool.on('error', () => undefined);
    watchFailures(pool, 'query', failures.seen);
    const pgDb = drizzleOnPool(pool);
    const db: Db = pgDb;
    return {
      db,
      kind: 'postgres',
      url: opts.databaseUrl,
      migrate: () => migratePg(pgDb, { migrationsFolder }),
      exclusively: async (fn) => {
        // A session lock on a connection of its own, so `fn` may use the whole pool.
        const client = await pool.connect();
        try {
          await client.query('SELECT pg_advisory_lock($1)', [START_LOCK]);
          try {
            return await fn();
          } finally {
            await client.query('SELECT pg_advisory_unlock($1)', [START_LOCK]);
          }
        } finally {
          client.release();
        }
      },
      ping: async () => {
        await db.execute(sql`SELECT 1`);
      },
      lastResourceFailure: failures.last,
      close: () => pool.end(),
    };
  }
  const dir = opts.pgliteDir ?? 'memory://';
  if (!dir.startsWith('memory://')) {
    checkWritableDirSync(dir, 'the built-in database’s folder');
    makePrivateDirSync(dir);
  }
  const client = await PGlite.create(dir, {
    extensions: { pg_trgm },
    ...(opts.pgliteSnapshot ? { loadDataDir: opts.pgliteSnapshot } : {}),
    ...(opts.pgliteSmall ? SMALL_PGLITE : {}),
  });
  const failures = resourceFailures();
  let panicked = false;
  const seen = (err: unknown) => {
    failures.seen(err);
    if (isDatabasePanic(err) && !panicked) {
      panicked = true;
      opts.onPanic?.(err);
    }
  };
  // Drizzle calls query() and transaction() (a failure inside one comes out of it).
  for (const method of ['query', 'exec', 'transaction']) watchFailures(client, method, seen);
  const pgliteDb = drizzlePglite(client);
  const db = pgliteDb as unknown as Db;
  return {
    db,
    kind: 'pglite',
    pglite: client,
    migrate: () => migratePglite(pgliteDb, { migrationsFolder }),
    exclusively: (fn) => fn(),
    ping: async () => {
      await db.execute(sql`SELECT 1`);
    },
    lastResourceFailure: failures.last,
    close: () => client.close(),
  };
}
