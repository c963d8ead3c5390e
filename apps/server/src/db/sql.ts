import { sql, type SQL } from 'drizzle-orm';
import type { Queryable } from './client.js';

/** Runs a raw SQL query and returns its rows (node-postgres and PGlite both answer `rows`). */
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
