// Several server processes starting at once on one PostgreSQL: each migrates under the
// start-up lock, so the first applies the migrations and the others find nothing to do.
// PGlite's folder is opened by one process, so there is nothing to share there. And the
// connections one process keeps to PostgreSQL: no more than its pool (decision 092), and no
// query waiting for one without end: a database that does not answer is a 503 in seconds.
import { readdirSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmptyPostgresDatabase, testDatabaseKind } from '../test/database.js';
import { defaultPoolSize, migrationsFolder, openDatabase, type Database } from './client.js';
import { databaseStartFailure, isDatabaseUnavailable } from './errors.js';
import { queryRows } from './sql.js';

/** How a query ended: its error, and the milliseconds it took. */
async function outcome(query: Promise<unknown>): Promise<{ error: unknown; ms: number }> {
  const started = performance.now();
  try {
    await query;
    return { error: undefined, ms: performance.now() - started };
  } catch (error) {
    return { error, ms: performance.now() - started };
  }
}

describe.runIf(testDatabaseKind() === 'postgres')('starting several processes at once', () => {
  let empty: Awaited<ReturnType<typeof createEmptyPostgresDatabase>>;
  const handles: Database[] = [];

  beforeAll(async () => {
    empty = await createEmptyPostgresDatabase();
    for (let i = 0; i < 3; i++) handles.push(await openDatabase({ databaseUrl: empty.url }));
  });
  afterAll(async () => {
    for (const h of handles) await h.close();
    await empty.drop();
  });

  it('migrates an empty database once, whichever process gets there first', async () => {
    const outcomes = await Promise.allSettled(handles.map((h) => h.exclusively(() => h.migrate())));
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
    const journal = readdirSync(migrationsFolder).filter((f) => f.endsWith('.sql'));
    const applied = await queryRows<{ n: number }>(
      handles[0]!.db,
      sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`,
    );
    expect(applied[0]!.n).toBe(journal.length);
  });

  it('runs one holder of the lock at a time', async () => {
    const events: string[] = [];
    const hold = (name: string) => async () => {
      events.push(`${name} in`);
      await new Promise((resolve) => setTimeout(resolve, 100));
      events.push(`${name} out`);
    };
    await Promise.all([handles[0]!.exclusively(hold('a')), handles[1]!.exclusively(hold('b'))]);
    // Each holder leaves before the other enters.
    const first = events[0]!.split(' ')[0]!;
    const second = first === 'a' ? 'b' : 'a';
    expect(events).toEqual([`${first} in`, `${first} out`, `${second} in`, `${second} out`]);
  });
});

describe.runIf(testDatabaseKind() === 'postgres')('the connections a process keeps', () => {
  let empty: Awaited<ReturnType<typeof createEmptyPostgresDatabase>>;
  beforeAll(async () => {
    empty = await createEmptyPostgresDatabase();
  });
  afterAll(async () => {
    await empty.drop();
  });

  it('are at most the pool size; the queries beyond it wait their turn and are answered', async () => {
    const two = await openDatabase({ databaseUrl: empty.url, poolSize: 2 });
    const watcher = await openDatabase({ databaseUrl: empty.url, poolSize: 1 });
    try {
      const sleepers = Array.from({ length: 6 }, (_, i) =>
        queryRows<{ i: number }>(two.db, sql`SELECT ${i}::int AS i FROM pg_sleep(0.3)`),
      );
      let done = false;
      const all = Promise.all(sleepers).finally(() => {
        done = true;
      });
      // The most sleeping at once, watched from a connection of another pool until all answer.
      let most = 0;
      while (!done) {
        const [busy] = await queryRows<{ n: number }>(
          watcher.db,
          sql`SELECT count(*)::int AS n FROM pg_stat_activity
              WHERE datname = current_database() AND query LIKE '%pg_sleep%'
                AND pid <> pg_backend_pid()`,
        );
        most = Math.max(most, busy!.n);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(most).toBe(2);
      const answers = await all;
      expect(answers.map((rows) => rows[0]!.i)).toEqual([0, 1, 2, 3, 4, 5]);
    } finally {
      await two.close();
      await watcher.close();
    }
  });

  it('name a missing database or a wrong password in the owner’s words at start', async (ctx) => {
    const url = new URL(empty.url);
    url.pathname = '/no_such_shop';
    const noDatabase = await openDatabase({ databaseUrl: url.href, poolSize: 1 });
    const missing = await outcome(noDatabase.exclusively(async () => undefined));
    await noDatabase.close();
    expect(databaseStartFailure(missing.error, 10_000)).toBe(
      'has no such database: database "no_such_shop" does not exist',
    );

    const wrong = new URL(empty.url);
    wrong.password = 'not-the-password';
    const wrongPassword = await openDatabase({ databaseUrl: wrong.href, poolSize: 1 });
    const login = await outcome(wrongPassword.exclusively(async () => undefined));
    await wrongPassword.close();
    // A PostgreSQL that trusts local logins (pg_hba.conf) takes any password; CI's asks.
    if (login.error === undefined) ctx.skip('this PostgreSQL trusts local logins');
    expect(databaseStartFailure(login.error, 10_000)).toBe(
      `refused the login: password authentication failed for user "${wrong.username}"`,
    );
  });

  it('default to twice the cores and one', () => {
    expect(defaultPoolSize()).toBe(os.availableParallelism() * 2 + 1);
  });

  it('keep a query waiting for a free one no longer than the connect timeout', async () => {
    const one = await openDatabase({ databaseUrl: empty.url, poolSize: 1, connectTimeoutMs: 300 });
    try {
      const sleeper = queryRows(one.db, sql`SELECT pg_sleep(1.5)`);
      const waiting = await outcome(queryRows(one.db, sql`SELECT 1 AS one`));
      expect(isDatabaseUnavailable(waiting.error)).toBe(true);
      expect(waiting.ms).toBeGreaterThanOrEqual(290);
      expect(waiting.ms).toBeLessThan(1_400);
      // The one holding the connection is answered, and the next query gets it.
      await sleeper;
      expect(await queryRows<{ one: number }>(one.db, sql`SELECT 1 AS one`)).toEqual([{ one: 1 }]);
    } finally {
      await one.close();
    }
  });
});

describe('a database host that accepts the connection and never answers', () => {
  let silent: net.Server;
  const sockets = new Set<net.Socket>();
  let url: string;
  beforeAll(async () => {
    silent = net.createServer((socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    url = `postgres://kitroom:kitroom@127.0.0.1:${(silent.address() as net.AddressInfo).port}/shop`;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });

  it('fails a query as the database unavailable once the connect timeout passes', async () => {
    const database = await openDatabase({ databaseUrl: url, connectTimeoutMs: 400 });
    try {
      const query = await outcome(queryRows(database.db, sql`SELECT 1`));
      expect(isDatabaseUnavailable(query.error)).toBe(true);
      expect(databaseStartFailure(query.error, 400)).toBe('did not answer within 0.4 seconds');
      expect(query.ms).toBeGreaterThanOrEqual(390);
      expect(query.ms).toBeLessThan(3_000);
    } finally {
      await database.close();
    }
  });
});
