import { sql, type SQL } from 'drizzle-orm';
import { PgDialect, type PgPreparedQuery, type PreparedQueryConfig } from 'drizzle-orm/pg-core';
import type { Queryable } from './client.js';

/** Runs a raw SQL query and returns its rows (node-postgres and PGlite both return `rows`). */
export async function queryRows<T>(db: Queryable, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** `a, b, c` as SQL parameters, for `IN (...)` lists. Never call with an empty list. */
export function sqlList(values: readonly (string | number)[]): SQL {
  return sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );
}

/** A prepared statement's named value, cast to its PostgreSQL type (a fixed type name). */
export function param(name: string, type: string): SQL {
  return sql`${sql.placeholder(name)}::${sql.raw(type)}`;
}

/**
 * A hot statement that PostgreSQL parses and plans once per connection (a named prepared
 * statement) instead of on every call: for a statement of several CTEs planning costs more
 * than running it. The text is fixed when the module loads; values fill its sql.placeholder()s
 * by name. `name` must be unique in the app. (PGlite has no named statements and just runs it.)
 * The statement is sent when the function is called, not when its promise is awaited: several
 * can go to PostgreSQL together in the order they were called (sentTogether).
 */
export function preparedStatement<Row>(
  name: string,
  query: SQL,
): (db: Queryable, values: Record<string, unknown>) => Promise<Row[]> {
  const built = new PgDialect().sqlToQuery(query);
  const perHandle = new WeakMap<Queryable, PgPreparedQuery<PreparedQueryConfig>>();
  return async (db, values) => {
    let prepared = perHandle.get(db);
    if (!prepared) {
      prepared = db._.session.prepareQuery(built, undefined, name, false);
      perHandle.set(db, prepared);
    }
    const result = (await prepared.execute(values)) as { rows: Row[] };
    return result.rows;
  };
}
