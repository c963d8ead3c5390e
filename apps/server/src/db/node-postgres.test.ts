// A transaction on PostgreSQL gives its connection back to the pool however it ends: a
// connection cut before its BEGIN was answered once kept the connection checked out for good,
// and with the pool used up every request waited for ever (decision 095). A pool of one makes
// a lost connection show at once. PostgreSQL only: PGlite has no pool.
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createEmptyPostgresDatabase, testDatabaseKind } from '../test/database.js';
import { drizzleOnPool } from './node-postgres.js';
import { queryRows } from './sql.js';
import { within } from '../within.js';

/** Cuts a client's connection as a network failure does: the socket is gone. */
function cut(client: pg.PoolClient): void {
  (
    client as unknown as { connection: { stream: { destroy(): void } } }
  ).connection.stream.destroy();
}

describe.runIf(testDatabaseKind() === 'postgres')('a transaction whose connection is cut', () => {
  let empty: Awaited<ReturnType<typeof createEmptyPostgresDatabase>>;
  let pool: pg.Pool;

  beforeAll(async () => {
    empty = await createEmptyPostgresDatabase();
  });
  afterEach(async () => {
    await pool?.end();
  });
  afterAll(async () => {
    await empty.drop();
  });

  function openPool(): ReturnType<typeof drizzleOnPool> {
    pool = new pg.Pool({ connectionString: empty.url, max: 1, pipeline: true });
    // As openDatabase does: a lost connection is heard, never an unhandled 'error'.
    pool.on('connect', (client) => client.on('error', () => undefined));
    pool.on('error', () => undefined);
    return drizzleOnPool(pool);
  }

  it('before its BEGIN is answered: the transaction fails, and the next one gets a connection', async () => {
    const db = openPool();
    await db.execute(sql`SELECT 1`); // a pooled connection, idle
    pool.once('acquire', cut);
    await expect(
      within(
        db.transaction((tx) => tx.execute(sql`SELECT 1`)),
        5_000,
        'a transaction',
      ),
    ).rejects.toThrow(/begin/);
    const rows = await within(
      db.transaction((tx) => queryRows<{ n: number }>(tx, sql`SELECT 2 AS n`)),
      5_000,
      'the next transaction',
    );
    expect(rows).toEqual([{ n: 2 }]);
    expect(pool.waitingCount).toBe(0);
  });

  it('in its body: the body’s own error comes out, and the next transaction gets a connection', async () => {
    const db = openPool();
    const refused = new Error('Only 1 left in size M');
    await expect(
      within(
        db.transaction(async (tx) => {
          await tx.execute(sql`SELECT 1`);
          const session = tx._.session as unknown as { client: pg.PoolClient };
          cut(session.client);
          throw refused;
        }),
        5_000,
        'a transaction',
      ),
    ).rejects.toBe(refused);
    const rows = await within(
      db.transaction((tx) => queryRows<{ n: number }>(tx, sql`SELECT 3 AS n`)),
      5_000,
      'the next transaction',
    );
    expect(rows).toEqual([{ n: 3 }]);
  });

  it('still runs with the isolation and access mode asked for, and rolls back on an error', async () => {
    const db = openPool();
    const settings = await db.transaction(
      (tx) =>
        queryRows<{ isolation: string; readOnly: string }>(
          tx,
          sql`SELECT current_setting('transaction_isolation') AS isolation,
                     current_setting('transaction_read_only') AS "readOnly"`,
        ),
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    expect(settings).toEqual([{ isolation: 'repeatable read', readOnly: 'on' }]);

    await db.execute(sql`CREATE TABLE IF NOT EXISTS kept (n int)`);
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO kept VALUES (1)`);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await db.transaction((tx) => tx.execute(sql`INSERT INTO kept VALUES (2)`));
    expect(await queryRows<{ n: number }>(db, sql`SELECT n FROM kept`)).toEqual([{ n: 2 }]);
  });
});
