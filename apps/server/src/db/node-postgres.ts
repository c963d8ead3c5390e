// Drizzle on a pg pool, with one change to drizzle's own: a transaction gives its connection back
// to the pool however it ends (decision 095).
import { sql } from 'drizzle-orm';
import { NodePgDatabase, NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import { PgDialect, type PgTransactionConfig } from 'drizzle-orm/pg-core';
import type pg from 'pg';

type None = Record<string, never>;
type Transaction = NodePgTransaction<None, None>;

/**
 * drizzle-orm 0.45.4's NodePgSession.transaction sends BEGIN before the try/finally that
 * releases the connection, so a BEGIN that fails — the connection cut between checkout and
 * BEGIN by a restart, a failover or pg_terminate_backend — keeps its connection checked out for
 * the life of the process; a few such cuts and every request waits for a connection that never
 * comes (drizzle-orm issues 6023, 6241 and 6341, open; stop 58's CI hung on it). Here the
 * connection is released on every path. One whose BEGIN or ROLLBACK failed is dropped rather
 * than pooled again, and the error that comes out is the transaction's own, not its ROLLBACK's.
 * Everything else is drizzle's: statements outside a transaction, savepoints, the query API.
 */
class ReleasingSession extends NodePgSession<None, None> {
  constructor(
    private readonly pool: pg.Pool,
    private readonly pgDialect: PgDialect,
  ) {
    super(pool, pgDialect, undefined);
  }

  override async transaction<T>(
    body: (tx: Transaction) => Promise<T>,
    config?: PgTransactionConfig,
  ): Promise<T> {
    const client = await this.pool.connect();
    const session = new NodePgSession<None, None>(client, this.pgDialect, undefined);
    const tx = new NodePgTransaction<None, None>(this.pgDialect, session, undefined);
    let began = false;
    let broken = false;
    try {
      await tx.execute(sql`begin`);
      began = true;
      // SET TRANSACTION as the transaction's first statement: what BEGIN's options say.
      if (config) await tx.setTransaction(config);
      const result = await body(tx);
      await tx.execute(sql`commit`);
      return result;
    } catch (error) {
      if (!began) broken = true;
      else {
        await tx.execute(sql`rollback`).catch(() => {
          broken = true;
        });
      }
      throw error;
    } finally {
      client.release(broken);
    }
  }
}

/** Drizzle's database on `pool`, its transactions as ReleasingSession runs them. */
export function drizzleOnPool(pool: pg.Pool): NodePgDatabase & { $client: pg.Pool } {
  const dialect = new PgDialect();
  const db = new NodePgDatabase(dialect, new ReleasingSession(pool, dialect), undefined);
  // As drizzle() does: the pool, for code that opens another handle on it.
  return Object.assign(db, { $client: pool });
}
